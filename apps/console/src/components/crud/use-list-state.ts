import { KEYWORD_MAX } from '@inviteflow/contract';
import { useState } from 'react';
import { useListParams, type FilterCodec } from './list-params.ts';
import { initialPageSize, pageSizeOptions, storePageSize, type ListKey } from './page-size.ts';

export { pageSizeOptions };

/** The query of a server-paginated list: the contract's page, pageSize and keyword. */
export interface ListQuery {
  page: number;
  pageSize: number;
  keyword: string | undefined;
}

/** The pager settings every list shares: the size choices, and changes through `changePage`. */
function pagerProps(pageSize: number, changePage: (page: number, size: number) => void) {
  return { pageSize, sizeCanChange: true, sizeOptions: pageSizeOptions, onChange: changePage };
}

/**
 * Page and page size of a server-paged list, the size kept per list (page-size.ts). A new
 * page size starts again at page 1, so the user never lands past the end. With `url`, the
 * page and the size live in the page's URL (list-params.ts); a page with two lists keeps
 * them in memory instead. `props` are the shared pager settings; each list adds where it
 * is, the total and what the pager shows.
 */
export function usePaging(list: ListKey, options: { url?: boolean } = {}) {
  const inUrl = useListParams(list);
  const [own, setOwn] = useState(() => ({ page: 1, pageSize: initialPageSize(list) }));
  const page = options.url ? inUrl.page : own.page;
  const pageSize = options.url ? inUrl.pageSize : own.pageSize;
  const setPage = (next: number) =>
    options.url ? inUrl.change({ page: next }) : setOwn((state) => ({ ...state, page: next }));
  const changePage = (nextPage: number, nextSize: number) => {
    if (nextSize !== pageSize) {
      storePageSize(list, nextSize);
      if (options.url) inUrl.change({ pageSize: nextSize });
      else setOwn({ page: 1, pageSize: nextSize });
      return;
    }
    setPage(nextPage);
  };
  return { page, pageSize, setPage, changePage, props: pagerProps(pageSize, changePage) };
}

const keywordCodec: FilterCodec = { keyword: { kind: 'text', max: KEYWORD_MAX } };

/** Page, page size and the applied keyword of a keyword-searched list, all in its URL. */
export function useListState(list: ListKey) {
  const url = useListParams<{ keyword?: string }>(list, keywordCodec);
  const { page, pageSize } = url;
  const keyword = url.filters.keyword ?? '';
  const paging = usePaging(list, { url: true });
  const query: ListQuery = { page, pageSize, keyword: keyword || undefined };
  return {
    query,
    keyword,
    paging,
    search: (value: string) => url.change({ filters: { keyword: value.trim() || undefined } }),
    /** After deleting the last row of a page, show the previous page instead of an empty one. */
    afterDelete: (rowsOnPage: number) => {
      if (rowsOnPage <= 1 && page > 1) url.change({ page: page - 1 }, { replace: true });
    },
  };
}
