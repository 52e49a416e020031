import { apiPaths, type MeData } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function getMe(): Promise<MeData | null> {
  return request<MeData | null>(apiPaths.auth.me);
}

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
