import {
  apiPaths,
  type LoginData,
  type MembershipInfo,
  type MembershipOrder,
  type MembershipPlan,
  type Page,
  type PaymentUrlData,
  type ShopPage,
} from '@inviteflow/contract';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inboxMessages, membershipPeriods, paymentEvents } from '../src/db/schema.ts';
import { expireOverdueOrders } from '../src/modules/membership/orders-repository.ts';
import { membershipState } from '../src/modules/membership/state.ts';
import { describeApi, login, signedIn, type Harness } from './support/harness.ts';
import {
  freePort,
  listenEachTest,
  notify,
  orderRow,
  purchase,
  readOrder,
  signedNotification,
} from './support/payments.ts';
import { bindNewShop, shopIdentity } from './support/sending.ts';

const paths = apiPaths.membership;
const port = await freePort();

async function periodsOf(h: Harness, userId: number) {
  return h.app.db
    .select()
    .from(membershipPeriods)
    .where(eq(membershipPeriods.userId, userId))
    .orderBy(membershipPeriods.startsAt);
}

async function messageCount(h: Harness, userId: number) {
  const [row] = await h.app.db
    .select({ n: count() })
    .from(inboxMessages)
    .where(eq(inboxMessages.userId, userId));
  return row?.n ?? 0;
}

/** A signed-in seller with a pending order of `planId`. */
async function withOrder(h: Harness, planId: 'basic' | 'pro' | 'enterprise' = 'pro') {
  const seller = await signedIn(h);
  const bought = await purchase(h, seller.token, planId);
  expect(bought.status).toBe(200);
  const row = await orderRow(h, bought.body.data.orderId);
  return { ...seller, userId: row.userId, orderNo: row.orderNo, amountFen: row.actualPriceFen };
}

async function paid(h: Harness, order: { orderNo: string; amountFen: number }) {
  expect(await notify(h.app, await signedNotification(h, order))).toBe('success');
}

