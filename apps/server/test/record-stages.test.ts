import {
  apiPaths,
  type FollowUp,
  type FunnelData,
  type RecordStage,
  type Talent,
  type SendRecord,
  type SendRecordPage,
  type SendTaskBody,
} from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { creatorEvents, platformSyncCursors } from '../src/db/schema.ts';
import {
  doudianSandboxBuyinId,
  doudianSandboxProductId,
  doudianSandboxShops,
} from '../src/modules/platforms/doudian-sandbox/index.ts';
import { sandboxCreator } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { applyCreatorEvents } from '../src/modules/send-records/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import {
  connectedSeller,
  doudianSandboxCalls,
  drain,
  ENDS_AT,
  records,
  seller,
  talentsFor,
  tiktokTask,
  type ConnectedSeller,
} from './support/platform-actions.ts';
import { connectDoudianShop } from './support/platforms.ts';
import { createTask } from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

/**
 * What the seller sees of who answered (issue 19): a record's stage and its times, the send
 * records list filtered by "reached this stage", the talent's system follow-up entries with
 * their event; and the 抖店 reader (douyin.plan_authors), which reads the 定向计划's 达人 in
 * force as accepted, once.
 */

const port = await freePort();

async function list(h: Harness, token: string, query: string) {
  return h.api.get<SendRecordPage>(`${apiPaths.sendRecords.list}?${query}`, { token });
}

async function followUps(h: Harness, token: string, id: number) {
  return h.api.get<{ list: FollowUp[] }>(apiPaths.talents.followUps(id), { token });
}

/**
 * Moves the sandbox TikTok Shop's clock on by `minutes`, and ours past a sync period (2
 * minutes: the gateways refuse a timestamp far ahead of theirs), so the cursors are due again.
 */
function later(h: Harness, minutes: number) {
  h.app.tiktokShopSandbox?.advanceClock(minutes * 60);
  const at = new Date(h.app.clock.now().getTime() + 2 * 60_000);
  h.app.clock.now = () => at;
}

