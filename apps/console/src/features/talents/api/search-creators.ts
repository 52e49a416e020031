import {
  apiPaths,
  type CreatorSearchPage,
  type CreatorSearchQuery,
  type ShopPage,
} from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

const marketplaceKey = [...talentsQueryKey, 'marketplace'] as const;

/** The query string of a search: lists as `a,b`, as the contract reads them. */
function searchQuery(query: CreatorSearchQuery) {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join(',') : (value as string | number | undefined),
    ]),
  );
}

/** One page of the platform's creator marketplace (null: nothing asked yet). */
export function useCreatorSearch(query: CreatorSearchQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: [...marketplaceKey, 'search', query],
      enabled: query !== null,
      // The platform's answer for this page: asked again only when the seller asks.
      staleTime: Infinity,
      retry: false,
      placeholderData: keepPreviousData,
      queryFn: ({ signal }) =>
        // Shown on the page, beside the search, rather than as a passing toast.
        request<CreatorSearchPage>(apiPaths.creatorMarketplace.search, {
          query: searchQuery(query!),
          signal,
          quiet: true,
        }),
    }),
  );
}

/** The seller's bound TikTok Shop shops: the ones whose authorization can search. */
export function useMarketplaceShops() {
  return useQuery(
    queryOptions({
      queryKey: [...marketplaceKey, 'shops'],
      staleTime: 0,
      queryFn: ({ signal }) =>
        request<ShopPage>(apiPaths.shops.list, { query: { tab: 'BOUND', pageSize: 100 }, signal }),
      select: (page) => page.list.filter((shop) => shop.platform === 'tiktok'),
    }),
  );
}
