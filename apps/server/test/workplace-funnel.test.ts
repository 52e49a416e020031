import { apiPaths, type FunnelData } from '@inviteflow/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { affiliateOrders } from '../src/db/schema.ts';
import { recordOrders, type OrderLine } from '../src/modules/affiliate-orders/index.ts';
import { sandboxCreator } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { applyCreatorEvents, invitationOfOrder } from '../src/modules/send-records/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import { drain, seller, talentsFor, tiktokTask, type Seller } from './support/platform-actions.ts';
import {
  bindNewShop,
  createTask,
  makeTemplates,
  runBrowserAction,
  taskBody,
} from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

/**
 * The workplace funnel (issue 19): records sent per task (every success path counts once),
 * what creators did after (record_stage_counts, moved by the platform syncs), the GMV of the
 * orders attributed to the tasks, per template, shop, set and task, with the rates' sample size.
 */

const port = await freePort();

async function funnel(h: Harness, token: string, query = ''): Promise<FunnelData> {
  const res = await h.api.get<FunnelData>(`${apiPaths.sendRecords.funnel}${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A seller with a script template and a task of sandbox creators 1 (accepts), 2 (declines), 3. */
async function invited(h: Harness): Promise<{ s: Seller; taskId: number; scriptId: number }> {
  const s = await seller(h);
  const made = await h.api.post<{ id: number }>(
    apiPaths.templates.scripts,
    { content: 'Hello {talentName}', remark: 'Friendly hello' },
    { token: s.token },
  );
  const scriptId = made.body.data.id;
  const talentIds = await talentsFor(
    h,
    s,
    [1, 2, 3].map((n) => sandboxCreator('US', n)),
  );
  const task = await createTask(
    h,
    s.token,
    tiktokTask(s, talentIds, { scriptTemplateId: scriptId, setName: 'Spring launch' }),
  );
  await drain(h);
  return { s, taskId: task.taskId, scriptId };
}

/** Moves the sandbox's and our clocks past the creators' answers and runs the syncs due. */
async function answersArrive(h: Harness) {
  h.app.tiktokShopSandbox!.advanceClock(10 * 60);
  const later = new Date(h.app.clock.now().getTime() + 2 * 60_000);
  h.app.clock.now = () => later;
  return h.app.platformSync.runDue();
}

/**
 * An order line of a creator of the task (sandbox creator `creator`), read by a sync: through
 * the orders' one writer (recordOrders), attributed to the creator's invitation as the
 * tiktok.orders sync does it.
 */
async function order(
  h: Harness,
  s: Seller,
  key: string,
  amountMinor: number,
  extra: { void?: boolean; currency?: string; creator?: number; status?: string } = {},
) {
  return recordOrders(
    h.app.db,
    { userId: s.userId, shopId: s.shop.id, shopName: s.shop.shopName, platform: 'tiktok' },
    [line(h, key, amountMinor, extra)],
    h.app.clock.now(),
    invitationOfOrder,
  );
}

function line(
  h: Harness,
  key: string,
  amountMinor: number,
  extra: { void?: boolean; currency?: string; creator?: number; status?: string } = {},
): OrderLine {
  const creator = sandboxCreator('US', extra.creator ?? 1);
  return {
    key,
    creatorKey: creator.username,
    targetCollaborationId: null,
    productId: null,
    quantity: 1,
    amountMinor,
    currency: extra.currency ?? 'USD',
    status: extra.status ?? (extra.void ? 'CANCELLED' : 'COMPLETED'),
    void: extra.void ?? false,
    orderedAt: h.app.clock.now(),
  };
}

describeApi(
  'workplace funnel',
  (h) => {
    listenEachTest(h, port);

    it('counts sent once per record, then acceptances and replies as creators answer, with rates and sample size', async () => {
      const { s, taskId, scriptId } = await invited(h());
      let data = await funnel(h(), s.token);
      expect(data.groupBy).toBe('template');
      expect(data.groupCount).toBe(1);
      const [group] = data.groups;
      expect(group).toMatchObject({
        id: scriptId,
        name: 'Friendly hello',
        tasks: 1,
        counts: {
          sent: 3,
          accepted: 0,
          replied: 0,
          sample_requested: 0,
          content_posted: 0,
          first_order: 0,
        },
        rates: { accepted: 0, replied: 0 },
        sample: 3,
        smallSample: true,
        gmv: [],
      });
      // Another pass of the executor finds nothing open: nothing counted twice.
      await drain(h());
      expect((await funnel(h(), s.token)).totals.counts.sent).toBe(3);

      expect(await answersArrive(h())).toBe(2);
      data = await funnel(h(), s.token);
      expect(data.totals.counts).toMatchObject({ sent: 3, accepted: 1 });
      expect(data.groups[0]!.rates.accepted).toBeCloseTo(1 / 3);
      // Read again: a redelivered fact counts nothing.
      const again = new Date(h().app.clock.now().getTime() + 2 * 60_000);
      h().app.clock.now = () => again;
      await h().app.platformSync.runDue();
      expect((await funnel(h(), s.token)).totals.counts.accepted).toBe(1);

      // A reply of the silent creator (as the conversations sync will apply it), twice.
      const silent = sandboxCreator('US', 3);
      const reply = {
        userId: s.userId,
        shopId: s.shop.id,
        shopName: s.shop.shopName,
        stage: 'replied' as const,
        key: `conversation-1:${silent.openId}`,
        at: h().app.clock.now(),
        creator: { openId: silent.openId, username: silent.username },
      };
      await applyCreatorEvents(h().app.db, [reply, reply]);
      data = await funnel(h(), s.token);
      expect(data.totals.counts).toMatchObject({ sent: 3, accepted: 1, replied: 1 });
      expect(data.groups[0]!.rates.replied).toBeCloseTo(1 / 3);
      // A reply of the creator who accepted: the task's reply count grows (1 → 2), once.
      const accepted = sandboxCreator('US', 1);
      const second = {
        ...reply,
        key: `conversation-2:${accepted.openId}`,
        creator: { openId: accepted.openId, username: accepted.username },
      };
      await applyCreatorEvents(h().app.db, [second]);
      await applyCreatorEvents(h().app.db, [second]);
      data = await funnel(h(), s.token);
      expect(data.totals.counts).toMatchObject({ sent: 3, accepted: 1, replied: 2 });

      // GMV: the task's non-void orders, per currency.
      await order(h(), s, 'o-1', 1_999);
      await order(h(), s, 'o-2', 1_000, { creator: 2 });
      await order(h(), s, 'o-3', 5_000, { void: true });
      await order(h(), s, 'o-4', 300, { currency: 'GBP' });
      data = await funnel(h(), s.token, '?groupBy=task');
      expect(data.groups[0]).toMatchObject({ id: taskId, name: 'Spring launch' });
      expect(data.groups[0]!.createdAt).not.toBeNull();
      expect(data.totals.gmv).toEqual([
        { currency: 'GBP', amountMinor: 300, orders: 1 },
        { currency: 'USD', amountMinor: 2_999, orders: 2 },
      ]);
      const byShop = await funnel(h(), s.token, '?groupBy=shop');
      expect(byShop.groups.map((g) => [g.id, g.name])).toEqual([[s.shop.id, s.shop.shopName]]);
      const bySet = await funnel(h(), s.token, '?groupBy=set');
      expect(bySet.groups.map((g) => [g.id, g.name, g.counts.sent])).toEqual([
        [null, 'Spring launch', 3],
      ]);
    });

    it('keeps the GMV with the orders: a line counted once however often read, its amount, void and currency followed', async () => {
      const { s, taskId } = await invited(h());
      // One time for every read of the lines: a line read again is the same line.
      const at = new Date(h().app.clock.now().getTime() + 60_000);
      h().app.clock.now = () => at;
      const gmv = async () => (await funnel(h(), s.token, '?groupBy=task')).totals.gmv;
      /** The GMV recounted from the orders themselves, as the rollup must always say. */
      const recounted = async () => {
        const rows = await h()
          .app.db.select({
            currency: affiliateOrders.currency,
            amountMinor: sql<string>`sum(${affiliateOrders.amountMinor})`,
            orders: sql<string>`count(*)`,
          })
          .from(affiliateOrders)
          .where(
            and(
              eq(affiliateOrders.userId, s.userId),
              eq(affiliateOrders.taskId, taskId),
              eq(affiliateOrders.void, 0),
            ),
          )
          .groupBy(affiliateOrders.currency)
          .orderBy(affiliateOrders.currency);
        return rows.map((r) => ({
          currency: r.currency,
          amountMinor: Number(r.amountMinor),
          orders: Number(r.orders),
        }));
      };

      // An order arrives: in the funnel.
      expect((await order(h(), s, 'g-1', 1_000)).changed).toBe(1);
      expect(await gmv()).toEqual([{ currency: 'USD', amountMinor: 1_000, orders: 1 }]);
      // The same line delivered again, alone and twice in one read: counted once.
      expect((await order(h(), s, 'g-1', 1_000)).changed).toBe(0);
      await recordOrders(
        h().app.db,
        { userId: s.userId, shopId: s.shop.id, shopName: s.shop.shopName, platform: 'tiktok' },
        [line(h(), 'g-1', 1_000), line(h(), 'g-1', 1_000)],
        h().app.clock.now(),
        invitationOfOrder,
      );
      expect(await gmv()).toEqual([{ currency: 'USD', amountMinor: 1_000, orders: 1 }]);
      // Read again with another status but the same amount: the line changes, the GMV not.
      expect((await order(h(), s, 'g-1', 1_000, { status: 'SHIPPED' })).changed).toBe(1);
      expect(await gmv()).toEqual([{ currency: 'USD', amountMinor: 1_000, orders: 1 }]);
      // Its amount changes (a partial refund): the GMV follows.
      await order(h(), s, 'g-1', 750);
      expect(await gmv()).toEqual([{ currency: 'USD', amountMinor: 750, orders: 1 }]);
      // Another currency is kept apart, never added.
      await order(h(), s, 'g-2', 4_000, { currency: 'GBP', creator: 2 });
      await order(h(), s, 'g-3', 250, { creator: 2 });
      expect(await gmv()).toEqual([
        { currency: 'GBP', amountMinor: 4_000, orders: 1 },
        { currency: 'USD', amountMinor: 1_000, orders: 2 },
      ]);
      // A line becomes void (refunded): out of the GMV; read void again: nothing more.
      await order(h(), s, 'g-1', 750, { void: true });
      await order(h(), s, 'g-1', 750, { void: true });
      expect(await gmv()).toEqual([
        { currency: 'GBP', amountMinor: 4_000, orders: 1 },
        { currency: 'USD', amountMinor: 250, orders: 1 },
      ]);
      // Every line of a currency void: that currency is no figure (not a zero).
      await order(h(), s, 'g-2', 4_000, { currency: 'GBP', creator: 2, void: true });
      expect(await gmv()).toEqual([{ currency: 'USD', amountMinor: 250, orders: 1 }]);
      // Un-void, with its currency changed: counted again, in the new currency.
      await order(h(), s, 'g-2', 3_900, { currency: 'USD', creator: 2 });
      expect(await gmv()).toEqual([{ currency: 'USD', amountMinor: 4_150, orders: 2 }]);
      expect(await gmv()).toEqual(await recounted());
      const byTemplate = await funnel(h(), s.token);
      expect(byTemplate.groups[0]!.gmv).toEqual(await recounted());

      // Another account's funnel shows none of it.
      const other = await signedIn(h());
      expect((await funnel(h(), other.token)).totals.gmv).toEqual([]);
    });

    it('filters by the time the task was created and by shop; another account sees nothing of it', async () => {
      const { s } = await invited(h());
      const future = new Date(h().app.clock.now().getTime() + 86_400_000).toISOString();
      const empty = await funnel(h(), s.token, `?createdFrom=${encodeURIComponent(future)}`);
      expect(empty.groups).toEqual([]);
      expect(empty.totals).toMatchObject({ tasks: 0, sample: 0, rates: { accepted: null } });
      const past = new Date(h().app.clock.now().getTime() - 86_400_000).toISOString();
      const inRange = await funnel(
        h(),
        s.token,
        `?shopId=${s.shop.id}&createdFrom=${encodeURIComponent(past)}&createdTo=${encodeURIComponent(future)}`,
      );
      expect(inRange.totals.counts.sent).toBe(3);

      const other = await signedIn(h());
      const theirs = await funnel(h(), other.token);
      expect(theirs.groups).toEqual([]);
      expect(theirs.totals.counts.sent).toBe(0);
      const named = await funnel(h(), other.token, `?shopId=${s.shop.id}&groupBy=shop`);
      expect(named.groups).toEqual([]);
    });

    it('counts records a browser reports sent, once, and refuses bad filters with a clear message', async () => {
      const account = await signedIn(h());
      const shop = await bindNewShop(h(), account.token);
      const { scriptId } = await makeTemplates(h(), account.token, '你好 {talentName}');
      const library = await seedTalents(
        h(),
        account.tokens.user.id,
        Array.from({ length: 4 }, (_, i) => ({ name: `达人${i}` })),
      );
      await createTask(
        h(),
        account.token,
        taskBody(shop.id, { talentIds: library.map((t) => t.id), scriptTemplateId: scriptId }),
      );
      await runBrowserAction(h(), account.token, shop.id, (_, index) =>
        index === 0 ? 'sent' : index === 1 ? 'talent_not_found' : index === 2 ? 'sent' : null,
      );
      const data = await funnel(h(), account.token);
      expect(data.groups.map((g) => [g.id, g.counts.sent, g.smallSample])).toEqual([
        [scriptId, 2, true],
      ]);

      const bad = await h().api.get(`${apiPaths.sendRecords.funnel}?groupBy=nope`, {
        token: account.token,
        lang: 'en-US',
      });
      expect(bad.status).toBe(400);
      expect((bad.body as { message: string }).message).toContain('groupBy');
      const range = await h().api.get(
        `${apiPaths.sendRecords.funnel}?createdFrom=2027-01-02T00:00:00Z&createdTo=2027-01-01T00:00:00Z`,
        { token: account.token },
      );
      expect(range.status).toBe(400);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
