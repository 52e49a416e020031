import type { PlatformAnswer, PlatformReference, SendErrorCode } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { markRecordsSent, writeFailure, writeSuccess } from './action-records-repository.ts';
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

type RecordFailure = { code: SendErrorCode; message: string; answer: PlatformAnswer | null };

/**
 * A browser's answers about the records it was handed, in as few statements as they allow:
 * the successes grouped by what they became on the platform (one collaboration for a whole
 * batch), the refusals by their failure, each marked answered (the daily allowance counts
 * them) in the same statement, then each task settled once. Record by record this
 * was three to five statements each inside the report's transaction (issue 18's bench: a
 * report of 40 records held a pooled connection for seconds under load).
 */
export async function settleBrowserAnswers(
  tx: Executor,
  answers: {
    succeeded: ReadonlyArray<{ id: number; reference: PlatformReference }>;
    failed: ReadonlyArray<{ id: number; failure: RecordFailure }>;
  },
  now: Date,
): Promise<void> {
  const rows: Array<{ id: number; userId: number; taskId: number }> = [];
  const sent = { sentAt: now };
  for (const [reference, ids] of grouped(answers.succeeded, (a) => a.reference)) {
    rows.push(...(await writeSuccess(tx, { ids }, reference, now, sent)));
  }
  for (const [failure, ids] of grouped(answers.failed, (a) => a.failure)) {
    rows.push(...(await writeFailure(tx, ids, failure, now, sent)));
  }
  // A record no longer open (made final meanwhile) kept its outcome but was still answered
  // about: the allowance counts it too. Usually none, and then no statement.
  const written = new Set(rows.map((row) => row.id));
  await markRecordsSent(
    tx,
    [...answers.succeeded, ...answers.failed].map((a) => a.id).filter((id) => !written.has(id)),
    now,
  );
  await settleTasksOf(tx, rows, now);
}

/** Ids grouped by an equal value (compared as JSON), each group with its value. */
function grouped<A extends { id: number }, V>(
  items: readonly A[],
  valueOf: (item: A) => V,
): Array<[V, number[]]> {
  const groups = new Map<string, [V, number[]]>();
  for (const item of items) {
    const value = valueOf(item);
    const key = JSON.stringify(value);
    const group = groups.get(key) ?? [value, []];
    group[1].push(item.id);
    groups.set(key, group);
  }
  return [...groups.values()];
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
