import type { PlatformAnswer, PlatformReference, SendErrorCode } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { writeFailure, writeSuccess } from './action-records-repository.ts';
import { settleTask } from './service.ts';

/**
 * The final writes of a platform action's records (modules/platforms/actions): each settles
 * the task after it (its "batch failed" message). The queries are action-records-repository.ts.
 */

async function settleTasksOf(
  tx: Executor,
  rows: ReadonlyArray<{ userId: number; taskId: number }>,
  now: Date,
) {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.userId}:${row.taskId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await settleTask(tx, row.userId, row.taskId, now);
  }
}

/** Records whose invitation reached the platform: success, with what it became there. */
export async function succeedRecords(
  tx: Executor,
  ids: readonly number[],
  reference: PlatformReference,
  now: Date,
): Promise<void> {
  if (!ids.length) return;
  const rows = await writeSuccess(tx, { ids }, reference, now);
  await settleTasksOf(tx, rows, now);
}

/**
 * All the open records of an action reached the platform: success, in one statement from the
 * action (no lock and read of its records first). Answers how many. Call with the task's row
 * locked (`lockTaskRow`), as the executor's write of an outcome does.
 */
export async function succeedActionRecords(
  tx: Executor,
  actionId: number,
  reference: PlatformReference,
  now: Date,
): Promise<number> {
  const rows = await writeSuccess(tx, { actionId }, reference, now);
  const [first] = rows;
  if (first) await settleTask(tx, first.userId, first.taskId, now, { taskLocked: true });
  return rows.length;
}

/** Records the platform refused for the talent itself (or the request): failed with the codes. */
export async function failRecords(
  tx: Executor,
  ids: readonly number[],
  failure: { code: SendErrorCode; message: string; answer: PlatformAnswer | null },
  now: Date,
): Promise<void> {
  if (!ids.length) return;
  const rows = await writeFailure(tx, ids, failure, now);
  await settleTasksOf(tx, rows, now);
}

/** Blacklisted records of a browser claim: failed, never handed out. */
export async function failBlacklisted(
  tx: Executor,
  ids: readonly number[],
  message: string,
  now: Date,
): Promise<void> {
  await failRecords(tx, ids, { code: 'blacklisted', message, answer: null }, now);
}
