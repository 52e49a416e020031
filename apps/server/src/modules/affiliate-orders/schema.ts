import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { shops } from '../shops/schema.ts';
import { talents } from '../talents/schema.ts';
import { users } from '../user/schema.ts';

// The affiliate-orders module's tables (issue 19): orders a creator brought to a shop, as the
// sync reads them (TikTok Search Seller Affiliate Orders; 抖店 alliance orders).

/**
 * One affiliate order line as the platform attributes it: unique by the shop and the
 * platform's own order key (order id, and the SKU line where the platform splits an order).
 * Money in the order currency's minor unit (fen for CNY, cents for USD). The talent, task and
 * record it is attributed to (null when the creator is not in the library).
 */
export const affiliateOrders = pgTable(
  'affiliate_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    platformOrderKey: text('platform_order_key').notNull(),
    talentId: bigint('talent_id', { mode: 'number' }).references(() => talents.id, {
      onDelete: 'set null',
    }),
    taskId: bigint('task_id', { mode: 'number' }),
    recordId: bigint('record_id', { mode: 'number' }),
    /** The creator as the order names it (TikTok: `creator_username`; 抖店: the 达人's id). */
    creatorKey: text('creator_key').notNull(),
    productId: text('product_id'),
    quantity: integer('quantity').notNull().default(1),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The platform's order status, as sent. */
    status: text('status').notNull(),
    /** Refunded or cancelled: kept, but counted in no figure. */
    void: integer('void').notNull().default(0),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('affiliate_orders_shop_order_key').on(t.shopId, t.platformOrderKey),
    index('affiliate_orders_talent_idx')
      .on(t.talentId)
      .where(sql`${t.talentId} is not null`),
    index('affiliate_orders_task_idx')
      .on(t.taskId)
      .where(sql`${t.taskId} is not null`),
    index('affiliate_orders_user_ordered_idx').on(t.userId, t.orderedAt),
  ],
);

/**
 * The workplace funnel's GMV (issue 19): per task, shop and currency, the sum of the non-void
 * order lines attributed to the task (minor units) and how many there are, so the funnel of an
 * account of 100,000 orders reads a few rows per task, never the orders. Written only by
 * repository.ts's upsertOrders, in the transaction that writes the lines: moved by each line
 * that arrives, changes amount, currency or task, or becomes void or un-void (a line read
 * again unchanged moves nothing). The shop is in the key so that a shop's removal takes its
 * rows with its orders. Rows may fall to zero (every line void): readers skip those.
 */
export const affiliateOrderTaskGmv = pgTable(
  'affiliate_order_task_gmv',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    // No reference to the task, as affiliate_orders.task_id has none: a line of a removed
    // task may still change, and its move must not fail the sync.
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.currency, t.shopId] }),
    index('affiliate_order_task_gmv_user_idx').on(t.userId),
  ],
);
