import { apiPaths, type TaskPlatformCalls } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

/** How often an open task view asks again while the server still has calls to make. */
export const PLATFORM_CALLS_POLL_MS = 5_000;

export function getTaskPlatformCalls(
  taskId: number,
  signal?: AbortSignal,
): Promise<TaskPlatformCalls> {
  return request<TaskPlatformCalls>(apiPaths.sendRecords.taskPlatformCalls(taskId), { signal });
}

/** Whether the server still has calls of the task to make (or to finish). */
export function callsUnfinished(calls: TaskPlatformCalls | undefined): boolean {
  return calls !== undefined && calls.counts.pending + calls.counts.running > 0;
}

/**
 * A task's platform calls, read fresh and followed while they run: under the send records'
 * key, so what changes records (a create, a delete) reads them again too.
 */
export function taskPlatformCallsQueryOptions(taskId: number | null) {
  return queryOptions({
    queryKey: [...sendRecordsQueryKey, 'platform-calls', taskId],
    queryFn: ({ signal }) => getTaskPlatformCalls(taskId ?? 0, signal),
    enabled: taskId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      callsUnfinished(query.state.data) ? PLATFORM_CALLS_POLL_MS : false,
  });
}

export function useTaskPlatformCalls(taskId: number | null) {
  return useQuery(taskPlatformCallsQueryOptions(taskId));
}
