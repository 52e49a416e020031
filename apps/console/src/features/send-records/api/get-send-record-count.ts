import { apiPaths, type CountData } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey, type RecordFilters } from './get-send-records.ts';

export function getSendRecordCount(filters: RecordFilters, signal?: AbortSignal) {
  return request<CountData>(apiPaths.sendRecords.count, { query: filters, signal });
}

/** The total of a filter: asked beside the page, never before it. */
export function sendRecordCountQueryOptions(filters: RecordFilters, run = 0) {
  return queryOptions({
    queryKey: [...sendRecordsQueryKey, 'count', filters, run],
    queryFn: ({ signal }) => getSendRecordCount(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSendRecordCount(filters: RecordFilters, run = 0) {
  return useQuery(sendRecordCountQueryOptions(filters, run));
}
