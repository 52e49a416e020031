import { generateKeyPairSync } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { apiPaths, type PurchaseData } from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { membershipOrders, paymentEvents, sandboxTrades } from '../src/db/schema.ts';
import {
  requestSignContent,
  rsa2Sign,
  rsa2Verify,
  signGatewayParams,
} from '../src/modules/payments/sandbox/signing.ts';
import {
  deliverDueNotifications,
  parseAlipayTime,
} from '../src/modules/payments/sandbox/trades.ts';
import { describeApi, signedIn } from './support/harness.ts';
import {
  freePort,
  listenEachTest,
  notify,
  openPaymentPage,
  orderRow,
  pressSandbox,
  purchase,
  readOrder,
  sandboxTrade,
} from './support/payments.ts';

const port = await freePort();
const MINUTE = 60_000;

describeApi(
  'sandbox gateway',
  (h) => {
    listenEachTest(h, port);

    it('pays an order like Alipay page pay: cashier, signed notification, signed return', async () => {
      const { token } = await signedIn(h());
      const bought = await purchase(h(), token, 'pro');
      expect(bought.status).toBe(200);
      const orderNo = bought.body.data.orderId;
      const page = await openPaymentPage(h(), bought.body.data.paymentUrl);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('沙箱');
      expect(page.body).toContain(orderNo);
      expect(page.body).toContain('¥299.00');
      expect(page.body).toContain('确认付款');
      const english = await openPaymentPage(h(), bought.body.data.paymentUrl, 'en-US');
      expect(english.body).toContain('SANDBOX');
      expect(english.body).toContain('Pay');

      const trade = await sandboxTrade(h(), orderNo);
      expect(trade).toMatchObject({ tradeStatus: 'WAIT_BUYER_PAY', totalAmount: '299.00' });
      const paid = await pressSandbox(h(), 'pay', trade!.tradeNo);
      expect(paid.status).toBe(303);
      const back = new URL(paid.location!);
      expect(back.pathname).toBe('/membership/result');
      expect(back.searchParams.get('out_trade_no')).toBe(orderNo);
      const gateway = await h().app.payments.gateway();
      expect(gateway.verify(Object.fromEntries(back.searchParams))).toBe(true);
      expect(
        gateway.verify({ ...Object.fromEntries(back.searchParams), total_amount: '0.01' }),
      ).toBe(false);

      // The notification was delivered (over HTTP) before the browser came back.
      const row = await orderRow(h(), orderNo);
      expect(row).toMatchObject({ status: 'paid', tradeNo: trade!.tradeNo, paidAmountFen: 29_900 });
      expect(await sandboxTrade(h(), orderNo)).toMatchObject({
        tradeStatus: 'TRADE_SUCCESS',
        notifyAttempts: 1,
      });
      expect((await sandboxTrade(h(), orderNo))!.notifiedAt).not.toBeNull();
      const detail = await readOrder(h(), token, orderNo);
      expect(detail.body.data).toMatchObject({
        status: 'paid',
        gateway: 'sandbox',
        tradeNo: trade!.tradeNo,
        paidAmountFen: 29_900,
        period: { startsAt: expect.any(String), endsAt: expect.any(String) },
      });
      expect(detail.body.data.events.map((e) => [e.source, e.outcome, e.signatureValid])).toEqual([
        ['notify', 'granted', true],
      ]);

      // Paying twice is not possible; the cashier says it is paid.
      const again = await pressSandbox(h(), 'pay', trade!.tradeNo);
      expect(again.status).toBe(303);
      expect((await openPaymentPage(h(), bought.body.data.paymentUrl)).body).toContain(
        '该订单已付款',
      );
      expect(await h().app.db.select().from(paymentEvents)).toHaveLength(1);
    });

    it('refuses a payment page whose signature does not verify', async () => {
      const { token } = await signedIn(h());
      const bought = await purchase(h(), token, 'basic');
      const url = new URL(bought.body.data.paymentUrl);
      const biz = JSON.parse(url.searchParams.get('biz_content')!) as Record<string, string>;
      url.searchParams.set('biz_content', JSON.stringify({ ...biz, total_amount: '0.01' }));
      const page = await openPaymentPage(h(), url.toString(), 'en-US');
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('Invalid payment request: the signature does not verify');
      expect(await sandboxTrade(h(), bought.body.data.orderId)).toBeUndefined();
    });

    it('Cancel goes back to the merchant unpaid; cancelling the order closes the trade', async () => {
      const { token } = await signedIn(h());
      const bought = await purchase(h(), token, 'basic');
      const orderNo = bought.body.data.orderId;
      await openPaymentPage(h(), bought.body.data.paymentUrl);
      const trade = await sandboxTrade(h(), orderNo);
      const back = await pressSandbox(h(), 'cancel', trade!.tradeNo);
      expect(back.status).toBe(303);
      expect(new URL(back.location!).searchParams.get('out_trade_no')).toBe(orderNo);
      expect((await orderRow(h(), orderNo)).status).toBe('pending');

      const cancelled = await h().api.post(apiPaths.membership.cancel(orderNo), undefined, {
        token,
      });
      expect(cancelled.status).toBe(200);
      expect((await sandboxTrade(h(), orderNo))!.tradeStatus).toBe('TRADE_CLOSED');
      const late = await pressSandbox(h(), 'pay', trade!.tradeNo);
      expect(late.status).toBe(200);
      expect(late.body).toContain('该交易已关闭');
      expect((await orderRow(h(), orderNo)).status).toBe('cancelled');
    });

    it('retries a notification the merchant did not take, on Alipay\u2019s schedule', async () => {
      const { token } = await signedIn(h());
      const bought = await purchase(h(), token, 'basic');
      const orderNo = bought.body.data.orderId;
      await openPaymentPage(h(), bought.body.data.paymentUrl);
      // The merchant is unreachable when the buyer pays.
      await h()
        .app.db.update(sandboxTrades)
        .set({ notifyUrl: 'http://127.0.0.1:9/unreachable' })
        .where(eq(sandboxTrades.outTradeNo, orderNo));
      const trade = await sandboxTrade(h(), orderNo);
      await pressSandbox(h(), 'pay', trade!.tradeNo);
      const failed = (await sandboxTrade(h(), orderNo))!;
      expect(failed).toMatchObject({ notifyAttempts: 1, notifiedAt: null });
      expect(failed.nextNotifyAt!.getTime() - failed.paidAt!.getTime()).toBe(4 * MINUTE);
      expect((await orderRow(h(), orderNo)).status).toBe('pending');

      // Not due yet: nothing is sent.
      expect(
        await deliverDueNotifications(h().app, new Date(failed.paidAt!.getTime() + 3 * MINUTE)),
      ).toBe(0);
      expect((await sandboxTrade(h(), orderNo))!.notifyAttempts).toBe(1);
      // The merchant is back: the next attempt lands.
      await h()
        .app.db.update(sandboxTrades)
        .set({ notifyUrl: `http://127.0.0.1:${port}${apiPaths.payments.alipayNotify}` })
        .where(eq(sandboxTrades.outTradeNo, orderNo));
      expect(
        await deliverDueNotifications(h().app, new Date(failed.paidAt!.getTime() + 5 * MINUTE)),
      ).toBe(1);
      expect(await sandboxTrade(h(), orderNo)).toMatchObject({
        notifyAttempts: 2,
        nextNotifyAt: null,
      });
      expect((await orderRow(h(), orderNo)).status).toBe('paid');
      expect(
        await deliverDueNotifications(h().app, new Date(failed.paidAt!.getTime() + 60 * MINUTE)),
      ).toBe(0);
    });

    it('reconciles by asking the gateway: on reading a pending order, and in the job', async () => {
      const { token } = await signedIn(h());
      const paidWithoutNotice = async () => {
        const bought = await purchase(h(), token, 'basic');
        const orderNo = bought.body.data.orderId;
        await openPaymentPage(h(), bought.body.data.paymentUrl);
        await h()
          .app.db.update(sandboxTrades)
          .set({ notifyUrl: 'http://127.0.0.1:9/unreachable' })
          .where(eq(sandboxTrades.outTradeNo, orderNo));
        await pressSandbox(h(), 'pay', (await sandboxTrade(h(), orderNo))!.tradeNo);
        expect((await orderRow(h(), orderNo)).status).toBe('pending');
        return orderNo;
      };

      // The return page reads the order: the server asks the gateway first.
      const first = await paidWithoutNotice();
      const read = await readOrder(h(), token, first);
      expect(read.body.data.status).toBe('paid');
      expect(read.body.data.events.map((e) => [e.source, e.outcome])).toEqual([
        ['query', 'granted'],
      ]);

      // The job: due orders only, each claimed with a backoff.
      const second = await paidWithoutNotice();
      const created = (await orderRow(h(), second)).createdAt.getTime();
      expect(await h().app.membershipOrders.reconcileDue(new Date(created + MINUTE))).toBe(0);
      expect(await h().app.membershipOrders.reconcileDue(new Date(created + 2 * MINUTE))).toBe(1);
      expect(await orderRow(h(), second)).toMatchObject({
        status: 'paid',
        nextQueryAt: null,
        queryAttempts: 1,
      });
      // The first order, paid already, is not asked about again.
      expect(await h().app.membershipOrders.reconcileDue(new Date(created + 60 * MINUTE))).toBe(0);

      // An order never paid: asked with a growing interval, then no more after its window.
      const unpaid = (await purchase(h(), token, 'pro')).body.data.orderId;
      const t0 = (await orderRow(h(), unpaid)).createdAt.getTime();
      let at = t0 + 2 * MINUTE;
      const asked: number[] = [];
      for (let i = 0; i < 12; i++) {
        if ((await h().app.membershipOrders.reconcileDue(new Date(at))) > 0)
          asked.push((at - t0) / MINUTE);
        const row = await orderRow(h(), unpaid);
        if (!row.nextQueryAt) break;
        at = row.nextQueryAt.getTime();
      }
      expect(asked).toEqual([2, 4, 8, 16, 26, 36]);
      expect((await orderRow(h(), unpaid)).nextQueryAt).toBeNull();
    });

    it('closes a trade past its time_expire: the cashier refuses to take the money', async () => {
      const { token } = await signedIn(h());
      const bought = await purchase(h(), token, 'basic');
      const orderNo = bought.body.data.orderId;
      await openPaymentPage(h(), bought.body.data.paymentUrl);
      await h()
        .app.db.update(sandboxTrades)
        .set({ timeExpire: new Date(Date.now() - 1000) })
        .where(eq(sandboxTrades.outTradeNo, orderNo));
      const late = await pressSandbox(h(), 'pay', (await sandboxTrade(h(), orderNo))!.tradeNo);
      expect(late.body).toContain('该交易已关闭');
      expect((await sandboxTrade(h(), orderNo))!.tradeStatus).toBe('TRADE_CLOSED');
    });

    it('honours a verified payment that arrives after the order expired', async () => {
      const { token } = await signedIn(h());
      const bought = await purchase(h(), token, 'basic');
      const orderNo = bought.body.data.orderId;
      await h()
        .app.db.update(membershipOrders)
        .set({ status: 'expired' })
        .where(eq(membershipOrders.orderNo, orderNo));
      const { signedNotification } = await import('./support/payments.ts');
      const params = await signedNotification(h(), { orderNo, amountFen: 9_900 });
      expect(await notify(h().app, params)).toBe('success');
      expect((await orderRow(h(), orderNo)).status).toBe('paid');
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);

// Production: real Alipay, with the merchant's keys from the configuration. The test
// plays Alipay with a key pair of its own; nothing is sent anywhere.
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: { export(o: object): string | Buffer }, type: string) =>
  key.export({ type, format: 'pem' }).toString();

/**
 * Alipay's OpenAPI as the production gateway meets it (ALIPAY_GATEWAY points here): it
 * keeps every request it gets, with whether the merchant's signature verified, and
 * answers alipay.trade.query with a paid trade, signed with "Alipay's" key.
 */
const alipayRequests: Array<{ params: Record<string, string>; signed: boolean }> = [];
const fakeAlipay = createHttpServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    const params = {
      ...Object.fromEntries(new URL(req.url ?? '/', 'http://127.0.0.1').searchParams),
      ...Object.fromEntries(new URLSearchParams(body)),
    };
    const signed = rsa2Verify(
      requestSignContent(params),
      params.sign ?? '',
      pem(merchant.publicKey, 'spki'),
    );
    alipayRequests.push({ params, signed });
    const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no?: string };
    const node = JSON.stringify({
      code: '10000',
      msg: 'Success',
      trade_no: '2026000000000077',
      out_trade_no: biz.out_trade_no,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '299.00',
      buyer_logon_id: 'pro***@example.com',
    });
    const sign = rsa2Sign(node, pem(platform.privateKey, 'pkcs8'));
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(`{"alipay_trade_query_response":${node},"sign":"${sign}"}`);
  });
});
const alipayPort = await freePort();
await new Promise<void>((resolve) => fakeAlipay.listen(alipayPort, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => fakeAlipay.close(() => resolve())));

