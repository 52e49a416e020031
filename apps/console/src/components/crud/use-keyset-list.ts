import { Message } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { tCatalogue } from '@/locale/index.ts';
import {
  exactTotal,
  firstPage,
  goToPage,
  knownTotal,
  learnCursors,
  pagingQuery,
  type CountedTotal,
  type PagerState,
} from './keyset-pager.ts';

/** One page of a keyset list as the server sends it. */
export interface KeysetPage<Row> {
  list: Row[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** What the list page's query hook gives back (TanStack Query's result, in part). */
export interface KeysetPageResult<Row> {
  data?: KeysetPage<Row> | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
}

/** What the count query hook gives back. */
export interface CountResult {
  data?: CountedTotal | undefined;
  isPlaceholderData: boolean;
}

/**
 * The state of a filtered keyset list (talents, send records): the applied filters, the
 * page and the cursors learnt on the way, the rows, and the total as far as it is known.
 * The feature gives its page and count query hooks (one file per endpoint).
 */
export function useKeysetList<Filters extends object, Row>(options: {
  pageSize: number;
  /** The page query of the feature; `run` counts the searches. */
  usePage: (
    filters: Filters,
    paging: ReturnType<typeof pagingQuery>,
    run: number,
  ) => KeysetPageResult<Row>;
  /** The count query of the feature. */
  useCount: (filters: Filters, run: number) => CountResult;
}) {
  const [filters, setFilters] = useState<Filters>({} as Filters);
  const [pager, setPager] = useState<PagerState>(() => firstPage(options.pageSize));
  // Each Search or Reset asks the server again, even for filters asked a moment ago.
  const [run, setRun] = useState(0);
  const list = options.usePage(filters, pagingQuery(pager), run);
  const count = options.useCount(filters, run);
  // A count still loading for new filters is not the total of what is shown.
  const counted = count.data !== undefined && !count.isPlaceholderData ? count.data : undefined;
  const rows = list.data?.list ?? [];
  const fresh = list.data !== undefined && !list.isPlaceholderData;
  const hasNext = Boolean(list.data?.nextCursor);
  // Jumps counted from the end need the exact total, never an estimate.
  const total = exactTotal(pager, rows.length, hasNext, counted);

  // Each page tells how to reach its neighbours: remember it for the pager.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const data = list.data;
    setPager((state) => learnCursors(state, state.page, data));
  }, [list.data, list.isPlaceholderData]);

  // The last row of a page was deleted: show the page before instead of an empty one.
  useEffect(() => {
    if (!fresh || rows.length > 0 || pager.page <= 1) return;
    setPager((state) => {
      const previous = goToPage(state, state.page - 1, total);
      return previous === 'tooDeep' ? firstPage(state.pageSize) : previous;
    });
  }, [fresh, rows.length, pager.page, total]);

  const search = (next: Filters) => {
    setFilters(next);
    setRun((value) => value + 1);
    setPager((state) => firstPage(state.pageSize));
  };

  const changePage = (page: number, size: number) => {
    if (size !== pager.pageSize) {
      setPager(firstPage(size));
      return;
    }
    const next = goToPage(pager, page, total);
    if (next === 'tooDeep') {
      Message.warning(tCatalogue('validation.offsetTooDeep'));
      return;
    }
    setPager(next);
  };

  return {
    filters,
    /** Whether any filter applies (an empty table says "nothing matches" then). */
    filtered: Object.keys(filters).length > 0,
    pager,
    rows,
    loading: list.isFetching,
    /** The count, once it is the count of the filters shown. */
    counted,
    /** The pager's total before the count arrives too. */
    knownTotal: knownTotal(pager, rows.length, hasNext, counted),
    search,
    changePage,
    /** Back to page 1 of the same filters (a new sort, say). */
    restart: () => setPager((state) => firstPage(state.pageSize)),
  };
}

export type KeysetList = Pick<
  ReturnType<typeof useKeysetList>,
  'pager' | 'counted' | 'knownTotal' | 'changePage'
>;
