import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { talentImportUndo, talents } from './schema.ts';
import {
  releaseImport,
  renewImport,
  takeOverLapsedImports,
  type ImportRun,
} from '../../lib/sheets/import-runs.ts';

/**
 * The undo journal of a talent import (issue 15, F3). An import writes in short
 * transactions, one per chunk of rows, so that other accounts' queries run between them
 * (PGlite runs one query at a time). To stay all-or-nothing, each chunk's transaction
 * first copies the values it is about to overwrite (and, after the write, the ids it
 * added) into `talent_import_undo`; a failed import is rolled back from there, chunk by
 * chunk, by the request itself or, when its process died, by the `import-recovery` job.
 * A rollback leaves alone a talent changed since the import wrote it (its `updated_at`
 * is no longer the run's), and removes nothing but what the import added.
 */

/** Journal rows undone (or dropped) per transaction. */
const UNDO_CHUNK = 500;

/** The columns an import overwrites, all journaled. */
const journaled = [
  'name',
  'nameGrams',
  'creatorOpenId',
  'buyinId',
  'buyinUid',
  'shopName',
  'industry',
  'labels',
  'status',
  'statusBeforeBlacklist',
  'contactMethod',
  'contactInfo',
  'fansCount',
  'videoAvgViews',
  'videoGpmFen',
  'liveAvgViews',
  'liveGpmFen',
  'businessAmountFen',
  'dealCount',
  'remark',
  'addedAt',
  'updatedAt',
] as const;

const columnList = (names: string[]) => sql.raw(names.map((name) => `"${name}"`).join(', '));
const dbNames = journaled.map((key) => talents[key].name);

/** Before a chunk overwrites these talents: their current values. */
export async function journalUpdates(
  tx: Executor,
  run: ImportRun,
  talentIds: readonly number[],
): Promise<void> {
  if (!talentIds.length) return;
  await tx.execute(sql`
    insert into ${talentImportUndo} (run_id, talent_id, added, ${columnList(dbNames)})
    select ${run.id}, t.id, false, ${sql.raw(dbNames.map((n) => `t."${n}"`).join(', '))}
      from ${talents} t
     where t.user_id = ${run.userId}
       and t.id = any(${sql.param(talentIds.map(String))}::bigint[])
    on conflict do nothing`);
}

/** After a chunk wrote: the talents it added. */
export async function journalAdditions(
  tx: Executor,
  run: ImportRun,
  talentIds: readonly number[],
): Promise<void> {
  if (!talentIds.length) return;
  await tx
    .insert(talentImportUndo)
    .values(talentIds.map((talentId) => ({ runId: run.id, talentId, added: true })))
    .onConflictDoNothing();
}

/**
 * One chunk of the rollback, in one statement: the chunk's added talents deleted, its
 * updated ones given their old values back, its journal rows dropped. Answers how many
 * journal rows it took (0: nothing left).
 */
async function undoChunk(tx: Executor, run: ImportRun): Promise<number> {
  const writtenAt = run.writtenAt.toISOString();
  const restore = dbNames.map((n) => `"${n}" = b."${n}"`).join(', ');
  const result = await tx.execute(sql`
    with batch as (
      select * from ${talentImportUndo}
       where run_id = ${run.id}
       order by talent_id
       limit ${UNDO_CHUNK}
    ), removed as (
      delete from ${talents} t using batch b
       where b.added and t.id = b.talent_id and t.user_id = ${run.userId}
         and t.updated_at = ${writtenAt}::timestamptz
    ), restored as (
      update ${talents} t set ${sql.raw(restore)}
        from batch b
       where not b.added and t.id = b.talent_id and t.user_id = ${run.userId}
         and t.updated_at = ${writtenAt}::timestamptz
    )
    delete from ${talentImportUndo} u using batch b
     where u.run_id = b.run_id and u.talent_id = b.talent_id
    returning 1`);
  return rowCount(result);
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  return Array.isArray(rows) ? rows.length : 0;
}

/**
 * Rolls a talent import back, in short transactions, each renewing the run's lease (as
 * its owner, or as the job that took it over).
 */
export async function undoTalentImport(
  db: Database,
  run: ImportRun,
  options: { undoing: boolean; now: () => Date },
): Promise<void> {
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      await renewImport(tx, run, options.now(), { undoing: options.undoing });
      return undoChunk(tx, run);
    });
    if (taken === 0) return;
    // Requests that arrived meanwhile go first (PGlite runs in this thread).
    await setImmediate();
  }
}

/** Drops the journal of a finished (committed) run, in short statements. */
export async function dropJournal(db: Executor, runId: string): Promise<void> {
  for (;;) {
    const result = await db.execute(sql`
      delete from ${talentImportUndo}
       where (run_id, talent_id) in (
         select run_id, talent_id from ${talentImportUndo} where run_id = ${runId} limit ${UNDO_CHUNK * 4}
       )
      returning 1`);
    if (rowCount(result) === 0) return;
    await setImmediate();
  }
}

/** Journal rows whose run is gone (a process died between finishing a run and dropping them). */
export async function dropOrphanJournals(db: Executor): Promise<void> {
  const orphans = await db.execute(sql`
    select distinct u.run_id from ${talentImportUndo} u
     where not exists (select 1 from import_runs r where r.id = u.run_id)
     limit 100`);
  const rows = ((orphans as { rows?: unknown[] }).rows ?? orphans) as Array<{ run_id: string }>;
  for (const { run_id: runId } of rows) await dropJournal(db, runId);
}

/**
 * The `import-recovery` job's pass: every import whose lease lapsed (its process died or
 * lost the database mid-way) is taken over, rolled back (talent imports, from their
 * journal) and its account freed; journals left by finished runs are dropped. Answers
 * the accounts whose talents may have changed.
 */
export async function recoverLapsedImports(
  db: Database,
  now: Date,
  clock: () => Date,
): Promise<number[]> {
  const accounts: number[] = [];
  for (const run of await takeOverLapsedImports(db, now)) {
    if (run.kind === 'talents') await undoTalentImport(db, run, { undoing: true, now: clock });
    await releaseImport(db, run);
    accounts.push(run.userId);
  }
  await dropOrphanJournals(db);
  return accounts;
}
