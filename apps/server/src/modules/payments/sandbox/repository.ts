import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { appSettings, sandboxTrades } from '../schema.ts';
import type { SandboxCredentials } from './credentials.ts';

/**
 * The sandbox gateway's queries: its keys (in `app_settings`) and its trades (their rules:
 * credentials.ts, trades.ts). The sandbox stands in for a third party: this file imports
 * nothing of our payment client (payments/gateway.ts, service.ts), which queries none of it.
 */

export type SandboxTrade = typeof sandboxTrades.$inferSelect;

const CREDENTIALS_KEY = 'payment.sandbox.credentials';

/** The credentials kept in `app_settings` (null: not created yet). */
export async function storedCredentials(db: Executor): Promise<SandboxCredentials | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, CREDENTIALS_KEY))
    .limit(1);
  return row ? (JSON.parse(row.value) as SandboxCredentials) : null;
}

/** Keeps the credentials unless some are kept already (the first insert wins). */
export async function storeCredentialsIfAbsent(
  db: Executor,
  credentials: SandboxCredentials,
): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: CREDENTIALS_KEY, value: JSON.stringify(credentials) })
    .onConflictDoNothing({ target: appSettings.key });
}

export async function findTrade(
  db: Executor,
  appId: string,
  outTradeNo: string,
): Promise<SandboxTrade | undefined> {
  const [trade] = await db
    .select()
    .from(sandboxTrades)
    .where(and(eq(sandboxTrades.appId, appId), eq(sandboxTrades.outTradeNo, outTradeNo)))
    .limit(1);
  return trade;
}

export async function findTradeByNo(
  db: Executor,
  appId: string,
  tradeNo: string,
): Promise<SandboxTrade | undefined> {
  const [trade] = await db
    .select()
    .from(sandboxTrades)
    .where(and(eq(sandboxTrades.appId, appId), eq(sandboxTrades.tradeNo, tradeNo)))
    .limit(1);
  return trade;
}

/** alipay.trade.close: an unpaid trade can no longer be paid. */
export async function closeTrade(db: Executor, tradeNo: string): Promise<void> {
  await db
    .update(sandboxTrades)
    .set({ tradeStatus: 'TRADE_CLOSED' })
    .where(
      and(eq(sandboxTrades.tradeNo, tradeNo), eq(sandboxTrades.tradeStatus, 'WAIT_BUYER_PAY')),
    );
}

/** Closes the trade if it still waits for the buyer: the closed trade, undefined when it did not wait. */
export async function closeWaitingTrade(
  db: Executor,
  tradeNo: string,
): Promise<SandboxTrade | undefined> {
  const [closed] = await db
    .update(sandboxTrades)
    .set({ tradeStatus: 'TRADE_CLOSED' })
    .where(and(eq(sandboxTrades.tradeNo, tradeNo), eq(sandboxTrades.tradeStatus, 'WAIT_BUYER_PAY')))
    .returning();
  return closed;
}

/** Opens a trade unless the merchant's order (app, out_trade_no) has one already. */
export async function insertTradeIfAbsent(
  db: Executor,
  values: typeof sandboxTrades.$inferInsert,
): Promise<void> {
  await db
    .insert(sandboxTrades)
    .values(values)
    .onConflictDoNothing({ target: [sandboxTrades.appId, sandboxTrades.outTradeNo] });
}

/** Where the trade notifies and returns, and when it expires. */
export async function updateTradeRequest(
  db: Executor,
  tradeNo: string,
  request: { notifyUrl: string; returnUrl: string; timeExpire: Date | null },
): Promise<SandboxTrade | undefined> {
  const [updated] = await db
    .update(sandboxTrades)
    .set(request)
    .where(eq(sandboxTrades.tradeNo, tradeNo))
    .returning();
  return updated;
}

/** The trade, its row locked until the caller's transaction ends. */
export async function lockTrade(tx: Executor, tradeNo: string): Promise<SandboxTrade | undefined> {
  const [trade] = await tx
    .select()
    .from(sandboxTrades)
    .where(eq(sandboxTrades.tradeNo, tradeNo))
    .for('update');
  return trade;
}

/** The buyer paid: the notification is due now. */
export async function markTradePaid(
  tx: Executor,
  tradeNo: string,
  now: Date,
): Promise<SandboxTrade | undefined> {
  const [paid] = await tx
    .update(sandboxTrades)
    .set({
      tradeStatus: 'TRADE_SUCCESS',
      paidAt: now,
      buyerLogonId: 'san***@sandbox.com',
      nextNotifyAt: now,
    })
    .where(eq(sandboxTrades.tradeNo, tradeNo))
    .returning();
  return paid;
}

/** A paid trade not yet notified whose notification is due. */
const notificationDue = (now: Date) =>
  and(
    eq(sandboxTrades.tradeStatus, 'TRADE_SUCCESS'),
    isNull(sandboxTrades.notifiedAt),
    lte(sandboxTrades.nextNotifyAt, now),
  );

/**
 * The trade if its notification is due, locked with SKIP LOCKED (another replica sending it:
 * undefined), inside the caller's transaction.
 */
export async function lockTradeDueForNotification(
  tx: Executor,
  tradeNo: string,
  now: Date,
): Promise<SandboxTrade | undefined> {
  const [trade] = await tx
    .select()
    .from(sandboxTrades)
    .where(and(eq(sandboxTrades.tradeNo, tradeNo), notificationDue(now)))
    .for('update', { skipLocked: true });
  return trade;
}

/** Counts a notification attempt and when the next is due (null: no more). */
export async function scheduleNotification(
  tx: Executor,
  tradeNo: string,
  notifyAttempts: number,
  nextNotifyAt: Date | null,
): Promise<SandboxTrade | undefined> {
  const [updated] = await tx
    .update(sandboxTrades)
    .set({ notifyAttempts, nextNotifyAt })
    .where(eq(sandboxTrades.tradeNo, tradeNo))
    .returning();
  return updated;
}

/** The merchant answered `success`: no more notifications. */
export async function markNotified(db: Executor, tradeNo: string, now: Date): Promise<void> {
  await db
    .update(sandboxTrades)
    .set({ notifiedAt: now, nextNotifyAt: null })
    .where(eq(sandboxTrades.tradeNo, tradeNo));
}

/** The trade numbers of the paid trades whose notification is due (at most `limit`). */
export async function tradesDueForNotification(
  db: Executor,
  now: Date,
  limit: number,
): Promise<string[]> {
  const due = await db
    .select({ tradeNo: sandboxTrades.tradeNo })
    .from(sandboxTrades)
    .where(notificationDue(now))
    .limit(limit);
  return due.map((row) => row.tradeNo);
}
