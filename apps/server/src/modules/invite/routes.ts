import {
  INVITE_REWARD_DAYS,
  apiPaths,
  inviteInfo,
  inviteReward,
  invitee,
  pageData,
  pageQuery,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { userRepository } from '../user/index.ts';
import { invitedCounts, inviteesPage, rewardDaysEarned, rewardsPage } from './repository.ts';

const tags = ['invite'];
const paths = apiPaths.invite;

/** The page that registers a friend with this code filled in. */
export function inviteLink(publicUrl: string, code: string): string {
  return `${publicUrl}/register?inviteCode=${encodeURIComponent(code)}`;
}

/** Invite rewards: the caller's code and link, the friends who registered with it, the rewards. */
export async function inviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.info,
    {
      schema: {
        tags,
        summary: 'The invitation code and link, and what inviting has earned',
        response: responses(inviteInfo),
      },
    },
    async (request) => {
      const userId = request.auth.userId;
      const user = await userRepository.findById(app.db, userId);
      if (!user) throw unauthenticated();
      const [invited, rewardDaysTotal] = await Promise.all([
        invitedCounts(app.db, userId),
        rewardDaysEarned(app.db, userId),
      ]);
      return ok(request, {
        inviteCode: user.inviteCode,
        inviteLink: inviteLink(app.config.publicUrl, user.inviteCode),
        rewardDays: INVITE_REWARD_DAYS,
        invitedCount: invited.total,
        paidCount: invited.paid,
        rewardDaysTotal,
      });
    },
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
