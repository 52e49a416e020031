import {
  apiPaths,
  conversationData,
  conversationMessagesPage,
  conversationMessagesQuery,
  conversationSendBody,
  conversationSendResult,
  conversationStartBody,
  conversationView,
  idParams,
  recordConversation,
  talentConversations,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';
import {
  conversationMessages,
  conversationView as readConversationView,
  markConversationRead,
  recordConversation as readRecordConversation,
  sendMessage,
  startConversation,
  talentConversations as readTalentConversations,
  type ConversationPlatform,
  type MessagingShops,
} from './service.ts';

const paths = apiPaths.conversations;
const tags = ['conversations'];

const platformRefusals = {
  422:
    'Not a TikTok Shop shop connected by authorization, an authorization to renew, no creator ' +
    'open id to open a conversation with, a record without a target collaboration, or the ' +
    "platform refused the message (its words in the answer's message)",
  503: 'TikTok Shop cannot be reached',
} as const;

/**
 * Conversations with creators (issue 19): a talent's, a send record's, a conversation's
 * messages; send a text, a product card or a collaboration card; mark read. Another account's
 * talent, record or conversation answers 404.
 */
export async function conversationRoutes(
  fastify: FastifyInstance,
  opts: {
    /** platforms' TikTok Shop conversation calls, passed in by app.ts (see service.ts). */
    platform: ConversationPlatform;
    /** The account's shops whose authorization can open a conversation (app.ts, connections). */
    messagingShops: MessagingShops;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.db,
    platform: opts.platform,
    changed: (userIds: readonly number[]) => app.listCache.changed(userIds),
  });

  app.get(
    paths.ofTalent(':id'),
    {
      schema: {
        tags,
        summary: "A talent's conversations (one per shop), and its target collaborations",
        description:
          'With whether the talent has send records, and the shops a conversation can be ' +
          'opened in (bound TikTok Shop shops whose authorization has the IM scope, without ' +
          'one with the talent yet; none without a Creator Open ID).',
        params: idParams,
        response: responses(talentConversations),
      },
    },
    async (request) =>
      ok(
        request,
        await readTalentConversations(
          app.db,
          opts.messagingShops,
          request.auth.userId,
          request.params.id,
        ),
      ),
  );

  app.get(
    paths.one(':id'),
    {
      schema: {
        tags,
        summary: 'One conversation (as a message box Todo opens it)',
        description:
          "With the target collaborations of its talent in its shop. Another account's " +
          'conversation answers 404.',
        params: idParams,
        response: responses(conversationView),
      },
    },
    async (request) =>
      ok(request, await readConversationView(app.db, request.auth.userId, request.params.id)),
  );

  app.post(
    paths.start,
    {
      schema: {
        tags,
        summary: "Open a talent's conversation in a shop",
        description:
          "TikTok Shop Create Conversation with Creator 202508 with the talent's Creator Open " +
          "ID: the existing conversation or a new one, no message sent (the seller help's 5 " +
          "messages before the creator's first answer are still all left). The shop: a bound " +
          'TikTok Shop shop whose authorization has the IM scope.',
        body: conversationStartBody,
        response: responses(conversationData, {
          404: "The talent or the shop is not the caller's",
          ...platformRefusals,
        }),
      },
    },
    async (request) =>
      ok(
        request,
        await startConversation(
          { ...deps(), messagingShops: opts.messagingShops },
          request.auth.userId,
          request.body,
          app.clock.now(),
        ),
      ),
  );

  app.get(
    paths.ofRecord(':id'),
    {
      schema: {
        tags,
        summary: "A send record's conversation",
        description:
          "The conversation the record opened (its platform reference), else its talent's in " +
          "the record's shop; `conversation` null when there is none yet (`canStart`: a " +
          'message to the talent in that shop opens one).',
        params: idParams,
        response: responses(recordConversation),
      },
    },
    async (request) =>
      ok(request, await readRecordConversation(app.db, request.auth.userId, request.params.id)),
  );

  app.get(
    paths.messages(':id'),
    {
      schema: {
        tags,
        summary: "A conversation's messages (oldest first; older pages by `beforeId`)",
        params: idParams,
        querystring: conversationMessagesQuery,
        response: responses(conversationMessagesPage),
      },
    },
    async (request) =>
      ok(
        request,
        await conversationMessages(app.db, request.auth.userId, request.params.id, request.query),
      ),
  );

  app.post(
    paths.send,
    {
      schema: {
        tags,
        summary: 'Send a message to a creator',
        description:
          'TikTok Shop Send IM Message 202412: TEXT (at most 2,000 characters), PRODUCT_CARD (a ' +
          "product template's product), TARGET_COLLABORATION_CARD (a send record's target " +
          'collaboration in the same shop). In a conversation (`conversationId`), or to a ' +
          "talent in a shop (`talentId` + `shopId`: opened with the creator's open id when " +
          'there is none). The creator waiting for an answer is answered: its Todo is read.',
        body: conversationSendBody,
        response: responses(conversationSendResult, {
          404: "The conversation, talent, shop, product template or record is not the caller's",
          409: 'The platform takes 5 messages before the creator first answers: wait for it',
          ...platformRefusals,
        }),
      },
    },
    async (request) =>
      ok(
        request,
        await sendMessage(deps(), request.auth.userId, request.body, app.clock.now()),
        'success.conversationMessageSent',
      ),
  );

  app.post(
    paths.read(':id'),
    {
      schema: {
        tags,
        summary: 'Mark a conversation read (here and on TikTok Shop)',
        params: idParams,
        response: responses(conversationData, platformRefusals),
      },
    },
    async (request) =>
      ok(
        request,
        await markConversationRead(deps(), request.auth.userId, request.params.id, app.clock.now()),
      ),
  );
}
