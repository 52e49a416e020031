import { apiPaths, type InviteInfo } from '@inviteflow/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export const inviteQueryKey = ['invite'] as const;

export function getInviteInfo(): Promise<InviteInfo> {
  return request<InviteInfo>(apiPaths.invite.info);
}

export function useInviteInfo() {
  return useQuery({ queryKey: [...inviteQueryKey, 'info'], queryFn: getInviteInfo });
}
