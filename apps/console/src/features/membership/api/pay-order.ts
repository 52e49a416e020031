import { apiPaths, type PaymentUrlData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Pay (pending orders): the order's payment page again. */
export function payOrder(orderNo: string): Promise<PaymentUrlData> {
  return request<PaymentUrlData>(apiPaths.membership.pay(orderNo), { method: 'POST' });
}

export function usePayOrder() {
  return useMutation({ mutationFn: payOrder });
}
