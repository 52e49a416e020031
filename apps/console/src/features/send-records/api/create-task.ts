import { apiPaths, type SendTaskBody, type SendTaskResult } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

/** Creates an invitation task: one pending record per talent. */
export function createTask(body: SendTaskBody): Promise<SendTaskResult> {
  return request<SendTaskResult>(apiPaths.sendRecords.list, { method: 'POST', body });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendRecordsQueryKey }),
  });
}
