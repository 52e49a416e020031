import { apiPaths, type SendRecordFilters, type SendRecordPage } from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** The filters of the search form as the console sends them. */
export type RecordFilters = Partial<SendRecordFilters>;

/** The contract's list query (`sendRecordListQuery`) as the console sends it. */
export type SendRecordsQuery = RecordFilters & {
  pageSize: number;
  cursor?: string;
  offset?: number;
  fromEnd?: 'true';
};

export function getSendRecords(
  query: SendRecordsQuery,
  signal?: AbortSignal,
): Promise<SendRecordPage> {
  return request<SendRecordPage>(apiPaths.sendRecords.list, { query, signal });
}

/** The root of every send record query: a change to records invalidates it as a whole. */
export const sendRecordsQueryKey = ['send-records'] as const;

/** `run` counts the searches: a new search asks again instead of showing a cached page. */
export function sendRecordsQueryOptions(query: SendRecordsQuery, run = 0) {
  return queryOptions({
    queryKey: [...sendRecordsQueryKey, 'list', query, run],
    queryFn: ({ signal }) => getSendRecords(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSendRecords(query: SendRecordsQuery, run = 0) {
  return useQuery(sendRecordsQueryOptions(query, run));
}
