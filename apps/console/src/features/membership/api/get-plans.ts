import { apiPaths, type MembershipPlan } from '@inviteflow/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';

export function getPlans(): Promise<MembershipPlan[]> {
  return request<MembershipPlan[]>(apiPaths.membership.plans);
}

/** The plans, named and described by the server in the reader's language. */
export function usePlans() {
  const locale = useLocaleStore((state) => state.locale);
  return useQuery({ queryKey: ['membership', 'plans', locale], queryFn: getPlans });
}
