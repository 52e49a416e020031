import {
  type Locale,
  type MembershipOrder,
  type MembershipOrderDetail,
  type OrderStatus,
  type PaymentMethod,
  type PlanId,
} from '@inviteflow/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageOffset } from '../../lib/sql.ts';
import { amountToFen, type PaymentReport, type SettleOutcome } from '../payments/index.ts';
import { planName } from './plans.ts';
import { membershipOrders, paymentEvents } from './schema.ts';

/** The membership orders' and their payment events' queries (their rules: orders.ts, settle.ts). */

export type OrderRow = typeof membershipOrders.$inferSelect;

export function toOrder(row: OrderRow, locale: Locale): MembershipOrder {
  return {
    orderId: row.orderNo,
    planId: row.planId as PlanId,
    planName: planName(locale, row.planId),
    durationMonths: row.durationMonths,
    originalPriceFen: row.originalPriceFen,
    actualPriceFen: row.actualPriceFen,
    paymentMethod: row.paymentMethod as PaymentMethod,
    status: row.status as OrderStatus,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** An order with the membership period it granted and the payment messages kept for it. */
export function toOrderDetail(
  order: OrderRow,
  period: { startsAt: Date; endsAt: Date } | null,
  events: PaymentEventRow[],
  locale: Locale,
): MembershipOrderDetail {
  return {
    ...toOrder(order, locale),
    gateway: order.gateway,
    tradeNo: order.tradeNo,
    paidAmountFen: order.paidAmountFen,
    buyerAccount: order.buyerAccount,
    period: period
      ? { startsAt: period.startsAt.toISOString(), endsAt: period.endsAt.toISOString() }
      : null,
    events: events.map((event) => ({
      source: event.source as 'notify' | 'return' | 'query',
      signatureValid: event.signatureValid,
      tradeStatus: event.tradeStatus,
      amountFen: event.amountFen,
      outcome: event.outcome,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/**
 * Unpaid orders past their payment window become expired: the job for every account,
 * and every read of one account's orders for that account, so an overdue order never
 * shows as payable. Idempotent.
 */
export async function expireOverdueOrders(
  db: Executor,
  now: Date,
  userId?: number,
): Promise<number> {
  const expired = await db
    .update(membershipOrders)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(membershipOrders.status, 'pending'),
        lte(membershipOrders.expiresAt, now),
        userId === undefined ? undefined : eq(membershipOrders.userId, userId),
      ),
    )
    .returning({ id: membershipOrders.id });
  return expired.length;
}

export async function insertOrder(
  db: Executor,
  values: Omit<typeof membershipOrders.$inferInsert, 'id'>,
): Promise<OrderRow> {
  const [row] = await db.insert(membershipOrders).values(values).returning();
  return row!;
}

/** One of the account's orders by its number (another account's: undefined). */
export async function findOwnedOrder(
  db: Executor,
  userId: number,
  orderNo: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(membershipOrders)
    .where(and(eq(membershipOrders.userId, userId), eq(membershipOrders.orderNo, orderNo)))
    .limit(1);
  return row;
}

/** One page of the account's orders, newest first, and how many match. */
export async function ordersPage(
  db: Executor,
  userId: number,
  query: {
    page: number;
    pageSize: number;
    planId?: PlanId | undefined;
    status?: OrderStatus | undefined;
    createdFrom?: string | undefined;
    createdTo?: string | undefined;
  },
): Promise<{ list: OrderRow[]; total: number }> {
  const where = and(
    eq(membershipOrders.userId, userId),
    query.planId ? eq(membershipOrders.planId, query.planId) : undefined,
    query.status ? eq(membershipOrders.status, query.status) : undefined,
    query.createdFrom ? gte(membershipOrders.createdAt, new Date(query.createdFrom)) : undefined,
    query.createdTo ? lte(membershipOrders.createdAt, new Date(query.createdTo)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(membershipOrders)
      .where(where)
      .orderBy(desc(membershipOrders.createdAt), desc(membershipOrders.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(membershipOrders)
      .where(where),
  ]);
  return { list: rows, total: counted?.total ?? 0 };
}

/** The payment messages kept for an order, oldest first (the first 100). */
export async function paymentEventsOf(db: Executor, orderId: number): Promise<PaymentEventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id))
    .limit(100);
}

/** Cancels the order if it is still pending; undefined when it no longer was. */
export async function cancelPendingOrder(
  db: Executor,
  orderId: number,
  now: Date,
): Promise<OrderRow | undefined> {
  const [cancelled] = await db
    .update(membershipOrders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, nextQueryAt: null })
    .where(and(eq(membershipOrders.id, orderId), eq(membershipOrders.status, 'pending')))
    .returning();
  return cancelled;
}

/**
 * Orders whose next gateway query is due (pending, or expired a short while ago), locked
 * with SKIP LOCKED so that replicas take different ones; inside the caller's transaction.
 */
export async function lockOrdersDueForQuery(
  tx: Executor,
  now: Date,
  limit: number,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(membershipOrders)
    .where(
      and(
        isNotNull(membershipOrders.nextQueryAt),
        lte(membershipOrders.nextQueryAt, now),
        inArray(membershipOrders.status, ['pending', 'expired']),
      ),
    )
    .orderBy(asc(membershipOrders.nextQueryAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** When the order is next asked about (null: never again), and how many times it has been. */
export async function scheduleOrderQuery(
  tx: Executor,
  orderId: number,
  nextQueryAt: Date | null,
  queryAttempts: number,
): Promise<void> {
  await tx
    .update(membershipOrders)
    .set({ nextQueryAt, queryAttempts })
    .where(eq(membershipOrders.id, orderId));
}

export async function orderIdByNo(db: Executor, orderNo: string): Promise<number | null> {
  const [order] = await db
    .select({ id: membershipOrders.id })
    .from(membershipOrders)
    .where(eq(membershipOrders.orderNo, orderNo))
    .limit(1);
  return order?.id ?? null;
}

/** The order with this number, its row locked until the caller's transaction ends. */
export async function lockOrderByNo(tx: Executor, orderNo: string): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(membershipOrders)
    .where(eq(membershipOrders.orderNo, orderNo))
    .for('update');
  return order;
}

export async function markOrderPaid(
  tx: Executor,
  orderId: number,
  payment: {
    now: Date;
    tradeNo: string | null;
    paidAmountFen: number;
    buyerAccount: string | null;
  },
): Promise<void> {
  await tx
    .update(membershipOrders)
    .set({
      status: 'paid',
      paidAt: payment.now,
      updatedAt: payment.now,
      tradeNo: payment.tradeNo,
      paidAmountFen: payment.paidAmountFen,
      buyerAccount: payment.buyerAccount,
      nextQueryAt: null,
    })
    .where(eq(membershipOrders.id, orderId));
}

/** Keeps a payment report and what became of it (the columns' widths cut what the sender wrote). */
export async function recordPaymentEvent(
  db: Executor,
  report: PaymentReport,
  orderId: number | null,
  outcome: SettleOutcome,
): Promise<void> {
  await db.insert(paymentEvents).values({
    orderId,
    orderNo: report.orderNo.slice(0, 64),
    source: report.source,
    signatureValid: report.signatureValid,
    tradeStatus: report.tradeStatus?.slice(0, 32) ?? null,
    tradeNo: report.tradeNo?.slice(0, 64) ?? null,
    amountFen: amountToFen(report.totalAmount),
    outcome,
  });
}

/** Which of these accounts have paid for an order (an inviter's friends who have paid). */
export async function payingAccounts(
  db: Executor,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: membershipOrders.userId })
    .from(membershipOrders)
    .where(
      and(
        sql`${membershipOrders.userId} = any(${sql.param([...userIds])}::int[])`,
        eq(membershipOrders.status, 'paid'),
      ),
    )
    .groupBy(membershipOrders.userId);
  return new Set(rows.map((row) => row.userId));
}
