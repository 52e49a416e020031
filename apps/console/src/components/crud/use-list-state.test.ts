import { PAGE_SIZE_DEFAULT } from '@inviteflow/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageSizeOptions, useListState, usePaging } from './use-list-state.ts';

describe('usePaging', () => {
  it('moves between pages, and starts again at page 1 with a new page size', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current).toMatchObject({ page: 1, pageSize: PAGE_SIZE_DEFAULT });
    expect(result.current.props).toMatchObject({
      pageSize: PAGE_SIZE_DEFAULT,
      sizeCanChange: true,
      sizeOptions: pageSizeOptions,
    });
    act(() => result.current.props.onChange(3, PAGE_SIZE_DEFAULT));
    expect(result.current.page).toBe(3);
    act(() => result.current.changePage(3, 50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
    expect(result.current.props.pageSize).toBe(50);
  });
});

describe('useListState', () => {
  it('searches from page 1 and steps back after deleting the last row of a page', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.paging.changePage(2, PAGE_SIZE_DEFAULT));
    act(() => result.current.afterDelete(1));
    expect(result.current.query.page).toBe(1);
    act(() => result.current.paging.changePage(4, PAGE_SIZE_DEFAULT));
    act(() => result.current.search('  glow '));
    expect(result.current.query).toEqual({
      page: 1,
      pageSize: PAGE_SIZE_DEFAULT,
      keyword: 'glow',
    });
  });
});
