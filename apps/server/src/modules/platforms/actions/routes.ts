import { apiPaths, taskPlatformCalls as taskPlatformCallsSchema } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { responses } from '../../../lib/route-schemas.ts';
import { taskPlatformCalls } from './service.ts';

const taskParams = z.object({
  taskId: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalidField' }),
});

/** A task's platform calls: the server's actions for a shop connected by authorization. */
export async function platformActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.sendRecords.taskPlatformCalls(':taskId'),
    {
      schema: {
        tags: ['send records'],
        summary: "A task's platform calls",
        description:
          'How the task is executed (the server through the Open API, or the extension), its ' +
          "platform actions (the first 200) with their counts by status, and the shop's pause " +
          'when its actions wait for the platform (quota, rate limit) or for the seller ' +
          '(authorization), and the browser page flows its waiting actions need that are ' +
          "stopped (shipped unverified, or stopped by the operators). Another account's task " +
          'answers 404.',
        params: taskParams,
        response: responses(taskPlatformCallsSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await taskPlatformCalls(
          app.db,
          request.auth.userId,
          request.params.taskId,
          app.clock.now(),
          app.config.pagePacks,
        ),
      ),
  );
}
