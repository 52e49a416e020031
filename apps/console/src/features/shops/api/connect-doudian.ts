import { apiPaths, type DoudianConnectData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/**
 * Starts "Connect 抖店": the server answers 抖店服务市场's service authorization page (and sets
 * the cookie that ties the authorization to this browser), where the browser goes next.
 */
export function connectDoudian(): Promise<DoudianConnectData> {
  return request<DoudianConnectData>(apiPaths.platforms.doudianConnect, { method: 'POST' });
}

export function useConnectDoudian() {
  return useMutation({ mutationFn: connectDoudian });
}
