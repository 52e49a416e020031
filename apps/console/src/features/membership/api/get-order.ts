import { apiPaths, type MembershipOrderDetail } from '@inviteflow/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';
import { membershipQueryKey } from './get-membership-info.ts';

/** One order with its payment; a pending one is checked with the gateway by the server first. */
export function getOrder(orderNo: string): Promise<MembershipOrderDetail> {
  return request<MembershipOrderDetail>(apiPaths.membership.order(orderNo));
}

/** How many times the return page reads a pending order (every 3 s) before it stops. */
const RETURN_PAGE_LOOKS = 20;

export function useOrder(orderNo: string | null, options: { refetchWhilePending?: boolean } = {}) {
  const locale = useLocaleStore((state) => state.locale);
  return useQuery({
    queryKey: [...membershipQueryKey, 'order', locale, orderNo],
    queryFn: () => getOrder(orderNo!),
    enabled: orderNo !== null,
    // On the return page the notification may land a moment after the browser: look again
    // for a minute (each look asks the gateway); after that, the page's own button does.
    refetchInterval: (query) =>
      options.refetchWhilePending &&
      query.state.data?.status === 'pending' &&
      query.state.dataUpdateCount < RETURN_PAGE_LOOKS
        ? 3_000
        : false,
  });
}
