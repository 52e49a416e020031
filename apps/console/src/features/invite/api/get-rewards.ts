import { apiPaths, type InviteReward, type Page, type PageQuery } from '@inviteflow/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { inviteQueryKey } from './get-invite-info.ts';

export function getRewards(query: PageQuery): Promise<Page<InviteReward>> {
  return request<Page<InviteReward>>(apiPaths.invite.rewards, { query: { ...query } });
}

export function useRewards(query: PageQuery) {
  return useQuery({
    queryKey: [...inviteQueryKey, 'rewards', query],
    queryFn: () => getRewards(query),
    placeholderData: keepPreviousData,
  });
}
