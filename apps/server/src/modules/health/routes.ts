import { apiPaths, envelope } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureFor, ok } from '../../lib/envelope.ts';

const healthData = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  redis: z.enum(['up', 'none']),
  uptimeSeconds: z.number(),
});

/** What does not answer, so whoever watches the 503 (a person, a load balancer's log) knows. */
const unhealthyData = z.object({
  status: z.literal('unavailable'),
  down: z.array(z.enum(['database', 'redis'])),
});

/**
 * Liveness and readiness: 200 while the database (and Redis, when configured) answer,
 * else 503 naming what is down. Nothing is cached: the answer follows the database as
 * it goes and comes back (the pool reconnects by itself).
 */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.health,
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Health check',
        security: [],
        response: {
          200: envelope(healthData).describe('The database (and Redis, when configured) answer'),
          503: envelope(unhealthyData).describe('Something does not answer: `data.down` names it'),
        },
      },
    },
    async (request, reply) => {
      const databaseUp = await app.database.ping();
      let redisUp = true;
      if (app.redis) {
        redisUp = await app.redis
          .ping()
          .then((answer) => answer === 'PONG')
          .catch(() => false);
      }
      if (!databaseUp || !redisUp) {
        const down = [
          ...(databaseUp ? [] : (['database'] as const)),
          ...(redisUp ? [] : (['redis'] as const)),
        ];
        return reply.status(503).send({
          ...failureFor(request.locale, 503, 'error.unavailable'),
          data: { status: 'unavailable' as const, down },
        });
      }
      return ok(request, {
        status: 'ok' as const,
        database: app.database.name,
        redis: app.redis ? ('up' as const) : ('none' as const),
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
}
