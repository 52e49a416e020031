import type { SendRecordFilters, sendRecordEditBody } from '@inviteflow/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { keysetPage, type KeysetPage, type PageRequest } from '../../lib/keyset.ts';
import { postMessage } from '../messages/index.ts';
import {
  RECORD_SORT,
  deleteRecordRow,
  findRecord,
  hasOpenRecords,
  lockRecord,
  lockTaskForSettle,
  lockTaskRow,
  markTaskFailureNotified,
  taskTally,
  updateRecord,
  walkRecords,
  type SendRecordRow,
} from './repository.ts';

/**
 * Send records after their task was made: a pending record's edit, a delete, and the
 * settling of a task once none of its records is left open. Creating tasks is
 * task-creation.ts (with task-talents.ts); the plan's daily allowance daily-allowance.ts.
 */

/**
 * One page of send records, newest first by default, reached by a cursor (next or previous
 * page at any depth) or by an offset from either end (lib/keyset.ts); never counts. The
 * talents' list pages the same way (talents/service.ts `talentPage`).
 */
export async function recordPage(
  db: Database,
  userId: number,
  filters: SendRecordFilters,
  request: PageRequest,
): Promise<KeysetPage<SendRecordRow>> {
  return keysetPage<SendRecordRow>(
    { ...request, sort: RECORD_SORT, isTime: true },
    (order, extra) => walkRecords(db, userId, filters, { order, ...extra }),
  );
}

/**
 * After records of a task became final (a report, a skip at claim, a delete): when none
 * is left open and some failed, the seller gets one `taskBatchFailed` message. The task
 * row is locked first, so of two reports finishing a task at once exactly one sees it
 * finished.
 */
export async function settleTask(
  tx: Executor,
  userId: number,
  taskId: number,
  now: Date,
  options: { taskLocked?: boolean } = {},
) {
  // A caller that locked the task's row first (the executor's write of an outcome) asks the
  // open-records probe before reading the task: no other writer of its records can be between
  // its write and its commit, so most settles end with the probe alone.
  if (options.taskLocked && (await hasOpenRecords(tx, taskId))) return;
  const task = await lockTaskForSettle(tx, userId, taskId);
  if (!task || task.failureNotifiedAt) return;
  // Most settles find the task still running: one probe of the open-records index says so
  // without counting the task's records (a 5,000-record task settles after each of its actions).
  if (!options.taskLocked && (await hasOpenRecords(tx, taskId))) return;
  const tally = await taskTally(tx, userId, taskId);
  if (!tally || tally.open > 0 || tally.failed === 0) return;
  await postMessage(tx, {
    userId,
    kind: 'taskBatchFailed',
    params: {
      taskId,
      setName: task.setName,
      shopName: tally.shopName,
      failed: tally.failed,
      total: tally.total,
    },
    dedupeKey: `taskBatchFailed:${taskId}`,
  });
  await markTaskFailureNotified(tx, taskId, now);
}

/** Edits a pending record (a claim skips a record being edited: it is locked). */
export async function editRecord(
  db: Database,
  userId: number,
  id: number,
  body: z.output<typeof sendRecordEditBody>,
  now: Date,
): Promise<SendRecordRow> {
  return db.transaction(async (tx) => {
    const row = await lockRecordAndTask(tx, userId, id);
    if (row.status !== 'pending') throw new AppError(409, 'error.recordNotPending');
    // A record the server executes belongs to a platform action of its task's type.
    if (row.channel === 'api' && body.taskType !== row.taskType) {
      throw new AppError(409, 'error.recordTaskTypeFixed');
    }
    return updateRecord(tx, userId, id, { ...body, updatedAt: now });
  });
}

/**
 * A running record is in a platform call (the server's channel) or handed to a browser under
 * its action's lease, or in doubt after one (issue 17: the record-by-record lease is retired):
 * it cannot be deleted then. A lapsed browser lease puts its records back to pending.
 */
function isLeased(row: SendRecordRow): boolean {
  return row.status === 'running';
}

/**
 * The record, locked after its task's row: the lock order of every writer of a task's records
 * (the executor of platform actions takes the task first), so an edit never deadlocks with it.
 */
async function lockRecordAndTask(tx: Executor, userId: number, id: number): Promise<SendRecordRow> {
  const found = await findRecord(tx, userId, id);
  if (!found) throw notFound();
  await lockTaskRow(tx, userId, found.taskId);
  const row = await lockRecord(tx, userId, id);
  if (!row) throw notFound();
  return row;
}

export async function deleteRecord(
  db: Database,
  userId: number,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRecordAndTask(tx, userId, id);
    if (isLeased(row)) throw new AppError(409, 'error.recordRunning');
    await deleteRecordRow(tx, userId, id);
    await settleTask(tx, userId, row.taskId, now);
  });
}
