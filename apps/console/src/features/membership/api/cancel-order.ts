import { apiPaths, type MembershipOrder } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { membershipQueryKey } from './get-membership-info.ts';

export function cancelOrder(orderNo: string): Promise<MembershipOrder> {
  return request<MembershipOrder>(apiPaths.membership.cancel(orderNo), { method: 'POST' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipQueryKey }),
  });
}
