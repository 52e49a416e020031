import type { Platform, TaskType } from '@inviteflow/contract';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { invitationTasks, sendRecords } from '../../send-records/schema.ts';
import { shops } from '../../shops/schema.ts';
import { lockTaskRow } from '../../send-records/index.ts';
import { compileBrowserActions } from './browser-compile.ts';

/**
 * Records written before browser actions existed (issue 17) carry no action: the
 * record-by-record claim of the extension's old runner handed them out, and it is retired.
 * This job gives each task's open ones browser actions, so the browser channel claims them as
 * it claims every other: pending records, and running ones whose record lease (the old
 * claim's, 300 s) lapsed unreported, which that claim would have handed out again. A running
 * record whose old lease still holds is left until it lapses. Each pass takes a few tasks, on
 * every replica (SKIP LOCKED, under the task's row lock); answers the accounts it changed.
 */
const TASKS_PER_PASS = 20;

const r = sendRecords;

/** An open browser record without an action, not held by a live lease of the old claim. */
function adoptable(now: Date) {
  return and(
    isNull(r.actionId),
    eq(r.channel, 'browser'),
    or(
      eq(r.status, 'pending'),
      and(eq(r.status, 'running'), or(isNull(r.leasedUntil), lt(r.leasedUntil, now))),
    ),
  );
}

export async function adoptLegacyBrowserRecords(db: Database, now: Date): Promise<number[]> {
  const tasks = await db
    .selectDistinct({ userId: r.userId, taskId: r.taskId })
    .from(r)
    .where(adoptable(now))
    .limit(TASKS_PER_PASS);
  const changed = new Set<number>();
  for (const { userId, taskId } of tasks) {
    const adopted = await db.transaction(async (tx) => {
      await lockTaskRow(tx, userId, taskId);
      const rows = await tx
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.taskId, taskId), adoptable(now)))
        .orderBy(asc(r.id))
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;
      const [task] = await tx
        .select({
          shopId: invitationTasks.shopId,
          taskType: invitationTasks.taskType,
          platform: shops.platform,
        })
        .from(invitationTasks)
        .innerJoin(shops, eq(shops.id, invitationTasks.shopId))
        .where(and(eq(invitationTasks.userId, userId), eq(invitationTasks.id, taskId)));
      if (!task) return 0;
      const carriers = await compileBrowserActions(
        tx,
        {
          userId,
          taskId,
          shopId: task.shopId,
          platform: task.platform as Platform,
          taskType: task.taskType as TaskType,
          collaborationName: null,
        },
        rows.length,
        now,
        // Apart from any earlier compile of the task: the first record's id is this pass's own.
        `adopted-${rows[0]!.id}`,
      );
      const byAction = new Map<number, number[]>();
      rows.forEach((row, index) => {
        const actionId = carriers[index]!;
        byAction.set(actionId, [...(byAction.get(actionId) ?? []), row.id]);
      });
      for (const [actionId, ids] of byAction) {
        await tx
          .update(r)
          .set({
            actionId,
            status: 'pending',
            leaseId: null,
            leasedUntil: null,
            updatedAt: now,
          })
          .where(inArray(r.id, ids));
      }
      return rows.length;
    });
    if (adopted) changed.add(userId);
  }
  return [...changed];
}