describeApi(
  'record stages: the list filter, the record and the follow-up history',
  (h) => {
    listenEachTest(h, port);

    it('filters records by the stage they reached, shows the stage and its time, and writes system entries with their event', async () => {
      const s = await seller(h());
      const talentIds = await talentsFor(
        h(),
        s,
        [1, 2, 3].map((n) => sandboxCreator('US', n)),
      );
      const [accepts, declines] = talentIds as [number, number, number];
      const { taskId } = await createTask(h(), s.token, tiktokTask(s, talentIds));
      await drain(h());
      // Fixed creators: n % 50 = 1 accepts in 4 minutes, 2 declines in 5, 3 never answers.
      expect(await h().app.platformSync.runDue()).toBe(0);
      expect((await list(h(), s.token, 'stage=accepted')).body.data.list).toEqual([]);
      later(h(), 10);
      expect(await h().app.platformSync.runDue()).toBe(2);

      const all = await records(h(), s.token, taskId);
      expect(all.map((r) => r.stage)).toEqual(['accepted', 'declined', null]);
      expect(all[0]!.acceptedAt).not.toBeNull();
      expect(all[0]!.declinedAt).toBeNull();
      expect(all[1]!.declinedAt).not.toBeNull();
      expect(all[2]!.acceptedAt).toBeNull();

      const accepted = await list(h(), s.token, `stage=accepted&taskId=${taskId}`);
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.list.map((r) => r.talentId)).toEqual([accepts]);
      const declined = await list(h(), s.token, 'stage=declined');
      expect(declined.body.data.list.map((r) => r.talentId)).toEqual([declines]);
      expect((await list(h(), s.token, 'stage=replied')).body.data.list).toEqual([]);

      // One record, as the detail reads it.
      const one = await h().api.get<SendRecord>(apiPaths.sendRecords.one(all[0]!.id), {
        token: s.token,
      });
      expect(one.body.data).toMatchObject({ stage: 'accepted', acceptedAt: all[0]!.acceptedAt });

      // The talent's history: the system's entry, with what happened and where.
      const history = await followUps(h(), s.token, accepts);
      expect(history.body.data.list.map((f) => [f.author, f.event])).toEqual([
        ['system', { stage: 'accepted', shopName: s.shop.shopName, taskId }],
      ]);
      // A person's entry has no event.
      await h().api.post(
        apiPaths.talents.followUps(accepts),
        { content: '电话沟通过' },
        { token: s.token },
      );
      const both = (await followUps(h(), s.token, accepts)).body.data.list;
      expect(both.find((f) => f.author !== 'system')!.event).toBeNull();

      // Another account sees none of it: its list is empty, the record and history answer 404.
      const other = await signedIn(h());
      expect((await list(h(), other.token, 'stage=accepted')).body.data.list).toEqual([]);
      const byId = await list(h(), other.token, `stage=accepted&taskId=${taskId}`);
      expect(byId.body.data.list).toEqual([]);
      expect(
        (await h().api.get(apiPaths.sendRecords.one(all[0]!.id), { token: other.token })).status,
      ).toBe(404);
      expect((await followUps(h(), other.token, accepts)).status).toBe(404);
    });

    it('applies a page as one answer after another: a creator twice, a blacklisted talent, and only the first order in the history', async () => {
      const s = await seller(h());
      const creators = [4, 5, 6].map((n) => sandboxCreator('US', n));
      const talentIds = await talentsFor(h(), s, creators);
      const [both, black, buyer] = talentIds as [number, number, number];
      const { taskId } = await createTask(h(), s.token, tiktokTask(s, talentIds));
      await drain(h());
      const blacklisted = await h().api.post(
        apiPaths.talents.batchBlacklist,
        { ids: [black], reason: 'no more' },
        { token: s.token },
      );
      expect(blacklisted.status, JSON.stringify(blacklisted.body)).toBe(200);

      const t0 = h().app.clock.now().getTime();
      const event = (n: number, stage: RecordStage, key: string, minutes: number) => ({
        userId: s.userId,
        shopId: s.shop.id,
        shopName: s.shop.shopName,
        stage,
        key,
        at: new Date(t0 + minutes * 60_000),
        creator: { openId: creators[n]!.openId, username: creators[n]!.username },
      });
      // One page: the first creator accepts, then replies (the stage does not go back to
      // replied, the talent stays cooperating); the blacklisted one accepts (its record moves,
      // the talent does not); the third orders twice (one first order, one entry).
      const page = [
        event(0, 'accepted', 'c-1:a', 1),
        event(1, 'accepted', 'c-1:b', 1),
        event(2, 'first_order', 'o-1', 2),
        event(0, 'replied', 'v-1:a', 3),
        event(2, 'first_order', 'o-2', 4),
      ];
      expect(await applyCreatorEvents(h().app.db, page)).toEqual({
        applied: 5,
        accounts: [s.userId],
      });
      // A later page: another order of the same record, and the page again (redelivered).
      expect(
        await applyCreatorEvents(h().app.db, [event(2, 'first_order', 'o-3', 5), ...page]),
      ).toEqual({ applied: 1, accounts: [s.userId] });

      const all = await records(h(), s.token, taskId);
      expect(all.map((r) => [r.talentId, r.stage])).toEqual([
        [both, 'accepted'],
        [black, 'accepted'],
        [buyer, 'first_order'],
      ]);
      expect(all[0]!.acceptedAt).toBe(new Date(t0 + 60_000).toISOString());
      expect(all[0]!.repliedAt).toBe(new Date(t0 + 3 * 60_000).toISOString());
      expect(all[2]!.firstOrderAt).toBe(new Date(t0 + 2 * 60_000).toISOString());

      const status = async (id: number) =>
        (await h().api.get<Talent>(apiPaths.talents.one(id), { token: s.token })).body.data.status;
      expect(await status(both)).toBe('cooperating');
      expect(await status(black)).toBe('blacklisted');
      const entries = async (id: number) =>
        (await followUps(h(), s.token, id)).body.data.list
          .filter((f) => f.author === 'system')
          .map((f) => [f.event!.stage, f.statusAtTime])
          .reverse();
      expect(await entries(both)).toEqual([
        ['accepted', 'cooperating'],
        ['replied', 'cooperating'],
      ]);
      expect(await entries(black)).toEqual([['accepted', 'blacklisted']]);
      expect(await entries(buyer)).toEqual([['first_order', expect.any(String)]]);

      // The funnel counts each record's stage once; every fact is kept once.
      const funnel = await h().api.get<FunnelData>(apiPaths.sendRecords.funnel, {
        token: s.token,
      });
      expect(funnel.body.data.totals.counts).toMatchObject({
        sent: 3,
        accepted: 2,
        replied: 1,
        first_order: 1,
      });
      const facts = await h()
        .app.db.select({ key: creatorEvents.platformKey })
        .from(creatorEvents)
        .where(eq(creatorEvents.shopId, s.shop.id));
      expect(facts.map((f) => f.key).sort()).toEqual(
        ['c-1:a', 'c-1:b', 'o-1', 'o-2', 'o-3', 'v-1:a'].sort(),
      );
    });

    it('refuses a stage it does not know, with a localized message', async () => {
      const { token } = await signedIn(h());
      const zh = await list(h(), token, 'stage=won');
      expect(zh.status).toBe(400);
      expect(zh.body.message).toContain('阶段无效');
      const en = await h().api.get(`${apiPaths.sendRecords.list}?stage=success`, {
        token,
        headers: { 'accept-language': 'en-US' },
      });
      expect(en.status).toBe(400);
      expect(en.body.message).toContain('Stage is invalid');
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);

const HOME = doudianSandboxShops[0]!;

function doudianSeller(h: Harness): Promise<ConnectedSeller> {
  return connectedSeller(
    h,
    async (token) => (await connectDoudianShop(h, token, HOME.id)).shops[0]!,
    [{ productId: doudianSandboxProductId(HOME.id, 1), productName: '沙箱商品 1' }],
  );
}

function planTask(s: ConnectedSeller, talentIds: number[]): SendTaskBody {
  const [first] = s.productTemplateIds;
  return {
    shopId: s.shop.id,
    taskType: 'targeted_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds,
    productTemplateIds: [first!],
    script: '你好 {talentName}',
    setName: '春季定向',
    endsAt: ENDS_AT.toISOString(),
    commissionRates: { [String(first)]: 2000 },
  };
}

describeApi(
  'douyin.plan_authors: the 定向计划 达人 in force, read once',
  (h) => {
    listenEachTest(h, port);

    it('reads the plan our task made and moves each 达人 in force to accepted, once however often it is read', async () => {
      const s = await doudianSeller(h());
      const talentIds = (
        await seedTalents(
          h(),
          s.userId,
          [1, 2, 3].map((n) => ({
            name: `达人${n}`,
            platform: 'douyin',
            platformTalentId: `dy${n}`,
            buyinId: doudianSandboxBuyinId(n),
          })),
        )
      ).map((r) => r.id);
      const { taskId } = await createTask(h(), s.token, planTask(s, talentIds));
      await drain(h());
      await drain(h());
      const before = await records(h(), s.token, taskId);
      expect(before.map((r) => [r.status, r.stage])).toEqual([
        ['success', null],
        ['success', null],
        ['success', null],
      ]);
      const planId = before[0]!.platformReference!.planId!;

      expect(await h().app.platformSync.runDue()).toBe(3);
      const reads = await doudianSandboxCalls(h(), 'buyin.orienPlanAuthors');
      expect(reads.at(-1)!.params).toMatchObject({ orien_plan_id: planId, audit_status: 1 });
      const after = await records(h(), s.token, taskId);
      expect(after.map((r) => r.stage)).toEqual(['accepted', 'accepted', 'accepted']);
      expect(after.every((r) => r.acceptedAt !== null)).toBe(true);
      const filtered = await list(h(), s.token, `stage=accepted&shopId=${s.shop.id}`);
      expect(filtered.body.data.list).toHaveLength(3);

      const history = (await followUps(h(), s.token, talentIds[0]!)).body.data.list;
      expect(history.map((f) => [f.author, f.event?.stage, f.statusAtTime])).toEqual([
        ['system', 'accepted', 'cooperating'],
      ]);

      // Read again (the next period), and from the start as after a restart: nothing twice.
      // Past the kind's period (a minute); 抖店's gateway takes a timestamp within 10 minutes.
      const next = new Date(Date.now() + 6 * 60_000);
      h().app.clock.now = () => next;
      expect(await h().app.platformSync.runDue()).toBe(0);
      await h()
        .app.db.update(platformSyncCursors)
        .set({ cursor: null, dueAt: new Date(0) })
        .where(eq(platformSyncCursors.shopId, s.shop.id));
      expect(await h().app.platformSync.runDue()).toBe(0);
      expect((await followUps(h(), s.token, talentIds[0]!)).body.data.list).toHaveLength(1);
      const facts = await h()
        .app.db.select({ kind: creatorEvents.kind, key: creatorEvents.platformKey })
        .from(creatorEvents)
        .where(eq(creatorEvents.shopId, s.shop.id));
      expect(facts.map((f) => f.key).sort()).toEqual(
        [1, 2, 3].map((n) => `${planId}:${doudianSandboxBuyinId(n)}`).sort(),
      );
      expect(new Set(facts.map((f) => f.kind))).toEqual(new Set(['accepted']));
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
