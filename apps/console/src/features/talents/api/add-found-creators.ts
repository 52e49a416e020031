import {
  apiPaths,
  type AddFoundCreatorsBody,
  type AddFoundCreatorsResult,
} from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { talentsQueryKey } from './get-talents.ts';

export function addFoundCreators(body: AddFoundCreatorsBody): Promise<AddFoundCreatorsResult> {
  return request<AddFoundCreatorsResult>(apiPaths.creatorMarketplace.add, {
    method: 'POST',
    body,
  });
}

/** Adds found creators to the library; the library's lists and the marks are read again. */
export function useAddFoundCreators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFoundCreators,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentsQueryKey }),
  });
}
