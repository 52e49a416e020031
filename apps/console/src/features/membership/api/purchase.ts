import { apiPaths, type PurchaseBody, type PurchaseData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { useMembershipT } from '../locale/index.ts';

export function purchase(
  body: PurchaseBody,
  failure?: (reason: string) => string,
): Promise<PurchaseData> {
  return request<PurchaseData>(apiPaths.membership.purchase, { method: 'POST', body, failure });
}

/** Buy now: creates the order; the caller sends the browser to its payment page. */
export function usePurchase() {
  const { t } = useMembershipT();
  return useMutation({
    mutationFn: (body: PurchaseBody) =>
      purchase(body, (reason) => t('purchase.failed', { reason })),
  });
}
