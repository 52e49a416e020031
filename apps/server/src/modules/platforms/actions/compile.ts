import {
  COLLABORATION_NAME_MAX,
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
  },
  talents: number,
  now: Date,
): Promise<number[] | null> {
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
  // Each action with the records (their positions in the task) it carries.
  const planned: Array<{ values: NewAction; positions: number[] }> =
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
