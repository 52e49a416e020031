import { apiPaths, type SendRecord, type SendRecordEditBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

export function updateSendRecord(args: {
  id: number;
  body: SendRecordEditBody;
}): Promise<SendRecord> {
  return request<SendRecord>(apiPaths.sendRecords.one(args.id), { method: 'PUT', body: args.body });
}

export function useUpdateSendRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSendRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendRecordsQueryKey }),
  });
}
