import { randomInt } from 'node:crypto';
import {
  ORDER_PAYMENT_WINDOW_MINUTES,
  planById,
  translate,
  type Locale,
  type MembershipOrderDetail,
  type OrderStatus,
  type Page,
  type PlanId,
} from '@inviteflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { wallTimeIn } from '../../lib/time-zones.ts';
import {
  GatewayUnavailableError,
  isPaidStatus,
  type Payments,
  type SettleOutcome,
} from '../payments/index.ts';
import {
  cancelPendingOrder,
  expireOverdueOrders,
  findOwnedOrder,
  insertOrder,
  lockOrdersDueForQuery,
  ordersPage,
  paymentEventsOf,
  scheduleOrderQuery,
  toOrderDetail,
  type OrderRow,
} from './orders-repository.ts';
import { periodOfOrder } from './periods-repository.ts';
import { planName } from './plans.ts';
import { settlePayment } from './settle.ts';

const MINUTE_MS = 60_000;
/** The first reconciliation query, if no notification has settled the order by then. */
const FIRST_QUERY_AFTER_MS = 2 * MINUTE_MS;
/** Later queries back off to this. */
const QUERY_BACKOFF_MAX_MS = 10 * MINUTE_MS;
/** An order that left pending (expired) is still asked about this long, for a late payment. */
const QUERY_AFTER_EXPIRY_MS = 15 * MINUTE_MS;

const ORDER_NO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** M + China time to the second + 6 random characters: sortable, unguessable enough, 21 long. */
export function newOrderNo(now: Date): string {
  const w = wallTimeIn(now, 'Asia/Shanghai');
  const pad = (n: number) => String(n).padStart(2, '0');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ORDER_NO_ALPHABET[randomInt(0, ORDER_NO_ALPHABET.length)];
  return `M${w.year}${pad(w.month)}${pad(w.day)}${pad(w.hour)}${pad(w.minute)}${pad(w.second)}${tail}`;
}

function notPending(locale: Locale, action: 'pay' | 'cancel', status: string) {
  return unprocessable('error.orderNotPending', {
    action: translate(locale, `order.action.${action}`),
    status: translate(locale, `order.status.${status as OrderStatus}`),
  });
}

/** Orders, their payment and their reconciliation with the gateway. */
export class MembershipOrders {
  /** Built once in app.ts from exactly what it uses, never the whole Fastify instance (issue 18). */
  constructor(
    private readonly deps: { db: Database; payments: Payments; log: FastifyBaseLogger },
  ) {}

  private get db() {
    return this.deps.db;
  }

