import type { FunnelCounts } from '@inviteflow/contract';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitationTasks as t, taskFunnelCounts as c } from './schema.ts';

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
 * task_funnel_counts (one row per task, kept from record_stage_counts as records succeed and
 * creators answer), never from the records: one statement, one row per task, whatever the
 * number of records. A task with nothing sent yet is there with zeros.
 */
export async function funnelTasks(
  db: Executor,
  userId: number,
  filter: FunnelTaskFilter,
): Promise<FunnelTask[]> {
  const rows = await db
    .select({
      id: t.id,
      shopId: t.shopId,
      setName: t.setName,
      scriptTemplateId: t.scriptTemplateId,
      createdAt: t.createdAt,
      sent: c.sent,
      accepted: c.accepted,
      replied: c.replied,
      sampleRequested: c.sampleRequested,
      contentPosted: c.contentPosted,
      firstOrder: c.firstOrder,
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
    );
  return rows.map((row) => ({
    id: Number(row.id),
    shopId: row.shopId,
    setName: row.setName,
    scriptTemplateId: row.scriptTemplateId,
    createdAt: row.createdAt,
    counts: {
      sent: Number(row.sent ?? 0),
      accepted: Number(row.accepted ?? 0),
      replied: Number(row.replied ?? 0),
      sample_requested: Number(row.sampleRequested ?? 0),
      content_posted: Number(row.contentPosted ?? 0),
      first_order: Number(row.firstOrder ?? 0),
    },
  }));
}
