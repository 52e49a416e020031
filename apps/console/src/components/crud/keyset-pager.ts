import { KEYSET_OFFSET_MAX } from '@inviteflow/contract';

/**
 * How a page of a keyset list (talents, send records) is fetched. The server pages by keyset cursors (any depth, one page
 * at a time) and allows jumps by offset only up to KEYSET_OFFSET_MAX rows from either end.
 */
export type PageLocator =
  | { kind: 'first' }
  | { kind: 'cursor'; cursor: string }
  | { kind: 'offset'; offset: number }
  /** `size` is the page's own row count: the last page may be short. */
  | { kind: 'fromEnd'; offset: number; size: number };

export interface PagerState {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  locator: PageLocator;
  /** Cursors that reach a page, learnt from the pages next to it. */
  cursors: Readonly<Record<number, string>>;
}

export function firstPage(pageSize: number): PagerState {
  return { page: 1, pageSize, locator: { kind: 'first' }, cursors: {} };
}

/**
 * How to reach `target`: page 1 directly; a page next to a visited one by its cursor; else
 * by offset from the start when it lies within the limit, else from the end (which needs the
 * total). `tooDeep` when none of these reach it.
 */
export function locatePage(
  state: Pick<PagerState, 'pageSize' | 'cursors'>,
  target: number,
  total: number | undefined,
): PageLocator | 'tooDeep' {
  if (target <= 1) return { kind: 'first' };
  const cursor = state.cursors[target];
  if (cursor) return { kind: 'cursor', cursor };
  const start = (target - 1) * state.pageSize;
  if (start <= KEYSET_OFFSET_MAX) return { kind: 'offset', offset: start };
  if (total !== undefined && start < total) {
    const end = Math.min(start + state.pageSize, total);
    const fromEnd = total - end;
    if (fromEnd <= KEYSET_OFFSET_MAX)
      return { kind: 'fromEnd', offset: fromEnd, size: end - start };
  }
  return 'tooDeep';
}

/** Moves to `target`, keeping what was learnt; `tooDeep` leaves the state as it is. */
export function goToPage(
  state: PagerState,
  target: number,
  total: number | undefined,
): PagerState | 'tooDeep' {
  const locator = locatePage(state, target, total);
  if (locator === 'tooDeep') return locator;
  return { ...state, page: target, locator };
}

/** Remembers the cursors a fetched page gives to its neighbours. */
export function learnCursors(
  state: PagerState,
  page: number,
  cursors: { nextCursor: string | null; prevCursor: string | null },
): PagerState {
  const next = { ...state.cursors };
  if (cursors.nextCursor) next[page + 1] = cursors.nextCursor;
  if (cursors.prevCursor && page > 2) next[page - 1] = cursors.prevCursor;
  const same =
    next[page + 1] === state.cursors[page + 1] && next[page - 1] === state.cursors[page - 1];
  return same ? state : { ...state, cursors: next };
}

/** The list query's paging part for the current locator. */
export function pagingQuery(state: PagerState): {
  pageSize: number;
  cursor?: string;
  offset?: number;
  fromEnd?: 'true';
} {
  const { locator, pageSize } = state;
  switch (locator.kind) {
    case 'first':
      return { pageSize };
    case 'cursor':
      return { pageSize, cursor: locator.cursor };
    case 'offset':
      return { pageSize, offset: locator.offset };
    case 'fromEnd':
      return { pageSize: locator.size, offset: locator.offset, fromEnd: 'true' };
  }
}

/** A filter's total as the server counted it: exact, or an estimate of a broad filter. */
export interface CountedTotal {
  total: number;
  exact: boolean;
}

/**
 * The total that may steer jumps counted from the end: only an exact one, or one proven by
 * reaching the last page. An estimate would land a jump on the wrong rows.
 */
export function exactTotal(
  state: PagerState,
  rowsOnPage: number,
  hasNext: boolean,
  counted: CountedTotal | undefined,
): number | undefined {
  if (counted?.exact) return counted.total;
  // On the last page the total is what came before plus this page's rows.
  if (!hasNext && rowsOnPage > 0) return (state.page - 1) * state.pageSize + rowsOnPage;
  return undefined;
}

/**
 * What the pager can show before the count arrives: the rows seen so far plus one more page
 * when there is a next one. Never blocks the table on the count; an estimate never shows
 * fewer pages than were already seen.
 */
export function knownTotal(
  state: PagerState,
  rowsOnPage: number,
  hasNext: boolean,
  counted: CountedTotal | undefined,
): number {
  const seen = (state.page - 1) * state.pageSize + rowsOnPage + (hasNext ? 1 : 0);
  if (counted === undefined) return seen;
  return counted.exact ? counted.total : Math.max(counted.total, seen);
}
