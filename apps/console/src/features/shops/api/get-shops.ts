import { apiPaths, type ShopPage, type ShopTab } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** The contract's `shopListQuery` as the console sends it. */
export type ShopListQuery = {
  tab: ShopTab;
  page: number;
  pageSize: number;
};

export function getShops(query: ShopListQuery, signal?: AbortSignal): Promise<ShopPage> {
  return request<ShopPage>(apiPaths.shops.list, { query, signal });
}

/** The key every shop change invalidates. */
export const shopsQueryKey = ['shops'] as const;

export function shopsQueryOptions(query: ShopListQuery) {
  return queryOptions({
    queryKey: [...shopsQueryKey, query],
    queryFn: ({ signal }) => getShops(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useShops(query: ShopListQuery) {
  return useQuery(shopsQueryOptions(query));
}
