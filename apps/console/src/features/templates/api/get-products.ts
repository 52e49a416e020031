import {
  apiPaths,
  type Page,
  type ProductTemplate,
  type productTemplateQuery,
} from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/request.ts';

/** The list query after the contract's defaults: page, pageSize and an optional keyword. */
export type ProductListQuery = z.output<typeof productTemplateQuery>;

export function getProducts(query: ProductListQuery): Promise<Page<ProductTemplate>> {
  return request<Page<ProductTemplate>>(apiPaths.templates.products, { query });
}

/** The key every product mutation invalidates; each page and search lives below it. */
export const productsQueryKey = ['templates', 'products'] as const;

export function productsQueryOptions(query: ProductListQuery) {
  return queryOptions({
    queryKey: [...productsQueryKey, query],
    queryFn: () => getProducts(query),
    // Keep the rows on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ProductListQuery) {
  return useQuery(productsQueryOptions(query));
}
