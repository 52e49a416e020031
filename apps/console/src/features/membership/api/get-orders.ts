import {
  apiPaths,
  type MembershipOrder,
  type OrderListQuery,
  type Page,
} from '@inviteflow/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';
import { membershipQueryKey } from './get-membership-info.ts';

export function getOrders(query: OrderListQuery): Promise<Page<MembershipOrder>> {
  return request<Page<MembershipOrder>>(apiPaths.membership.orders, { query });
}

export function useOrders(query: OrderListQuery) {
  const locale = useLocaleStore((state) => state.locale);
  return useQuery({
    queryKey: [...membershipQueryKey, 'orders', locale, query],
    queryFn: () => getOrders(query),
    placeholderData: keepPreviousData,
  });
}
