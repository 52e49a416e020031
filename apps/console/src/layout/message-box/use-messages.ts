import type { MessageData, MessageType } from '@inviteflow/contract';
import { useMessageSummary } from '@/api/messages/get-message-summary.ts';
import { useMarkAllMessagesRead, useMarkMessagesRead } from '@/api/messages/mark-messages-read.ts';
import type { ListLoad } from '@/components/list-empty.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';

/**
 * The message box's data: the server's summary (unread counts per tab and the newest
 * messages), marking one read on click and All Read for a tab. Messages come only from
 * real events on the server.
 */
export function useMessages() {
  const signedIn = useAuthStore((state) => state.token !== null);
  const summary = useMessageSummary(signedIn);
  const markRead = useMarkMessagesRead();
  const markAll = useMarkAllMessagesRead();
  const unread = summary.data?.unread ?? { message: 0, notice: 0, todo: 0 };
  return {
    isLoading: summary.isPending && signedIn,
    /**
     * The box's load: it failed when no summary ever arrived (a failed background refresh
     * keeps the last one on screen).
     */
    load: {
      isError: summary.isError && summary.data === undefined,
      error: summary.error,
      isFetching: summary.isFetching,
      refetch: summary.refetch,
    } satisfies ListLoad,
    latest: (type: MessageType): MessageData[] => summary.data?.latest[type] ?? [],
    unread,
    unreadCount: unread.message + unread.notice + unread.todo,
    /** Opening a message marks it read (once). */
    open: async (message: MessageData) => {
      if (message.status === 0) await markRead.mutateAsync([message.id]).catch(() => undefined);
    },
    markAllRead: async (type: MessageType) => {
      await markAll.mutateAsync(type).catch(() => undefined);
    },
  };
}
