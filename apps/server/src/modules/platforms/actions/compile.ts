import {
  COLLABORATION_NAME_MAX,
  DOUDIAN_PLAN_AUTHORS_MAX,
  doudianTaskActions,
  TIKTOK_COLLABORATION_CREATORS_MAX,
  inBatches,
  tiktokTaskActions,
  type TaskType,
} from '@inviteflow/contract';
import type { Executor } from '../../../db/client.ts';
import { moveRecordsToActions, taskRecordsForActions } from '../../send-records/action-records.ts';
import { insertActions, type NewAction } from './repository.ts';

/**
 * A task of a shop connected by authorization becomes platform actions (DESIGN.md
 * "Platforms"), in the transaction that writes it: the batching rule is the contract's
 * (`inBatches`, `tiktokTaskActions`), the one the form previews.
 */

/** Actions written per statement. */
const CHUNK = 500;

/**
 * The collaboration name of batch `batch` of `batches`. One batch keeps the seller's name
 * exactly; several get " 2/3" so that each is distinct (the platform refuses a second running
 * collaboration of the shop with the same name, 98001004, as public automation of the seller
 * center records it; see tiktok-shop-sandbox/README.md), the name cut to keep within the
 * platform's 30 characters.
 */
export function batchName(name: string, batch: number, batches: number): string {
  const chars = [...name.trim()];
  if (batches <= 1) return chars.slice(0, COLLABORATION_NAME_MAX).join('');
  const suffix = ` ${batch}/${batches}`;
  return (
    chars
      .slice(0, COLLABORATION_NAME_MAX - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}

export async function compileTaskActions(
  tx: Executor,
  task: {
    userId: number;
    taskId: number;
    shopId: number;
    taskType: TaskType;
    collaborationName: string | null;
    /** The shop's platform (default tiktok). */
    platform?: string;
  },
  now: Date,
): Promise<number> {
  if (task.platform === 'douyin') return compileDoudianActions(tx, task, now);
  const action = tiktokTaskActions[task.taskType];
  if (action === 'browser_only') return 0;
  const records = await taskRecordsForActions(tx, task.userId, task.taskId);
  const base = {
    userId: task.userId,
    taskId: task.taskId,
    shopId: task.shopId,
    platform: 'tiktok',
    createdAt: now,
    updatedAt: now,
  };
  // Each action with the records it carries.
  const planned: Array<{ values: NewAction; recordIds: number[] }> =
    action === 'conversation'
      ? records.map((record, i) => ({
          values: {
            ...base,
            kind: 'conversation',
            idempotencyKey: `task:${task.taskId}:conversation:${record.id}`,
            batch: i + 1,
            batches: records.length,
          },
          recordIds: [record.id],
        }))
      : inBatches(records, TIKTOK_COLLABORATION_CREATORS_MAX).map((batch, i, all) => ({
          values: {
            ...base,
            kind: 'target_collaboration',
            idempotencyKey: `task:${task.taskId}:target_collaboration:${i + 1}`,
            batch: i + 1,
            batches: all.length,
            name: batchName(task.collaborationName ?? '', i + 1, all.length),
          },
          recordIds: batch.map((record) => record.id),
        }));
  return insertPlanned(tx, planned, now);
}

type Planned = Array<{ values: NewAction; recordIds: number[] }>;

/**
 * 抖店: a targeted product invitation adds its 达人 to the task's 定向计划 in actions of at
 * most 20 百应IDs (buyin.orienPlanAuthorsAdd); each action makes or finds the plan first.
 * Other task types are refused at creation for an authorized 抖店 shop (taskTypeRefusal).
 */
async function compileDoudianActions(
  tx: Executor,
  task: { userId: number; taskId: number; shopId: number; taskType: TaskType },
  now: Date,
): Promise<number> {
  if (doudianTaskActions[task.taskType] !== 'orien_plan') return 0;
  const records = await taskRecordsForActions(tx, task.userId, task.taskId);
  const planned: Planned = inBatches(records, DOUDIAN_PLAN_AUTHORS_MAX).map((batch, i, all) => ({
    values: {
      userId: task.userId,
      taskId: task.taskId,
      shopId: task.shopId,
      platform: 'douyin',
      kind: 'orien_plan_authors',
      idempotencyKey: `task:${task.taskId}:orien_plan_authors:${i + 1}`,
      batch: i + 1,
      batches: all.length,
      createdAt: now,
      updatedAt: now,
    },
    recordIds: batch.map((record) => record.id),
  }));
  return insertPlanned(tx, planned, now);
}

async function insertPlanned(tx: Executor, planned: Planned, now: Date): Promise<number> {
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
