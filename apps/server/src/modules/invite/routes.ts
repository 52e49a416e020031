import {
  apiPaths,
  inviteInfo as inviteInfoData,
  inviteReward,
  invitee,
  pageData,
  pageQuery,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';
import { inviteInfo, inviteesPage, rewardsPage } from './service.ts';

const tags = ['invite'];
const paths = apiPaths.invite;

/** Invite rewards: the caller's code and link, the friends who registered with it, the rewards. */
export async function inviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.info,
    {
      schema: {
        tags,
        summary: 'The invitation code and link, and what inviting has earned',
        response: responses(inviteInfoData),
      },
    },
    async (request) =>
      ok(request, await inviteInfo(app.db, request.auth.userId, app.config.publicUrl)),
  );

  app.get(
    paths.invitees,
    {
      schema: {
        tags,
        summary: 'Friends who registered with the code, newest first (phones masked)',
        querystring: pageQuery,
        response: responses(pageData(invitee)),
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { list, total } = await inviteesPage(app.db, request.auth.userId, page, pageSize);
      return ok(request, { list, total, page, pageSize });
    },
  );

  app.get(
    paths.rewards,
    {
      schema: {
        tags,
        summary: 'Rewards earned, newest first',
        querystring: pageQuery,
        response: responses(pageData(inviteReward)),
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { list, total } = await rewardsPage(app.db, request.auth.userId, page, pageSize);
      return ok(request, { list, total, page, pageSize });
    },
  );
}
