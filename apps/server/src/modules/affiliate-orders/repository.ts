import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageOffset } from '../../lib/sql.ts';
import { affiliateOrderTaskGmv as g, affiliateOrders as o } from './schema.ts';

/**
 * The queries of affiliate orders (issue 19): the only file writing affiliate_orders and its
 * GMV rollup (affiliate_order_task_gmv, read by gmv-repository.ts for the funnel).
 */

/** An arbitrary, fixed advisory-lock class for "the order lines of this shop are being written". */
const ORDER_LINES_LOCK_CLASS = 31_339;

export type AffiliateOrderRow = typeof o.$inferSelect;
export type NewAffiliateOrder = Omit<typeof o.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** What the GMV rollup needs of an order line. */
type GmvLine = Pick<
  typeof o.$inferSelect,
  'userId' | 'shopId' | 'taskId' | 'currency' | 'amountMinor' | 'void'
>;

/**
 * Writes order lines by the shop and the platform's order key: a new line is inserted, a line
 * read again is updated only when something of it changed (status, refunds, attribution).
 * Answers the lines inserted or changed (a re-read of unchanged lines answers none).
 *
 * In the same transaction (`tx` must be one) the funnel's GMV rollup (affiliate_order_task_gmv)
 * moves by what each written line changed: a new non-void line of a task adds its amount and
 * one order; a changed line takes its old figures out and puts its new ones in (amount,
 * currency or task changed, void or un-void); an unchanged line moves nothing, so a line
 * delivered again is never counted twice. The old figures are read with the lines locked, and
 * the shop's lines are written one transaction at a time (an advisory lock per shop, held to
 * the end of the transaction), so a line another writer inserts at the same moment cannot be
 * taken for new twice.
 */
export async function upsertOrders(
  tx: Executor,
  rows: readonly NewAffiliateOrder[],
  at: Date,
): Promise<Array<{ id: number; talentId: number | null }>> {
  if (!rows.length) return [];
  for (const shopId of [...new Set(rows.map((row) => row.shopId))].sort((a, b) => a - b)) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ORDER_LINES_LOCK_CLASS}::int, ${shopId}::int)`,
    );
  }
  const gmvColumns = {
    id: o.id,
    talentId: o.talentId,
    userId: o.userId,
    shopId: o.shopId,
    taskId: o.taskId,
    currency: o.currency,
    amountMinor: o.amountMinor,
    void: o.void,
  };
  const before = await tx
    .select(gmvColumns)
    .from(o)
    .where(
      sql`(${o.shopId}, ${o.platformOrderKey}) in (select * from unnest(
        ${sql.param(rows.map((row) => row.shopId))}::int[],
        ${sql.param(rows.map((row) => row.platformOrderKey))}::text[]))`,
    )
    .for('update');
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const written = await tx
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
    .returning(gmvColumns);
  const old = new Map(before.map((line) => [line.id, line]));
  const moves = new Map<string, typeof g.$inferInsert>();
  const move = (line: GmvLine, sign: 1 | -1) => {
    if (line.taskId === null || line.void !== 0) return;
    const key = `${line.taskId}:${line.currency}:${line.shopId}`;
    let into = moves.get(key);
    if (!into) {
      into = {
        userId: line.userId,
        shopId: line.shopId,
        taskId: line.taskId,
        currency: line.currency,
        amountMinor: 0,
        orders: 0,
      };
      moves.set(key, into);
    }
    into.amountMinor! += sign * line.amountMinor;
    into.orders! += sign;
  };
  for (const line of written) {
    const was = old.get(line.id);
    if (was) move(was, -1);
    move(line, 1);
  }
  await moveGmv(tx, [...moves.values()]);
  return written.map((line) => ({ id: line.id, talentId: line.talentId }));
}

/**
 * Adds the moves to the GMV rollup: one multi-row upsert, rows in key order (two writers lock
 * them in the same order, never a deadlock). Moves that cancel out are left out.
 */
async function moveGmv(tx: Executor, moves: Array<typeof g.$inferInsert>): Promise<void> {
  const rows = moves
    .filter((m) => m.amountMinor !== 0 || m.orders !== 0)
    .sort(
      (a, b) => a.taskId - b.taskId || a.currency.localeCompare(b.currency) || a.shopId - b.shopId,
    );
  if (!rows.length) return;
  await tx
    .insert(g)
    .values(rows)
    .onConflictDoUpdate({
      target: [g.taskId, g.currency, g.shopId],
      set: {
        amountMinor: sql`${g.amountMinor} + excluded.amount_minor`,
        orders: sql`${g.orders} + excluded.orders`,
      },
    });
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
