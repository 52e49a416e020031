import { recordStageTimes, type RecordStage } from '@inviteflow/contract';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorEvents, recordStageCounts, sendRecords as r } from './schema.ts';

/** The queries of record stages (record-stages.ts): creator events, stage times, funnel counts. */

/** Writes a platform fact once: false when the shop already had it (a redelivery, a re-read). */
export async function insertCreatorEvent(
  tx: Executor,
  values: Omit<typeof creatorEvents.$inferInsert, 'id' | 'createdAt'>,
): Promise<boolean> {
  const rows = await tx
    .insert(creatorEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: creatorEvents.id });
  return rows.length > 0;
}

export interface StageTarget {
  id: number;
  taskId: number;
  talentId: number | null;
  stage: string | null;
  reached: Date | null;
}

/**
 * The record a creator's answer belongs to: the shop's latest successful invitation of this
 * talent ID, the one of the named collaboration or plan first when the platform names it.
 * Locked, so two answers about one record apply one after the other.
 */
export async function lockStageTarget(
  tx: Executor,
  where: {
    userId: number;
    shopId: number;
    platformTalentId: string;
    stage: RecordStage;
    reference?: { targetCollaborationId?: string; planId?: string } | undefined;
  },
): Promise<StageTarget | null> {
  const ref = where.reference;
  const refMatch = ref?.targetCollaborationId
    ? sql`(${r.platformReference} ->> 'targetCollaborationId') = ${ref.targetCollaborationId}`
    : ref?.planId
      ? sql`(${r.platformReference} ->> 'planId') = ${ref.planId}`
      : null;
  const [row] = await tx
    .select({
      id: r.id,
      taskId: r.taskId,
      talentId: r.talentId,
      stage: r.stage,
      reached: r[recordStageTimes[where.stage]],
    })
    .from(r)
    .where(
      and(
        eq(r.userId, where.userId),
        eq(r.shopId, where.shopId),
        eq(r.platformTalentId, where.platformTalentId),
        eq(r.status, 'success'),
      ),
    )
    // No reference named: no first term (PostgreSQL refuses a constant in ORDER BY).
    .orderBy(...(refMatch ? [desc(refMatch)] : []), desc(r.createdAt), desc(r.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Marks a stage reached on a record (its first time only) and moves `stage` forward. */
export async function reachStage(
  tx: Executor,
  recordId: number,
  stage: RecordStage,
  stageValue: string,
  at: Date,
): Promise<void> {
  await tx
    .update(r)
    .set({ [recordStageTimes[stage]]: at, stage: stageValue, updatedAt: at })
    .where(eq(r.id, recordId));
}

/** Adds to a task's funnel count of a stage (`sent` included). */
export async function countStage(
  tx: Executor,
  userId: number,
  taskId: number,
  stage: string,
  by: number,
): Promise<void> {
  if (by === 0) return;
  await tx
    .insert(recordStageCounts)
    .values({ userId, taskId, stage, count: by })
    .onConflictDoUpdate({
      target: [recordStageCounts.taskId, recordStageCounts.stage],
      set: { count: sql`${recordStageCounts.count} + ${by}` },
    });
}

/**
 * The invitation an affiliate order is attributed to (issue 19, affiliate-orders): the shop's
 * latest successful record of this talent ID sent before the order, the one of the order's
 * target collaboration first when the platform names it. With its first-order time, so the
 * caller tells a talent's first order after an invitation.
 */
export async function invitationOfOrder(
  db: Executor,
  where: {
    userId: number;
    shopId: number;
    platformTalentId: string;
    orderedAt: Date;
    targetCollaborationId?: string | null;
  },
): Promise<{ recordId: number; taskId: number; firstOrderAt: Date | null } | null> {
  const refMatch = where.targetCollaborationId
    ? sql`(${r.platformReference} ->> 'targetCollaborationId') = ${where.targetCollaborationId}`
    : null;
  const [row] = await db
    .select({ recordId: r.id, taskId: r.taskId, firstOrderAt: r.firstOrderAt })
    .from(r)
    .where(
      and(
        eq(r.userId, where.userId),
        eq(r.shopId, where.shopId),
        eq(r.platformTalentId, where.platformTalentId),
        eq(r.status, 'success'),
        lte(r.createdAt, where.orderedAt),
      ),
    )
    .orderBy(...(refMatch ? [desc(refMatch)] : []), desc(r.createdAt), desc(r.id))
    .limit(1);
  return row ?? null;
}

/**
 * Adds records that became success to their tasks' `sent` (issue 19): one multi-row upsert, in
 * task order (two writers lock the count rows in the same order, never a deadlock).
 */
export async function countSent(
  tx: Executor,
  rows: ReadonlyArray<{ userId: number; taskId: number }>,
): Promise<void> {
  if (!rows.length) return;
  const byTask = new Map<number, { userId: number; taskId: number; count: number }>();
  for (const row of rows) {
    const entry = byTask.get(row.taskId) ?? { userId: row.userId, taskId: row.taskId, count: 0 };
    entry.count++;
    byTask.set(row.taskId, entry);
  }
  const values = [...byTask.values()]
    .sort((a, b) => a.taskId - b.taskId)
    .map((v) => ({ userId: v.userId, taskId: v.taskId, stage: 'sent', count: v.count }));
  await tx
    .insert(recordStageCounts)
    .values(values)
    .onConflictDoUpdate({
      target: [recordStageCounts.taskId, recordStageCounts.stage],
      set: { count: sql`${recordStageCounts.count} + excluded.count` },
    });
}
