import { apiPaths, type ShopChangeData } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { shopsQueryKey } from './get-shops.ts';

/** Binds one of the seller's shops again (after its next bind time, or an expired one). */
export function rebindShop(id: number): Promise<ShopChangeData> {
  return request<ShopChangeData>(apiPaths.shops.bind(id), { method: 'POST' });
}

export function useRebindShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebindShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsQueryKey }),
  });
}
