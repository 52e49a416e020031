import {
  browserActionKind,
  browserActionPacks,
  browserBatchMax,
  inBatches,
  type Platform,
  type TaskType,
} from '@inviteflow/contract';
import type { Executor } from '../../../db/client.ts';
import { batchName, insertPlanned, type Planned } from './compile.ts';
import type { NewAction } from './repository.ts';

/**
 * A task whose records run in the browser (a shop bound without authorization, or a type no
 * API offers) becomes browser actions (issue 17), in the transaction that writes it: batches
 * as the page takes them (`browserBatchMax`), each with an idempotency key and the page pack
 * it runs with. The extension claims them; the server's executor never does (`channel`).
 * Answers, like `compileTaskActions`, the action of each of the task's `talents` records in
 * writing order: the records are inserted with it. `keyTag` keeps the keys of a second
 * compile of the same task (the legacy adoption, browser-legacy.ts) apart from the first's.
 */
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
  talents: number,
  now: Date,
  keyTag?: string,
): Promise<number[]> {
  const kind = browserActionKind(task.platform, task.taskType);
  const positions = Array.from({ length: talents }, (_, i) => i);
  const planned: Planned = inBatches(positions, browserBatchMax[kind]).map((batch, i, all) => ({
    values: {
      userId: task.userId,
      taskId: task.taskId,
      shopId: task.shopId,
      platform: task.platform,
      channel: 'browser',
      kind,
      packId: browserActionPacks[kind],
      idempotencyKey: `task:${task.taskId}:browser:${kind}:${keyTag ? `${keyTag}:` : ''}${i + 1}`,
      batch: i + 1,
      batches: all.length,
      name: task.collaborationName ? batchName(task.collaborationName, i + 1, all.length) : null,
      createdAt: now,
      updatedAt: now,
    } satisfies NewAction,
    positions: batch,
  }));
  return insertPlanned(tx, planned, talents);
}
