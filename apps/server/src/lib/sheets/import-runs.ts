import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client.ts';
import {
  deleteRun,
  extendLease,
  insertRunUnlessBusy,
  lapseAllRuns,
  takeOverLapsedRuns,
} from './import-runs-repository.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { SheetLimitError, UnreadableFileError, type SheetLimit } from './sheet-types.ts';
import type { CatalogueKey } from '@inviteflow/contract';

/**
 * One import at a time per account, across every replica (issue 15, F3): an import
 * claims its account's `import_runs` row before it reads the file, and a second one is
 * refused with 409 while the first runs. The claim is a lease the writer renews in each
 * of its (short) write transactions; a run whose lease lapsed belongs to a process that
 * died or lost the database, and the `import-recovery` job rolls it back (talent imports
 * keep an undo journal, see modules/talents/import-journal.ts) and frees the account.
 */

/** How long a claim holds without a renewal: longer than reading a file may take. */
export const IMPORT_LEASE_MS = 90_000;

export type ImportKind = 'talents' | 'send-records';

export interface ImportRun {
  id: string;
  userId: number;
  kind: ImportKind;
  /** The `updated_at` the run stamps on what it writes (ms precision, as stored). */
  writtenAt: Date;
}

const leaseFrom = (now: Date) => new Date(now.getTime() + IMPORT_LEASE_MS);

/** Claims the account for an import, or answers 409 while another one runs. */
export async function claimImport(
  db: Executor,
  userId: number,
  kind: ImportKind,
  now: Date,
): Promise<ImportRun> {
  const run: ImportRun = { id: randomUUID(), userId, kind, writtenAt: new Date(now.getTime()) };
  const claimed = await insertRunUnlessBusy(db, {
    userId,
    id: run.id,
    kind,
    leaseUntil: leaseFrom(now),
    writtenAt: run.writtenAt,
  });
  if (!claimed) throw conflict('error.importBusy');
  return run;
}

/** The run lost its lease to a rollback: it must stop writing. */
export class ImportRunLostError extends Error {
  constructor(readonly runId: string) {
    super(`import run ${runId} lost its lease`);
    this.name = 'ImportRunLostError';
  }
}

/**
 * Renews the lease inside a write transaction of the run. The row lock it takes orders
 * the write against a rollback's take-over: a write that commits first is journaled and
 * rolled back with the rest, one that comes after finds the run taken and stops.
 */
export async function renewImport(
  tx: Executor,
  run: ImportRun,
  now: Date,
  options: { undoing?: boolean } = {},
): Promise<void> {
  const renewed = await extendLease(tx, run.id, options.undoing ?? false, leaseFrom(now));
  if (!renewed) throw new ImportRunLostError(run.id);
}

/** Frees the account: the import is over (for a talent import, this commits it). */
export async function releaseImport(db: Executor, run: ImportRun): Promise<void> {
  await deleteRun(db, run.id);
}

/**
 * Runs `work` holding the account's import claim, and frees it afterwards, whatever
 * happens. For imports that write in one transaction (send records).
 */
export async function withImportClaim<T>(
  db: Database,
  userId: number,
  kind: ImportKind,
  now: Date,
  work: (run: ImportRun) => Promise<T>,
): Promise<T> {
  const run = await claimImport(db, userId, kind, now);
  try {
    return await work(run);
  } finally {
    // A failure here (the database away) leaves the lease to lapse and the job to free it.
    await releaseImport(db, run).catch(() => undefined);
  }
}

/**
 * Runs whose lease lapsed, each taken over (lease renewed, `undoing` set) by this call
 * alone: two replicas' jobs never roll the same run back at once.
 */
export async function takeOverLapsedImports(db: Database, now: Date): Promise<ImportRun[]> {
  const taken = await takeOverLapsedRuns(db, now, leaseFrom(now));
  return taken.map((row) => ({
    id: row.id,
    userId: row.userId,
    kind: row.kind as ImportKind,
    writtenAt: row.writtenAt,
  }));
}

/**
 * Marks every run as lapsed. Only for the embedded database at start: PGlite belongs to
 * one process, so a run found then was left by a process that died.
 */
export async function lapseAllImports(db: Database): Promise<void> {
  await lapseAllRuns(db);
}

/** The message of each read limit. */
const limitMessages: Record<SheetLimit, CatalogueKey> = {
  cells: 'error.importTooManyCells',
  cellChars: 'error.importCellTooLong',
  sharedChars: 'error.importTextTooLarge',
  unzippedMb: 'error.importUnzippedTooLarge',
  parts: 'error.importTooManyParts',
  xmlDepth: 'error.importTooDeep',
  seconds: 'error.importTooSlow',
};

/** A reading failure as the answer the importer gives (400, saying what is wrong); others as they are. */
export function readFailure(error: unknown): unknown {
  if (error instanceof UnreadableFileError) return badRequest('error.importFileUnreadable');
  if (error instanceof SheetLimitError) {
    const { max, row } = error.params;
    if (error.limit === 'cellChars' && (row === null || row === undefined)) {
      return badRequest('error.importSharedCellTooLong', { max });
    }
    return new AppError(400, limitMessages[error.limit], { max, ...(row ? { row } : {}) });
  }
  return error;
}
