import {
  apiPaths,
  blacklistBody,
  blacklistEntry,
  blacklistQuery,
  idParams,
  pageData,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { emptyResponses, responses } from '../../lib/route-schemas.ts';
import { blacklistTalentId, listBlacklist, unblacklist } from './blacklist-service.ts';

const tags = ['blacklist'];

/** The blacklist page: search, add, remove. The caller's own entries only. */
export async function blacklistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { list, one } = apiPaths.blacklist;

  app.get(
    list,
    {
      schema: {
        tags,
        summary: 'List blacklist entries, newest first',
        querystring: blacklistQuery,
        response: responses(pageData(blacklistEntry)),
      },
    },
    async (request) => {
      const page = await listBlacklist(app.db, request.auth.userId, request.query);
      return ok(request, page);
    },
  );

  app.post(
    list,
    {
      schema: {
        tags,
        summary: 'Add a talent ID to the blacklist',
        description:
          'Every library talent of that ID shows blacklisted until the entry is removed. ' +
          'An ID already listed answers 409.',
        body: blacklistBody,
        response: responses(blacklistEntry, { 409: 'The talent ID is already listed' }),
      },
    },
    async (request) => {
      const entry = await blacklistTalentId(app.db, request.auth.userId, request.body);
      return ok(request, entry, 'success.blacklisted');
    },
  );

  app.delete(
    one(':id'),
    {
      schema: {
        tags,
        summary: 'Remove a blacklist entry',
        description: 'Library talents of that ID get back the status they had before.',
        params: idParams,
        response: emptyResponses,
      },
    },
    async (request) => {
      if (!(await unblacklist(app.db, request.auth.userId, request.params.id))) throw notFound();
      return ok(request, null, 'success.unblacklisted');
    },
  );
}
