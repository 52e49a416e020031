import {
  browserActionKind,
  browserActionPacks,
  browserBatchMax,
  inBatches,
  type Platform,
  type TaskType,
} from '@inviteflow/contract';
import type { Executor } from '../../../db/client.ts';
import { moveRecordsToActions, taskRecordsForActions } from '../../send-records/action-records.ts';
import { batchName } from './compile.ts';
import { insertActions, type NewAction } from './repository.ts';

/**
 * A task whose records run in the browser (a shop bound without authorization, or a type no
 * API offers) becomes browser actions (issue 17), in the transaction that writes it: batches
 * as the page takes them (`browserBatchMax`), each with an idempotency key and the page pack
 * it runs with. The extension claims them; the server's executor never does (`channel`).
 */

const CHUNK = 500;

export async function compileBrowserActions(
  tx: Executor,
  task: {
    userId: number;
    taskId: number;
    shopId: number;
    platform: Platform;
    taskType: TaskType;
    collaborationName: string | null;
  },
  now: Date,
): Promise<number> {
  const kind = browserActionKind(task.platform, task.taskType);
  const records = await taskRecordsForActions(tx, task.userId, task.taskId);
  const batches = inBatches(records, browserBatchMax[kind]);
  const planned = batches.map((batch, i, all) => ({
    values: {
      userId: task.userId,
      taskId: task.taskId,
      shopId: task.shopId,
      platform: task.platform,
      channel: 'browser',
      kind,
      packId: browserActionPacks[kind],
      idempotencyKey: `task:${task.taskId}:browser:${kind}:${i + 1}`,
      batch: i + 1,
      batches: all.length,
      name: task.collaborationName ? batchName(task.collaborationName, i + 1, all.length) : null,
      createdAt: now,
      updatedAt: now,
    } satisfies NewAction,
    recordIds: batch.map((record) => record.id),
  }));
  for (let i = 0; i < planned.length; i += CHUNK) {
    const chunk = planned.slice(i, i + CHUNK);
    const rows = await insertActions(
      tx,
      chunk.map((p) => p.values),
    );
    const byKey = new Map(rows.map((row) => [row.idempotencyKey, row.id]));
    await moveRecordsToActions(
      tx,
      chunk.flatMap((p) =>
        p.recordIds.map((recordId) => ({
          recordId,
          actionId: byKey.get(p.values.idempotencyKey)!,
        })),
      ),
      null,
      now,
    );
  }
  return planned.length;
}
