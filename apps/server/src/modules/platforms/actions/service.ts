import {
  TASK_ACTIONS_LISTED_MAX,
  type PlatformAction,
  type PlatformActionKind,
  type PlatformActionStatus,
  type SendErrorCode,
  type ShopPause,
  type ShopPauseReason,
  type TaskPlatformCalls,
} from '@inviteflow/contract';
import type { Executor } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { actionTask } from '../../send-records/action-records.ts';
import {
  actionTalentCounts,
  pausesOf,
  taskActions,
  type ActionRow,
  type PauseRow,
} from './repository.ts';

/** What the console shows of the executor's work: a task's calls, a shop's pause. */

export function toShopPause(row: PauseRow): ShopPause {
  return {
    reason: row.reason as ShopPauseReason,
    resumesAt: row.resumesAt?.toISOString() ?? null,
    timeZone: row.timeZone,
    answer: row.answer,
    since: row.since.toISOString(),
  };
}

function toPlatformAction(row: ActionRow, talents: number): PlatformAction {
  return {
    id: row.id,
    taskId: row.taskId,
    shopId: row.shopId,
    kind: row.kind as PlatformActionKind,
    status: row.status as PlatformActionStatus,
    batch: row.batch,
    batches: row.batches,
    talents,
    attempts: row.attempts,
    notBefore: row.notBefore?.toISOString() ?? null,
    name: row.name,
    reference: row.reference ?? null,
    errorCode: (row.errorCode as SendErrorCode | null) ?? null,
    answer: row.answer ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The pauses in force of the account's shops, by shop id (for My Shops and the task view). */
export async function shopPauses(
  db: Executor,
  userId: number,
  shopIds: readonly number[],
  now: Date,
): Promise<Map<number, ShopPause>> {
  const rows = await pausesOf(db, userId, shopIds, now);
  return new Map(rows.map((row) => [row.shopId, toShopPause(row)]));
}

/** A task's platform calls; another account's task (or none) answers 404. */
export async function taskPlatformCalls(
  db: Executor,
  userId: number,
  taskId: number,
  now: Date,
): Promise<TaskPlatformCalls> {
  const task = await actionTask(db, userId, taskId);
  if (!task) throw notFound();
  const { rows, counts } = await taskActions(db, userId, taskId, TASK_ACTIONS_LISTED_MAX);
  const talents = await actionTalentCounts(
    db,
    rows.map((row) => row.id),
  );
  const pauses = await shopPauses(db, userId, [task.shopId], now);
  return {
    taskId,
    shopId: task.shopId,
    channel: task.channel === 'api' ? 'api' : 'browser',
    counts: {
      pending: counts.pending ?? 0,
      running: counts.running ?? 0,
      unknown: counts.unknown ?? 0,
      succeeded: counts.succeeded ?? 0,
      failed: counts.failed ?? 0,
    },
    // A finished action counts the talents it carried (they may have moved on to a card).
    actions: rows.map((row) =>
      toPlatformAction(
        row,
        typeof row.progress.talents === 'number'
          ? row.progress.talents
          : (talents.get(row.id) ?? 0),
      ),
    ),
    pause: pauses.get(task.shopId) ?? null,
  };
}
