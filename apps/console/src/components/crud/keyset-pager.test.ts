import { TALENT_OFFSET_MAX } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import {
  firstPage,
  goToPage,
  exactTotal,
  knownTotal,
  learnCursors,
  locatePage,
  pagingQuery,
  type PagerState,
} from './keyset-pager.ts';

const state = (overrides: Partial<PagerState> = {}): PagerState => ({
  ...firstPage(20),
  ...overrides,
});

describe('locatePage', () => {
  it('reaches page 1 without cursor or offset', () => {
    expect(locatePage(state(), 1, undefined)).toEqual({ kind: 'first' });
    expect(pagingQuery(state())).toEqual({ pageSize: 20 });
  });

  it('prefers a cursor learnt from a neighbour', () => {
    const learnt = learnCursors(state({ page: 3 }), 3, { nextCursor: 'n4', prevCursor: 'p2' });
    expect(learnt.cursors).toEqual({ 4: 'n4', 2: 'p2' });
    expect(locatePage(learnt, 4, undefined)).toEqual({ kind: 'cursor', cursor: 'n4' });
    expect(locatePage(learnt, 2, undefined)).toEqual({ kind: 'cursor', cursor: 'p2' });
    const moved = goToPage(learnt, 4, undefined);
    expect(moved !== 'tooDeep' && pagingQuery(moved)).toEqual({ pageSize: 20, cursor: 'n4' });
  });

  it('does not keep a cursor for page 1 and leaves an unchanged state alone', () => {
    const second = state({ page: 2 });
    const learnt = learnCursors(second, 2, { nextCursor: null, prevCursor: 'p1' });
    expect(learnt).toBe(second);
  });

  it('jumps by offset from the start up to the limit', () => {
    expect(locatePage(state(), 6, undefined)).toEqual({ kind: 'offset', offset: 100 });
    // Page 501 starts at row 10,000: still an offset jump.
    expect(locatePage(state(), 501, undefined)).toEqual({
      kind: 'offset',
      offset: TALENT_OFFSET_MAX,
    });
    const moved = goToPage(state(), 6, undefined);
    expect(moved !== 'tooDeep' && pagingQuery(moved)).toEqual({ pageSize: 20, offset: 100 });
  });

  it('jumps from the end near the end of a deep list, the last page short', () => {
    // 1,000,005 rows of 20: the last page (50,001) holds 5 rows.
    const total = 1_000_005;
    expect(locatePage(state(), 50_001, total)).toEqual({ kind: 'fromEnd', offset: 0, size: 5 });
    expect(locatePage(state(), 50_000, total)).toEqual({ kind: 'fromEnd', offset: 5, size: 20 });
    const moved = goToPage(state(), 50_000, total);
    expect(moved !== 'tooDeep' && pagingQuery(moved)).toEqual({
      pageSize: 20,
      offset: 5,
      fromEnd: 'true',
    });
    // 10,000 rows after the page's end is still within reach; one more is not.
    const lastReachable = total - TALENT_OFFSET_MAX; // the page must end here or later
    const page = Math.ceil(lastReachable / 20);
    expect(locatePage(state(), page, total)).toMatchObject({ kind: 'fromEnd' });
    expect(locatePage(state(), page - 1, total)).toBe('tooDeep');
  });

  it('is too deep in the middle of a long list, and without a total', () => {
    expect(locatePage(state(), 20_000, 1_000_000)).toBe('tooDeep');
    expect(locatePage(state(), 49_990, undefined)).toBe('tooDeep');
    expect(goToPage(state({ page: 3 }), 20_000, 1_000_000)).toBe('tooDeep');
  });
});

describe('knownTotal', () => {
  it('is the count when there is one, else what was seen plus a next page', () => {
    expect(knownTotal(state({ page: 3 }), 20, true, { total: 95, exact: true })).toBe(95);
    expect(knownTotal(state({ page: 3 }), 20, true, undefined)).toBe(61);
    expect(knownTotal(state({ page: 3 }), 7, false, undefined)).toBe(47);
  });

  it('shows an estimate, but never fewer rows than were seen', () => {
    expect(knownTotal(state({ page: 3 }), 20, true, { total: 30_000, exact: false })).toBe(30_000);
    expect(knownTotal(state({ page: 900 }), 20, true, { total: 10_001, exact: false })).toBe(
      18_001,
    );
  });
});

describe('exactTotal', () => {
  it('is an exact count, never an estimate', () => {
    expect(exactTotal(state({ page: 3 }), 20, true, { total: 95, exact: true })).toBe(95);
    expect(exactTotal(state({ page: 3 }), 20, true, { total: 30_000, exact: false })).toBe(
      undefined,
    );
    expect(exactTotal(state({ page: 3 }), 20, true, undefined)).toBe(undefined);
  });

  it('is known on the last page whatever the count said', () => {
    expect(exactTotal(state({ page: 3 }), 7, false, { total: 30_000, exact: false })).toBe(47);
    expect(exactTotal(state({ page: 3 }), 7, false, undefined)).toBe(47);
  });

  it('keeps jumps from the end away from an estimate', () => {
    const s = state();
    const estimate = exactTotal(s, 20, true, { total: 1_000_000, exact: false });
    expect(locatePage(s, 49_999, estimate)).toBe('tooDeep');
    const exact = exactTotal(s, 20, true, { total: 1_000_000, exact: true });
    expect(locatePage(s, 49_999, exact)).toEqual({ kind: 'fromEnd', offset: 20, size: 20 });
  });
});
