import { apiPaths, type TaskFollowUps } from '@inviteflow/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

/** A task's follow-ups for non-responders (issue 19), with what each did. */
export function getTaskFollowUps(taskId: number, signal?: AbortSignal): Promise<TaskFollowUps> {
  return request<TaskFollowUps>(apiPaths.sendRecords.taskFollowUps(taskId), { signal });
}

export function taskFollowUpsQueryKey(taskId: number | null) {
  return [...sendRecordsQueryKey, 'follow-ups', taskId] as const;
}

export function taskFollowUpsQueryOptions(taskId: number | null) {
  return queryOptions({
    queryKey: taskFollowUpsQueryKey(taskId),
    queryFn: ({ signal }) => getTaskFollowUps(taskId ?? 0, signal),
    enabled: taskId !== null,
    staleTime: 0,
  });
}

export function useTaskFollowUps(taskId: number | null) {
  return useQuery(taskFollowUpsQueryOptions(taskId));
}

export function cancelFollowUp(taskId: number, id: number): Promise<TaskFollowUps> {
  return request<TaskFollowUps>(apiPaths.sendRecords.cancelFollowUp(taskId, id), {
    method: 'POST',
  });
}

/** Cancels a follow-up of the task; the task's view takes the answer. */
export function useCancelFollowUp(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelFollowUp(taskId, id),
    onSuccess: (data) => queryClient.setQueryData(taskFollowUpsQueryKey(taskId), data),
  });
}
