import { apiPaths, type Talent, type TalentBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export function updateTalent(input: { id: number; body: TalentBody }): Promise<Talent> {
  return request<Talent>(apiPaths.talents.one(input.id), { method: 'PUT', body: input.body });
}

export function useUpdateTalent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTalent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}
