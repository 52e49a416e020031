import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { affiliateOrders as o } from './schema.ts';

/** GMV of one task in one currency: the sum of its non-void orders (minor units) and their count. */
export interface TaskGmv {
  taskId: number;
  currency: string;
  amountMinor: number;
  orders: number;
}

/**
 * The GMV the workplace funnel shows (issue 19): the account's non-void affiliate orders
 * attributed to a task, summed per task and currency; of these tasks only when given (a
 * filtered funnel), else of every task. Refunded or cancelled orders (`void`) count in no figure.
 */
export async function gmvByTask(
  db: Executor,
  userId: number,
  taskIds?: readonly number[],
): Promise<TaskGmv[]> {
  if (taskIds && !taskIds.length) return [];
  const rows = await db
    .select({
      taskId: o.taskId,
      currency: o.currency,
      amountMinor: sql<string>`sum(${o.amountMinor})`,
      orders: sql<number>`count(*)::int`,
    })
    .from(o)
    .where(
      and(
        eq(o.userId, userId),
        eq(o.void, 0),
        taskIds
          ? sql`${o.taskId} = any(${sql.param([...taskIds])}::bigint[])`
          : sql`${o.taskId} is not null`,
      ),
    )
    .groupBy(o.taskId, o.currency);
  return rows.map((row) => ({
    taskId: Number(row.taskId),
    currency: row.currency,
    amountMinor: Number(row.amountMinor),
    orders: Number(row.orders),
  }));
}
