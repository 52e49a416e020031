import type { InboxMessage, InboxType } from '@inviteflow/contract';
import { useMessageSummary } from '@/api/messages/get-message-summary.ts';
import { useMarkAllMessagesRead, useMarkMessagesRead } from '@/api/messages/mark-messages-read.ts';
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
    latest: (type: InboxType): InboxMessage[] => summary.data?.latest[type] ?? [],
    unread,
    unreadCount: unread.message + unread.notice + unread.todo,
    /** Opening a message marks it read (once). */
    open: async (message: InboxMessage) => {
      if (message.status === 0) await markRead.mutateAsync([message.id]).catch(() => undefined);
    },
    markAllRead: async (type: InboxType) => {
      await markAll.mutateAsync(type).catch(() => undefined);
    },
  };
}
