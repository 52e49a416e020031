import { apiPaths, type AffiliateOrderPage } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export const TALENT_ORDERS_PAGE_SIZE = 10;

/** One page of a talent's affiliate orders (issue 19), newest first. */
export function talentOrdersQueryOptions(talentId: number, page: number) {
  return queryOptions({
    queryKey: [...talentsQueryKey, 'orders', talentId, page] as const,
    queryFn: ({ signal }) =>
      request<AffiliateOrderPage>(apiPaths.talents.orders(talentId), {
        query: { page, pageSize: TALENT_ORDERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTalentOrders(talentId: number | null, page: number) {
  return useQuery({ ...talentOrdersQueryOptions(talentId ?? 0, page), enabled: talentId !== null });
}
