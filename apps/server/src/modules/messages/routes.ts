import {
  apiPaths,
  messageListQuery,
  messageData,
  messageReadAllBody,
  messageReadBody,
  messageReadResult,
  messageSummary,
  messageSummaryQuery,
  messageTypes,
  pageData,
  type MessageSummary,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { zoneForRequest } from '../user/index.ts';
import { messageRepository } from './repository.ts';
import { toMessageData, type PlanName } from './wording.ts';

const tags = ['messages'];
const paths = apiPaths.messages;

/** The message box: list with filters, the box's summary, mark read and All Read. */
export async function messageRoutes(fastify: FastifyInstance, opts: { planName: PlanName }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.list,
    {
      schema: {
        tags,
        summary: 'Messages, newest first (the message center)',
        description:
          "Worded in the caller's language; `time` and the times in the words in `timeZone` " +
          "(the account's zone when omitted).",
        querystring: messageListQuery,
        response: responses(pageData(messageData)),
      },
    },
    async (request) => {
      const { timeZone, ...query } = request.query;
      const zone = await zoneForRequest(app.db, request.auth.userId, timeZone);
      const page = await messageRepository.list(app.db, request.auth.userId, query);
      return ok(request, {
        ...page,
        list: page.list.map((row) => toMessageData(row, request.locale, zone, opts.planName)),
      });
    },
  );

  app.get(
    paths.summary,
    {
      schema: {
        tags,
        summary: "The message box: unread counts per tab and each tab's newest messages",
        querystring: messageSummaryQuery,
        response: responses(messageSummary),
      },
    },
    async (request) => {
      const zone = await zoneForRequest(app.db, request.auth.userId, request.query.timeZone);
      const summary = await messageRepository.summary(app.db, request.auth.userId);
      const latest = Object.fromEntries(
        messageTypes.map((type) => [
          type,
          summary.latest[type].map((row) =>
            toMessageData(row, request.locale, zone, opts.planName),
          ),
        ]),
      ) as MessageSummary['latest'];
      return ok(request, { unread: summary.unread, latest });
    },
  );

  app.post(
    paths.read,
    {
      schema: {
        tags,
        summary: 'Mark messages read',
        description:
          "All or nothing: when any id is not the caller's message, 404 and nothing changes.",
        body: messageReadBody,
        response: responses(messageReadResult, {
          404: "An id is not one of the caller's messages: nothing changed",
        }),
      },
    },
    async (request) => {
      const affected = await messageRepository.markRead(
        app.db,
        request.auth.userId,
        request.body.ids,
        new Date(),
      );
      if (affected === null) throw notFound();
      return ok(request, { affected }, 'success.markedRead');
    },
  );

  app.post(
    paths.readAll,
    {
      schema: {
        tags,
        summary: 'All Read: one tab, or every tab',
        body: messageReadAllBody,
        response: responses(messageReadResult),
      },
    },
    async (request) => {
      const affected = await messageRepository.markAllRead(
        app.db,
        request.auth.userId,
        request.body.type,
        new Date(),
      );
      return ok(request, { affected }, 'success.markedRead');
    },
  );
}
