import { apiPaths, type MembershipInfo } from '@inviteflow/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';

/** Every membership query lives below this key; a payment or a cancel invalidates it. */
export const membershipQueryKey = ['membership'] as const;

export function getMembershipInfo(): Promise<MembershipInfo> {
  return request<MembershipInfo>(apiPaths.membership.info);
}

export function useMembershipInfo() {
  const locale = useLocaleStore((state) => state.locale);
  return useQuery({
    queryKey: [...membershipQueryKey, 'info', locale],
    queryFn: getMembershipInfo,
  });
}
