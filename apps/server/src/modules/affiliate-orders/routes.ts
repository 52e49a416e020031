import { affiliateOrderPage, affiliateOrderQuery, apiPaths, idParams } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';
import { talentOrders } from './service.ts';

/** What each creator sold (issue 19): a talent's affiliate orders, as the syncs read them. */
export async function affiliateOrderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.talents.orders(':id'),
    {
      schema: {
        tags: ['talents'],
        summary: "A talent's affiliate orders, newest first (one row per order line)",
        description:
          "Orders the platform syncs read for the account's connected shops whose creator is " +
          "this talent. Another account's talent answers 404.",
        params: idParams,
        querystring: affiliateOrderQuery,
        response: responses(affiliateOrderPage),
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await talentOrders(
        app.db,
        request.auth.userId,
        request.params.id,
        page,
        pageSize,
      );
      return ok(request, result);
    },
  );
}
