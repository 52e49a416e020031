import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

/** The time a count may take on PostgreSQL before the planner's estimate answers instead. */
export const COUNT_BUDGET_MS = 1_000;

export interface CountResult {
  total: number;
  /** False when the total is the planner's estimate (a count that ran out of time). */
  exact: boolean;
}

/**
 * The rows of `table` that `where` matches, asked once per filter beside the pages
 * (never per page): counted exactly within `budgetMs` on PostgreSQL; a count that
 * would take longer (a broad filter over millions of rows on a busy server) is
 * cancelled and the planner's estimate answers, marked as such ("about") and never
 * above `whole` (the account's total). A database without statement timeouts (PGlite:
 * one thread, `db.capabilities`) counts its smaller tables exactly.
 */
export async function countWithinBudget(
  db: Database,
  table: PgTable,
  where: SQL,
  whole: () => Promise<number>,
  budgetMs: number = COUNT_BUDGET_MS,
): Promise<CountResult> {
  try {
    const total = await db.transaction(async (tx) => {
      if (db.capabilities.statementTimeout) {
        const budget = Math.max(1, Math.round(budgetMs));
        await tx.execute(sql.raw(`set local statement_timeout = ${budget}`));
      }
      return countExactly(tx as unknown as Database, table, where);
    });
    return { total, exact: true };
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
  }
  const estimate = await plannedRows(db, table, where);
  return { total: Math.min(await whole(), Math.max(1, estimate)), exact: false };
}

/** An exact count, however long it takes (an export's progress bar needs the real number). */
export async function countExactly(db: Database, table: PgTable, where: SQL): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as total from ${table} where ${where}`);
  const rows = (result as unknown as { rows: Array<{ total: number }> }).rows;
  return Number(rows[0]?.total ?? 0);
}

/** Postgres cancelled the statement (statement_timeout). */
function isQueryCanceled(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The planner's row estimate for a filter: statistics, no rows read. */
async function plannedRows(db: Database, table: PgTable, where: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${table} where ${where}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Math.max(0, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0));
}
