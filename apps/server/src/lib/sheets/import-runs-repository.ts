import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { importRuns } from './schema.ts';

/** The `import_runs` queries (their rules, one import per account and recovery: import-runs.ts). */

export type ImportRunRow = typeof importRuns.$inferSelect;

/** Inserts the account's run unless it has one: false when another run holds the account. */
export async function insertRunUnlessBusy(
  db: Executor,
  values: { userId: number; id: string; kind: string; leaseUntil: Date; writtenAt: Date },
): Promise<boolean> {
  const claimed = await db
    .insert(importRuns)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: importRuns.id });
  return claimed.length > 0;
}

/**
 * Moves the run's lease to `leaseUntil` while its `undoing` is as given (taking its row
 * lock until the transaction ends): false when there is no such run.
 */
export async function extendLease(
  tx: Executor,
  runId: string,
  undoing: boolean,
  leaseUntil: Date,
): Promise<boolean> {
  const renewed = await tx
    .update(importRuns)
    .set({ leaseUntil })
    .where(and(eq(importRuns.id, runId), eq(importRuns.undoing, undoing)))
    .returning({ id: importRuns.id });
  return renewed.length > 0;
}

export async function deleteRun(db: Executor, runId: string): Promise<void> {
  await db.delete(importRuns).where(eq(importRuns.id, runId));
}

/** Sets `undoing` and a new lease on every run whose lease ended before `now`; answers them. */
export async function takeOverLapsedRuns(
  db: Executor,
  now: Date,
  leaseUntil: Date,
): Promise<ImportRunRow[]> {
  return db
    .update(importRuns)
    .set({ undoing: true, leaseUntil })
    .where(lt(importRuns.leaseUntil, now))
    .returning();
}

/** Ends every run's lease (sets it to -infinity). */
export async function lapseAllRuns(db: Executor): Promise<void> {
  await db.update(importRuns).set({ leaseUntil: sql`'-infinity'::timestamptz` });
}
