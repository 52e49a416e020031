import type { RecordStage } from '@inviteflow/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorEvents, recordStageCounts, sendRecords as r } from './schema.ts';

/** The queries of record stages (record-stages.ts): creator events, stage times, funnel counts. */

/** The record's column of each stage's first time. */
export const stageColumn = {
  accepted: r.acceptedAt,
  declined: r.declinedAt,
  expired: r.expiredAt,
  replied: r.repliedAt,
  sample_requested: r.sampleRequestedAt,
  content_posted: r.contentPostedAt,
  first_order: r.firstOrderAt,
} as const satisfies Record<RecordStage, unknown>;

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
      reached: stageColumn[where.stage],
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
    // Without a reference, no constant in ORDER BY (PostgreSQL refuses `order by false`).
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
    .set({ [keyOf(stage)]: at, stage: stageValue, updatedAt: at })
    .where(eq(r.id, recordId));
}

const keyOf = (stage: RecordStage) =>
  (
    ({
      accepted: 'acceptedAt',
      declined: 'declinedAt',
      expired: 'expiredAt',
      replied: 'repliedAt',
      sample_requested: 'sampleRequestedAt',
      content_posted: 'contentPostedAt',
      first_order: 'firstOrderAt',
    }) as const
  )[stage];

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
