import { apiPaths, extensionSummary } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';
import { extensionSummaryFor } from './summary.ts';

/** What the companion extension reads with its scoped token besides the task API. */
export async function extensionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    apiPaths.extension.summary,
    {
      config: { extension: true },
      schema: {
        tags: ['task API'],
        summary: "Extension: the caller's account, plan, bound shops and today's work",
        description:
          'Accepts the console access token or the extension token. `counts.pending` and ' +
          '`counts.running` are the queue as it stands; `done` (succeeded + failed) counts ' +
          'records finished today in `timeZone`.',
        response: responses(extensionSummary, { 404: 'The account no longer exists' }),
      },
    },
    async (request) =>
      ok(request, await extensionSummaryFor(app.db, request.auth.userId, app.clock.now())),
  );
}
