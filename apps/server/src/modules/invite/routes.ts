import {
  INVITE_REWARD_DAYS,
  apiPaths,
  inviteInfo,
  inviteReward,
  invitee,
  maskPhone,
  pageData,
  pageQuery,
} from '@inviteflow/contract';
import { and, count, desc, eq, exists, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inviteRewards, membershipOrders, membershipPeriods, users } from '../../db/schema.ts';
import { ok } from '../../lib/envelope.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { pageOffset } from '../../lib/sql.ts';
import { userRepository } from '../user/repository.ts';

const tags = ['invite'];
const paths = apiPaths.invite;

/** The page that registers a friend with this code filled in. */
export function inviteLink(publicUrl: string, code: string): string {
  return `${publicUrl}/register?inviteCode=${encodeURIComponent(code)}`;
}

/** Invite rewards: the caller's code and link, the friends who registered with it, the rewards. */
export async function inviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const paid = exists(
    app.db
      .select({ one: sql`1` })
      .from(membershipOrders)
      .where(and(eq(membershipOrders.userId, users.id), eq(membershipOrders.status, 'paid'))),
  );
  const rewarded = exists(
    app.db
      .select({ one: sql`1` })
      .from(inviteRewards)
      .where(eq(inviteRewards.inviteeUserId, users.id)),
  );

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
      const [[invited], [rewards]] = await Promise.all([
        app.db
          .select({ total: count(), paid: sql<number>`count(*) filter (where ${paid})::int` })
          .from(users)
          .where(eq(users.invitedByUserId, userId)),
        app.db
          .select({ days: sum(inviteRewards.days).mapWith(Number) })
          .from(inviteRewards)
          .where(eq(inviteRewards.inviterUserId, userId)),
      ]);
      return ok(request, {
        inviteCode: user.inviteCode,
        inviteLink: inviteLink(app.config.publicUrl, user.inviteCode),
        rewardDays: INVITE_REWARD_DAYS,
        invitedCount: invited?.total ?? 0,
        paidCount: invited?.paid ?? 0,
        rewardDaysTotal: rewards?.days ?? 0,
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
      const where = eq(users.invitedByUserId, request.auth.userId);
      const [rows, [counted]] = await Promise.all([
        app.db
          .select({
            phoneNumber: users.phoneNumber,
            createdAt: users.createdAt,
            hasPaid: sql<boolean>`${paid}`,
            rewardGranted: sql<boolean>`${rewarded}`,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(pageSize)
          .offset(pageOffset(page, pageSize)),
        app.db.select({ total: count() }).from(users).where(where),
      ]);
      return ok(request, {
        list: rows.map((row) => ({
          phoneNumber: maskPhone(row.phoneNumber),
          registeredAt: row.createdAt.toISOString(),
          hasPaid: Boolean(row.hasPaid),
          rewardGranted: Boolean(row.rewardGranted),
        })),
        total: counted?.total ?? 0,
        page,
        pageSize,
      });
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
      const where = eq(inviteRewards.inviterUserId, request.auth.userId);
      const [rows, [counted]] = await Promise.all([
        app.db
          .select({
            id: inviteRewards.id,
            phoneNumber: users.phoneNumber,
            days: inviteRewards.days,
            createdAt: inviteRewards.createdAt,
            startsAt: membershipPeriods.startsAt,
            endsAt: membershipPeriods.endsAt,
          })
          .from(inviteRewards)
          .innerJoin(users, eq(users.id, inviteRewards.inviteeUserId))
          .leftJoin(membershipPeriods, eq(membershipPeriods.inviteRewardId, inviteRewards.id))
          .where(where)
          .orderBy(desc(inviteRewards.createdAt), desc(inviteRewards.id))
          .limit(pageSize)
          .offset(pageOffset(page, pageSize)),
        app.db.select({ total: count() }).from(inviteRewards).where(where),
      ]);
      return ok(request, {
        list: rows.map((row) => ({
          id: row.id,
          invitee: maskPhone(row.phoneNumber),
          days: row.days,
          grantedAt: row.createdAt.toISOString(),
          startsAt: row.startsAt?.toISOString() ?? null,
          endsAt: row.endsAt?.toISOString() ?? null,
        })),
        total: counted?.total ?? 0,
        page,
        pageSize,
      });
    },
  );
}
