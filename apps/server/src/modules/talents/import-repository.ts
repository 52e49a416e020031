import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { talentImportUndo, talents } from './schema.ts';
import type { ImportRun } from '../../lib/sheets/import-runs.ts';
import type { TalentValues } from './repository.ts';

/**
 * The talent import's queries (its rules: import-service.ts, import-journal.ts): the chunk's
 * upsert, and the undo journal (`talent_import_undo`) it keeps beside it. Each is one
 * statement whatever the number of rows.
 */

/**
 * The columns an import overwrites: an existing talent takes the row's values for these
 * (the upsert), and each is journaled first so that a rollback can put them back.
 */
const overwritten = [
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
const dbNames = overwritten.map((key) => talents[key].name);
const platformFigures = new Set<string>(['businessAmountFen', 'dealCount']);

/** One statement per chunk: new talents are added, existing ones take the row's values. */
export async function upsertTalents(tx: Executor, values: TalentValues[]): Promise<number[]> {
  if (!values.length) return [];
  const written = await tx
    .insert(talents)
    .values(values)
    .onConflictDoUpdate({
      target: [talents.userId, talents.platform, talents.platformTalentId],
      set: Object.fromEntries(
        overwritten.map((key) => [
          key,
          // A talent the platform's orders cover keeps their figures (issue 19): a sheet's
          // business amount and deal count are the seller's own, for the others.
          platformFigures.has(key)
            ? sql.raw(
                `case when talents.figures_synced_at is null then excluded.${talents[key].name} else talents.${talents[key].name} end`,
              )
            : sql.raw(`excluded.${talents[key].name}`),
        ]),
      ),
    })
    .returning({ id: talents.id });
  return written.map((row) => row.id);
}

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
 * One chunk of a rollback, in one statement: the first `limit` journal rows of the run
 * taken, its added talents deleted, its updated ones given their old values back, those
 * journal rows dropped. A talent whose `updated_at` is no longer the run's (changed since the
 * import wrote it) is left alone. Answers how many journal rows it took (0: nothing left).
 */
export async function undoJournalChunk(
  tx: Executor,
  run: ImportRun,
  limit: number,
): Promise<number> {
  const writtenAt = run.writtenAt.toISOString();
  const restore = dbNames.map((n) => `"${n}" = b."${n}"`).join(', ');
  const result = await tx.execute(sql`
    with batch as (
      select * from ${talentImportUndo}
       where run_id = ${run.id}
       order by talent_id
       limit ${limit}
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

/** Drops up to `limit` journal rows of a run. Answers how many it dropped (0: none left). */
export async function dropJournalChunk(
  db: Executor,
  runId: string,
  limit: number,
): Promise<number> {
  const result = await db.execute(sql`
    delete from ${talentImportUndo}
     where (run_id, talent_id) in (
       select run_id, talent_id from ${talentImportUndo} where run_id = ${runId} limit ${limit}
     )
    returning 1`);
  return rowCount(result);
}

/** Up to `limit` runs whose journal rows outlived them (their import_runs row is gone). */
export async function orphanJournalRuns(db: Executor, limit: number): Promise<string[]> {
  const orphans = await db.execute(sql`
    select distinct u.run_id from ${talentImportUndo} u
     where not exists (select 1 from import_runs r where r.id = u.run_id)
     limit ${limit}`);
  const rows = ((orphans as { rows?: unknown[] }).rows ?? orphans) as Array<{ run_id: string }>;
  return rows.map((row) => row.run_id);
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  return Array.isArray(rows) ? rows.length : 0;
}
