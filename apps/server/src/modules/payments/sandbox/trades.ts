import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../../db/client.ts';
import { wallTimeIn, zonedTimeToUtc } from '../../../lib/time-zones.ts';
import { alipayTime, amountToFen } from '../gateway.ts';
import type { SandboxCredentials } from './credentials.ts';
import {
  closeWaitingTrade,
  findTrade,
  insertTradeIfAbsent,
  lockTrade,
  lockTradeDueForNotification,
  markNotified,
  markTradePaid,
  scheduleNotification,
  tradesDueForNotification,
  updateTradeRequest,
  type SandboxTrade,
} from './repository.ts';
import { signGatewayParams } from './signing.ts';

/** As Alipay retries a notification the merchant did not answer `success` to (8 in about 25 hours). */
export const NOTIFY_RETRY_DELAYS_MS = [
  4 * 60_000,
  10 * 60_000,
  10 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  6 * 60 * 60_000,
  15 * 60 * 60_000,
];

/** Alipay trade numbers: the date, then digits. */
function newTradeNo(now: Date): string {
  const w = wallTimeIn(now, 'Asia/Shanghai');
  let digits = '';
  for (let i = 0; i < 18; i++) digits += String(randomInt(0, 10));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}${pad(w.month)}${pad(w.day)}22${digits}`;
}

/** `yyyy-MM-dd HH:mm:ss` in China time, as the merchant sends time_expire; null when unreadable. */
export function parseAlipayTime(text: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return zonedTimeToUtc(
    { year, month, day, hour, minute, second, millisecond: 0 },
    'Asia/Shanghai',
  );
}

export function isOverdue(trade: SandboxTrade, now: Date): boolean {
  return (
    trade.tradeStatus === 'WAIT_BUYER_PAY' && trade.timeExpire !== null && trade.timeExpire <= now
  );
}

/** An unpaid trade past its time_expire closes, as Alipay closes it. */
export async function closeIfOverdue(db: Executor, trade: SandboxTrade, now: Date) {
  if (!isOverdue(trade, now)) return trade;
  return (await closeWaitingTrade(db, trade.tradeNo)) ?? trade;
}

/**
 * The trade a page-pay request opens, or the one it opened before for the same
 * merchant order (a buyer coming back to pay): one trade per (app, out_trade_no).
 */
export async function openTrade(
  db: Executor,
  request: {
    appId: string;
    outTradeNo: string;
    subject: string;
    totalAmount: string;
    notifyUrl: string;
    returnUrl: string;
    timeExpire: Date | null;
  },
  now: Date,
): Promise<SandboxTrade> {
  await insertTradeIfAbsent(db, {
    ...request,
    tradeNo: newTradeNo(now),
    tradeStatus: 'WAIT_BUYER_PAY',
    createdAt: now,
  });
  const trade = (await findTrade(db, request.appId, request.outTradeNo))!;
  if (trade.tradeStatus !== 'WAIT_BUYER_PAY') return trade;
  // The merchant's latest request says where to notify and return.
  const updated = await updateTradeRequest(db, trade.tradeNo, {
    notifyUrl: request.notifyUrl,
    returnUrl: request.returnUrl,
    timeExpire: request.timeExpire,
  });
  return closeIfOverdue(db, updated ?? trade, now);
}

/** The buyer pays: once, and only while the trade waits and has not expired. */
export async function payTrade(
  db: Database,
  tradeNo: string,
  now: Date,
): Promise<{ trade: SandboxTrade | undefined; paidNow: boolean }> {
  return db.transaction(async (tx) => {
    const trade = await lockTrade(tx, tradeNo);
    if (!trade) return { trade, paidNow: false };
    const current = await closeIfOverdue(tx, trade, now);
    if (current.tradeStatus !== 'WAIT_BUYER_PAY') return { trade: current, paidNow: false };
    return { trade: await markTradePaid(tx, tradeNo, now), paidNow: true };
  });
}

/** What the gateway tells the merchant about a paid trade (notification and return share these). */
function tradeParams(trade: SandboxTrade, creds: SandboxCredentials) {
  return {
    app_id: trade.appId,
    charset: 'utf-8',
    version: '1.0',
    out_trade_no: trade.outTradeNo,
    trade_no: trade.tradeNo,
    total_amount: trade.totalAmount,
    seller_id: creds.sellerId,
  };
}

export function returnParams(trade: SandboxTrade, creds: SandboxCredentials, now: Date) {
  return signGatewayParams(
    {
      ...tradeParams(trade, creds),
      method: 'alipay.trade.page.pay.return',
      auth_app_id: trade.appId,
      timestamp: alipayTime(now),
    },
    creds.platformPrivateKey,
  );
}

export function notifyParams(trade: SandboxTrade, creds: SandboxCredentials, now: Date) {
  const fen = amountToFen(trade.totalAmount) ?? 0;
  const amount = trade.totalAmount;
  return signGatewayParams(
    {
      ...tradeParams(trade, creds),
      notify_time: alipayTime(now),
      notify_type: 'trade_status_sync',
      notify_id: `${trade.tradeNo}${String(trade.notifyAttempts).padStart(2, '0')}`,
      trade_status: trade.tradeStatus,
      receipt_amount: amount,
      buyer_pay_amount: amount,
      invoice_amount: amount,
      point_amount: '0.00',
      buyer_logon_id: trade.buyerLogonId ?? 'san***@sandbox.com',
      subject: trade.subject,
      gmt_create: alipayTime(trade.createdAt),
      gmt_payment: alipayTime(trade.paidAt ?? now),
      fund_bill_list: JSON.stringify([
        { amount, fundChannel: fen > 0 ? 'ALIPAYACCOUNT' : 'COUPON' },
      ]),
    },
    creds.platformPrivateKey,
  );
}

/**
 * Sends a paid trade's notification if one is due, as Alipay does: a form POST to the
 * merchant's notify_url, done when the answer is `success`, else tried again later
 * (NOTIFY_RETRY_DELAYS_MS). The attempt is claimed by one conditional update, so two
 * replicas never send the same attempt.
 */
export async function deliverNotification(
  app: FastifyInstance,
  tradeNo: string,
  now: Date,
): Promise<boolean> {
  const claimed = await app.db.transaction(async (tx) => {
    const trade = await lockTradeDueForNotification(tx, tradeNo, now);
    if (!trade) return undefined;
    const delay = NOTIFY_RETRY_DELAYS_MS[trade.notifyAttempts];
    return scheduleNotification(
      tx,
      tradeNo,
      trade.notifyAttempts + 1,
      delay === undefined ? null : new Date(now.getTime() + delay),
    );
  });
  if (!claimed) return false;
  const creds = await app.payments.sandbox();
  let answer = '';
  try {
    const response = await fetch(claimed.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(notifyParams(claimed, creds, now)).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    answer = (await response.text()).trim();
  } catch (error) {
    app.log.warn({ err: error, tradeNo }, 'sandbox gateway: notification not delivered');
  }
  if (answer !== 'success') return false;
  await markNotified(app.db, tradeNo, now);
  return true;
}

/** The job: every paid trade whose notification is due. */
export async function deliverDueNotifications(app: FastifyInstance, now: Date): Promise<number> {
  const due = await tradesDueForNotification(app.db, now, 50);
  let delivered = 0;
  for (const tradeNo of due) {
    if (await deliverNotification(app, tradeNo, now)) delivered += 1;
  }
  return delivered;
}
