import { apiPaths, type MessageSummary } from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';

/** Every message query lives below this key; reading a message invalidates it. */
export const messagesQueryKey = ['messages'] as const;

export function getMessageSummary(): Promise<MessageSummary> {
  return request<MessageSummary>(apiPaths.messages.summary, {
    query: { timeZone: displayTimeZone() },
    // A failed background refresh of the bell must not toast on every screen.
    quiet: true,
  });
}

/** The message box: unread counts per tab and each tab's newest messages, kept fresh. */
export function useMessageSummary(enabled = true) {
  // Messages are worded by the server in the reader's language: a language switch refetches.
  const locale = useLocaleStore((state) => state.locale);
  return useQuery(
    queryOptions({
      queryKey: [...messagesQueryKey, 'summary', locale],
      queryFn: getMessageSummary,
      enabled,
      refetchInterval: 60_000,
      refetchOnWindowFocus: true,
    }),
  );
}
