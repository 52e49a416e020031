import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetApp, signIn } from '@/test/helpers.tsx';
import { readFilters, writeFilters, type FilterCodec } from './list-params.ts';
import { LIST_PAGE_SIZE_DEFAULT, pageSizeOptions } from './page-size.ts';
import { useListState, usePaging } from './use-list-state.ts';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});

/** Renders a hook at `path`, reporting the URL it leaves (path and query). */
function atUrl<T>(hook: () => T, path = '/list') {
  const seen = { url: path };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(
    () => {
      const location = useLocation();
      seen.url = `${location.pathname}${location.search}`;
      return hook();
    },
    { wrapper },
  );
  return { result, seen };
}

describe('usePaging', () => {
  it('moves between pages, and starts again at page 1 with a new page size', () => {
    const { result } = atUrl(() => usePaging('invitees'));
    expect(result.current).toMatchObject({ page: 1, pageSize: LIST_PAGE_SIZE_DEFAULT });
    expect(result.current.props).toMatchObject({
      pageSize: LIST_PAGE_SIZE_DEFAULT,
      sizeCanChange: true,
      sizeOptions: pageSizeOptions,
    });
    act(() => result.current.props.onChange(3, LIST_PAGE_SIZE_DEFAULT));
    expect(result.current.page).toBe(3);
    act(() => result.current.changePage(3, 50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
    expect(result.current.props.pageSize).toBe(50);
  });

  // Issue 20 #14: one default for every list, and the size a seller picks kept per list and account.
  it('opens every list at one default and each at the size its seller picked for it', () => {
    const first = atUrl(() => usePaging('shops', { url: true }));
    expect(first.result.current.pageSize).toBe(20);
    act(() => first.result.current.changePage(1, 50));
    expect(first.seen.url).toBe('/list?pageSize=50');

    // A reload of the list without the size in its URL opens at 50; other lists keep theirs.
    expect(atUrl(() => usePaging('shops', { url: true })).result.current.pageSize).toBe(50);
    expect(atUrl(() => usePaging('invitees')).result.current.pageSize).toBe(20);
    expect(atUrl(() => usePaging('messages', { url: true })).result.current.pageSize).toBe(20);

    // Another account on this browser has its own choice.
    signIn('access-2', 8);
    expect(atUrl(() => usePaging('shops', { url: true })).result.current.pageSize).toBe(20);
  });

  it('lets the URL name the page and the size, over the kept size', () => {
    const kept = atUrl(() => usePaging('shops', { url: true }));
    act(() => kept.result.current.changePage(1, 100));
    const linked = atUrl(() => usePaging('shops', { url: true }), '/list?page=3&pageSize=10');
    expect(linked.result.current).toMatchObject({ page: 3, pageSize: 10 });
    act(() => linked.result.current.setPage(4));
    expect(linked.seen.url).toBe('/list?page=4&pageSize=10');
    // A size that is not offered, or a page that is not one, is not taken.
    const odd = atUrl(() => usePaging('shops', { url: true }), '/list?page=-2&pageSize=7');
    expect(odd.result.current).toMatchObject({ page: 1, pageSize: 100 });
  });
});

describe('useListState', () => {
  it('keeps the keyword and the page in the URL, searches from page 1, steps back after a delete', () => {
    const { result, seen } = atUrl(
      () => useListState('scriptTemplates'),
      '/list?keyword=glow&page=2',
    );
    expect(result.current.query).toEqual({ page: 2, pageSize: 20, keyword: 'glow' });
    act(() => result.current.afterDelete(1));
    expect(result.current.query.page).toBe(1);
    act(() => result.current.paging.changePage(4, 20));
    expect(seen.url).toBe('/list?keyword=glow&page=4&pageSize=20');
    act(() => result.current.search('  spring '));
    expect(result.current.query).toEqual({ page: 1, pageSize: 20, keyword: 'spring' });
    expect(seen.url).toBe('/list?keyword=spring');
  });
});

describe('list filters in the URL', () => {
  const codec: FilterCodec = {
    name: { kind: 'text', max: 5 },
    status: { kind: 'enum', values: ['a', 'b'] },
    fansMin: { kind: 'count' },
    shopId: { kind: 'id' },
    created: { kind: 'days', from: 'createdFrom', to: 'createdTo' },
  };

  it('reads what is valid and leaves the rest out', () => {
    const read = (query: string) => readFilters(new URLSearchParams(query), codec);
    expect(read('name=%20Lily%20&status=b&fansMin=1000&shopId=3')).toEqual({
      name: 'Lily',
      status: 'b',
      fansMin: 1000,
      shopId: 3,
    });
    expect(
      read('name=toolongname&status=c&fansMin=-1&shopId=0&created=2026-02-30,2026-03-01'),
    ).toEqual({});
    expect(read('created=2026-03-02,2026-03-01')).toEqual({});
    expect(read('other=1&name=')).toEqual({});
  });

  it('writes local days and reads them back as the same instants', () => {
    const filters = readFilters(new URLSearchParams('created=2026-01-05,2026-01-31'), codec);
    expect(new Date(filters.createdFrom as string).getDate()).toBe(5);
    expect(new Date(filters.createdTo as string).getHours()).toBe(23);
    expect(writeFilters(filters, codec)).toEqual({ created: '2026-01-05,2026-01-31' });
    expect(writeFilters({ name: 'x', status: undefined, fansMin: 0 }, codec)).toEqual({
      name: 'x',
      fansMin: '0',
    });
  });
});
