import { createServer } from 'node:net';
import {
  apiPaths,
  type MembershipOrderDetail,
  type PlanId,
  type PurchaseData,
} from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { membershipOrders, sandboxTrades } from '../../src/db/schema.ts';
import { alipayTime, fenToAmount } from '../../src/modules/payments/gateway.ts';
import { signGatewayParams } from '../../src/modules/payments/sandbox/signing.ts';
import type { Harness } from './harness.ts';

/** A port nobody listens on right now, for an app that must be reachable over HTTP. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The payment tests' app listens for real on `port` (its PUBLIC_URL): the sandbox
 * gateway posts notifications to it and the SDK queries the gateway over HTTP, as
 * they would in production.
 */
export function listenEachTest(h: () => Harness, port: number) {
  beforeEach(async () => {
    await h().app.listen({ host: '127.0.0.1', port });
  });
}

export async function purchase(h: Harness, token: string, planId: PlanId = 'pro', lang?: string) {
  return h.api.post<PurchaseData>(
    apiPaths.membership.purchase,
    { planId, paymentMethod: 'alipay' },
    { token, lang },
  );
}

export async function orderRow(h: Harness, orderNo: string) {
  const [row] = await h.app.db
    .select()
    .from(membershipOrders)
    .where(eq(membershipOrders.orderNo, orderNo));
  return row!;
}

export async function readOrder(h: Harness, token: string, orderNo: string) {
  return h.api.get<MembershipOrderDetail>(apiPaths.membership.order(orderNo), { token });
}

/**
 * An asynchronous notification as the gateway sends it, signed with the sandbox's
 * "Alipay platform" key: the test plays Alipay. `overrides` change fields before signing
 * (null leaves the field out).
 */
export async function signedNotification(
  h: Harness,
  order: { orderNo: string; amountFen: number },
  overrides: Record<string, string | null> = {},
): Promise<Record<string, string>> {
  const creds = await h.app.payments.sandbox();
  const now = new Date();
  const fields: Record<string, string | null> = {
    notify_time: alipayTime(now),
    notify_type: 'trade_status_sync',
    notify_id: `n${Date.now()}`,
    app_id: creds.appId,
    charset: 'utf-8',
    version: '1.0',
    trade_no: `2026${order.orderNo.slice(-8)}`,
    out_trade_no: order.orderNo,
    trade_status: 'TRADE_SUCCESS',
    total_amount: fenToAmount(order.amountFen),
    buyer_logon_id: 'buy***@example.com',
    seller_id: creds.sellerId,
    gmt_payment: alipayTime(now),
    subject: 'InviteFlow',
    ...overrides,
  };
  const present = Object.entries(fields).filter(
    (entry): entry is [string, string] => entry[1] !== null,
  );
  return signGatewayParams(Object.fromEntries(present), creds.platformPrivateKey);
}

/** POSTs a notification to the notify endpoint as the gateway does (a form); the plain-text answer. */
export async function notify(app: Harness['app'], params: Record<string, string>): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.payments.alipayNotify,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(params).toString(),
  });
  return response.body;
}

export async function sandboxTrade(h: Harness, outTradeNo: string) {
  const [trade] = await h.app.db
    .select()
    .from(sandboxTrades)
    .where(eq(sandboxTrades.outTradeNo, outTradeNo));
  return trade;
}

/** Opens the payment page like the buyer's browser (the page-pay URL, path and query only). */
export async function openPaymentPage(h: Harness, paymentUrl: string, lang = 'zh-CN') {
  const url = new URL(paymentUrl);
  return h.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { 'accept-language': lang },
  });
}

/** The buyer presses a button of the sandbox cashier (Pay or Cancel). */
export async function pressSandbox(
  h: Harness,
  action: 'pay' | 'cancel',
  tradeNo: string,
): Promise<{ status: number; location: string | undefined; body: string }> {
  const response = await h.app.inject({
    method: 'POST',
    url: action === 'pay' ? apiPaths.sandbox.pay : apiPaths.sandbox.cancel,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ trade_no: tradeNo }).toString(),
  });
  return {
    status: response.statusCode,
    location: response.headers.location as string | undefined,
    body: response.body,
  };
}
