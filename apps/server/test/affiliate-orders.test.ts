import {
  apiPaths,
  talentFileColumns,
  type AffiliateOrderPage,
  type Shop,
  type Talent,
  type TalentBody,
} from '@inviteflow/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  affiliateOrders,
  creatorEvents,
  platformSyncCursors,
  sandboxTtsOrders,
  sendRecords,
} from '../src/db/schema.ts';
import {
  sandboxCreator,
  sandboxProductId,
  sandboxSellers,
} from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import {
  connectedSeller,
  drain,
  talentsFor,
  tiktokTask,
  type Seller,
} from './support/platform-actions.ts';
import { connectSandboxSeller } from './support/platforms.ts';
import { createTask } from './support/sending.ts';
import { csvFile, importFile, seedTalents } from './support/talents.ts';

/**
 * What each creator sold (issue 19): the tiktok.orders sync reads the sandbox shops' affiliate
 * orders (sandbox_tts_orders, planned when a collaboration is created: the fixed creator
 * n % 50 = 1 accepts, posts, and sells for two weeks), and each talent's business amount and
 * deal count become its orders' (non-void ones), attributed to the right talent, shop and
 * invitation, once however often the platform is read.
 */

const port = await freePort();
const DAY_S = 86_400;
const [GB, ES] = sandboxSellers[1]!.shops as [
  (typeof sandboxSellers)[number]['shops'][number],
  (typeof sandboxSellers)[number]['shops'][number],
];

/** The cross-border seller: its GB shop (GBP) and its ES shop (EUR), two products each. */
async function crossBorderSeller(h: Harness): Promise<{ s: Seller; gb: Shop; es: Shop }> {
  h.app.tiktokShopSandbox!.configure({
    rateLimitPerSecond: 100_000,
    accessTokenTtlSeconds: 365 * DAY_S,
  });
  let shops: Shop[] = [];
  const s = await connectedSeller(
    h,
    async (token) => {
      shops = await connectSandboxSeller(h, token, 'global-cn');
      return shops.find((shop) => shop.shopCode === GB.code)!;
    },
    [GB, GB, ES, ES].map((shop, i) => ({
      productId: sandboxProductId(shop, (i % 2) + 1),
      productName: `Sandbox product ${shop.region} ${(i % 2) + 1}`,
    })),
  );
  return { s, gb: s.shop, es: shops.find((shop) => shop.shopCode === ES.code)! };
}

/** Every kind due now, and passes until nothing more is applied. */
async function syncAll(h: Harness): Promise<number> {
  let total = 0;
  for (let i = 0; i < 10; i++) {
    await h.app.db.update(platformSyncCursors).set({ dueAt: new Date(0), leasedUntil: null });
    const applied = await h.app.platformSync.runDue();
    total += applied;
    if (applied === 0) break;
  }
  return total;
}

