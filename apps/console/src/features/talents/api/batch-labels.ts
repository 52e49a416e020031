import { apiPaths, type BatchResult, type batchLabelsBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export type BatchLabelsBody = z.input<typeof batchLabelsBody>;
export type LabelMode = BatchLabelsBody['mode'];

/** Adds, removes or replaces labels on every selected talent; all or nothing. */
export function batchLabels(body: BatchLabelsBody): Promise<BatchResult> {
  return request<BatchResult>(apiPaths.talents.batchLabels, { method: 'POST', body });
}

export function useBatchLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchLabels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}
