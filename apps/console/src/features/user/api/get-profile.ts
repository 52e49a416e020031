import { apiPaths, type ProfileData } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function getProfile(): Promise<ProfileData> {
  return request<ProfileData>(apiPaths.user.profile);
}

export const profileQueryKey = ['user', 'profile'] as const;

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