async function talent(h: Harness, token: string, id: number): Promise<Talent> {
  const res = await h.api.get<Talent>(apiPaths.talents.one(id), { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function orders(h: Harness, token: string, id: number) {
  const res = await h.api.get<AffiliateOrderPage>(`${apiPaths.talents.orders(id)}?pageSize=100`, {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** What the sandbox sold by now for a creator in a shop: non-cancelled orders, in cents. */
async function sold(h: Harness, shopId: string, username: string) {
  const now = h.app.tiktokShopSandbox!.now();
  const rows = await h.app.db
    .select()
    .from(sandboxTtsOrders)
    .where(
      and(
        eq(sandboxTtsOrders.shopId, shopId),
        eq(sandboxTtsOrders.creatorUsername, username),
        sql`${sandboxTtsOrders.createTime} <= ${now.toISOString()}::timestamptz`,
      ),
    );
  const kept = rows.filter((row) => !row.cancelled);
  return {
    rows,
    amount: kept.reduce((sum, row) => sum + Math.round(Number(row.price) * 100) * row.quantity, 0),
    deals: kept.length,
  };
}

describeApi(
  'affiliate orders: what each creator sold',
  (h) => {
    listenEachTest(h, port);

    it('fills business amount and deal count from the orders of the right talent and shop, once under re-read and restart; void orders count nothing; hand figures stay', async () => {
      const { s, gb, es } = await crossBorderSeller(h());
      const [gbCreator, esCreator] = [sandboxCreator('GB', 1), sandboxCreator('ES', 1)];
      const [inGb, inEs] = await talentsFor(h(), s, [gbCreator, esCreator]);
      // A talent no platform order names: the seller's own figures stay.
      const [byHand] = await seedTalents(h(), s.userId, [
        {
          name: 'By hand',
          platform: 'tiktok',
          platformTalentId: 'by_hand_creator',
          businessAmountFen: 12_345,
          dealCount: 7,
        },
      ]);
      const [gb1, gb2, es1, es2] = s.productTemplateIds as [number, number, number, number];
      const gbTask = await createTask(
        h(),
        s.token,
        tiktokTask(s, [inGb!], {
          shopId: gb.id,
          productTemplateIds: [gb1, gb2],
          commissionRates: { [String(gb1)]: 1000, [String(gb2)]: 1500 },
        }),
      );
      const esTask = await createTask(
        h(),
        s.token,
        tiktokTask(s, [inEs!], {
          shopId: es.id,
          productTemplateIds: [es1, es2],
          commissionRates: { [String(es1)]: 1000, [String(es2)]: 1500 },
        }),
      );
      await drain(h());
      // Nothing sold yet: the orders read are none, the figures stay the seller's.
      await syncAll(h());
      expect((await talent(h(), s.token, inGb!)).figuresSyncedAt).toBeNull();

      // Three weeks later every planned order is in (two weeks of sales after the content).
      h().app.tiktokShopSandbox!.advanceClock(21 * DAY_S);
      expect(await syncAll(h())).toBeGreaterThan(0);
      const gbSold = await sold(h(), GB.id, gbCreator.username);
      const esSold = await sold(h(), ES.id, esCreator.username);
      expect(gbSold.rows.length).toBeGreaterThan(0);
      expect(esSold.rows.length).toBeGreaterThan(0);

      const a = await talent(h(), s.token, inGb!);
      expect([a.businessAmountFen, a.dealCount, a.figuresCurrency]).toEqual([
        gbSold.amount,
        gbSold.deals,
        'GBP',
      ]);
      expect(a.figuresSyncedAt).not.toBeNull();
      const b = await talent(h(), s.token, inEs!);
      expect([b.businessAmountFen, b.dealCount, b.figuresCurrency]).toEqual([
        esSold.amount,
        esSold.deals,
        'EUR',
      ]);
      const hand = await talent(h(), s.token, byHand!.id);
      expect([hand.businessAmountFen, hand.dealCount, hand.figuresSyncedAt]).toEqual([
        12_345,
        7,
        null,
      ]);

      // Each line in its own shop and invitation, listed on its talent.
      const listA = await orders(h(), s.token, inGb!);
      expect(listA.total).toBe(gbSold.rows.length);
      expect(new Set(listA.list.map((o) => o.shopId))).toEqual(new Set([gb.id]));
      expect(new Set(listA.list.map((o) => o.shopName))).toEqual(new Set([gb.shopName]));
      expect(new Set(listA.list.map((o) => o.taskId))).toEqual(new Set([gbTask.taskId]));
      expect(listA.list.filter((o) => o.void)).toHaveLength(
        gbSold.rows.filter((r) => r.cancelled).length,
      );
      const listB = await orders(h(), s.token, inEs!);
      expect(new Set(listB.list.map((o) => o.shopId))).toEqual(new Set([es.id]));
      expect(new Set(listB.list.map((o) => o.taskId))).toEqual(new Set([esTask.taskId]));

      // The first order after the invitation: one creator event per record, the record's stage.
      const firsts = await h()
        .app.db.select({ key: creatorEvents.platformKey, shopId: creatorEvents.shopId })
        .from(creatorEvents)
        .where(and(eq(creatorEvents.userId, s.userId), eq(creatorEvents.kind, 'first_order')));
      expect(firsts.map((f) => f.shopId).sort()).toEqual([gb.id, es.id].sort());
      const stages = await h()
        .app.db.select({ stage: sendRecords.stage, firstOrderAt: sendRecords.firstOrderAt })
        .from(sendRecords)
        .where(inArray(sendRecords.taskId, [gbTask.taskId, esTask.taskId]));
      expect(stages.map((r) => r.stage)).toEqual(['first_order', 'first_order']);

      // Read again, and from scratch as after a restart: nothing written twice.
      const lines = async () =>
        (
          await h()
            .app.db.select({ n: sql<number>`count(*)::int` })
            .from(affiliateOrders)
            .where(eq(affiliateOrders.userId, s.userId))
        )[0]!.n;
      const before = await lines();
      expect(await syncAll(h())).toBe(0);
      await h()
        .app.db.update(platformSyncCursors)
        .set({ cursor: null, dueAt: new Date(0) });
      expect(await syncAll(h())).toBe(0);
      expect(await lines()).toBe(before);
      expect((await talent(h(), s.token, inGb!)).dealCount).toBe(gbSold.deals);
      const firstsAgain = await h()
        .app.db.select({ id: creatorEvents.id })
        .from(creatorEvents)
        .where(and(eq(creatorEvents.userId, s.userId), eq(creatorEvents.kind, 'first_order')));
      expect(firstsAgain).toHaveLength(2);

      // The buyer cancels a counted order: read again (the daily re-read), it counts nothing.
      const counted = gbSold.rows.find((row) => !row.cancelled)!;
      await h()
        .app.db.update(sandboxTtsOrders)
        .set({ cancelled: true })
        .where(eq(sandboxTtsOrders.id, counted.id));
      await h()
        .app.db.update(platformSyncCursors)
        .set({ cursor: null, dueAt: new Date(0) });
      expect(await syncAll(h())).toBe(1);
      const after = await talent(h(), s.token, inGb!);
      expect(after.dealCount).toBe(gbSold.deals - 1);
      expect(after.businessAmountFen).toBe(
        gbSold.amount - Math.round(Number(counted.price) * 100) * counted.quantity,
      );
    });

    it("keeps the platform's figures through an edit of a synced talent, the seller's own otherwise; another account's orders answer 404", async () => {
      const { s } = await crossBorderSeller(h());
      const [id] = await talentsFor(h(), s, [sandboxCreator('GB', 1)]);
      const at = new Date('2026-11-01T00:00:00Z');
      await h().app.db.execute(
        sql`update talents set business_amount_fen = 5000, deal_count = 3,
            figures_currency = 'GBP', figures_synced_at = ${at.toISOString()}::timestamptz
            where id = ${id!}`,
      );
      const current = await talent(h(), s.token, id!);
      const body: TalentBody = {
        platform: 'tiktok',
        platformTalentId: current.platformTalentId,
        name: 'Renamed',
        businessAmountFen: 1,
        dealCount: 1,
      };
      const edited = await h().api.put<Talent>(apiPaths.talents.one(id!), body, {
        token: s.token,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect([
        edited.body.data.name,
        edited.body.data.businessAmountFen,
        edited.body.data.dealCount,
      ]).toEqual(['Renamed', 5000, 3]);

      const [own] = await seedTalents(h(), s.userId, [
        { name: 'Own', platform: 'tiktok', platformTalentId: 'own_figures' },
      ]);
      const ownEdit = await h().api.put<Talent>(
        apiPaths.talents.one(own!.id),
        { ...body, platformTalentId: 'own_figures', name: 'Own' },
        { token: s.token },
      );
      expect([ownEdit.body.data.businessAmountFen, ownEdit.body.data.dealCount]).toEqual([1, 1]);

      // A sheet re-imported: the synced talent keeps the platform's figures, the other takes
      // the sheet's.
      const header = (key: string) => talentFileColumns.find((c) => c.key === key)!.en;
      const sheet = await importFile(h(), s.token, {
        content: csvFile([
          ['platformTalentId', 'platform', 'name', 'businessAmount', 'dealCount'].map(header),
          [current.platformTalentId, 'TikTok', 'Renamed', '99.00', '99'],
          ['own_figures', 'TikTok', 'Own', '99.00', '99'],
        ]),
        filename: 'figures.csv',
      });
      expect(sheet.body.data, JSON.stringify(sheet.body)).toMatchObject({ updated: 2 });
      const kept = await talent(h(), s.token, id!);
      expect([kept.businessAmountFen, kept.dealCount]).toEqual([5000, 3]);
      const taken = await talent(h(), s.token, own!.id);
      expect([taken.businessAmountFen, taken.dealCount]).toEqual([9900, 99]);

      expect((await orders(h(), s.token, id!)).list).toEqual([]);
      const other = await signedIn(h());
      const res = await h().api.get(apiPaths.talents.orders(id!), { token: other.token });
      expect(res.status).toBe(404);
      const missing = await h().api.get(apiPaths.talents.orders(2 ** 31 - 1), { token: s.token });
      expect(missing.status).toBe(404);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
