import { setImmediate } from 'node:timers/promises';
import type { Database, Executor } from '../../db/client.ts';
import {
  releaseImport,
  renewImport,
  takeOverLapsedImports,
  type ImportRun,
} from '../../lib/sheets/import-runs.ts';
import { dropJournalChunk, orphanJournalRuns, undoJournalChunk } from './import-repository.ts';

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
/** Orphaned runs' journals dropped per pass of the job. */
const ORPHAN_RUNS = 100;

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
      return undoJournalChunk(tx, run, UNDO_CHUNK);
    });
    if (taken === 0) return;
    // Requests that arrived meanwhile go first (PGlite runs in this thread).
    await setImmediate();
  }
}

/** Drops the journal of a finished (committed) run, in short statements. */
export async function dropJournal(db: Executor, runId: string): Promise<void> {
  while ((await dropJournalChunk(db, runId, UNDO_CHUNK * 4)) > 0) await setImmediate();
}

/** Journal rows whose run is gone (a process died between finishing a run and dropping them). */
export async function dropOrphanJournals(db: Executor): Promise<void> {
  for (const runId of await orphanJournalRuns(db, ORPHAN_RUNS)) await dropJournal(db, runId);
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
