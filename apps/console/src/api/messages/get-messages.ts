import { apiPaths, type InboxListQuery, type InboxMessage, type Page } from '@inviteflow/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';
import { messagesQueryKey } from './get-message-summary.ts';

export type MessageListQuery = Omit<InboxListQuery, 'timeZone'>;

export function getMessages(query: MessageListQuery): Promise<Page<InboxMessage>> {
  return request<Page<InboxMessage>>(apiPaths.messages.list, {
    query: { ...query, timeZone: displayTimeZone() },
  });
}

/** The message center's list: filters and pages. */
export function useMessages(query: MessageListQuery) {
  const locale = useLocaleStore((state) => state.locale);
  return useQuery({
    queryKey: [...messagesQueryKey, 'list', locale, query],
    queryFn: () => getMessages(query),
    placeholderData: keepPreviousData,
  });
}
