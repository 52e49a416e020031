import { apiPaths, type BlacklistBody, type BlacklistEntry } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { blacklistQueryKey } from './get-blacklist.ts';
import { talentsQueryKey } from './get-talents.ts';

export function createBlacklistEntry(body: BlacklistBody): Promise<BlacklistEntry> {
  return request<BlacklistEntry>(apiPaths.blacklist.list, { method: 'POST', body });
}

/** A library talent with the same ID becomes blacklisted too: talents are refreshed. */
export function useCreateBlacklistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlacklistEntry,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blacklistQueryKey }),
        queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
      ]),
  });
}