/** A request's `timestamp` is China time, as Alipay reads it, whatever the server's own zone. */
function expectChinaTimeNow(timestamp: string | null | undefined) {
  const sent = parseAlipayTime(timestamp ?? undefined);
  expect(sent, `timestamp ${timestamp}`).not.toBeNull();
  expect(Math.abs(sent!.getTime() - Date.now())).toBeLessThan(60_000);
}

describeApi(
  'Alipay in production',
  (h) => {
    it('builds the page-pay URL for the real gateway, verifies with the configured key, and has no sandbox', async () => {
      const { token } = await signedIn(h());
      const bought = await h().api.post<PurchaseData>(
        apiPaths.membership.purchase,
        { planId: 'pro', paymentMethod: 'alipay' },
        { token },
      );
      expect(bought.status).toBe(200);
      const url = new URL(bought.body.data.paymentUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:${alipayPort}/gateway.do`);
      expect(url.searchParams.get('app_id')).toBe('2021000000000042');
      expect(url.searchParams.get('notify_url')).toBe(
        `https://console.example.com${apiPaths.payments.alipayNotify}`,
      );
      // Signed with the merchant's key, over a timestamp in China time.
      const sent = Object.fromEntries(url.searchParams);
      expect(
        rsa2Verify(requestSignContent(sent), sent.sign ?? '', pem(merchant.publicKey, 'spki')),
      ).toBe(true);
      expectChinaTimeNow(sent.timestamp);
      const row = await orderRow(h(), bought.body.data.orderId);
      expect(row.gateway).toBe('alipay');

      for (const path of [apiPaths.sandbox.alipayGateway, apiPaths.sandbox.pay]) {
        const res = await h().app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(404);
      }

      const notice = (key: string, overrides: Record<string, string> = {}) =>
        signGatewayParams(
          {
            app_id: '2021000000000042',
            seller_id: '2088000000000042',
            out_trade_no: row.orderNo,
            trade_no: '2026000000000001',
            trade_status: 'TRADE_SUCCESS',
            total_amount: '299.00',
            ...overrides,
          },
          key,
        );
      // Signed with another key (the merchant's own, not Alipay's): refused.
      expect(await notify(h().app, notice(pem(merchant.privateKey, 'pkcs8')))).toBe('failure');
      expect(
        await notify(
          h().app,
          notice(pem(platform.privateKey, 'pkcs8'), { seller_id: '2088999999999999' }),
        ),
      ).toBe('failure');
      expect((await orderRow(h(), row.orderNo)).status).toBe('pending');
      expect(await notify(h().app, notice(pem(platform.privateKey, 'pkcs8')))).toBe('success');
      expect((await orderRow(h(), row.orderNo)).status).toBe('paid');
    });

    it('reconciles a pending order by asking Alipay (alipay.trade.query), signed, in China time', async () => {
      const { token } = await signedIn(h());
      const bought = await h().api.post<PurchaseData>(
        apiPaths.membership.purchase,
        { planId: 'pro', paymentMethod: 'alipay' },
        { token },
      );
      const orderNo = bought.body.data.orderId;
      alipayRequests.length = 0;
      // No notification came: reading the order asks the gateway, whose signed answer pays it.
      const read = await readOrder(h(), token, orderNo);
      expect(read.body.data).toMatchObject({
        status: 'paid',
        tradeNo: '2026000000000077',
        buyerAccount: 'pro***@example.com',
      });
      expect(read.body.data.events.map((e) => [e.source, e.outcome])).toEqual([
        ['query', 'granted'],
      ]);
      expect(alipayRequests).toHaveLength(1);
      const [asked] = alipayRequests;
      expect(asked!.signed).toBe(true);
      expect(asked!.params).toMatchObject({
        method: 'alipay.trade.query',
        app_id: '2021000000000042',
      });
      expect(JSON.parse(asked!.params.biz_content!)).toEqual({ out_trade_no: orderNo });
      expectChinaTimeNow(asked!.params.timestamp);
    });
  },
  {
    config: {
      PUBLIC_URL: 'https://console.example.com',
      ALIPAY_GATEWAY: `http://127.0.0.1:${alipayPort}/gateway.do`,
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000042',
      // As the Alipay key tool shows them: PKCS#8 private key, bare base64 public key.
      ALIPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
      ALIPAY_PUBLIC_KEY: (
        platform.publicKey.export({ type: 'spki', format: 'der' }) as Buffer
      ).toString('base64'),
      ALIPAY_SELLER_ID: '2088000000000042',
    },
  },
);
