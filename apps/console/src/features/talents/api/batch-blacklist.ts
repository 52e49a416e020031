import { apiPaths, type BatchResult, type batchBlacklistBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/request.ts';
import { blacklistQueryKey } from './get-blacklist.ts';
import { talentsQueryKey } from './get-talents.ts';

export type BatchBlacklistBody = z.input<typeof batchBlacklistBody>;

/** Blacklists every selected talent with one reason; all or nothing. */
export function batchBlacklist(body: BatchBlacklistBody): Promise<BatchResult> {
  return request<BatchResult>(apiPaths.talents.batchBlacklist, { method: 'POST', body });
}

export function useBatchBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchBlacklist,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: blacklistQueryKey }),
      ]),
  });
}
