import { apiPaths, type MessageData, type MessageSummary, type Page } from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inboxMessages, membershipPeriods, users } from '../src/db/schema.ts';
import { postMessage } from '../src/modules/messages/post.ts';
import { postMembershipNotices } from '../src/modules/membership/notices.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import {
  freePort,
  listenEachTest,
  notify,
  orderRow,
  purchase,
  signedNotification,
} from './support/payments.ts';

const port = await freePort();
const paths = apiPaths.messages;
const DAY_MS = 86_400_000;

async function userId(h: Harness, username: string) {
  const [row] = await h.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  return row!.id;
}

async function list(
  h: Harness,
  token: string,
  query: Record<string, string | number> = {},
  lang = 'zh-CN',
) {
  return h.api.get<Page<MessageData>>(paths.list, { token, query, lang });
}

/** A seller with one of each of the six kinds of message (oldest first). */
async function sellerWithEveryKind(h: Harness) {
  const seller = await signedIn(h);
  const id = await userId(h, seller.user.username);
  const at = '2026-03-01T04:00:00.000Z';
  const posts = [
    postMessage(h.app.db, {
      userId: id,
      kind: 'paymentSucceeded',
      params: { orderNo: 'M1', planId: 'pro', validTo: at },
      dedupeKey: 'a',
    }),
    postMessage(h.app.db, {
      userId: id,
      kind: 'membershipExpiring',
      params: { planId: 'basic', validTo: at },
      dedupeKey: 'b',
    }),
    postMessage(h.app.db, {
      userId: id,
      kind: 'membershipExpired',
      params: { planId: 'enterprise', expiredAt: at },
      dedupeKey: 'c',
    }),
    postMessage(h.app.db, {
      userId: id,
      kind: 'inviteRewardGranted',
      params: { invitee: '138****0000', days: 30, validTo: at },
      dedupeKey: 'd',
    }),
    postMessage(h.app.db, {
      userId: id,
      kind: 'taskBatchFailed',
      params: { taskId: 7, setName: '春季上新', shopName: '美妆旗舰店', failed: 3, total: 20 },
      dedupeKey: 'e',
    }),
    postMessage(h.app.db, {
      userId: id,
      kind: 'shopBindExpired',
      params: { shopId: 2, shopName: 'Glow Store', platform: 'tiktok' },
      dedupeKey: 'f',
    }),
  ];
  for (const post of posts) await post;
  return { ...seller, id };
}

