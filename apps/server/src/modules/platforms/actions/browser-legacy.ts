import type { Platform, TaskType } from '@inviteflow/contract';
import type { Database } from '../../../db/client.ts';
import {
  actionTask,
  adoptRecords,
  lockLegacyBrowserRecords,
  lockTaskRow,
  tasksWithLegacyBrowserRecords,
} from '../../send-records/index.ts';
import { findShop } from '../../shops/index.ts';
import { compileBrowserActions } from './browser-compile.ts';

/**
 * Records written before browser actions existed (issue 17) carry no action: the
 * record-by-record claim of the extension's old runner handed them out, and it is retired.
 * This job gives each task's open ones browser actions, so the browser channel claims them as
 * it claims every other: pending records, and running ones whose record lease (the old
 * claim's, 300 s) lapsed unreported, which that claim would have handed out again. A running
 * record whose old lease still holds is left until it lapses. Each pass takes a few tasks, on
 * every replica (SKIP LOCKED, under the task's row lock); answers the accounts it changed.
 */
const TASKS_PER_PASS = 20;

export async function adoptLegacyBrowserRecords(db: Database, now: Date): Promise<number[]> {
  const tasks = await tasksWithLegacyBrowserRecords(db, now, TASKS_PER_PASS);
  const changed = new Set<number>();
  for (const { userId, taskId } of tasks) {
    const adopted = await db.transaction(async (tx) => {
      await lockTaskRow(tx, userId, taskId);
      const ids = await lockLegacyBrowserRecords(tx, taskId, now);
      if (!ids.length) return 0;
      // The task's type and its shop's platform, read (not locked) after the locks as before;
      // a task's shop is the account's own (task creation checks it).
      const task = await actionTask(tx, userId, taskId);
      const shop = task && (await findShop(tx, userId, task.shopId));
      if (!task || !shop) return 0;
      const carriers = await compileBrowserActions(
        tx,
        {
          userId,
          taskId,
          shopId: task.shopId,
          platform: shop.platform as Platform,
          taskType: task.taskType as TaskType,
          collaborationName: null,
        },
        ids.length,
        now,
        // Apart from any earlier compile of the task: the first record's id is this pass's own.
        `adopted-${ids[0]!}`,
      );
      const byAction = new Map<number, number[]>();
      ids.forEach((id, index) => {
        const actionId = carriers[index]!;
        byAction.set(actionId, [...(byAction.get(actionId) ?? []), id]);
      });
      for (const [actionId, adoptedIds] of byAction) {
        await adoptRecords(tx, actionId, adoptedIds, now);
      }
      return ids.length;
    });
    if (adopted) changed.add(userId);
  }
  return [...changed];
}
