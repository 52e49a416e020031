import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../user/schema.ts';

// The membership module's tables: orders, periods, payment events and invite rewards
// (settle.ts grants a reward in the transaction that settles the invitee's order).

/**
 * A membership order. `orderNo` is the merchant's trade number given to the
 * gateway (out_trade_no). Money in fen; unpaid orders expire at `expiresAt`.
 */
export const membershipOrders = pgTable(
  'membership_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** basic | pro | enterprise (contract `planIds`). */
    planId: text('plan_id').notNull(),
    durationMonths: integer('duration_months').notNull(),
    originalPriceFen: integer('original_price_fen').notNull(),
    actualPriceFen: integer('actual_price_fen').notNull(),
    paymentMethod: text('payment_method').notNull().default('alipay'),
    /** pending | paid | expired | cancelled (contract `orderStatuses`). */
    status: text('status').notNull().default('pending'),
    /** sandbox | alipay: the gateway the order was sent to. */
    gateway: text('gateway').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The gateway's own trade number, from the verified notification. */
    tradeNo: text('trade_no'),
    /** The amount the gateway says was paid, in fen. */
    paidAmountFen: integer('paid_amount_fen'),
    /** The payer's account as the gateway shows it (masked). */
    buyerAccount: text('buyer_account'),
    /**
     * When the reconciliation job next asks the gateway about this order (null: never
     * again). Claimed by moving it forward, so replicas do not ask twice at once.
     */
    nextQueryAt: timestamp('next_query_at', { withTimezone: true }),
    queryAttempts: integer('query_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('membership_orders_order_no_key').on(t.orderNo),
    index('membership_orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('membership_orders_status_expires_idx').on(t.status, t.expiresAt),
    index('membership_orders_next_query_idx')
      .on(t.nextQueryAt)
      .where(sql`${t.nextQueryAt} is not null`),
  ],
);

/**
 * A stretch of membership on one plan. Buying while active starts the new period
 * at the current expiry, so an account's periods follow each other; the plan in
 * force is the period covering now. One period per order and per invite reward:
 * the unique keys make a repeated grant impossible, whatever path repeats it.
 */
export const membershipPeriods = pgTable(
  'membership_periods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** order | invite_reward */
    source: text('source').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => membershipOrders.id, {
      onDelete: 'cascade',
    }),
    inviteRewardId: bigint('invite_reward_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_periods_order_key').on(t.orderId),
    uniqueIndex('membership_periods_invite_reward_key').on(t.inviteRewardId),
    index('membership_periods_user_ends_idx').on(t.userId, t.endsAt),
  ],
);

/**
 * Every payment message received or fetched (asynchronous notification, return
 * redirect, gateway query), verified or not: the order detail's payment history
 * and the audit trail of what was accepted and why something was refused.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => membershipOrders.id, {
      onDelete: 'cascade',
    }),
    orderNo: text('order_no').notNull(),
    /** notify | return | query */
    source: text('source').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    tradeStatus: text('trade_status'),
    tradeNo: text('trade_no'),
    amountFen: integer('amount_fen'),
    /** granted | duplicate | refused:<reason> | pending */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId, t.createdAt)],
);

/** An inviter's reward for an invitee's first paid order: once per invitee. */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeUserId: integer('invitee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => membershipOrders.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invite_rewards_invitee_key').on(t.inviteeUserId),
    index('invite_rewards_inviter_idx').on(t.inviterUserId, t.createdAt),
  ],
);
