import {
  apiPaths,
  type Page,
  type ProductTemplate,
  type ProductTemplateListQuery,
} from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function getProducts(query: ProductTemplateListQuery): Promise<Page<ProductTemplate>> {
  return request<Page<ProductTemplate>>(apiPaths.templates.products, { query });
}

/** The key every product mutation invalidates; each page and search lives below it. */
export const productsQueryKey = ['templates', 'products'] as const;

export function productsQueryOptions(query: ProductTemplateListQuery) {
  return queryOptions({
    queryKey: [...productsQueryKey, query],
    queryFn: () => getProducts(query),
    // Keep the rows on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ProductTemplateListQuery) {
  return useQuery(productsQueryOptions(query));
}