describeApi(
  'membership and payments',
  (h) => {
    listenEachTest(h, port);

    it('lists the three plans with prices, durations, limits and features, in the caller\u2019s language', async () => {
      const { token } = await signedIn(h());
      const zh = await h().api.get<MembershipPlan[]>(paths.plans, { token });
      expect(zh.status).toBe(200);
      expect(
        zh.body.data.map((p) => [p.id, p.name, p.price, p.priceFen, p.duration, p.isRecommended]),
      ).toEqual([
        ['basic', '基础版', 99, 9_900, 1, false],
        ['pro', '专业版', 299, 29_900, 3, true],
        ['enterprise', '企业版', 999, 99_900, 12, false],
      ]);
      expect(zh.body.data.map((p) => [p.shopBindLimit, p.dailyInvitationCap])).toEqual([
        [3, 200],
        [10, 1_000],
        [50, 5_000],
      ]);
      expect(zh.body.data[1]!.features).toContain('最多绑定 10 个店铺');
      expect(zh.body.data[0]!.features).toContain('有效期 1 个月');
      // Every plan says what a month of it costs, so the plans compare at a glance.
      expect(zh.body.data.map((p) => p.pricePerMonthFen)).toEqual([9_900, 9_967, 8_325]);
      const en = await h().api.get<MembershipPlan[]>(paths.plans, { token, lang: 'en-US' });
      expect(en.body.data[1]!.name).toBe('Pro');
      expect(en.body.data[1]!.features).toEqual(
        expect.arrayContaining([
          'Valid for 3 months',
          'Bind up to 10 shops',
          'Create up to 1000 invitations a day',
        ]),
      );
    });

    it('a purchase creates a pending order with the plan\u2019s amounts and a signed payment page', async () => {
      const { token } = await signedIn(h());
      const res = await purchase(h(), token, 'enterprise', 'en-US');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Order created, please complete the payment');
      expect(res.body.data).toMatchObject({
        success: true,
        orderId: expect.stringMatching(/^M\d{14}/),
      });
      const url = new URL(res.body.data.paymentUrl);
      expect(`${url.origin}${url.pathname}`).toBe(
        `http://127.0.0.1:${port}${apiPaths.sandbox.alipayGateway}`,
      );
      expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
      expect(url.searchParams.get('notify_url')).toBe(
        `http://127.0.0.1:${port}${apiPaths.payments.alipayNotify}`,
      );
      expect(url.searchParams.get('return_url')).toBe(`http://127.0.0.1:${port}/membership/result`);
      expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
        out_trade_no: res.body.data.orderId,
        total_amount: '999.00',
        product_code: 'FAST_INSTANT_TRADE_PAY',
      });
      const row = await orderRow(h(), res.body.data.orderId);
      expect(row).toMatchObject({
        planId: 'enterprise',
        durationMonths: 12,
        originalPriceFen: 99_900,
        actualPriceFen: 99_900,
        paymentMethod: 'alipay',
        status: 'pending',
        gateway: 'sandbox',
      });
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60_000);

      const list = await h().api.get<Page<MembershipOrder>>(paths.orders, { token });
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.list[0]).toMatchObject({
        orderId: res.body.data.orderId,
        planName: '企业版',
        originalPriceFen: 99_900,
        actualPriceFen: 99_900,
        status: 'pending',
        paidAt: null,
      });
    });

    it.each([
      [{ planId: 'gold', paymentMethod: 'alipay' }, 'Please choose a plan'],
      [
        { planId: 'pro', paymentMethod: 'wechat' },
        'Please choose a payment method (only Alipay for now)',
      ],
    ])('refuses a purchase of %o', async (body, message) => {
      const { token } = await signedIn(h());
      const res = await h().api.post(paths.purchase, body, { token, lang: 'en-US' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it.each([
      [
        'a bad signature',
        (p: Record<string, string>) => ({ ...p, sign: p.sign!.replace(/^.{8}/, 'AAAAAAAA') }),
        'refused:signature',
      ],
      [
        'a field changed after signing',
        (p: Record<string, string>) => ({ ...p, total_amount: '0.01' }),
        'refused:signature',
      ],
    ])('refuses a notification with %s and changes nothing', async (_name, tamper, outcome) => {
      const order = await withOrder(h());
      const params = tamper(await signedNotification(h(), order));
      expect(await notify(h().app, params)).toBe('failure');
      expect((await orderRow(h(), order.orderNo)).status).toBe('pending');
      expect(await periodsOf(h(), order.userId)).toHaveLength(0);
      expect(await messageCount(h(), order.userId)).toBe(0);
      // Not the gateway's: not written, so not shown on the order it names (F10).
      expect(outcome).toBe('refused:signature');
      expect(await h().app.db.select().from(paymentEvents)).toEqual([]);
    });

    it('writes nothing for a burst of forged notifications, logs a few and throttles the rest (F10)', async () => {
      const order = await withOrder(h());
      const forged = { ...(await signedNotification(h(), order)), total_amount: '0.01' };
      const answers = await Promise.all(
        Array.from({ length: 300 }, () =>
          h().app.inject({
            method: 'POST',
            url: apiPaths.payments.alipayNotify,
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
            payload: new URLSearchParams(forged).toString(),
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(280);
      expect(answers.find((a) => a.statusCode === 200)!.body).toBe('failure');
      expect(await h().app.db.select().from(paymentEvents)).toEqual([]);
      const detail = await h().api.get<{ events: unknown[] }>(paths.order(order.orderNo), {
        token: order.token,
      });
      expect(detail.body.data.events).toEqual([]);
      const lines = h().logs.filter((line) => line.includes('refused: signature'));
      expect(lines).toHaveLength(20);
      // The gateway's own notification still goes through.
      expect(await notify(h().app, await signedNotification(h(), order))).toBe('success');
    });

    it.each([
      ['a wrong amount', { total_amount: '2.99' }, 'refused:amount'],
      ['an amount a fen short', { total_amount: '298.99' }, 'refused:amount'],
      ['an unknown order', { out_trade_no: 'M20260101000000ZZZZZZ' }, 'refused:unknown-order'],
      ['another app', { app_id: '9021000000000001' }, 'refused:app-id'],
      ['another seller', { seller_id: '2088000000000001' }, 'refused:seller-id'],
      ['no seller', { seller_id: null }, 'refused:seller-id'],
      ['no app', { app_id: null }, 'refused:app-id'],
      ['a status that is not paid', { trade_status: 'WAIT_BUYER_PAY' }, 'pending'],
      ['a closed trade', { trade_status: 'TRADE_CLOSED' }, 'refused:status'],
    ])(
      'refuses a signed notification with %s and changes nothing',
      async (_name, change, outcome) => {
        const order = await withOrder(h());
        const params = await signedNotification(h(), order, change);
        expect(await notify(h().app, params)).toBe('failure');
        expect((await orderRow(h(), order.orderNo)).status).toBe('pending');
        expect(await periodsOf(h(), order.userId)).toHaveLength(0);
        expect(await messageCount(h(), order.userId)).toBe(0);
        const events = await h().app.db.select().from(paymentEvents);
        expect(events.map((e) => [e.outcome, e.signatureValid])).toEqual([[outcome, true]]);
      },
    );

    it('accepts TRADE_FINISHED as paid', async () => {
      const order = await withOrder(h(), 'basic');
      const params = await signedNotification(h(), order, { trade_status: 'TRADE_FINISHED' });
      expect(await notify(h().app, params)).toBe('success');
      expect((await orderRow(h(), order.orderNo)).status).toBe('paid');
    });

    it('eight identical notifications grant one membership', async () => {
      const order = await withOrder(h(), 'pro');
      const params = await signedNotification(h(), order);
      for (let i = 0; i < 8; i++) expect(await notify(h().app, params)).toBe('success');
      const row = await orderRow(h(), order.orderNo);
      expect(row).toMatchObject({
        status: 'paid',
        paidAmountFen: 29_900,
        buyerAccount: 'buy***@example.com',
      });
      const periods = await periodsOf(h(), order.userId);
      expect(periods).toHaveLength(1);
      expect(periods[0]).toMatchObject({ planId: 'pro', source: 'order', orderId: row.id });
      expect(await messageCount(h(), order.userId)).toBe(1);
      const outcomes = (await h().app.db.select().from(paymentEvents)).map((e) => e.outcome).sort();
      expect(outcomes).toEqual([
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'duplicate',
        'granted',
      ]);
    });

    it('concurrent duplicate notifications, on two replicas, grant once', async () => {
      const order = await withOrder(h(), 'basic');
      const params = await signedNotification(h(), order);
      const other = await h().replica();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => notify(i % 2 ? other : h().app, params)),
      );
      expect(answers).toEqual(Array(8).fill('success'));
      expect(await periodsOf(h(), order.userId)).toHaveLength(1);
      expect(await messageCount(h(), order.userId)).toBe(1);
      const events = await h().app.db.select().from(paymentEvents);
      expect(events.filter((e) => e.outcome === 'granted')).toHaveLength(1);
    });

    it('pays and cancels only from pending', async () => {
      const a = await withOrder(h(), 'basic');
      const again = await h().api.post<PaymentUrlData>(paths.pay(a.orderNo), undefined, {
        token: a.token,
      });
      expect(again.status).toBe(200);
      expect(new URL(again.body.data.paymentUrl).pathname).toBe(apiPaths.sandbox.alipayGateway);

      const cancelled = await h().api.post<MembershipOrder>(paths.cancel(a.orderNo), undefined, {
        token: a.token,
        lang: 'en-US',
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toBe('Order cancelled');
      expect(cancelled.body.data).toMatchObject({
        status: 'cancelled',
        cancelledAt: expect.any(String),
      });
      for (const action of ['pay', 'cancel'] as const) {
        const res = await h().api.post(paths[action](a.orderNo), undefined, {
          token: a.token,
          lang: 'en-US',
        });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe(
          `Only an order pending payment can be ${action === 'pay' ? 'paid' : 'cancelled'}; this order is cancelled`,
        );
      }

      const b = await h().api.post<{ orderId: string }>(
        paths.purchase,
        { planId: 'pro', paymentMethod: 'alipay' },
        { token: a.token },
      );
      const bOrder = await orderRow(h(), b.body.data.orderId);
      await paid(h(), { orderNo: bOrder.orderNo, amountFen: bOrder.actualPriceFen });
      const payPaid = await h().api.post(paths.pay(bOrder.orderNo), undefined, { token: a.token });
      expect(payPaid.status).toBe(422);
      expect(payPaid.body.message).toBe('只有待支付的订单才能支付，该订单已支付');
      const cancelPaid = await h().api.post(paths.cancel(bOrder.orderNo), undefined, {
        token: a.token,
      });
      expect(cancelPaid.status).toBe(422);
      expect((await orderRow(h(), bOrder.orderNo)).status).toBe('paid');
    });

    it('expires unpaid orders after 30 minutes: the job, and any read of an overdue order', async () => {
      const a = await withOrder(h(), 'basic');
      const created = (await orderRow(h(), a.orderNo)).createdAt;
      expect(await expireOverdueOrders(h().app.db, new Date(created.getTime() + 29 * 60_000))).toBe(
        0,
      );
      expect(await expireOverdueOrders(h().app.db, new Date(created.getTime() + 30 * 60_000))).toBe(
        1,
      );
      expect(await expireOverdueOrders(h().app.db, new Date(created.getTime() + 31 * 60_000))).toBe(
        0,
      );
      expect((await orderRow(h(), a.orderNo)).status).toBe('expired');
      const payExpired = await h().api.post(paths.pay(a.orderNo), undefined, {
        token: a.token,
        lang: 'en-US',
      });
      expect(payExpired.status).toBe(422);
      expect(payExpired.body.message).toContain('this order is expired');

      // Overdue but not yet seen by the job: reading it says expired.
      const b = await h().api.post<{ orderId: string }>(
        paths.purchase,
        { planId: 'pro', paymentMethod: 'alipay' },
        { token: a.token },
      );
      const { membershipOrders } = await import('../src/db/schema.ts');
      await h()
        .app.db.update(membershipOrders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(membershipOrders.orderNo, b.body.data.orderId));
      expect((await readOrder(h(), a.token, b.body.data.orderId)).body.data.status).toBe('expired');
      const list = await h().api.get<Page<MembershipOrder>>(paths.orders, {
        token: a.token,
        query: { status: 'expired' },
      });
      expect(list.body.data.total).toBe(2);
    });

    it('buying while active extends from the current expiry; the login and info follow the plan', async () => {
      const a = await withOrder(h(), 'basic');
      const before = await login(h(), a.user.username, a.user.password);
      expect(before.body.data.user).toMatchObject({
        membershipLevel: 'none',
        membershipValidTo: null,
        maxShopBindCount: 1,
      });
      const infoNone = await h().api.get<MembershipInfo>(paths.info, { token: a.token });
      expect(infoNone.body.data).toMatchObject({
        isActive: false,
        planName: null,
        expireDate: null,
        shopBindLimit: 1,
      });

      await paid(h(), a);
      const [first] = await periodsOf(h(), a.userId);
      const bought = await h().api.post<{ orderId: string }>(
        paths.purchase,
        { planId: 'pro', paymentMethod: 'alipay' },
        { token: a.token },
      );
      const second = await orderRow(h(), bought.body.data.orderId);
      await paid(h(), { orderNo: second.orderNo, amountFen: second.actualPriceFen });
      const periods = await periodsOf(h(), a.userId);
      expect(periods).toHaveLength(2);
      expect(periods[1]!.startsAt.toISOString()).toBe(first!.endsAt.toISOString());
      // Three calendar months from where the first ended.
      const expectedEnd = new Date(first!.endsAt);
      expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 3);
      expect(Math.abs(periods[1]!.endsAt.getTime() - expectedEnd.getTime())).toBeLessThan(
        4 * 86_400_000,
      );

      // Basic is in force now (3 shops), valid until the end of the pro period.
      const info = await h().api.get<MembershipInfo>(paths.info, { token: a.token, lang: 'en-US' });
      expect(info.body.data).toMatchObject({
        isActive: true,
        planId: 'basic',
        planName: 'Basic',
        expireDate: periods[1]!.endsAt.toISOString(),
        shopBindLimit: 3,
      });
      const after = await h().api.post<LoginData>(apiPaths.auth.login, {
        username: a.user.username,
        password: a.user.password,
      });
      expect(after.body.data.user).toMatchObject({
        membershipLevel: 'basic',
        membershipValidTo: periods[1]!.endsAt.toISOString(),
        maxShopBindCount: 3,
      });
      // When basic has run out, pro is in force: 10 shops; after both, the free allowance.
      const duringPro = await membershipState(
        h().app.db,
        a.userId,
        new Date(first!.endsAt.getTime() + 1000),
      );
      expect(duringPro).toMatchObject({
        level: 'pro',
        shopBindLimit: 10,
        dailyInvitationCap: 1000,
      });
      const afterAll = await membershipState(
        h().app.db,
        a.userId,
        new Date(periods[1]!.endsAt.getTime() + 1000),
      );
      expect(afterAll).toMatchObject({
        level: 'none',
        isActive: false,
        shopBindLimit: 1,
        dailyInvitationCap: 20,
      });
    });

    it('the shop limit follows the plan paid for: one shop free, three on basic, ten on pro', async () => {
      const a = await withOrder(h(), 'basic');
      const slots = async (token: string) =>
        (await h().api.get<ShopPage>(apiPaths.shops.list, { token })).body.data.slots;
      await bindNewShop(h(), a.token);
      const beforePaying = await h().api.post(apiPaths.shops.list, shopIdentity(), {
        token: a.token,
        lang: 'en-US',
      });
      expect(beforePaying.status).toBe(422);
      expect(await slots(a.token)).toMatchObject({ limit: 1, used: 1, level: 'none' });

      await paid(h(), a);
      await bindNewShop(h(), a.token);
      await bindNewShop(h(), a.token);
      const fourth = await h().api.post(apiPaths.shops.list, shopIdentity(), {
        token: a.token,
        lang: 'en-US',
      });
      expect(fourth.status).toBe(422);
      expect(await slots(a.token)).toMatchObject({ limit: 3, used: 3, level: 'basic' });
      const signedInAgain = await login(h(), a.user.username, a.user.password);
      expect(signedInAgain.body.data.user).toMatchObject({
        maxShopBindCount: 3,
        currentShopBindCount: 3,
      });

      const b = await withOrder(h(), 'pro');
      await paid(h(), b);
      expect(await slots(b.token)).toMatchObject({ limit: 10, used: 0, level: 'pro' });
    });

    it('expires orders, asks the gateway and posts expiry notices from the scheduled jobs', async () => {
      const job = (name: string) => {
        const found = h().app.jobs.jobs.find((j) => j.name === name);
        if (!found) throw new Error(`no job ${name}`);
        return found;
      };
      const a = await withOrder(h(), 'basic');
      const created = (await orderRow(h(), a.orderNo)).createdAt.getTime();
      await job('expire-orders').run(new Date(created + 29 * 60_000));
      expect((await orderRow(h(), a.orderNo)).status).toBe('pending');
      await job('expire-orders').run(new Date(created + 30 * 60_000));
      expect((await orderRow(h(), a.orderNo)).status).toBe('expired');
      // The expired order is still asked about a while (a late payment), the gateway says unpaid.
      await job('reconcile-orders').run(new Date(created + 31 * 60_000));
      expect((await orderRow(h(), a.orderNo)).queryAttempts).toBe(1);

      const b = await withOrder(h(), 'basic');
      await paid(h(), b);
      const [period] = await periodsOf(h(), b.userId);
      const end = period!.endsAt.getTime();
      await job('membership-notices').run(new Date(end - 2 * 86_400_000));
      await job('membership-notices').run(new Date(end + 60_000));
      const kinds = (
        await h().app.db.select().from(inboxMessages).where(eq(inboxMessages.userId, b.userId))
      )
        .map((m) => m.kind)
        .sort();
      expect(kinds).toEqual(['membershipExpired', 'membershipExpiring', 'paymentSucceeded']);
    });

    it('answers 404 for another account\u2019s order, and changes nothing', async () => {
      const a = await withOrder(h(), 'basic');
      const b = await signedIn(h());
      expect((await readOrder(h(), b.token, a.orderNo)).status).toBe(404);
      expect((await h().api.post(paths.pay(a.orderNo), undefined, { token: b.token })).status).toBe(
        404,
      );
      expect(
        (await h().api.post(paths.cancel(a.orderNo), undefined, { token: b.token })).status,
      ).toBe(404);
      expect((await orderRow(h(), a.orderNo)).status).toBe('pending');
      const list = await h().api.get<Page<MembershipOrder>>(paths.orders, { token: b.token });
      expect(list.body.data.total).toBe(0);
    });

    it('filters the records by plan, status and purchase date', async () => {
      const a = await withOrder(h(), 'basic');
      await h().api.post(
        paths.purchase,
        { planId: 'pro', paymentMethod: 'alipay' },
        { token: a.token },
      );
      await paid(h(), a);
      const list = (query: Record<string, string>) =>
        h().api.get<Page<MembershipOrder>>(paths.orders, { token: a.token, query });
      expect((await list({ planId: 'pro' })).body.data.list.map((o) => o.planId)).toEqual(['pro']);
      expect((await list({ status: 'paid' })).body.data.list.map((o) => o.orderId)).toEqual([
        a.orderNo,
      ]);
      const now = Date.now();
      expect(
        (await list({ createdFrom: new Date(now - 60_000).toISOString() })).body.data.total,
      ).toBe(2);
      expect(
        (await list({ createdTo: new Date(now - 3_600_000).toISOString() })).body.data.total,
      ).toBe(0);
      const bad = await h().api.get(paths.orders, {
        token: a.token,
        lang: 'en-US',
        query: {
          createdFrom: new Date(now).toISOString(),
          createdTo: new Date(now - 1000).toISOString(),
        },
      });
      expect(bad.status).toBe(400);
    });

    it('needs a login for every membership, message and invite call; the notification needs none', async () => {
      for (const [method, url] of [
        ['GET', paths.plans],
        ['GET', paths.info],
        ['POST', paths.purchase],
        ['GET', paths.orders],
        ['GET', paths.order('M20260101000000AAAAAA')],
        ['POST', paths.pay('M20260101000000AAAAAA')],
        ['POST', paths.cancel('M20260101000000AAAAAA')],
        ['GET', apiPaths.messages.list],
        ['GET', apiPaths.messages.summary],
        ['POST', apiPaths.messages.read],
        ['POST', apiPaths.messages.readAll],
        ['GET', apiPaths.invite.info],
        ['GET', apiPaths.invite.invitees],
        ['GET', apiPaths.invite.rewards],
        ['GET', apiPaths.menu],
      ] as const) {
        expect(
          (await h().api.call(method, url, { body: method === 'POST' ? {} : undefined })).status,
        ).toBe(401);
      }
      expect(await notify(h().app, { out_trade_no: 'x' })).toBe('failure');
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
