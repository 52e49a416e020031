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

/**
 * Writes the task's actions and answers, for each of its `talents` records in the order they
 * are written, the action that carries it: the records are inserted with their `action_id`
 * (one write of each record at creation, not an insert and then a move). Null for a task type
 * the platform's Open API cannot run (browser only): its records carry no action.
 */
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
  talents: number,
  now: Date,
): Promise<number[] | null> {
  if (task.platform === 'douyin') return compileDoudianActions(tx, task, talents, now);
  const action = tiktokTaskActions[task.taskType];
  if (action === 'browser_only') return null;
  const base = {
    userId: task.userId,
    taskId: task.taskId,
    shopId: task.shopId,
    platform: 'tiktok',
    createdAt: now,
    updatedAt: now,
  };
  const positions = Array.from({ length: talents }, (_, i) => i);
  const planned: Planned =
    action === 'conversation'
      ? positions.map((position) => ({
          values: {
            ...base,
            kind: 'conversation',
            idempotencyKey: `task:${task.taskId}:conversation:${position + 1}`,
            batch: position + 1,
            batches: talents,
          },
          positions: [position],
        }))
      : inBatches(positions, TIKTOK_COLLABORATION_CREATORS_MAX).map((batch, i, all) => ({
          values: {
            ...base,
            kind: 'target_collaboration',
            idempotencyKey: `task:${task.taskId}:target_collaboration:${i + 1}`,
            batch: i + 1,
            batches: all.length,
            name: batchName(task.collaborationName ?? '', i + 1, all.length),
          },
          positions: batch,
        }));
  return insertPlanned(tx, planned, talents);
}

/** Each action with the records it carries: their positions in the task, in writing order. */
export type Planned = Array<{ values: NewAction; positions: number[] }>;

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
  talents: number,
  now: Date,
): Promise<number[] | null> {
  const action = doudianTaskActions[task.taskType];
  if (action === 'browser_only' || talents === 0) return null;
  const base = {
    userId: task.userId,
    taskId: task.taskId,
    shopId: task.shopId,
    platform: 'douyin',
    createdAt: now,
    updatedAt: now,
  };
  const positions = Array.from({ length: talents }, (_, i) => i);
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
            positions,
          },
        ]
      : positions.map((position) => ({
          values: {
            ...base,
            kind: 'activity_application',
            idempotencyKey: `task:${task.taskId}:activity_application:${position + 1}`,
            batch: position + 1,
            batches: talents,
          },
          positions: [position],
        }));
  return insertPlanned(tx, planned, talents);
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

/** Inserts the planned actions; answers the action id of each record position. */
export async function insertPlanned(
  tx: Executor,
  planned: Planned,
  talents: number,
): Promise<number[]> {
  const carriers: number[] = new Array<number>(talents);
  for (let i = 0; i < planned.length; i += CHUNK) {
    const chunk = planned.slice(i, i + CHUNK);
    const rows = await insertActions(
      tx,
      chunk.map((p) => p.values),
    );
    const byKey = new Map(rows.map((row) => [row.idempotencyKey, row.id]));
    for (const p of chunk) {
      const id = byKey.get(p.values.idempotencyKey)!;
      for (const position of p.positions) carriers[position] = id;
    }
  }
  return carriers;
}
