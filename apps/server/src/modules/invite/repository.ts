import { maskPhone, type InviteReward, type Invitee } from '@inviteflow/contract';
import { and, count, desc, eq, exists, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inviteRewards, membershipOrders, membershipPeriods } from '../membership/schema.ts';
import { users } from '../user/schema.ts';
import { pageOffset } from '../../lib/sql.ts';

/** Whether the user of the outer query (`users`) has paid for an order. */
function hasPaid(db: Executor) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(membershipOrders)
      .where(and(eq(membershipOrders.userId, users.id), eq(membershipOrders.status, 'paid'))),
  );
}

/** Whether the user of the outer query (`users`) has earned their inviter a reward. */
function hasRewarded(db: Executor) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(inviteRewards)
      .where(eq(inviteRewards.inviteeUserId, users.id)),
  );
}

/** How many friends registered with the inviter's code, and how many of them have paid. */
export async function invitedCounts(
  db: Executor,
  inviterId: number,
): Promise<{ total: number; paid: number }> {
  const [row] = await db
    .select({ total: count(), paid: sql<number>`count(*) filter (where ${hasPaid(db)})::int` })
    .from(users)
    .where(eq(users.invitedByUserId, inviterId));
  return { total: row?.total ?? 0, paid: row?.paid ?? 0 };
}

/** The membership days the inviter's rewards add up to. */
export async function rewardDaysEarned(db: Executor, inviterId: number): Promise<number> {
  const [row] = await db
    .select({ days: sum(inviteRewards.days).mapWith(Number) })
    .from(inviteRewards)
    .where(eq(inviteRewards.inviterUserId, inviterId));
  return row?.days ?? 0;
}

/** One page of the friends who registered with the inviter's code, newest first (phones masked). */
export async function inviteesPage(
  db: Executor,
  inviterId: number,
  page: number,
  pageSize: number,
): Promise<{ list: Invitee[]; total: number }> {
  const where = eq(users.invitedByUserId, inviterId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        phoneNumber: users.phoneNumber,
        createdAt: users.createdAt,
        hasPaid: sql<boolean>`${hasPaid(db)}`,
        rewardGranted: sql<boolean>`${hasRewarded(db)}`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      phoneNumber: maskPhone(row.phoneNumber),
      registeredAt: row.createdAt.toISOString(),
      hasPaid: Boolean(row.hasPaid),
      rewardGranted: Boolean(row.rewardGranted),
    })),
    total: counted?.total ?? 0,
  };
}

/** One page of the inviter's rewards, newest first, with the membership period each granted. */
export async function rewardsPage(
  db: Executor,
  inviterId: number,
  page: number,
  pageSize: number,
): Promise<{ list: InviteReward[]; total: number }> {
  const where = eq(inviteRewards.inviterUserId, inviterId);
  const [rows, [counted]] = await Promise.all([
    db
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
    db.select({ total: count() }).from(inviteRewards).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      invitee: maskPhone(row.phoneNumber),
      days: row.days,
      grantedAt: row.createdAt.toISOString(),
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
    })),
    total: counted?.total ?? 0,
  };
}
