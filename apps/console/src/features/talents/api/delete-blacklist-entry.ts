import { apiPaths } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { blacklistQueryKey } from './get-blacklist.ts';
import { talentsQueryKey } from './get-talents.ts';

export function deleteBlacklistEntry(id: number): Promise<null> {
  return request<null>(apiPaths.blacklist.one(id), { method: 'DELETE' });
}

/** Removing restores the talent's previous status: talents are refreshed. */
export function useDeleteBlacklistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlacklistEntry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blacklistQueryKey }),
        queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
      ]),
  });
}
