import { apiPaths, type MessageType } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { messagesQueryKey } from './get-message-summary.ts';

export function markMessagesRead(ids: number[]): Promise<{ affected: number }> {
  return request(apiPaths.messages.read, { method: 'POST', body: { ids } });
}

/** All Read: one tab, or every tab when `type` is left out. */
export function markAllMessagesRead(type?: MessageType): Promise<{ affected: number }> {
  return request(apiPaths.messages.readAll, { method: 'POST', body: type ? { type } : {} });
}

export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}

export function useMarkAllMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllMessagesRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}
