import { apiPaths, type BatchResult, type batchStatusBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export type BatchStatusBody = z.input<typeof batchStatusBody>;

/** Sets one status on every selected talent; all or nothing. */
export function batchStatus(body: BatchStatusBody): Promise<BatchResult> {
  return request<BatchResult>(apiPaths.talents.batchStatus, { method: 'POST', body });
}

export function useBatchStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}
