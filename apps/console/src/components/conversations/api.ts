import {
  apiPaths,
  type ConversationData,
  type ConversationMessageInput,
  type ConversationMessagesPage,
  type ConversationSendResult,
  type ConversationView,
  type Page,
  type ProductTemplate,
  type RecordConversation,
  type TalentConversations,
} from '@inviteflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesQueryKey } from '@/api/messages/get-message-summary.ts';
import { request } from '@/lib/request.ts';

/** The queries of conversations (issue 19): a talent's, a record's, a conversation's messages. */
const conversationsKey = ['conversations'] as const;
/** How many messages the drawer shows first; "older" adds as many again. */
export const CONVERSATION_PAGE = 50;

export function useTalentConversations(talentId: number | null) {
  return useQuery({
    queryKey: [...conversationsKey, 'talent', talentId],
    queryFn: ({ signal }) =>
      request<TalentConversations>(apiPaths.conversations.ofTalent(talentId!), { signal }),
    enabled: talentId !== null,
  });
}

/** One conversation, as a message box Todo opens it. */
export function useConversation(conversationId: number | null) {
  return useQuery({
    queryKey: [...conversationsKey, 'one', conversationId],
    queryFn: ({ signal }) =>
      request<ConversationView>(apiPaths.conversations.one(conversationId!), { signal }),
    enabled: conversationId !== null,
  });
}

/** Opens the talent's conversation in a shop (the platform's Create Conversation). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { talentId: number; shopId: number }) =>
      request<ConversationData>(apiPaths.conversations.start, { method: 'POST', body: input }),
    // The conversation, and its Todos in the message box (read with it).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsKey }),
        queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
      ]),
  });
}

export function useRecordConversation(recordId: number | null) {
  return useQuery({
    queryKey: [...conversationsKey, 'record', recordId],
    queryFn: ({ signal }) =>
      request<RecordConversation>(apiPaths.conversations.ofRecord(recordId!), { signal }),
    enabled: recordId !== null,
  });
}

export function useConversationMessages(conversationId: number | null, pageSize: number) {
  return useQuery({
    queryKey: [...conversationsKey, 'messages', conversationId, pageSize],
    queryFn: ({ signal }) =>
      request<ConversationMessagesPage>(apiPaths.conversations.messages(conversationId!), {
        query: { pageSize },
        signal,
      }),
    enabled: conversationId !== null,
  });
}

/** The product templates a card can carry, searched by name or product ID. */
export function useProductTemplates(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...conversationsKey, 'products', keyword],
    queryFn: ({ signal }) =>
      request<Page<ProductTemplate>>(apiPaths.templates.products, {
        query: { page: 1, pageSize: 50, ...(keyword ? { keyword } : {}) },
        signal,
      }),
    enabled,
  });
}

export type SendTarget = { conversationId: number } | { talentId: number; shopId: number };

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { target: SendTarget; message: ConversationMessageInput }) =>
      request<ConversationSendResult>(apiPaths.conversations.send, {
        method: 'POST',
        body: { ...input.target, message: input.message },
      }),
    // The conversation, its messages and the message box's Todo changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) =>
      request<ConversationData>(apiPaths.conversations.read(conversationId), {
        method: 'POST',
        body: {},
      }),
    // The conversation, and its Todos in the message box (read with it).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsKey }),
        queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
      ]),
  });
}