describeApi(
  'message box',
  (h) => {
    listenEachTest(h, port);

    it('words every kind of message in the reader\u2019s language and time zone', async () => {
      const { token } = await sellerWithEveryKind(h());
      const zh = await list(h(), token, { pageSize: 10 });
      const byKind = Object.fromEntries(zh.body.data.list.map((m) => [m.kind, m]));
      expect(byKind.paymentSucceeded).toMatchObject({
        type: 'notice',
        title: '支付成功',
        subTitle: '专业版会员',
        content: '订单 M1 已支付成功，专业版会员有效期至 2026-03-01 12:00。',
        avatar: 'payment',
        status: 0,
        messageType: 1,
      });
      expect(byKind.membershipExpiring).toMatchObject({
        type: 'todo',
        title: '会员即将到期',
        messageType: 3,
      });
      expect(byKind.membershipExpired!.content).toContain('企业版会员已于 2026-03-01 12:00 到期');
      expect(byKind.inviteRewardGranted).toMatchObject({
        type: 'message',
        subTitle: '好友 138****0000',
      });
      expect(byKind.taskBatchFailed!.content).toBe(
        '任务“春季上新”（店铺 美妆旗舰店）中有 3/20 条邀约失败，请在发送记录中查看原因。',
      );
      expect(byKind.shopBindExpired!.content).toContain('Glow Store（TikTok）');

      const en = await list(h(), token, { pageSize: 10, timeZone: 'America/New_York' }, 'en-US');
      const enByKind = Object.fromEntries(en.body.data.list.map((m) => [m.kind, m]));
      expect(enByKind.paymentSucceeded!.content).toBe(
        'Order M1 is paid. Your Pro membership is valid until 2026-02-28 23:00.',
      );
      expect(enByKind.shopBindExpired!.title).toBe('Shop binding expired');
      expect(enByKind.taskBatchFailed!.content).toBe(
        'In task "春季上新" (shop 美妆旗舰店), 3 of 20 invitations failed. See the reasons in Send Records.',
      );
      const bad = await h().api.get(paths.list, {
        token,
        lang: 'en-US',
        query: { timeZone: 'Mars/Olympus' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'Invalid time zone: use an IANA time zone name such as Asia/Shanghai',
      );
    });

    it('filters by tab, status and date, pages, and counts unread per tab in the summary', async () => {
      const { token } = await sellerWithEveryKind(h());
      expect(
        (await list(h(), token, { type: 'todo' })).body.data.list.map((m) => m.kind).sort(),
      ).toEqual(['membershipExpiring', 'shopBindExpired', 'taskBatchFailed']);
      const paged = await list(h(), token, { page: 2, pageSize: 4 });
      expect(paged.body.data).toMatchObject({ total: 6, page: 2, pageSize: 4 });
      expect(paged.body.data.list).toHaveLength(2);
      expect(
        (await list(h(), token, { createdFrom: new Date(Date.now() + DAY_MS).toISOString() })).body
          .data.total,
      ).toBe(0);

      const summary = await h().api.get<MessageSummary>(paths.summary, { token });
      expect(summary.body.data.unread).toEqual({ message: 1, notice: 2, todo: 3 });
      expect(summary.body.data.latest.todo).toHaveLength(3);
      expect(summary.body.data.latest.message[0]!.kind).toBe('inviteRewardGranted');
    });

    it('marks read by ids and All Read per tab or all; another account\u2019s message answers 404', async () => {
      const { token } = await sellerWithEveryKind(h());
      const todos = (await list(h(), token, { type: 'todo' })).body.data.list;
      const read = await h().api.post<{ affected: number }>(
        paths.read,
        { ids: [todos[0]!.id] },
        { token, lang: 'en-US' },
      );
      expect(read.status).toBe(200);
      expect(read.body.message).toBe('Marked as read');
      expect(read.body.data.affected).toBe(1);
      expect((await list(h(), token, { status: 1 })).body.data.list.map((m) => m.id)).toEqual([
        todos[0]!.id,
      ]);

      const other = await signedIn(h());
      const stolen = await h().api.post(
        paths.read,
        { ids: [todos[1]!.id] },
        { token: other.token },
      );
      expect(stolen.status).toBe(404);
      const mixed = await h().api.post(paths.read, { ids: [todos[1]!.id, 999_999] }, { token });
      expect(mixed.status).toBe(404);
      expect((await list(h(), token, { status: 1 })).body.data.total).toBe(1);

      const tab = await h().api.post<{ affected: number }>(
        paths.readAll,
        { type: 'todo' },
        { token },
      );
      expect(tab.body.data.affected).toBe(2);
      let summary = await h().api.get<MessageSummary>(paths.summary, { token });
      expect(summary.body.data.unread).toEqual({ message: 1, notice: 2, todo: 0 });
      const all = await h().api.post<{ affected: number }>(paths.readAll, {}, { token });
      expect(all.body.data.affected).toBe(3);
      summary = await h().api.get<MessageSummary>(paths.summary, { token });
      expect(summary.body.data.unread).toEqual({ message: 0, notice: 0, todo: 0 });
      // Nothing of the other account was touched, and they see none of it.
      expect((await list(h(), other.token)).body.data.total).toBe(0);
    });

    it('a payment posts one message to the payer', async () => {
      const seller = await signedIn(h());
      const bought = await purchase(h(), seller.token, 'basic');
      const row = await orderRow(h(), bought.body.data.orderId);
      const params = await signedNotification(h(), {
        orderNo: row.orderNo,
        amountFen: row.actualPriceFen,
      });
      expect(await notify(h().app, params)).toBe('success');
      expect(await notify(h().app, params)).toBe('success');
      const messages = (await list(h(), seller.token)).body.data.list;
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        kind: 'paymentSucceeded',
        type: 'notice',
        title: '支付成功',
      });
      expect(messages[0]!.content).toContain(row.orderNo);
    });

    it('posts expiring (3 days before) and expired messages once per membership end', async () => {
      const seller = await signedIn(h());
      const id = await userId(h(), seller.user.username);
      const start = new Date('2026-01-01T00:00:00.000Z');
      const end = new Date('2026-02-01T00:00:00.000Z');
      await h()
        .app.db.insert(membershipPeriods)
        .values({ userId: id, planId: 'basic', startsAt: start, endsAt: end, source: 'order' });
      const kinds = async () =>
        (await h().app.db.select().from(inboxMessages).where(eq(inboxMessages.userId, id)))
          .map((m) => m.kind)
          .sort();

      expect(await postMembershipNotices(h().app.db, new Date(end.getTime() - 4 * DAY_MS))).toBe(0);
      expect(await postMembershipNotices(h().app.db, new Date(end.getTime() - 3 * DAY_MS))).toBe(1);
      expect(await postMembershipNotices(h().app.db, new Date(end.getTime() - 1 * DAY_MS))).toBe(0);
      expect(await kinds()).toEqual(['membershipExpiring']);
      expect(await postMembershipNotices(h().app.db, new Date(end.getTime() + 60_000))).toBe(1);
      expect(await postMembershipNotices(h().app.db, new Date(end.getTime() + 2 * DAY_MS))).toBe(0);
      expect(await kinds()).toEqual(['membershipExpired', 'membershipExpiring']);

      // A renewal that follows on moves the end: the old end is no longer announced, the new one is.
      const other = await signedIn(h());
      const otherId = await userId(h(), other.user.username);
      const renewedEnd = new Date('2026-05-01T00:00:00.000Z');
      await h()
        .app.db.insert(membershipPeriods)
        .values([
          { userId: otherId, planId: 'basic', startsAt: start, endsAt: end, source: 'order' },
          { userId: otherId, planId: 'pro', startsAt: end, endsAt: renewedEnd, source: 'order' },
        ]);
      await postMembershipNotices(h().app.db, new Date(end.getTime() - DAY_MS));
      await postMembershipNotices(h().app.db, new Date(end.getTime() + DAY_MS));
      expect(
        await h().app.db.select().from(inboxMessages).where(eq(inboxMessages.userId, otherId)),
      ).toHaveLength(0);
      await postMembershipNotices(h().app.db, new Date(renewedEnd.getTime() - DAY_MS));
      const posted = await h()
        .app.db.select()
        .from(inboxMessages)
        .where(eq(inboxMessages.userId, otherId));
      expect(posted.map((m) => [m.kind, m.params])).toEqual([
        ['membershipExpiring', { planId: 'pro', validTo: renewedEnd.toISOString() }],
      ]);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
