import { apiPaths, type Talent, type TalentBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export function createTalent(body: TalentBody): Promise<Talent> {
  return request<Talent>(apiPaths.talents.list, { method: 'POST', body });
}

export function useCreateTalent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTalent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}
