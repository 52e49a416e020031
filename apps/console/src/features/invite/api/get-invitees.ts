import { apiPaths, type Invitee, type Page, type PageQuery } from '@inviteflow/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { inviteQueryKey } from './get-invite-info.ts';

export function getInvitees(query: PageQuery): Promise<Page<Invitee>> {
  return request<Page<Invitee>>(apiPaths.invite.invitees, { query: { ...query } });
}

export function useInvitees(query: PageQuery) {
  return useQuery({
    queryKey: [...inviteQueryKey, 'invitees', query],
    queryFn: () => getInvitees(query),
    placeholderData: keepPreviousData,
  });
}
