import { Message } from '@arco-design/web-react';
import { startTransition, useEffect, useState } from 'react';
import type { ListLoad } from '@/components/list-empty.tsx';
import { tCatalogue } from '@/locale/index.ts';
import {
  exactTotal,
  knownTotal,
  learnCursors,
  locatePage,
  pagingQuery,
  type CountedTotal,
  type PagerState,
} from './keyset-pager.ts';
import { useListParams, type FilterCodec } from './list-params.ts';
import { storePageSize, type ListKey } from './page-size.ts';

/** One page of a keyset list as the server sends it. */
export interface KeysetPage<Row> {
  list: Row[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** What the list page's query hook gives back (TanStack Query's result, in part). */
export interface KeysetPageResult<Row> extends ListLoad {
  data?: KeysetPage<Row> | undefined;
  isPlaceholderData: boolean;
}

/** What the count query hook gives back. */
export interface CountResult {
  data?: CountedTotal | undefined;
  isPlaceholderData: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The state of a filtered keyset list (talents, send records): the applied filters, the
 * page and the page size (all three in the URL, list-params.ts), the cursors learnt on the
 * way, the rows, and the total as far as it is known. The feature gives its page and count
 * query hooks (one file per endpoint) and how its filters are written in the URL.
 */
export function useKeysetList<Filters extends object, Row>(options: {
  /** The list's name: its page size is kept under it. */
  list: ListKey;
  /** The list's filters as URL parameters. */
  codec: FilterCodec;
  /** What else orders the rows (a sort): cursors learnt hold only for the same. */
  scope?: string;
  /** The page query of the feature; `run` counts the searches. */
  usePage: (
    filters: Filters,
    paging: ReturnType<typeof pagingQuery>,
    run: number,
  ) => KeysetPageResult<Row>;
  /** The count query of the feature. */
  useCount: (filters: Filters, run: number) => CountResult;
}) {
  const url = useListParams<Filters>(options.list, options.codec);
  const { filters, page, pageSize } = url;
  // Each Search or Reset asks the server again, even for filters asked a moment ago.
  const [run, setRun] = useState(0);
  // Cursors reach pages of these filters, this size and this order only.
  const scope = `${url.filtersKey}|${pageSize}|${options.scope ?? ''}|${run}`;
  const [learnt, setLearnt] = useState<{ scope: string; cursors: Record<number, string> }>({
    scope,
    cursors: {},
  });
  const cursors = learnt.scope === scope ? learnt.cursors : {};

  const count = options.useCount(filters, run);
  // A count still loading for new filters is not the total of what is shown.
  const counted = count.data !== undefined && !count.isPlaceholderData ? count.data : undefined;
  // A page reached by its URL alone (a reload, a link) is found like a jump: by offset,
  // or from the end once the exact total is known.
  const located = locatePage(
    { pageSize, cursors },
    page,
    counted?.exact ? counted.total : undefined,
  );
  const pager: PagerState = {
    page,
    pageSize,
    cursors,
    locator: located === 'tooDeep' ? { kind: 'first' } : located,
  };
  const list = options.usePage(filters, pagingQuery(pager), run);
  const rows = list.data?.list ?? [];
  const fresh = list.data !== undefined && !list.isPlaceholderData;
  const hasNext = Boolean(list.data?.nextCursor);
  // Jumps counted from the end need the exact total, never an estimate.
  const total = exactTotal(pager, rows.length, hasNext, counted);

  // Each page tells how to reach its neighbours: remember it for the pager.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || located === 'tooDeep') return;
    const data = list.data;
    setLearnt((current) => {
      const base = current.scope === scope ? current.cursors : {};
      const next = learnCursors(
        { page, pageSize, cursors: base, locator: { kind: 'first' } },
        page,
        data,
      );
      return current.scope === scope && next.cursors === current.cursors
        ? current
        : { scope, cursors: next.cursors };
    });
  }, [list.data, list.isPlaceholderData, located, scope, page, pageSize]);

  // A page the URL names but no jump reaches (deeper than offsets go, the total unknown or
  // an estimate): page 1 instead, once the count has answered.
  useEffect(() => {
    if (located !== 'tooDeep' || counted === undefined) return;
    Message.warning(tCatalogue('validation.offsetTooDeep'));
    url.change({ page: 1 }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [located, counted]);

  // A page past the end (its last row deleted, or a link to rows since gone): the last
  // page there is instead of an empty one.
  useEffect(() => {
    if (!fresh || rows.length > 0 || page <= 1 || located === 'tooDeep') return;
    const last = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : page - 1;
    url.change({ page: Math.min(last, page - 1) }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, rows.length, page, total, located]);

  const search = (next: Filters) => {
    // In the same transition as the router's change of URL, so one render sees both: the
    // list is asked once, for the new filters (the router changes the URL in a transition).
    startTransition(() => setRun((value) => value + 1));
    url.change({ filters: next });
  };

  const changePage = (target: number, size: number) => {
    if (size !== pageSize) {
      storePageSize(options.list, size);
      url.change({ pageSize: size });
      return;
    }
    if (target === page) return;
    if (locatePage({ pageSize, cursors }, target, total) === 'tooDeep') {
      Message.warning(tCatalogue('validation.offsetTooDeep'));
      return;
    }
    url.change({ page: target });
  };

  // Retry asks for the page again, and for the count too when that failed as well.
  const load: ListLoad = {
    isError: list.isError,
    error: list.error,
    isFetching: list.isFetching,
    refetch: () => {
      if (count.isError) void count.refetch();
      return list.refetch();
    },
  };

  return {
    filters,
    /** Changes with the filters' content, not with each render. */
    filtersKey: url.filtersKey,
    /** Whether any filter applies (an empty table says "nothing matches" then). */
    filtered: Object.keys(filters).length > 0,
    pager,
    rows,
    loading: list.isFetching,
    /** The page's load: a failure shows itself with Retry, never as an empty list. */
    load,
    /** The count, once it is the count of the filters shown. */
    counted,
    /** The count failed (the rows may still have arrived); `retryCount` asks again. */
    countFailed: count.isError && counted === undefined,
    retryCount: () => void count.refetch(),
    /** The pager's total before the count arrives too. */
    knownTotal: knownTotal(pager, rows.length, hasNext, counted),
    search,
    changePage,
    /** Back to page 1 of the same filters with other page parameters (a new sort, say). */
    restart: (extra: Record<string, string | undefined>) => url.change({ extra }),
    /** The page's URL parameters (for its own, such as the sort). */
    params: url.params,
  };
}

export type KeysetList = Pick<
  ReturnType<typeof useKeysetList>,
  'pager' | 'counted' | 'knownTotal' | 'changePage' | 'load' | 'countFailed' | 'retryCount'
>;
