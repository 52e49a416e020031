import { funnelSteps, type FunnelCounts } from '@inviteflow/contract';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitationTasks as t, recordStageCounts as c } from './schema.ts';

/** A task of the funnel: what it is grouped by, and its records per funnel step. */
export interface FunnelTask {
  id: number;
  shopId: number;
  setName: string;
  scriptTemplateId: number | null;
  createdAt: Date;
  counts: FunnelCounts;
}

export interface FunnelTaskFilter {
  shopId?: number | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

/**
 * The account's tasks (of a shop, created in a time range) with their funnel counts, read from
 * record_stage_counts (a few rows per task, kept as records succeed and creators answer), never
 * from the records: one statement whatever the number of records. A task with nothing sent yet
 * is there with zeros.
 */
export async function funnelTasks(
  db: Executor,
  userId: number,
  filter: FunnelTaskFilter,
): Promise<FunnelTask[]> {
  const steps = Object.fromEntries(
    funnelSteps.map((step) => [
      step,
      sql<string>`coalesce(sum(${c.count}) filter (where ${c.stage} = ${step}), 0)`,
    ]),
  ) as Record<keyof FunnelCounts, ReturnType<typeof sql<string>>>;
  const rows = await db
    .select({
      id: t.id,
      shopId: t.shopId,
      setName: t.setName,
      scriptTemplateId: t.scriptTemplateId,
      createdAt: t.createdAt,
      ...steps,
    })
    .from(t)
    .leftJoin(c, and(eq(c.taskId, t.id), eq(c.userId, userId)))
    .where(
      and(
        eq(t.userId, userId),
        filter.shopId !== undefined ? eq(t.shopId, filter.shopId) : undefined,
        filter.createdFrom !== undefined
          ? gte(t.createdAt, new Date(filter.createdFrom))
          : undefined,
        filter.createdTo !== undefined ? lte(t.createdAt, new Date(filter.createdTo)) : undefined,
      ),
    )
    .groupBy(t.id);
  return rows.map((row) => {
    return {
      id: Number(row.id),
      shopId: row.shopId,
      setName: row.setName,
      scriptTemplateId: row.scriptTemplateId,
      createdAt: row.createdAt,
      counts: Object.fromEntries(
        funnelSteps.map((step) => [step, Number(row[step])]),
      ) as FunnelCounts,
    };
  });
}