  async create(userId: number, planId: PlanId, locale: Locale, now: Date) {
    const plan = planById(planId)!;
    const gateway = await this.deps.payments.gateway();
    const row = await insertOrder(this.db, {
      orderNo: newOrderNo(now),
      userId,
      planId,
      durationMonths: plan.durationMonths,
      originalPriceFen: plan.priceFen,
      actualPriceFen: plan.priceFen,
      paymentMethod: 'alipay',
      status: 'pending',
      gateway: gateway.kind,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + ORDER_PAYMENT_WINDOW_MINUTES * MINUTE_MS),
      nextQueryAt: new Date(now.getTime() + FIRST_QUERY_AFTER_MS),
    });
    return { order: row, paymentUrl: await this.paymentUrl(row, locale) };
  }

  private async paymentUrl(order: OrderRow, locale: Locale): Promise<string> {
    const gateway = await this.deps.payments.gateway();
    return gateway.pagePayUrl({
      orderNo: order.orderNo,
      amountFen: order.actualPriceFen,
      subject:
        order.durationMonths === 1
          ? translate(locale, 'order.subjectOneMonth', { plan: planName(locale, order.planId) })
          : translate(locale, 'order.subject', {
              plan: planName(locale, order.planId),
              months: order.durationMonths,
            }),
      notifyUrl: this.deps.payments.notifyUrl,
      returnUrl: this.deps.payments.returnUrl,
      expiresAt: order.expiresAt,
    });
  }

  async list(
    userId: number,
    query: {
      page: number;
      pageSize: number;
      planId?: PlanId | undefined;
      status?: OrderStatus | undefined;
      createdFrom?: string | undefined;
      createdTo?: string | undefined;
    },
    now: Date,
  ): Promise<Page<OrderRow>> {
    await expireOverdueOrders(this.db, now, userId);
    const { list, total } = await ordersPage(this.db, userId, query);
    return { list, total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * One of the caller's orders, as it stands: a pending one is first checked with the
   * gateway (the buyer may have just paid, the notification not yet in), then expired
   * if its window has passed. Another account's order is not found.
   */
  async read(userId: number, orderNo: string, now: Date): Promise<OrderRow> {
    const order = await findOwnedOrder(this.db, userId, orderNo);
    if (!order) throw notFound();
    if (order.status !== 'pending') return order;
    await this.reconcileQuietly(order, now);
    await expireOverdueOrders(this.db, now, userId);
    return (await findOwnedOrder(this.db, userId, orderNo))!;
  }

  async detail(
    userId: number,
    orderNo: string,
    locale: Locale,
    now: Date,
  ): Promise<MembershipOrderDetail> {
    const order = await this.read(userId, orderNo, now);
    const [period, events] = await Promise.all([
      periodOfOrder(this.db, order.id),
      paymentEventsOf(this.db, order.id),
    ]);
    return toOrderDetail(order, period, events, locale);
  }

  /** Pay (pending only): back to the gateway's payment page for this order. */
  async payAgain(userId: number, orderNo: string, locale: Locale, now: Date): Promise<string> {
    const order = await this.read(userId, orderNo, now);
    if (order.status !== 'pending') throw notPending(locale, 'pay', order.status);
    return this.paymentUrl(order, locale);
  }

  /** Cancel (pending only): the gateway is asked first (a payment wins) and told to close the trade. */
  async cancel(userId: number, orderNo: string, locale: Locale, now: Date): Promise<OrderRow> {
    const order = await this.read(userId, orderNo, now);
    if (order.status !== 'pending') throw notPending(locale, 'cancel', order.status);
    const cancelled = await cancelPendingOrder(this.db, order.id, now);
    if (!cancelled) {
      // Paid or expired between the check and the update: say what it is now.
      const current = (await findOwnedOrder(this.db, userId, orderNo))!;
      throw notPending(locale, 'cancel', current.status);
    }
    try {
      const gateway = await this.deps.payments.gateway();
      await gateway.close(order.orderNo);
    } catch (error) {
      // A trade the buyer never opened does not exist at the gateway; nothing to close.
      this.deps.log.info({ err: error, orderNo }, 'gateway close after cancel');
    }
    return cancelled;
  }

  /**
   * Asks the gateway about an order and settles it through the one payment path when
   * it was paid. Null when the gateway could not be asked.
   */
  async reconcile(order: OrderRow, now: Date): Promise<SettleOutcome | null> {
    const gateway = await this.deps.payments.gateway();
    let result;
    try {
      result = await gateway.query(order.orderNo);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) {
        this.deps.log.warn({ err: error, orderNo: order.orderNo }, 'reconciliation query failed');
        return null;
      }
      throw error;
    }
    if (
      !result.found ||
      !(isPaidStatus(result.tradeStatus) || result.tradeStatus === 'TRADE_CLOSED')
    )
      return 'pending';
    return settlePayment(
      this.db,
      gateway,
      {
        source: 'query',
        signatureValid: true,
        orderNo: order.orderNo,
        appId: null,
        sellerId: null,
        tradeStatus: result.tradeStatus,
        tradeNo: result.tradeNo,
        totalAmount: result.totalAmount,
        buyerLogonId: result.buyerLogonId,
      },
      now,
    );
  }

  private async reconcileQuietly(order: OrderRow, now: Date) {
    try {
      await this.reconcile(order, now);
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.deps.log.warn({ err: error, orderNo: order.orderNo }, 'reconciliation failed');
    }
  }

  /**
   * The job: orders whose next query is due (pending, or expired a short while ago)
   * are claimed by moving their next query forward (SKIP LOCKED, so replicas take
   * different orders), then asked about outside any transaction.
   */
  async reconcileDue(now: Date, limit = 20): Promise<number> {
    const claimed = await this.db.transaction(async (tx) => {
      const due = await lockOrdersDueForQuery(tx, now, limit);
      for (const order of due) {
        const backoff = Math.min(
          FIRST_QUERY_AFTER_MS * 2 ** order.queryAttempts,
          QUERY_BACKOFF_MAX_MS,
        );
        const next = new Date(now.getTime() + backoff);
        const stop = next.getTime() > order.expiresAt.getTime() + QUERY_AFTER_EXPIRY_MS;
        await scheduleOrderQuery(tx, order.id, stop ? null : next, order.queryAttempts + 1);
      }
      return due;
    });
    for (const order of claimed) await this.reconcile(order, now);
    return claimed.length;
  }
}
