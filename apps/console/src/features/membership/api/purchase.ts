import { apiPaths, type PurchaseBody, type PurchaseData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function purchase(body: PurchaseBody): Promise<PurchaseData> {
  return request<PurchaseData>(apiPaths.membership.purchase, { method: 'POST', body });
}

/** Buy now: creates the order; the caller sends the browser to its payment page. */
export function usePurchase() {
  return useMutation({ mutationFn: purchase });
}
