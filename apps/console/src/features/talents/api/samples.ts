import {
  apiPaths,
  type SamplePage,
  type SampleRejectReason,
  type SampleRequest,
  type SampleStatus,
} from '@inviteflow/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** The contract's `sampleListQuery`. */
export interface SampleListQuery {
  page: number;
  pageSize: number;
  shopId?: number;
  status?: SampleStatus;
  talentId?: number;
}

/** The key every review invalidates; each page lives below it. */
export const samplesQueryKey = ['samples'] as const;

export function useSamples(query: SampleListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...samplesQueryKey, query],
      placeholderData: keepPreviousData,
      queryFn: ({ signal }) =>
        request<SamplePage>(apiPaths.samples.list, { query: { ...query }, signal }),
    }),
  );
}

export type SampleReview =
  { id: number; result: 'approve' } | { id: number; result: 'reject'; reason: SampleRejectReason };

/** Approves or rejects one request through its platform; the list is read again. */
export function useReviewSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SampleReview) =>
      request<SampleRequest>(apiPaths.samples.review(id), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: samplesQueryKey }),
  });
}
