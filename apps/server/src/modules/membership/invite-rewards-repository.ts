import { count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageOffset } from '../../lib/sql.ts';
import { inviteRewards, membershipPeriods } from './schema.ts';

/**
 * The invite rewards' queries (the rule that grants one: settle.ts). The inviter's pages
 * (module invite) read them through membership/index.ts.
 */

/**
 * Records the inviter's reward for this invitee's first paid order: its id, or null when the
 * invitee has already earned one (once per invitee, its unique key).
 */
export async function insertInviteReward(
  tx: Executor,
  values: {
    inviterUserId: number;
    inviteeUserId: number;
    orderId: number;
    days: number;
    createdAt: Date;
  },
): Promise<number | null> {
  const [reward] = await tx
    .insert(inviteRewards)
    .values(values)
    .onConflictDoNothing({ target: inviteRewards.inviteeUserId })
    .returning({ id: inviteRewards.id });
  return reward?.id ?? null;
}

/** The membership days the inviter's rewards add up to. */
export async function rewardDaysEarned(db: Executor, inviterId: number): Promise<number> {
  const [row] = await db
    .select({ days: sum(inviteRewards.days).mapWith(Number) })
    .from(inviteRewards)
    .where(eq(inviteRewards.inviterUserId, inviterId));
  return row?.days ?? 0;
}

/** Which of these accounts have earned their inviter a reward. */
export async function rewardedInvitees(
  db: Executor,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: inviteRewards.inviteeUserId })
    .from(inviteRewards)
    .where(sql`${inviteRewards.inviteeUserId} = any(${sql.param([...userIds])}::int[])`);
  return new Set(rows.map((row) => row.userId));
}

/** An inviter's reward with the membership period it granted (none yet: null times). */
export interface InviteRewardRow {
  id: number;
  inviteeUserId: number;
  days: number;
  grantedAt: Date;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** One page of the inviter's rewards, newest first, and how many there are. */
export async function inviteRewardsPage(
  db: Executor,
  inviterId: number,
  page: number,
  pageSize: number,
): Promise<{ list: InviteRewardRow[]; total: number }> {
  const where = eq(inviteRewards.inviterUserId, inviterId);
  const [list, [counted]] = await Promise.all([
    db
      .select({
        id: inviteRewards.id,
        inviteeUserId: inviteRewards.inviteeUserId,
        days: inviteRewards.days,
        grantedAt: inviteRewards.createdAt,
        startsAt: membershipPeriods.startsAt,
        endsAt: membershipPeriods.endsAt,
      })
      .from(inviteRewards)
      .leftJoin(membershipPeriods, eq(membershipPeriods.inviteRewardId, inviteRewards.id))
      .where(where)
      .orderBy(desc(inviteRewards.createdAt), desc(inviteRewards.id))
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(inviteRewards).where(where),
  ]);
  return { list, total: counted?.total ?? 0 };
}
