import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageOffset } from '../../lib/sql.ts';
import { affiliateOrders as o } from './schema.ts';

/** The queries of affiliate orders (issue 19): the only file reading or writing the table. */

export type AffiliateOrderRow = typeof o.$inferSelect;
export type NewAffiliateOrder = Omit<typeof o.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Writes order lines by the shop and the platform's order key: a new line is inserted, a line
 * read again is updated only when something of it changed (status, refunds, attribution).
 * Answers the lines inserted or changed (a re-read of unchanged lines answers none).
 */
export async function upsertOrders(
  tx: Executor,
  rows: readonly NewAffiliateOrder[],
  at: Date,
): Promise<Array<{ id: number; talentId: number | null }>> {
  if (!rows.length) return [];
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return tx
    .insert(o)
    .values(rows.map((row) => ({ ...row, createdAt: at, updatedAt: at })))
    .onConflictDoUpdate({
      target: [o.shopId, o.platformOrderKey],
      set: {
        talentId: excluded('talent_id'),
        taskId: excluded('task_id'),
        recordId: excluded('record_id'),
        creatorKey: excluded('creator_key'),
        productId: excluded('product_id'),
        quantity: excluded('quantity'),
        amountMinor: excluded('amount_minor'),
        currency: excluded('currency'),
        status: excluded('status'),
        void: excluded('void'),
        orderedAt: excluded('ordered_at'),
        updatedAt: at,
      },
      setWhere: sql`(${o.talentId}, ${o.taskId}, ${o.recordId}, ${o.creatorKey}, ${o.productId},
        ${o.quantity}, ${o.amountMinor}, ${o.currency}, ${o.status}, ${o.void}, ${o.orderedAt})
        is distinct from (excluded.talent_id, excluded.task_id, excluded.record_id,
        excluded.creator_key, excluded.product_id, excluded.quantity, excluded.amount_minor,
        excluded.currency, excluded.status, excluded.void, excluded.ordered_at)`,
    })
    .returning({ id: o.id, talentId: o.talentId });
}

/**
 * A talent's figures from its orders: the currency of its latest order, the sum of its
 * non-void lines in that currency, and how many distinct non-void orders it has (all
 * currencies: a deal is a deal). Null when no order names the talent.
 */
export async function figuresOfTalent(
  db: Executor,
  userId: number,
  talentId: number,
): Promise<{ currency: string; amountMinor: number; deals: number } | null> {
  const [latest] = await db
    .select({ currency: o.currency })
    .from(o)
    .where(and(eq(o.userId, userId), eq(o.talentId, talentId)))
    .orderBy(desc(o.orderedAt), desc(o.id))
    .limit(1);
  if (!latest) return null;
  const [sums] = await db
    .select({
      amount: sql<string>`coalesce(sum(${o.amountMinor}) filter (where ${o.currency} = ${latest.currency}), 0)`,
      // The key is "<order id>:<line>": the order id counts one deal however many lines.
      deals: sql<number>`count(distinct split_part(${o.platformOrderKey}, ':', 1))::int`,
    })
    .from(o)
    .where(and(eq(o.userId, userId), eq(o.talentId, talentId), eq(o.void, 0)));
  return {
    currency: latest.currency,
    amountMinor: Number(sums?.amount ?? 0),
    deals: sums?.deals ?? 0,
  };
}

/** One page of a talent's order lines, newest first. */
export async function ordersOfTalent(
  db: Executor,
  userId: number,
  talentId: number,
  page: number,
  pageSize: number,
): Promise<{ list: AffiliateOrderRow[]; total: number }> {
  const where = and(eq(o.userId, userId), eq(o.talentId, talentId));
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(o)
      .where(where)
      .orderBy(desc(o.orderedAt), desc(o.id))
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ n: count() }).from(o).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
