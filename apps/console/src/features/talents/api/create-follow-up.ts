import { apiPaths, type FollowUp, type FollowUpBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export function createFollowUp(input: { talentId: number; body: FollowUpBody }): Promise<FollowUp> {
  return request<FollowUp>(apiPaths.talents.followUps(input.talentId), {
    method: 'POST',
    body: input.body,
  });
}

/** A new follow-up may move the talent to a new status: the list is refreshed with it. */
export function useCreateFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFollowUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}
