import { apiPaths } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export function deleteTalent(id: number): Promise<null> {
  return request<null>(apiPaths.talents.one(id), { method: 'DELETE' });
}

export function useDeleteTalent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTalent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}
