import { apiPaths, type TiktokShopConnectData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/**
 * Starts "Connect TikTok Shop": the server answers the platform's authorization page (and
 * sets the cookie that ties the authorization to this browser), where the browser goes next.
 */
export function connectTiktokShop(): Promise<TiktokShopConnectData> {
  return request<TiktokShopConnectData>(apiPaths.platforms.tiktokShopConnect, { method: 'POST' });
}

export function useConnectTiktokShop() {
  return useMutation({ mutationFn: connectTiktokShop });
}
