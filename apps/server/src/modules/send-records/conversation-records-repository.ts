import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sendRecords as r } from './schema.ts';

/**
 * What the conversations module (issue 19) reads of send records: the invitation a
 * conversation belongs to, the target collaborations a card can carry, and whether an
 * invitation still waits for the creator's first reply.
 */

/** The talent of the shop's records that opened this platform conversation (the newest). */
export async function talentOfConversation(
  db: Executor,
  userId: number,
  shopId: number,
  platformConversationId: string,
): Promise<{ talentId: number | null; platformTalentId: string } | null> {
  const [row] = await db
    .select({ talentId: r.talentId, platformTalentId: r.platformTalentId })
    .from(r)
    .where(
      and(
        eq(r.userId, userId),
        eq(r.shopId, shopId),
        sql`(${r.platformReference} ->> 'conversationId') = ${platformConversationId}`,
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the creator has any send record in these shops (its conversations then come from its
 * invitations): by the platform talent id in each shop, on send_records_cooldown_idx
 * (user_id, shop_id, platform_talent_id, …), as an account's records may be millions.
 */
export async function creatorHasRecords(
  db: Executor,
  userId: number,
  shopIds: readonly number[],
  platformTalentId: string,
): Promise<boolean> {
  if (!shopIds.length) return false;
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.userId, userId),
        sql`${r.shopId} = any(${sql.param([...shopIds])}::int[])`,
        eq(r.platformTalentId, platformTalentId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A talent's successful records that created a target collaboration (in one shop, when given),
 * on send_records_talent_idx (a talent's records are few; an account's may be millions).
 */
export async function collaborationsOfTalent(
  db: Executor,
  userId: number,
  talentId: number,
  shopId?: number,
): Promise<
  Array<{
    shopId: number;
    recordId: number;
    taskId: number;
    targetCollaborationId: string;
    createdAt: Date;
  }>
> {
  const rows = await db
    .select({
      shopId: r.shopId,
      recordId: r.id,
      taskId: r.taskId,
      targetCollaborationId: sql<string>`${r.platformReference} ->> 'targetCollaborationId'`,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(
      and(
        eq(r.userId, userId),
        eq(r.talentId, talentId),
        shopId === undefined ? undefined : eq(r.shopId, shopId),
        eq(r.status, 'success'),
        sql`(${r.platformReference} ->> 'targetCollaborationId') is not null`,
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(50);
  return rows;
}

/**
 * Whether the shop's latest successful invitation of this talent ID, made before `at`, has no
 * reply yet: a creator message at `at` is then the first reply after an invitation.
 */
export async function awaitsFirstReply(
  db: Executor,
  where: { userId: number; shopId: number; platformTalentId: string; at: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: r.id, repliedAt: r.repliedAt })
    .from(r)
    .where(
      and(
        eq(r.userId, where.userId),
        eq(r.shopId, where.shopId),
        eq(r.platformTalentId, where.platformTalentId),
        eq(r.status, 'success'),
        isNotNull(r.finishedAt),
        lte(r.finishedAt, where.at),
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(1);
  return row !== undefined && row.repliedAt === null;
}
