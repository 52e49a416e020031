import { apiPaths } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

export function deleteSendRecord(id: number): Promise<null> {
  return request<null>(apiPaths.sendRecords.one(id), { method: 'DELETE' });
}

export function useDeleteSendRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSendRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendRecordsQueryKey }),
  });
}
