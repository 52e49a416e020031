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
 * 抖店: a targeted product invitation is first one `orien_plan` action carrying every talent
 * (buyin.createOrUpdateOrienPlan: the task's 定向计划); once the plan exists it hands them to
 * `orien_plan_authors` actions of at most 20 百应IDs (executor.ts), so the plan is made once
 * whatever the number of batches. A group leader activity invitation is one
 * `activity_application` action per record (its talent is the activity's 团长). The types
 * 抖店 has no open API for run in the browser (taskChannel) and make no action here.
 */
async function compileDoudianActions(
  tx: Executor,
  task: { userId: number; taskId: number; shopId: number; taskType: TaskType },
  now: Date,
): Promise<number> {
  const action = doudianTaskActions[task.taskType];
  if (action === 'browser_only') return 0;
  const records = await taskRecordsForActions(tx, task.userId, task.taskId);
  if (!records.length) return 0;
  const base = {
    userId: task.userId,
    taskId: task.taskId,
    shopId: task.shopId,
    platform: 'douyin',
    createdAt: now,
    updatedAt: now,
  };
  const planned: Planned =
    action === 'orien_plan'
      ? [
          {
            values: {
              ...base,
              kind: 'orien_plan',
              idempotencyKey: `task:${task.taskId}:orien_plan`,
              batch: 1,
              batches: 1,
            },
            recordIds: records.map((record) => record.id),
          },
        ]
      : records.map((record, i) => ({
          values: {
            ...base,
            kind: 'activity_application',
            idempotencyKey: `task:${task.taskId}:activity_application:${record.id}`,
            batch: i + 1,
            batches: records.length,
          },
          recordIds: [record.id],
        }));
  return insertPlanned(tx, planned, now);
}

/** The author batches of a task's 定向计划, once it exists (the orien_plan action's success). */
export function orienPlanAuthorBatches<T extends { id: number }>(
  action: { userId: number; taskId: number; shopId: number },
  records: readonly T[],
  planId: string,
  now: Date,
): Array<{ values: NewAction; recordIds: number[] }> {
  return inBatches(records, DOUDIAN_PLAN_AUTHORS_MAX).map((batch, i, all) => ({
    values: {
      userId: action.userId,
      taskId: action.taskId,
      shopId: action.shopId,
      platform: 'douyin',
      kind: 'orien_plan_authors',
      idempotencyKey: `task:${action.taskId}:orien_plan_authors:${i + 1}`,
      batch: i + 1,
      batches: all.length,
      progress: { planId },
      createdAt: now,
      updatedAt: now,
    },
    recordIds: batch.map((record) => record.id),
  }));
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
