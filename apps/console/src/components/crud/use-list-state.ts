import { PAGE_SIZE_DEFAULT } from '@inviteflow/contract';
import { useState } from 'react';

/** The query of a server-paginated list: the contract's page, pageSize and keyword. */
export interface ListQuery {
  page: number;
  pageSize: number;
  keyword: string | undefined;
}

/**
 * Page and page size of a server-paged list. `props` are the pager settings every list
 * shares (page size choice; a new page size starts again at page 1, so the user never
 * lands past the end); each list adds where it is, the total and what the pager shows.
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const changePage = (nextPage: number, nextSize: number) => {
    setPage(nextSize !== pageSize ? 1 : nextPage);
    setPageSize(nextSize);
  };
  return {
    page,
    pageSize,
    setPage,
    changePage,
    props: { pageSize, sizeCanChange: true, sizeOptions: pageSizeOptions, onChange: changePage },
  };
}

/** Page, page size and the applied keyword of a server-side paginated list. */
export function useListState() {
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [keyword, setKeyword] = useState('');
  const query: ListQuery = { page, pageSize, keyword: keyword || undefined };
  return {
    query,
    keyword,
    paging,
    search: (value: string) => {
      setKeyword(value.trim());
      setPage(1);
    },
    /** After deleting the last row of a page, show the previous page instead of an empty one. */
    afterDelete: (rowsOnPage: number) => {
      if (rowsOnPage <= 1 && page > 1) setPage(page - 1);
    },
  };
}

export const pageSizeOptions = [10, 20, 50, 100];
