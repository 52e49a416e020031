import { apiPaths, type ShopChangeData, type ShopIdentityBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { shopsQueryKey } from './get-shops.ts';

/** Binds a shop by hand (creates it, or binds the seller's existing one again). */
export function bindShop(body: ShopIdentityBody): Promise<ShopChangeData> {
  return request<ShopChangeData>(apiPaths.shops.list, { method: 'POST', body });
}

export function useBindShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsQueryKey }),
  });
}
