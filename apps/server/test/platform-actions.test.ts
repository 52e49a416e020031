import {
  apiPaths,
  type BrowserClaimData,
  type ExtensionSessionData,
  type MessageData,
  type ShopPage,
} from '@inviteflow/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { platformActions, sendRecords } from '../src/db/schema.ts';
import { nextQuotaWeek } from '../src/modules/platforms/actions/index.ts';
import {
  claimActions,
  insertActions,
  upsertPause,
} from '../src/modules/platforms/actions/repository.ts';
import {
  sandboxCreator,
  sandboxProductId,
  type SandboxCall,
} from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import type { TikTokShopClient } from '../src/modules/platforms/tiktok-shop/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import { connectSandboxSeller } from './support/platforms.ts';
import {
  drain,
  plainCreators,
  seller,
  talentsFor,
  tiktokTask,
  TIKTOK_US_SHOP,
  ENDS_AT,
  platformCalls,
  records,
  tiktokSandboxCalls,
} from './support/platform-actions.ts';
import { bindNewShop, createTask } from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

/**
 * The server's executor of platform actions against the sandbox TikTok Shop (issue 16): a task
 * of a shop connected by authorization compiles into platform actions, the executor runs them
 * (drained here, as the job does each second), and records and actions tell what happened.
 * The sandbox records every call it received: what arrived is read there.
 */

const port = await freePort();
const US = TIKTOK_US_SHOP;
const TC_PATH = '/affiliate_seller/202508/target_collaborations';

