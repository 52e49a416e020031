import type { Executor } from '../../../db/client.ts';
import { pagePackSwitches } from './schema.ts';

/** The operators' page pack switches: the only place their table is queried. */

export type SwitchRow = typeof pagePackSwitches.$inferSelect;

export async function allSwitches(db: Executor): Promise<SwitchRow[]> {
  return db.select().from(pagePackSwitches);
}

export async function saveSwitch(
  db: Executor,
  row: { packId: string; version: number; stopped: boolean; reason: string; updatedBy: number },
  now: Date,
): Promise<void> {
  await db
    .insert(pagePackSwitches)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [pagePackSwitches.packId, pagePackSwitches.version],
      set: { stopped: row.stopped, reason: row.reason, updatedBy: row.updatedBy, updatedAt: now },
    });
}
