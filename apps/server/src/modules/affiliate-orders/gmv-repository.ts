import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { affiliateOrderTaskGmv as g } from './schema.ts';

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
 * Read from the rollup upsertOrders keeps (affiliate_order_task_gmv: a row per task, shop and
 * currency), never from the orders: a few rows per task however many orders it has.
 */
export async function gmvByTask(
  db: Executor,
  userId: number,
  taskIds?: readonly number[],
): Promise<TaskGmv[]> {
  if (taskIds && !taskIds.length) return [];
  const rows = await db
    .select({
      taskId: g.taskId,
      currency: g.currency,
      amountMinor: sql<string>`sum(${g.amountMinor})`,
      orders: sql<string>`sum(${g.orders})`,
    })
    .from(g)
    .where(
      and(
        eq(g.userId, userId),
        // A task whose every line became void keeps a row of zeros: not a figure.
        gt(g.orders, 0),
        taskIds ? sql`${g.taskId} = any(${sql.param([...taskIds])}::bigint[])` : undefined,
      ),
    )
    .groupBy(g.taskId, g.currency);
  return rows.map((row) => ({
    taskId: Number(row.taskId),
    currency: row.currency,
    amountMinor: Number(row.amountMinor),
    orders: Number(row.orders),
  }));
}
