import { apiPaths, type MessageListQuery, type MessageData, type Page } from '@inviteflow/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';
import { messagesQueryKey } from './get-message-summary.ts';

export type MessageListParams = Omit<MessageListQuery, 'timeZone'>;

export function getMessages(query: MessageListParams): Promise<Page<MessageData>> {
  return request<Page<MessageData>>(apiPaths.messages.list, {
    query: { ...query, timeZone: displayTimeZone() },
  });
}

/** The message center's list: filters and pages. */
export function useMessages(query: MessageListParams) {
  const locale = useLocaleStore((state) => state.locale);
  return useQuery({
    queryKey: [...messagesQueryKey, 'list', locale, query],
    queryFn: () => getMessages(query),
    placeholderData: keepPreviousData,
  });
}