/** Drains until nothing is open or due, with passes that can wait for short pauses (throttles). */
async function drainUntilSettled(h: Harness, taskId: number, token: string) {
  await expect
    .poll(
      async () => {
        await drain(h);
        const calls = await platformCalls(h, token, taskId);
        return calls.counts.pending + calls.counts.running;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe(0);
}

const created = (calls: SandboxCall[]) =>
  calls.filter((c) => c.path === TC_PATH && c.method === 'POST');

describeApi(
  'platform actions: the server executes TikTok Shop tasks through the Open API',
  (h) => {
    listenEachTest(h, port);

    it('splits 86 talents into target collaborations of 50 and 36; the terms arrive as entered; records succeed with the collaboration', async () => {
      const s = await seller(h());
      const creators = plainCreators(86);
      const talentIds = await talentsFor(h(), s, creators);
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      expect(task.created).toBe(86);

      const before = await platformCalls(h(), s.token, task.taskId);
      expect(before.channel).toBe('api');
      expect(before.actions.map((a) => [a.kind, a.status, a.talents, a.name])).toEqual([
        ['target_collaboration', 'pending', 50, 'Spring launch 1/2'],
        ['target_collaboration', 'pending', 36, 'Spring launch 2/2'],
      ]);
      // The extension is never handed a record of a shop connected by authorization.
      const claim = await h().api.post<BrowserClaimData>(
        apiPaths.extension.claim,
        { shopId: s.shop.id },
        { token: s.token },
      );
      expect(claim.status, JSON.stringify(claim.body)).toBe(200);
      expect(claim.body.data.action).toBeNull();

      await drain(h());
      const calls = created(await tiktokSandboxCalls(h(), TC_PATH, 'POST'));
      expect(calls.map((c) => c.code)).toEqual([0, 0]);
      // The two run at once: in name order.
      const bodies = calls
        .map((c) => c.body as Record<string, unknown>)
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
      expect(bodies.map((b) => (b.creator_user_open_ids as string[]).length)).toEqual([50, 36]);
      expect(bodies.flatMap((b) => b.creator_user_open_ids as string[])).toEqual(
        creators.map((c) => c.openId),
      );
      for (const body of bodies) {
        expect(body.end_time).toBe(String(ENDS_AT.getTime() / 1000));
        expect(body.products).toEqual([
          { id: sandboxProductId(US, 1), target_commission_rate: 1250 },
          { id: sandboxProductId(US, 2), target_commission_rate: 2000 },
        ]);
        expect(body.seller_contact_info).toEqual({ email: 'team@sunny.example' });
        expect(body.free_sample_rule).toEqual({
          has_free_sample: false,
          is_sample_approval_exempt: false,
        });
        expect(body.message).toBe(
          `Hello from ${s.shop.shopName}: Sandbox product 1, Sandbox product 2`,
        );
      }

      const after = await platformCalls(h(), s.token, task.taskId);
      expect(after.counts).toEqual({
        pending: 0,
        running: 0,
        succeeded: 2,
        failed: 0,
        unknown: 0,
      });
      const ids = after.actions.map((a) => a.reference?.targetCollaborationId);
      expect(ids.every(Boolean)).toBe(true);
      const list = await records(h(), s.token, task.taskId);
      expect(list.map((r) => r.status)).toEqual(Array(86).fill('success'));
      expect(list.every((r) => r.channel === 'api')).toBe(true);
      expect(new Set(list.map((r) => r.platformReference?.targetCollaborationId))).toEqual(
        new Set(ids),
      );
      expect(list.every((r) => r.attempts === 1)).toBe(true);
    });

    it("the extension's action claim never hands out an action of a shop connected by authorization", async () => {
      const s = await seller(h());
      const talentIds = await talentsFor(h(), s, plainCreators(3));
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      const session = await h().api.post<ExtensionSessionData>(
        apiPaths.extension.sessions,
        { name: 'Chrome' },
        { token: s.token },
      );
      expect(session.status).toBe(200);
      for (const body of [{}, { shopId: s.shop.id }]) {
        const claimed = await h().api.post<BrowserClaimData>(apiPaths.extension.claim, body, {
          token: session.body.data.token,
        });
        expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
        expect(claimed.body.data).toMatchObject({ action: null, waiting: 'nothing' });
      }
      const calls = await platformCalls(h(), s.token, task.taskId);
      expect(calls.channel).toBe('api');
      expect(calls.actions.map((a) => [a.kind, a.status])).toEqual([
        ['target_collaboration', 'pending'],
      ]);
      const rows = await h()
        .app.db.select({ channel: platformActions.channel })
        .from(platformActions)
        .where(eq(platformActions.taskId, task.taskId));
      expect(rows).toEqual([{ channel: 'api' }]);
    });

    it('a free product invitation offers free samples with the approval rule chosen', async () => {
      const s = await seller(h());
      const talentIds = await talentsFor(h(), s, plainCreators(3));
      const task = await createTask(
        h(),
        s.token,
        tiktokTask(s, talentIds, {
          taskType: 'free_product',
          freeSample: true,
          sampleApproval: 'auto',
        }),
      );
      await drain(h());
      const [call] = created(await tiktokSandboxCalls(h(), TC_PATH, 'POST'));
      expect((call!.body as Record<string, unknown>).free_sample_rule).toEqual({
        has_free_sample: true,
        is_sample_approval_exempt: true,
      });
      expect((await records(h(), s.token, task.taskId)).map((r) => r.status)).toEqual([
        'success',
        'success',
        'success',
      ]);
    });

    it('creators the platform refuses without naming them are found by halving the batch; only they fail, with the platform codes', async () => {
      const s = await seller(h());
      const excluded = sandboxCreator('US', 7);
      const tooBig = sandboxCreator('US', 17);
      const plain = plainCreators(10, 100);
      const talentIds = await talentsFor(h(), s, [
        ...plain.slice(0, 5),
        excluded,
        ...plain.slice(5),
        tooBig,
      ]);
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      await drainUntilSettled(h(), task.taskId, s.token);
      const list = await records(h(), s.token, task.taskId);
      const byName = new Map(list.map((r) => [r.talentName, r]));
      expect(byName.get(excluded.username)).toMatchObject({
        status: 'failed',
        errorCode: 'talent_excluded',
        platformAnswer: { code: '16024020' },
      });
      expect(byName.get(tooBig.username)).toMatchObject({
        status: 'failed',
        errorCode: 'talent_ineligible',
        platformAnswer: { code: '16024021' },
      });
      for (const c of plain) expect(byName.get(c.username)?.status).toBe('success');
      // Every creator that was sent is in exactly one collaboration, and the names differ.
      const ok = created(await tiktokSandboxCalls(h(), TC_PATH, 'POST')).filter(
        (c) => c.code === 0,
      );
      const names = ok.map((c) => (c.body as { name: string }).name);
      expect(new Set(names).size).toBe(names.length);
      expect(
        ok
          .flatMap((c) => (c.body as { creator_user_open_ids: string[] }).creator_user_open_ids)
          .sort(),
      ).toEqual(plain.map((c) => c.openId).sort());
      // The task ended with failures: the seller is told once (the last action settles it).
      const box = await h().api.get<{ list: MessageData[] }>(apiPaths.messages.list, {
        token: s.token,
      });
      const told = box.body.data.list.filter((m) => m.kind === 'taskBatchFailed');
      expect(told).toHaveLength(1);
      expect(told[0]!.content).toContain('2/12');
    });

    it('a conflict (creator already in a collaboration for the product) fails that creator only; the rest are sent', async () => {
      const s = await seller(h());
      const [busy, free1, free2] = plainCreators(3, 200);
      const first = await createTask(
        h(),
        s.token,
        tiktokTask(s, await talentsFor(h(), s, [busy!]), {
          collaborationName: 'First wave',
        }),
      );
      await drain(h());
      expect((await records(h(), s.token, first.taskId))[0]!.status).toBe('success');

      const more = await talentsFor(h(), s, [free1!, free2!]);
      const [busyTalent] = (await records(h(), s.token, first.taskId)).map((r) => r.talentId!);
      const second = await createTask(
        h(),
        s.token,
        tiktokTask(s, [busyTalent!, ...more], {
          collaborationName: 'Second wave',
          cooldown: 'include',
        }),
      );
      await drainUntilSettled(h(), second.taskId, s.token);
      const list = await records(h(), s.token, second.taskId);
      const byName = new Map(list.map((r) => [r.talentName, r]));
      expect(byName.get(busy!.username)).toMatchObject({
        status: 'failed',
        errorCode: 'collaboration_conflict',
        platformAnswer: { code: '16024022' },
      });
      expect(byName.get(busy!.username)?.errorMessage).toContain(sandboxProductId(US, 1));
      expect(byName.get(free1!.username)?.status).toBe('success');
      expect(byName.get(free2!.username)?.status).toBe('success');
    });

    it('a talent known by handle only is resolved by the creator search; an unknown handle fails with talent_not_found', async () => {
      const s = await seller(h());
      const [known] = plainCreators(1, 300);
      const ids = await talentsFor(h(), s, [known!], { withOpenId: false });
      const ghost = await seedTalents(h(), s.userId, [
        { name: 'ghost', platform: 'tiktok', platformTalentId: 'no_such_creator_zz9' },
      ]);
      const task = await createTask(h(), s.token, tiktokTask(s, [...ids, ghost[0]!.id]));
      await drainUntilSettled(h(), task.taskId, s.token);
      const list = await records(h(), s.token, task.taskId);
      const byName = new Map(list.map((r) => [r.talentName, r]));
      expect(byName.get(known!.username)).toMatchObject({
        status: 'success',
        identity: { platform: 'tiktok', handle: known!.username, creatorUserOpenId: known!.openId },
      });
      expect(byName.get('ghost')).toMatchObject({
        status: 'failed',
        errorCode: 'talent_not_found',
      });
      const [call] = created(await tiktokSandboxCalls(h(), TC_PATH, 'POST')).filter(
        (c) => c.code === 0,
      );
      expect((call!.body as { creator_user_open_ids: string[] }).creator_user_open_ids).toEqual([
        known!.openId,
      ]);
    });

    it('a used-up weekly quota pauses the shop until Sunday 00:00 shop time, fails nothing, and the task resumes after the reset', async () => {
      const s = await seller(h());
      await h().app.tiktokShopSandbox!.setShopLimits(US.id, { weeklyQuota: 5, starterPack: 0 });
      const talentIds = await talentsFor(h(), s, plainCreators(12, 400));
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      const now = new Date();
      await drain(h(), now);

      const list = await records(h(), s.token, task.taskId);
      expect(list.map((r) => r.status)).toEqual(Array(12).fill('pending'));
      const calls = await platformCalls(h(), s.token, task.taskId);
      const resumesAt = nextQuotaWeek(now, 'America/Los_Angeles');
      expect(calls.pause).toMatchObject({
        reason: 'quota_exceeded',
        resumesAt: resumesAt.toISOString(),
        timeZone: 'America/Los_Angeles',
        answer: { code: '16024019' },
      });
      const shops = await h().api.get<ShopPage>(apiPaths.shops.list, { token: s.token });
      expect(shops.body.data.list.find((x) => x.id === s.shop.id)?.platformPause?.reason).toBe(
        'quota_exceeded',
      );
      // Nothing is tried again before the reset.
      const tried = (await tiktokSandboxCalls(h(), TC_PATH, 'POST')).length;
      await drain(h(), new Date(resumesAt.getTime() - 60_000));
      expect((await tiktokSandboxCalls(h(), TC_PATH, 'POST')).length).toBe(tried);

      // The platform's new week (the sandbox's quota given back), and our clock past the reset.
      await h().app.tiktokShopSandbox!.setShopLimits(US.id, { weeklyQuota: 500 });
      await drain(h(), new Date(resumesAt.getTime() + 1_000));
      expect((await records(h(), s.token, task.taskId)).map((r) => r.status)).toEqual(
        Array(12).fill('success'),
      );
      expect((await platformCalls(h(), s.token, task.taskId)).pause).toBeNull();
    });

    it('a throttled shop backs off and resumes: no record fails', async () => {
      const s = await seller(h());
      h().app.tiktokShopSandbox!.configure({ rateLimitPerSecond: 1 });
      const talentIds = await talentsFor(h(), s, plainCreators(6, 500));
      const tasks = [];
      for (const name of ['Wave A', 'Wave B', 'Wave C']) {
        tasks.push(
          await createTask(
            h(),
            s.token,
            tiktokTask(s, talentIds.splice(0, 2), { collaborationName: name }),
          ),
        );
      }
      for (const task of tasks) await drainUntilSettled(h(), task.taskId, s.token);
      for (const task of tasks) {
        expect((await records(h(), s.token, task.taskId)).map((r) => r.status)).toEqual([
          'success',
          'success',
        ]);
      }
      const throttled = (await tiktokSandboxCalls(h(), '/affiliate_seller')).filter(
        (c) => c.httpStatus === 429,
      );
      expect(throttled.length).toBeGreaterThan(0);
    });

    it('a revoked authorization stops the shop with a message to the seller; reconnecting resumes it', async () => {
      const s = await seller(h());
      const talentIds = await talentsFor(h(), s, plainCreators(4, 600));
      await h().app.tiktokShopSandbox!.revoke('local-us');
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      await drain(h());
      expect((await records(h(), s.token, task.taskId)).map((r) => r.status)).toEqual(
        Array(4).fill('pending'),
      );
      const calls = await platformCalls(h(), s.token, task.taskId);
      expect(calls.pause).toMatchObject({ reason: 'authorization_revoked', resumesAt: null });
      const box = await h().api.get<{ list: MessageData[] }>(apiPaths.messages.list, {
        token: s.token,
      });
      const told = box.body.data.list.filter((m) => m.kind === 'platformAuthorizationLost');
      expect(told).toHaveLength(1);
      expect(told[0]!.content).toContain(s.shop.shopName);
      // Draining again while it waits tells nothing more and calls nothing.
      await drain(h());
      const again = await h().api.get<{ list: MessageData[] }>(apiPaths.messages.list, {
        token: s.token,
      });
      expect(
        again.body.data.list.filter((m) => m.kind === 'platformAuthorizationLost'),
      ).toHaveLength(1);

      await connectSandboxSeller(h(), s.token, 'local-us');
      expect((await platformCalls(h(), s.token, task.taskId)).pause).toBeNull();
      await drain(h());
      expect((await records(h(), s.token, task.taskId)).map((r) => r.status)).toEqual(
        Array(4).fill('success'),
      );
    });

    it('an access token the platform calls expired is renewed and the call sent again; an expired refresh token stops the shop', async () => {
      const s = await seller(h());
      const a = await talentsFor(h(), s, plainCreators(2, 1200));
      await h().app.tiktokShopSandbox!.expireTokens('local-us');
      const task = await createTask(h(), s.token, tiktokTask(s, a));
      await drain(h());
      expect((await records(h(), s.token, task.taskId)).map((r) => r.status)).toEqual([
        'success',
        'success',
      ]);
      const refreshed = await tiktokSandboxCalls(h(), '/api/v2/token/refresh');
      expect(refreshed.length).toBeGreaterThan(0);

      // Both tokens ended: nothing can renew the authorization; the seller must reconnect.
      await h().app.tiktokShopSandbox!.expireTokens('local-us', { refreshToken: true });
      const later = await createTask(
        h(),
        s.token,
        tiktokTask(s, await talentsFor(h(), s, plainCreators(1, 1300)), {
          collaborationName: 'Later wave',
        }),
      );
      await drain(h());
      const laterRecords = await records(h(), s.token, later.taskId);
      expect(laterRecords.map((r) => [r.status, r.errorCode, r.platformAnswer])).toEqual([
        ['pending', null, null],
      ]);
      expect((await platformCalls(h(), s.token, later.taskId)).pause).toMatchObject({
        reason: 'authorization_revoked',
        resumesAt: null,
      });
    });

    it('an outcome not known (the server killed between the call and the write) is read from the platform: no second call', async () => {
      const s = await seller(h());
      const creators = plainCreators(3, 700);
      const talentIds = await talentsFor(h(), s, creators);
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      const [action] = await h()
        .app.db.select()
        .from(platformActions)
        .where(eq(platformActions.taskId, task.taskId));
      // The call reached the platform (made here with the shop's access, as the executor would)…
      const api = await h().app.connections.shopApi(s.userId, s.shop.id, new Date());
      const client: TikTokShopClient = api.client;
      const made = await client.createTargetCollaboration(api.access, {
        name: action!.name!,
        endTime: ENDS_AT,
        products: [{ id: sandboxProductId(US, 1), targetCommissionRate: 1250 }],
        creatorOpenIds: creators.map((c) => c.openId),
        sellerContactEmail: 'team@sunny.example',
        freeSample: { hasFreeSample: false, isSampleApprovalExempt: false },
      });
      // …and the process died before writing it: the action is running, its lease lapsed.
      await h()
        .app.db.update(platformActions)
        .set({
          status: 'running',
          callStartedAt: new Date(Date.now() - 120_000),
          leasedUntil: new Date(Date.now() - 1_000),
          leaseId: '00000000-0000-4000-8000-000000000001',
        })
        .where(eq(platformActions.id, action!.id));
      const before = created(await tiktokSandboxCalls(h(), TC_PATH, 'POST')).length;

      await drain(h());
      expect(created(await tiktokSandboxCalls(h(), TC_PATH, 'POST')).length).toBe(before);
      const list = await records(h(), s.token, task.taskId);
      expect(list.map((r) => [r.status, r.platformReference?.targetCollaborationId])).toEqual(
        Array(3).fill(['success', made.id]),
      );
    });

    it('a free connection invitation opens a conversation and sends the text and a card per product', async () => {
      const s = await seller(h());
      const [creator] = plainCreators(1, 800);
      const talentIds = await talentsFor(h(), s, [creator!]);
      const task = await createTask(
        h(),
        s.token,
        tiktokTask(s, talentIds, {
          taskType: 'free_connection',
          script: 'Hi {talentName}, {shopName} would love to work with you',
          collaborationName: null,
          endsAt: null,
          commissionRates: {},
          contactEmail: null,
        }),
      );
      await drain(h());
      const [record] = await records(h(), s.token, task.taskId);
      expect(record).toMatchObject({ status: 'success' });
      const conversationId = record!.platformReference?.conversationId;
      expect(conversationId).toBeTruthy();
      const sent = await tiktokSandboxCalls(
        h(),
        `/affiliate_seller/202412/conversations/${conversationId}/messages`,
        'POST',
      );
      expect(sent.map((c) => c.body)).toEqual([
        {
          msg_type: 'TEXT',
          content: JSON.stringify({
            content: `Hi ${creator!.username}, ${s.shop.shopName} would love to work with you`,
          }),
        },
        {
          msg_type: 'PRODUCT_CARD',
          content: JSON.stringify({ product_id: sandboxProductId(US, 1) }),
        },
        {
          msg_type: 'PRODUCT_CARD',
          content: JSON.stringify({ product_id: sandboxProductId(US, 2) }),
        },
      ]);
    });

    it('a targeted connection invitation creates the collaboration, then sends its card to each creator', async () => {
      const s = await seller(h());
      const creators = plainCreators(2, 900);
      const talentIds = await talentsFor(h(), s, creators);
      const task = await createTask(
        h(),
        s.token,
        tiktokTask(s, talentIds, { taskType: 'targeted_connection' }),
      );
      await drainUntilSettled(h(), task.taskId, s.token);
      const list = await records(h(), s.token, task.taskId);
      expect(list.map((r) => r.status)).toEqual(['success', 'success']);
      const collaborationId = list[0]!.platformReference?.targetCollaborationId;
      expect(collaborationId).toBeTruthy();
      for (const record of list) {
        expect(record.platformReference?.targetCollaborationId).toBe(collaborationId);
        const sent = await tiktokSandboxCalls(
          h(),
          `/affiliate_seller/202412/conversations/${record.platformReference!.conversationId}/messages`,
          'POST',
        );
        expect(sent.map((c) => c.body)).toEqual([
          {
            msg_type: 'TARGET_COLLABORATION_CARD',
            content: JSON.stringify({ target_collaboration_id: collaborationId }),
          },
        ]);
      }
      const calls = await platformCalls(h(), s.token, task.taskId);
      expect(calls.actions.map((a) => [a.kind, a.status, a.talents])).toEqual([
        ['target_collaboration', 'succeeded', 2],
        ['collaboration_card', 'succeeded', 1],
        ['collaboration_card', 'succeeded', 1],
      ]);
    });

    it('a record in a platform call cannot be deleted; a waiting one keeps its task type', async () => {
      const s = await seller(h());
      const talentIds = await talentsFor(h(), s, plainCreators(2, 1100));
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      const [first, second] = await records(h(), s.token, task.taskId);
      await h()
        .app.db.update(sendRecords)
        .set({ status: 'running' })
        .where(eq(sendRecords.id, first!.id));
      const deleted = await h().api.delete(apiPaths.sendRecords.one(first!.id), { token: s.token });
      expect(deleted.status).toBe(409);
      const edit = {
        taskType: 'free_connection',
        contentType: second!.contentType,
        setName: second!.setName,
        message: 'Changed',
      };
      const changed = await h().api.put(apiPaths.sendRecords.one(second!.id), edit, {
        token: s.token,
      });
      expect(changed.status).toBe(409);
      expect(JSON.stringify(changed.body)).toContain('不能更改任务类型');
      const kept = await h().api.put(
        apiPaths.sendRecords.one(second!.id),
        { ...edit, taskType: 'targeted_product' },
        { token: s.token },
      );
      expect(kept.status).toBe(200);
    });

    it("tokens appear in no answer and no log line; another account's task calls answer 404", async () => {
      const s = await seller(h());
      const talentIds = await talentsFor(h(), s, plainCreators(2, 1000));
      const task = await createTask(h(), s.token, tiktokTask(s, talentIds));
      await drain(h());
      const api = await h().app.connections.shopApi(s.userId, s.shop.id, new Date());
      const tokens = [api.access.accessToken];
      expect(tokens[0]!.length).toBeGreaterThan(10);
      const answers = [
        JSON.stringify(await records(h(), s.token, task.taskId)),
        JSON.stringify(await platformCalls(h(), s.token, task.taskId)),
        JSON.stringify((await h().api.get(apiPaths.shops.list, { token: s.token })).body),
        JSON.stringify(
          (await h().api.get(apiPaths.platforms.connections, { token: s.token })).body,
        ),
      ];
      for (const token of tokens) {
        for (const text of [...answers, ...h().logs]) expect(text).not.toContain(token);
      }
      const other = await signedIn(h());
      const res = await h().api.get(apiPaths.sendRecords.taskPlatformCalls(task.taskId), {
        token: other.token,
      });
      expect(res.status).toBe(404);
    });

    it('a claim takes the least busy shops first, then the one served longest ago, and their oldest claimable actions, at most perShop of a shop, none of a paused shop; a lapsed lease is taken back', async () => {
      const s = await seller(h());
      // Six collaborations on the connected shop (5 × 50 + 10), none run.
      const task = await createTask(
        h(),
        s.token,
        tiktokTask(s, await talentsFor(h(), s, plainCreators(260))),
      );
      const db = h().app.db;
      const ours = await db
        .select()
        .from(platformActions)
        .where(eq(platformActions.taskId, task.taskId));
      const a = ours.map((row) => row.id).sort((x, y) => x - y);
      expect(a).toHaveLength(6);
      // A second shop of the account with three actions of its own (made after: larger ids).
      const other = await bindNewShop(h(), s.token);
      const b = (
        await insertActions(
          db,
          [1, 2, 3].map((n) => ({
            userId: s.userId,
            taskId: task.taskId,
            shopId: other.id,
            platform: 'tiktok',
            kind: 'target_collaboration',
            idempotencyKey: `claim-test:${task.taskId}:${n}`,
            batch: n,
            batches: 3,
          })),
        )
      ).map((row) => row.id);
      const rollback = new Error('rollback');
      /** What a claim would take now (rolled back: every case starts from the same rows). */
      const claimed = async (options: {
        limit?: number;
        perShop?: number;
        running?: Array<[number, number]>;
        served?: Array<[number, number]>;
      }) => {
        let ids: number[] = [];
        await db
          .transaction(async (tx) => {
            const rows = await claimActions(tx, new Date(), {
              limit: options.limit ?? 32,
              perShop: options.perShop ?? 2,
              leaseMs: 60_000,
              running: new Map(options.running ?? []),
              served: new Map(options.served ?? []),
            });
            ids = rows.map((row) => row.id);
            throw rollback;
          })
          .catch((error: unknown) => {
            if (error !== rollback) throw error;
          });
        return ids;
      };
      const set = (id: number, values: Partial<typeof platformActions.$inferInsert>) =>
        db.update(platformActions).set(values).where(eq(platformActions.id, id));

      expect(await claimed({})).toEqual([a[0], a[1], b[0], b[1]]);
      // Fair across shops: each shop's oldest, then each one's second… (answered in id order).
      expect(await claimed({ limit: 3, perShop: 4 })).toEqual([a[0], a[1], b[0]]);
      expect(await claimed({ perShop: 4 })).toEqual([...a.slice(0, 4), ...b]);
      // Shops this executor runs actions of: full ones get none; the least busy go first.
      expect(await claimed({ running: [[s.shop.id, 2]] })).toEqual(b.slice(0, 2));
      expect(await claimed({ running: [[s.shop.id, 1]] })).toEqual([a[0], b[0], b[1]]);
      // The idle shop gets the one free slot though the busy one's action is older; then age.
      expect(await claimed({ limit: 1, perShop: 4, running: [[s.shop.id, 1]] })).toEqual([b[0]]);
      expect(await claimed({ limit: 2, perShop: 4, running: [[s.shop.id, 1]] })).toEqual([
        a[0],
        b[0],
      ]);
      expect(await claimed({ limit: 3, perShop: 4, running: [[other.id, 1]] })).toEqual([
        a[0],
        a[1],
        b[0],
      ]);

      // Equally busy shops take turns: the one served longest ago (or never) first, though
      // the other's actions are older; being less busy still comes first.
      expect(
        await claimed({
          limit: 1,
          perShop: 4,
          served: [
            [s.shop.id, 2],
            [other.id, 1],
          ],
        }),
      ).toEqual([b[0]]);
      expect(await claimed({ limit: 1, perShop: 4, served: [[s.shop.id, 1]] })).toEqual([b[0]]);
      expect(
        await claimed({
          limit: 1,
          perShop: 4,
          served: [
            [s.shop.id, 1],
            [other.id, 2],
          ],
        }),
      ).toEqual([a[0]]);
      expect(
        await claimed({
          limit: 3,
          perShop: 4,
          served: [
            [s.shop.id, 2],
            [other.id, 1],
          ],
        }),
      ).toEqual([a[0], b[0], b[1]]);
      expect(
        await claimed({
          limit: 1,
          perShop: 4,
          running: [[other.id, 1]],
          served: [
            [s.shop.id, 2],
            [other.id, 1],
          ],
        }),
      ).toEqual([a[0]]);

      // Running under a live lease, or not due yet: not claimable, and the next ones are taken.
      const future = new Date(Date.now() + 60_000);
      await set(a[0]!, { status: 'running', leaseId: randomUUID(), leasedUntil: future });
      await set(a[1]!, { notBefore: future });
      expect(await claimed({})).toEqual([a[2], a[3], b[0], b[1]]);
      // A lapsed lease (its executor died): taken back, oldest first.
      await set(a[0]!, { leasedUntil: new Date(Date.now() - 1_000) });
      expect(await claimed({})).toEqual([a[0], a[2], b[0], b[1]]);
      // Finished actions are not open.
      await set(b[0]!, { status: 'succeeded' });
      expect(await claimed({})).toEqual([a[0], a[2], b[1], b[2]]);

      // A paused shop is skipped until its pause ends.
      const pause = {
        shopId: other.id,
        userId: s.userId,
        reason: 'quota_exceeded',
        resumesAt: future,
        timeZone: 'America/Los_Angeles',
        answer: { code: '16024019', message: 'quota', requestId: null },
        since: new Date(),
      };
      await upsertPause(db, pause);
      expect(await claimed({})).toEqual([a[0], a[2]]);
      await upsertPause(db, { ...pause, resumesAt: new Date(Date.now() - 1_000) });
      expect(await claimed({})).toEqual([a[0], a[2], b[1], b[2]]);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
