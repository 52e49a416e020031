import { apiPaths, type ShopChangeData } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { shopsQueryKey } from './get-shops.ts';

export function unbindShop(id: number): Promise<ShopChangeData> {
  return request<ShopChangeData>(apiPaths.shops.unbind(id), { method: 'POST' });
}

export function useUnbindShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindShop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsQueryKey }),
  });
}
