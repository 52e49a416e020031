import { apiPaths, type MembershipOrder } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useMembershipT } from '../locale/index.ts';
import { membershipQueryKey } from './get-membership-info.ts';

export function cancelOrder(
  orderNo: string,
  failure?: (reason: string) => string,
): Promise<MembershipOrder> {
  return request<MembershipOrder>(apiPaths.membership.cancel(orderNo), {
    method: 'POST',
    failure,
  });
}

export function useCancelOrder() {
  const { t } = useMembershipT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) =>
      cancelOrder(orderNo, (reason) => t('cancel.failed', { reason })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipQueryKey }),
  });
}
