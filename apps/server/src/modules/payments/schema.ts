import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

// The payments module's tables: server-wide settings (today only the sandbox gateway's keys,
// payments/sandbox/credentials.ts) and the sandbox gateway's trades.

/** Server-wide values created once and shared by every replica (e.g. sandbox gateway keys). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox gateway's own trades (embedded default only): what the simulated
 * Alipay knows, kept apart from the merchant's orders as a real gateway's would be.
 */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    tradeNo: text('trade_no').primaryKey(),
    appId: text('app_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    subject: text('subject').notNull(),
    totalAmount: text('total_amount').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    /** WAIT_BUYER_PAY | TRADE_SUCCESS | TRADE_CLOSED */
    tradeStatus: text('trade_status').notNull(),
    /** The merchant's time_expire: the trade closes unpaid after it. */
    timeExpire: timestamp('time_expire', { withTimezone: true }),
    buyerLogonId: text('buyer_logon_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Notifications sent until the merchant answers `success`. */
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    nextNotifyAt: timestamp('next_notify_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_trades_app_out_trade_key').on(t.appId, t.outTradeNo),
    index('sandbox_trades_next_notify_idx').on(t.nextNotifyAt),
  ],
);
