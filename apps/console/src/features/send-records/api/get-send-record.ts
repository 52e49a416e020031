import { apiPaths, type SendRecord } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

export function getSendRecord(id: number, signal?: AbortSignal): Promise<SendRecord> {
  return request<SendRecord>(apiPaths.sendRecords.one(id), { signal });
}

/** One record as it is now (the list row may be older): the details view reads it fresh. */
export function sendRecordQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: [...sendRecordsQueryKey, 'one', id],
    queryFn: ({ signal }) => getSendRecord(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSendRecord(id: number | null) {
  return useQuery(sendRecordQueryOptions(id));
}
