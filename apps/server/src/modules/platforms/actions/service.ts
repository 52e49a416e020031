import {
  TASK_ACTIONS_LISTED_MAX,
  type PlatformAction,
  type PlatformActionKind,
  type PagePackId,
  type PlatformActionStatus,
  type SendErrorCode,
  type ShopPause,
  type ShopPauseChannel,
  type ShopPauseReason,
  type StoppedPage,
  type TaskPlatformCalls,
} from '@inviteflow/contract';
import type { Executor } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { actionTask } from '../../send-records/index.ts';
import { stoppedPacks, type PacksByConfig } from '../page-packs/index.ts';
import { stopsInForce, type StopRow } from './browser-repository.ts';
import {
  actionTalentCounts,
  pausesOf,
  taskActions,
  waitingTaskPacks,
  type ActionRow,
  type PauseRow,
} from './repository.ts';

/** What the console shows of the executor's work: a task's calls, a shop's pause. */

function toShopPause(row: PauseRow | StopRow, channel: ShopPauseChannel): ShopPause {
  return {
    // A browser stop's `captcha` is told by its record-code name (contract shopPauseReasons).
    reason: (row.reason === 'captcha' ? 'captcha_required' : row.reason) as ShopPauseReason,
    channel,
    resumesAt: row.resumesAt?.toISOString() ?? null,
    timeZone: row.timeZone,
    answer: row.answer ?? null,
    since: row.since.toISOString(),
  };
}

/** Of two pauses of one shop, the one that lasts longer (no end: until the seller acts). */
function longer(a: ShopPause | undefined, b: ShopPause): ShopPause {
  if (!a) return b;
  if (a.resumesAt === null) return a;
  if (b.resumesAt === null) return b;
  return a.resumesAt >= b.resumesAt ? a : b;
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

/**
 * The pauses in force of the account's shops, by shop id (for My Shops and the task view):
 * the API executor's pauses and the browser channel's shop stops, of the channels asked for.
 * A shop paused on both shows the one that lasts longer.
 */
export async function shopPauses(
  db: Executor,
  userId: number,
  shopIds: readonly number[],
  now: Date,
  channels: readonly ShopPauseChannel[] = ['api', 'browser'],
): Promise<Map<number, ShopPause>> {
  const wanted = new Set(shopIds);
  const [api, browser] = await Promise.all([
    channels.includes('api') ? pausesOf(db, userId, shopIds, now) : [],
    channels.includes('browser') && wanted.size ? stopsInForce(db, userId, now) : [],
  ]);
  const pauses = new Map<number, ShopPause>();
  for (const row of api)
    pauses.set(row.shopId, longer(pauses.get(row.shopId), toShopPause(row, 'api')));
  for (const row of browser) {
    if (!wanted.has(row.shopId)) continue;
    pauses.set(row.shopId, longer(pauses.get(row.shopId), toShopPause(row, 'browser')));
  }
  return pauses;
}

/** A task's platform calls; another account's task (or none) answers 404. */
export async function taskPlatformCalls(
  db: Executor,
  userId: number,
  taskId: number,
  now: Date,
  packsByConfig: PacksByConfig,
): Promise<TaskPlatformCalls> {
  const task = await actionTask(db, userId, taskId);
  if (!task) throw notFound();
  const { rows, counts } = await taskActions(db, userId, taskId, TASK_ACTIONS_LISTED_MAX);
  const talents = await actionTalentCounts(
    db,
    rows.map((row) => row.id),
  );
  // The task's own channel: an API task does not wait on the extension's stop, nor the reverse.
  const pauses = await shopPauses(db, userId, [task.shopId], now, [
    task.channel === 'api' ? 'api' : 'browser',
  ]);
  const stoppedPages = await stoppedPagesOf(db, userId, taskId, packsByConfig);
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
    stoppedPages,
  };
}

/** The browser page flows the task's waiting actions need that are stopped now. */
async function stoppedPagesOf(
  db: Executor,
  userId: number,
  taskId: number,
  packsByConfig: PacksByConfig,
): Promise<StoppedPage[]> {
  const waiting = await waitingTaskPacks(db, userId, taskId);
  if (!waiting.length) return [];
  const stopped = await stoppedPacks(db, packsByConfig);
  return waiting.flatMap(({ kind, packId }) => {
    const reason = stopped.get(packId as PagePackId);
    return reason ? [{ kind, reason }] : [];
  });
}
