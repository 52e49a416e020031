import { apiPaths, type SendPreviewBody, type SendPreviewData } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

/**
 * Before creating: how many talents, the blacklisted and cooling-down ones, the cap. Quiet:
 * a preview of a half-filled form is not an error worth a toast; the form says what is missing.
 */
export function previewTask(body: SendPreviewBody, signal?: AbortSignal): Promise<SendPreviewData> {
  return request<SendPreviewData>(apiPaths.sendRecords.preview, {
    method: 'POST',
    body,
    signal,
    quiet: true,
  });
}

export function previewQueryOptions(body: SendPreviewBody | null) {
  return queryOptions({
    queryKey: [...sendRecordsQueryKey, 'preview', body],
    queryFn: ({ signal }) => previewTask(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

export function usePreviewTask(body: SendPreviewBody | null) {
  return useQuery(previewQueryOptions(body));
}
