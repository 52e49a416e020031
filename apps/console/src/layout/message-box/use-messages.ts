import { useQuery } from '@tanstack/react-query';

/** A message of the message box (spec section 3). */
export interface MessageItem {
  id: number;
  type: 'message' | 'notice' | 'todo';
  title: string;
  subTitle: string;
  avatar?: string;
  content: string;
  time: string;
  /** 0 unread, 1 read. */
  status: 0 | 1;
  messageType?: number;
}

/**
 * The message box's only data access. The API has no messages endpoint yet (a later issue
 * adds `GET /api/v1/messages` and a read call); until then there is nothing to fetch, the
 * query stays disabled and the box honestly shows its empty state. That issue replaces
 * `fetchMessages` and `markRead` here and nothing else.
 */
const fetchMessages: (() => Promise<MessageItem[]>) | undefined = undefined;
const markRead: ((ids: number[]) => Promise<void>) | undefined = undefined;

export const messagesQueryKey = ['messages'] as const;

export function useMessages() {
  const query = useQuery({
    queryKey: messagesQueryKey,
    queryFn: () => (fetchMessages ? fetchMessages() : Promise.resolve([])),
    enabled: fetchMessages !== undefined,
  });
  const list = query.data ?? [];
  const unread = list.filter((item) => item.status === 0);
  return {
    list,
    unreadCount: unread.length,
    /** False until the API exists: the All Read action has nothing to call. */
    canMarkRead: markRead !== undefined && unread.length > 0,
    markAllRead: async () => {
      if (!markRead || unread.length === 0) return;
      await markRead(unread.map((item) => item.id));
      await query.refetch();
    },
  };
}
