import {
  apiPaths,
  CONNECTED_BROWSERS_MAX,
  type BrowserActionReport,
  type BrowserClaimData,
  type BrowserReconcileReport,
  type BrowserReportData,
  type ConnectedBrowserList,
  type ExtensionSessionData,
  type MessageData,
  type PagePackList,
  type Shop,
  type TaskPlatformCalls,
} from '@inviteflow/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { platformActions, sendRecords, users } from '../src/db/schema.ts';
import { claimActions } from '../src/modules/platforms/actions/repository.ts';
import { describeApi, login, signedIn, type Harness } from './support/harness.ts';
import { bindNewShop, createTask, grantPlan, moveClock, taskBody } from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

/**
 * The browser channel's server half (issue 17): tasks of shops bound without authorization
 * compile into browser actions; the extension claims them with its own session, under a
 * lease, within the plan's daily allowance counted by the server; a stop never fails a
 * record; an unknown outcome waits for a reconcile; a page pack can be stopped.
 */

const DAY_MS = 86_400_000;

async function connectBrowser(
  h: Harness,
  consoleToken: string,
  name = 'Chrome · office',
): Promise<ExtensionSessionData> {
  const res = await h.api.post<ExtensionSessionData>(
    apiPaths.extension.sessions,
    { name, browser: 'Chrome 131' },
    { token: consoleToken },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function claim(h: Harness, token: string, shopId?: number): Promise<BrowserClaimData> {
  const res = await h.api.post<BrowserClaimData>(
    apiPaths.extension.claim,
    shopId === undefined ? {} : { shopId },
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function report(h: Harness, token: string, id: number, body: BrowserActionReport) {
  return h.api.post<BrowserReportData>(apiPaths.extension.report(id), body, { token });
}

async function reconcile(h: Harness, token: string, id: number, body: BrowserReconcileReport) {
  return h.api.post<BrowserReportData>(apiPaths.extension.reconcile(id), body, { token });
}

/** The task's records by status, counted in the table. */
async function statusCounts(h: Harness, taskId: number): Promise<Record<string, number>> {
  const rows = await h.app.db
    .select({ status: sendRecords.status })
    .from(sendRecords)
    .where(eq(sendRecords.taskId, taskId));
  const out: Record<string, number> = { pending: 0, running: 0, success: 0, failed: 0 };
  for (const row of rows) out[row.status] = (out[row.status] ?? 0) + 1;
  return out;
}

async function actionsOf(h: Harness, taskId: number) {
  return h.app.db
    .select()
    .from(platformActions)
    .where(eq(platformActions.taskId, taskId))
    .orderBy(asc(platformActions.id));
}

interface Seller {
  token: string;
  userId: number;
  password: string;
  username: string;
  shop: Shop;
}

/** A seller with a plan (or none: the free allowance, 20 a day) and a 抖店 shop bound by hand. */
async function seller(h: Harness, plan: 'pro' | null = 'pro'): Promise<Seller> {
  const account = await signedIn(h);
  if (plan) await grantPlan(h, account.tokens.user.id, plan);
  const shop = await bindNewShop(h, account.token);
  return {
    token: account.token,
    userId: account.tokens.user.id,
    password: account.user.password,
    username: account.user.username,
    shop,
  };
}

async function browserTask(h: Harness, s: Seller, count: number, taskType = 'free_product') {
  const talents = await seedTalents(
    h,
    s.userId,
    Array.from({ length: count }, (_, i) => ({ name: `达人${i + 1}` })),
  );
  return createTask(
    h,
    s.token,
    taskBody(s.shop.id, {
      talentIds: talents.map((t) => t.id),
      taskType: taskType as 'free_product',
    }),
  );
}

describeApi('browser channel: browser actions claimed by the extension', (h) => {
  it('compiles a 抖店 task into batches of 40 as 达人广场 takes them, with keys and the page pack; the server executor never takes them', async () => {
    const s = await seller(h());
    const task = await browserTask(h(), s, 45);
    const actions = await actionsOf(h(), task.taskId);
    expect(
      actions.map((a) => [a.channel, a.kind, a.packId, a.batch, a.batches, a.idempotencyKey]),
    ).toEqual([
      [
        'browser',
        'buyin_batch_invitation',
        'buyin.daren-square',
        1,
        2,
        `task:${task.taskId}:browser:buyin_batch_invitation:1`,
      ],
      [
        'browser',
        'buyin_batch_invitation',
        'buyin.daren-square',
        2,
        2,
        `task:${task.taskId}:browser:buyin_batch_invitation:2`,
      ],
    ]);
    const carried = await h()
      .app.db.select({ actionId: sendRecords.actionId })
      .from(sendRecords)
      .where(eq(sendRecords.taskId, task.taskId));
    expect(carried.filter((r) => r.actionId === actions[0]!.id)).toHaveLength(40);
    expect(carried.filter((r) => r.actionId === actions[1]!.id)).toHaveLength(5);

    // The API executor's claim (every replica's) sees api actions only.
    const taken = await h().app.db.transaction((tx) =>
      claimActions(tx, new Date(), { limit: 50, perShop: 10, leaseMs: 60_000, running: new Map() }),
    );
    expect(taken).toEqual([]);

    // A free connection invitation is a 私信 per 达人.
    const messages = await browserTask(h(), s, 3, 'free_connection');
    expect((await actionsOf(h(), messages.taskId)).map((a) => [a.kind, a.batch])).toEqual([
      ['buyin_message', 1],
      ['buyin_message', 2],
      ['buyin_message', 3],
    ]);
  });

  it('never hands out an action of the api channel, even of the same account', async () => {
    const s = await seller(h());
    const task = await browserTask(h(), s, 3);
    const [action] = await actionsOf(h(), task.taskId);
    // The same action as the executor's: the extension must not see it.
    await h()
      .app.db.update(platformActions)
      .set({ channel: 'api' })
      .where(eq(platformActions.id, action!.id));
    const ext = await connectBrowser(h(), s.token);
    const claimed = await claim(h(), ext.token);
    expect(claimed.action).toBeNull();
    expect(claimed.waiting).toBe('nothing');
    const [after] = await actionsOf(h(), task.taskId);
    expect(after!.status).toBe('pending');
    expect(await statusCounts(h(), task.taskId)).toMatchObject({ pending: 3, running: 0 });
  });

  it('hands a batch to one browser under its session, with what the page needs', async () => {
    const s = await seller(h());
    const task = await browserTask(h(), s, 4);
    const a = await connectBrowser(h(), s.token, 'A');
    const b = await connectBrowser(h(), s.token, 'B');
    const first = await claim(h(), a.token, s.shop.id);
    expect(first.action).toMatchObject({
      kind: 'buyin_batch_invitation',
      pack: { id: 'buyin.daren-square', version: 2 },
      shop: { id: s.shop.id, platform: 'douyin', timeZone: 'Asia/Shanghai' },
      task: { id: task.taskId, taskType: 'free_product' },
    });
    expect(first.action!.records).toHaveLength(4);
    expect(first.action!.records[0]!.message).toContain('达人1');
    // The batch's one message: the shop and products once, no talent's name.
    expect(first.action!.message).toBe(`你好，${s.shop.shopName} 邀请你带货：`);
    expect(first.action!.message).not.toContain('达人');
    // The other browser gets nothing of it.
    expect((await claim(h(), b.token)).action).toBeNull();
    const [row] = await actionsOf(h(), task.taskId);
    expect(row).toMatchObject({ status: 'running', holderSessionId: a.sessionId });
    // A report under another browser's token holds no lease: 409, nothing changes.
    const foreign = await report(h(), b.token, first.action!.id, {
      leaseId: '00000000-0000-4000-8000-000000000000',
      packVersion: 2,
      outcomes: [{ recordId: first.action!.records[0]!.id, result: 'sent' }],
    });
    expect(foreign.status).toBe(409);
    expect(await statusCounts(h(), task.taskId)).toMatchObject({ running: 4, success: 0 });
  });

  it('enforces the daily allowance at claim across two browsers, in the shop’s day', async () => {
    const s = await seller(h(), null); // the free allowance: 20 a day
    const day1 = await browserTask(h(), s, 20);
    moveClock(h(), DAY_MS + 60_000);
    const day2 = await browserTask(h(), s, 20);
    const a = await connectBrowser(h(), s.token, 'A');
    const b = await connectBrowser(h(), s.token, 'B');

    const first = await claim(h(), a.token);
    expect(first.action!.records).toHaveLength(20);
    expect(first.allowance).toMatchObject({ cap: 20, used: 0, reserved: 20, remaining: 0 });
    // The other browser: the allowance is held by the first one's batch.
    const refused = await claim(h(), b.token);
    expect(refused).toMatchObject({ action: null, waiting: 'daily_allowance' });
    expect(refused.allowance).toMatchObject({ cap: 20, reserved: 20, remaining: 0 });

    // 12 sent, then the platform asks to slow down: 8 go back, unattempted.
    const ids = first.action!.records.map((r) => r.id);
    const done = await report(h(), a.token, first.action!.id, {
      leaseId: first.action!.leaseId,
      packVersion: 2,
      outcomes: ids.slice(0, 12).map((recordId) => ({ recordId, result: 'sent' as const })),
      stop: { reason: 'rate_limited', retryAfterSeconds: 600 },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'pending', succeeded: 12, released: 8 });

    // What is left today is 8: the second browser gets the next batch cut to 8.
    const second = await claim(h(), b.token);
    expect(second.action!.task.id).toBe(day2.taskId);
    expect(second.action!.records).toHaveLength(8);
    expect(second.allowance).toMatchObject({ used: 12, reserved: 8, remaining: 0 });
    expect((await claim(h(), a.token)).waiting).toBe('daily_allowance');
    expect(await statusCounts(h(), day1.taskId)).toMatchObject({ success: 12, pending: 8 });
    expect(await statusCounts(h(), day2.taskId)).toMatchObject({ running: 8, pending: 12 });

    // The shop's next day: whole again.
    moveClock(h(), 2 * DAY_MS + 60_000);
    await report(h(), b.token, second.action!.id, {
      leaseId: second.action!.leaseId,
      packVersion: 2,
      outcomes: second.action!.records.map((r) => ({ recordId: r.id, result: 'sent' as const })),
    });
    // Those 8 answers count on the new day; the first task's 8 waiting records come next.
    const next = await claim(h(), a.token);
    expect(next.action!.task.id).toBe(day1.taskId);
    expect(next.action!.records).toHaveLength(8);
    expect(next.allowance).toMatchObject({ used: 8, reserved: 8, remaining: 4 });
  });

  for (const reason of [
    'page_changed',
    'login_expired',
    'quota_exceeded',
    'captcha',
    'rate_limited',
  ] as const) {
    it(`a ${reason} stop fails no record: the unattempted ones go back to pending`, async () => {
      const s = await seller(h());
      const task = await browserTask(h(), s, 10);
      const ext = await connectBrowser(h(), s.token);
      const claimed = await claim(h(), ext.token, s.shop.id);
      const ids = claimed.action!.records.map((r) => r.id);
      const res = await report(h(), ext.token, claimed.action!.id, {
        leaseId: claimed.action!.leaseId,
        packVersion: 2,
        outcomes: [
          { recordId: ids[0]!, result: 'sent', reference: { invitationId: 'INV-1' } },
          { recordId: ids[1]!, result: 'sent' },
          {
            recordId: ids[2]!,
            result: 'failed',
            errorCode: 'talent_ineligible',
            answer: { code: '16024021', message: 'creator follower limit' },
          },
        ],
        stop: { reason, detail: 'seen on the page' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        succeeded: 2,
        failed: 1,
        released: 7,
        status: 'pending',
      });
      // Counted: 2 success, 1 failed for its talent, the 7 others pending, none running.
      expect(await statusCounts(h(), task.taskId)).toEqual({
        pending: 7,
        running: 0,
        success: 2,
        failed: 1,
      });
      const failed = await h()
        .app.db.select({ errorCode: sendRecords.errorCode })
        .from(sendRecords)
        .where(and(eq(sendRecords.taskId, task.taskId), eq(sendRecords.status, 'failed')));
      expect(failed).toEqual([{ errorCode: 'talent_ineligible' }]);

      const again = await claim(h(), ext.token, s.shop.id);
      expect(again.action).toBeNull();
      if (reason === 'page_changed' || reason === 'rate_limited') {
        // The action waits a little; its answer names the pack version for page changes.
        const [row] = await actionsOf(h(), task.taskId);
        expect(row!.notBefore!.getTime()).toBeGreaterThan(Date.now());
        expect(row!.errorCode).toBe(reason);
        if (reason === 'page_changed')
          expect(row!.answer?.message).toContain('buyin.daren-square@2');
      } else {
        expect(again.waiting).toBe('shop_stopped');
        expect(again.stop?.reason).toBe(reason);
        // My Shops tells the seller: the shop's pause, on its browser channel.
        const shown = await h().api.get<Shop>(apiPaths.shops.one(s.shop.id), { token: s.token });
        expect(shown.body.data.platformPause).toMatchObject({
          channel: 'browser',
          reason: reason === 'captcha' ? 'captcha_required' : reason,
        });
      }
      if (reason === 'quota_exceeded') {
        // 抖店's quota is daily: the shop's next midnight, China time (16:00 UTC).
        const resumes = new Date(again.stop!.resumesAt!);
        expect(resumes.getUTCHours()).toBe(16);
        expect(resumes.getTime() - Date.now()).toBeLessThanOrEqual(DAY_MS);
        expect(resumes.getTime()).toBeGreaterThan(Date.now());
      }
      if (reason === 'captcha' || reason === 'login_expired') {
        // The seller is told, and the extension lifts the stop once it is gone.
        const box = await h().api.get<{ list: MessageData[] }>(apiPaths.messages.list, {
          token: s.token,
        });
        expect(box.body.data.list.map((m) => m.kind)).toContain('browserRunStopped');
        const resumed = await h().api.post<{ resumed: boolean }>(
          apiPaths.extension.resumeShop(s.shop.id),
          { reason },
          { token: ext.token },
        );
        expect(resumed.body.data.resumed).toBe(true);
        const shop = await h().api.get<Shop>(apiPaths.shops.one(s.shop.id), { token: s.token });
        expect(shop.body.data.platformPause).toBeNull();
        const after = await claim(h(), ext.token, s.shop.id);
        expect(after.action!.records.map((r) => r.id)).toEqual(ids.slice(3));
      }
    });
  }

  it('an outcome lost mid-batch is reconciled, never sent twice', async () => {
    const s = await seller(h());
    const task = await browserTask(h(), s, 6);
    const a = await connectBrowser(h(), s.token, 'A');
    const b = await connectBrowser(h(), s.token, 'B');
    const claimed = await claim(h(), a.token);
    const action = claimed.action!;
    const started = await h().api.post(
      apiPaths.extension.started(action.id),
      { leaseId: action.leaseId },
      { token: a.token },
    );
    expect(started.status).toBe(200);

    // The browser restarts mid-batch: its lease lapses. The action is not handed out again.
    moveClock(h(), 11 * 60_000);
    expect((await claim(h(), b.token)).action).toBeNull();
    const [inDoubt] = await actionsOf(h(), task.taskId);
    expect(inDoubt!.status).toBe('unknown');
    expect(await statusCounts(h(), task.taskId)).toMatchObject({ running: 6, pending: 0 });
    // Its old lease reports nothing any more.
    const late = await report(h(), a.token, action.id, {
      leaseId: action.leaseId,
      packVersion: 2,
      outcomes: [{ recordId: action.records[0]!.id, result: 'sent' }],
    });
    expect(late.status).toBe(409);

    // The journal and the page's list: three were sent, three were not.
    const ids = action.records.map((r) => r.id);
    const reconciled = await reconcile(h(), a.token, action.id, {
      packVersion: 2,
      outcomes: [
        ...ids.slice(0, 3).map((recordId) => ({ recordId, result: 'sent' as const })),
        ...ids.slice(3).map((recordId) => ({ recordId, result: 'not_sent' as const })),
      ],
    });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body.data).toMatchObject({ status: 'pending', succeeded: 3, released: 3 });
    // Only the three never sent are handed out again.
    const again = await claim(h(), b.token);
    expect(again.action!.records.map((r) => r.id)).toEqual(ids.slice(3));
    // A second reconcile of a settled action is refused.
    expect(
      (
        await reconcile(h(), a.token, action.id, {
          packVersion: 2,
          outcomes: [{ recordId: ids[0]!, result: 'not_sent' }],
        })
      ).status,
    ).toBe(409);
  });

  it('the lease job takes back what a browser that went away held: pending, or unknown once started', async () => {
    const s = await seller(h());
    const quiet = await browserTask(h(), s, 2);
    const sending = await browserTask(h(), s, 3);
    const ext = await connectBrowser(h(), s.token);
    const first = (await claim(h(), ext.token)).action!;
    const second = (await claim(h(), ext.token)).action!;
    expect([first.task.id, second.task.id]).toEqual([quiet.taskId, sending.taskId]);
    await h().api.post(
      apiPaths.extension.started(second.id),
      { leaseId: second.leaseId },
      { token: ext.token },
    );
    const job = h().app.jobs.jobs.find((j) => j.name === 'browser-leases');
    if (!job) throw new Error('the browser-leases job is not scheduled');
    // While the leases hold, nothing moves.
    expect(await job.run(new Date(Date.now() + 60_000))).toBe(0);
    expect(await statusCounts(h(), quiet.taskId)).toMatchObject({ running: 2 });
    await job.run(new Date(Date.now() + 11 * 60_000));
    expect(await statusCounts(h(), quiet.taskId)).toMatchObject({ pending: 2, running: 0 });
    expect((await actionsOf(h(), quiet.taskId))[0]!.status).toBe('pending');
    // Started: in doubt, its records still running, never handed out before a reconcile.
    expect(await statusCounts(h(), sending.taskId)).toMatchObject({ running: 3, pending: 0 });
    expect((await actionsOf(h(), sending.taskId))[0]!.status).toBe('unknown');
  });

  it('records the extension reports as unknown keep the action waiting for a reconcile', async () => {
    const s = await seller(h());
    const task = await browserTask(h(), s, 5);
    const ext = await connectBrowser(h(), s.token);
    const claimed = await claim(h(), ext.token);
    const ids = claimed.action!.records.map((r) => r.id);
    const res = await report(h(), ext.token, claimed.action!.id, {
      leaseId: claimed.action!.leaseId,
      packVersion: 2,
      outcomes: [{ recordId: ids[0]!, result: 'sent' }],
      unknown: [ids[1]!, ids[2]!],
      stop: { reason: 'captcha' },
    });
    expect(res.body.data).toMatchObject({ status: 'unknown', succeeded: 1, released: 2 });
    expect(await statusCounts(h(), task.taskId)).toEqual({
      pending: 2,
      running: 2,
      success: 1,
      failed: 0,
    });
    await h().api.post(
      apiPaths.extension.resumeShop(s.shop.id),
      { reason: 'captcha' },
      { token: ext.token },
    );
    // The action is in doubt: its pending records wait for the reconcile.
    expect((await claim(h(), ext.token)).action).toBeNull();
    const done = await reconcile(h(), ext.token, claimed.action!.id, {
      packVersion: 2,
      outcomes: [
        { recordId: ids[1]!, result: 'failed', errorCode: 'already_invited' },
        { recordId: ids[2]!, result: 'not_sent' },
      ],
    });
    expect(done.body.data).toMatchObject({ status: 'pending', failed: 1, released: 1 });
    const next = await claim(h(), ext.token);
    expect(next.action!.records.map((r) => r.id)).toEqual(ids.slice(2));
  });

  it('a record fails only for an answer about its talent: a run-level code is refused as a record error', async () => {
    const s = await seller(h());
    await browserTask(h(), s, 2);
    const ext = await connectBrowser(h(), s.token);
    const claimed = await claim(h(), ext.token);
    const res = await report(h(), ext.token, claimed.action!.id, {
      leaseId: claimed.action!.leaseId,
      packVersion: 2,
      outcomes: [
        {
          recordId: claimed.action!.records[0]!.id,
          result: 'failed',
          errorCode: 'quota_exceeded' as 'already_invited',
        },
      ],
    });
    expect(res.status).toBe(400);
  });

  it('a batch refused for a talent the page does not name is split into one-talent actions: each answered alone, no loop', async () => {
    const s = await seller(h());
    const task = await browserTask(h(), s, 3);
    const ext = await connectBrowser(h(), s.token);
    const first = (await claim(h(), ext.token)).action!;
    expect(first.records).toHaveLength(3);
    const refusal = {
      errorCode: 'talent_ineligible' as const,
      answer: { code: '16024016', message: 'creator linked with a shop account', requestId: null },
    };
    const res = await report(h(), ext.token, first.id, {
      leaseId: first.leaseId,
      packVersion: first.pack.version,
      unattributed: refusal,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ split: 3, failed: 0, released: 0 });
    // Nobody failed; each record now waits in an action of its own.
    expect(await statusCounts(h(), task.taskId)).toMatchObject({ pending: 3, failed: 0 });
    const actions = await actionsOf(h(), task.taskId);
    expect(actions).toHaveLength(4);
    const rows = await h()
      .app.db.select({ id: sendRecords.id, actionId: sendRecords.actionId })
      .from(sendRecords)
      .where(eq(sendRecords.taskId, task.taskId));
    // The batch itself ends as the refusal it got (not as a success with no talent).
    expect(actions[0]).toMatchObject({
      id: first.id,
      status: 'failed',
      errorCode: 'talent_ineligible',
      answer: refusal.answer,
    });
    const split = actions.slice(1);
    expect(split.map((a) => a.kind)).toEqual(Array(3).fill(first.kind));
    expect(new Set(split.map((a) => a.idempotencyKey)).size).toBe(3);
    for (const action of split)
      expect(rows.filter((row) => row.actionId === action.id)).toHaveLength(1);

    // The same refusal on a one-talent action is that talent's answer: it fails alone.
    const second = (await claim(h(), ext.token)).action!;
    expect(second.records).toHaveLength(1);
    const refused = await report(h(), ext.token, second.id, {
      leaseId: second.leaseId,
      packVersion: second.pack.version,
      unattributed: refusal,
    });
    expect(refused.body.data).toMatchObject({ split: 0, failed: 1 });
    // The others go on and are sent.
    for (let i = 0; i < 2; i += 1) {
      const next = (await claim(h(), ext.token)).action!;
      expect(next.records).toHaveLength(1);
      await report(h(), ext.token, next.id, {
        leaseId: next.leaseId,
        packVersion: next.pack.version,
        outcomes: [{ recordId: next.records[0]!.id, result: 'sent' }],
      });
    }
    expect(await statusCounts(h(), task.taskId)).toMatchObject({
      pending: 0,
      success: 2,
      failed: 1,
    });
    const failedRow = await h()
      .app.db.select()
      .from(sendRecords)
      .where(and(eq(sendRecords.taskId, task.taskId), eq(sendRecords.status, 'failed')));
    expect(failedRow[0]).toMatchObject({ errorCode: 'talent_ineligible' });
    expect((await claim(h(), ext.token)).action).toBeNull();
  });

  it('a stopped page pack hands out nothing until restarted; only an operator switches it', async () => {
    const s = await seller(h());
    await browserTask(h(), s, 3);
    const ext = await connectBrowser(h(), s.token);
    const packs = await h().api.get<PagePackList>(apiPaths.extension.pagePacks, {
      token: ext.token,
    });
    expect(packs.status).toBe(200);
    const square = packs.body.data.packs.find((p) => p.id === 'buyin.daren-square')!;
    expect(square).toMatchObject({ stopped: false, version: 2, platform: 'douyin' });
    expect(square.hosts).toEqual(['buyin.jinritemai.com', 'fxg.jinritemai.com/ffa/buyin']);
    // Shipped unverified: stopped by default.
    expect(packs.body.data.packs.find((p) => p.id === 'buyin.activity')).toMatchObject({
      stopped: true,
      stoppedReason: 'unverified',
    });

    const path = apiPaths.admin.pagePackSwitch;
    const pack = { packId: 'buyin.daren-square', version: 2 };
    const refused = await h().api.put(path, { ...pack, stopped: true }, { token: s.token });
    expect(refused.status).toBe(403);

    const operator = await signedIn(h());
    await h()
      .app.db.update(users)
      .set({ role: 'admin' })
      .where(eq(users.id, operator.tokens.user.id));
    const admin = (await login(h(), operator.user.username, operator.user.password)).body.data
      .access_token;
    const stopped = await h().api.put(
      path,
      { ...pack, stopped: true, reason: 'drawer changed' },
      { token: admin },
    );
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(await claim(h(), ext.token)).toMatchObject({ action: null, waiting: 'pack_stopped' });
    const listed = await h().api.get<PagePackList>(apiPaths.extension.pagePacks, {
      token: ext.token,
    });
    expect(listed.body.data.packs.find((p) => p.id === 'buyin.daren-square')).toMatchObject({
      stopped: true,
      stoppedReason: 'drawer changed',
    });

    await h().api.put(path, { ...pack, stopped: false }, { token: admin });
    expect((await claim(h(), ext.token)).action?.records).toHaveLength(3);
  });
});

async function stoppedPages(h: Harness, token: string, taskId: number) {
  const res = await h.api.get<TaskPlatformCalls>(apiPaths.sendRecords.taskPlatformCalls(taskId), {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.data.stoppedPages;
}

describeApi('browser channel: 百应 私信 ships stopped until verified', (h) => {
  it('hands out no 私信 and tells the task view why, while 达人广场 runs', async () => {
    const s = await seller(h());
    const messages = await browserTask(h(), s, 2, 'free_connection');
    const ext = await connectBrowser(h(), s.token);
    expect(await claim(h(), ext.token)).toMatchObject({ action: null, waiting: 'pack_stopped' });
    expect(await stoppedPages(h(), s.token, messages.taskId)).toEqual([
      { kind: 'buyin_message', reason: 'unverified' },
    ]);
    const packs = await h().api.get<PagePackList>(apiPaths.extension.pagePacks, {
      token: ext.token,
    });
    expect(packs.body.data.packs.find((p) => p.id === 'buyin.im')).toMatchObject({
      stopped: true,
      stoppedReason: 'unverified',
    });
    // Nothing waits on a page that runs.
    const invitations = await browserTask(h(), s, 2);
    expect(await stoppedPages(h(), s.token, invitations.taskId)).toEqual([]);
    expect((await claim(h(), ext.token)).action?.kind).toBe('buyin_batch_invitation');
    expect(await statusCounts(h(), messages.taskId)).toMatchObject({ pending: 2, failed: 0 });
  });
});

describeApi(
  'browser channel: a pack shipped stopped, started by configuration',
  (h) => {
    it('PAGE_PACKS_STARTED starts 百应 私信 once verified', async () => {
      const s = await seller(h());
      const messages = await browserTask(h(), s, 1, 'free_connection');
      expect(await stoppedPages(h(), s.token, messages.taskId)).toEqual([]);
      const ext = await connectBrowser(h(), s.token);
      expect((await claim(h(), ext.token)).action).toMatchObject({
        kind: 'buyin_message',
        pack: { id: 'buyin.im' },
      });
    });
  },
  { config: { PAGE_PACKS_STARTED: 'buyin.im' } },
);

describeApi(
  'browser channel: a page pack stopped by configuration',
  (h) => {
    it('PAGE_PACKS_STOPPED stops the pack whatever the switch says', async () => {
      const s = await seller(h());
      const task = await browserTask(h(), s, 2);
      const ext = await connectBrowser(h(), s.token);
      expect(await claim(h(), ext.token)).toMatchObject({ action: null, waiting: 'pack_stopped' });
      expect(await stoppedPages(h(), s.token, task.taskId)).toEqual([
        { kind: 'buyin_batch_invitation', reason: 'operator' },
      ]);
      const packs = await h().api.get<PagePackList>(apiPaths.extension.pagePacks, {
        token: ext.token,
      });
      expect(packs.body.data.packs.find((p) => p.id === 'buyin.daren-square')).toMatchObject({
        stopped: true,
        stoppedReason: 'PAGE_PACKS_STOPPED',
      });
    });
  },
  { config: { PAGE_PACKS_STOPPED: 'buyin.daren-square@2' } },
);

describeApi("browser channel: the extension's own session", (h) => {
  it('works on the extension routes only, renews by itself, and is listed as a connected browser', async () => {
    const s = await seller(h());
    const ext = await connectBrowser(h(), s.token, 'Laptop');
    expect((await h().api.get(apiPaths.talents.list, { token: ext.token })).status).toBe(403);
    expect((await h().api.get(apiPaths.user.browsers, { token: ext.token })).status).toBe(403);
    // An extension token cannot connect another browser.
    expect(
      (await h().api.post(apiPaths.extension.sessions, { name: 'x' }, { token: ext.token })).status,
    ).toBe(403);
    expect((await h().api.get(apiPaths.extension.summary, { token: ext.token })).status).toBe(200);

    const renewed = await h().api.post<ExtensionSessionData>(apiPaths.extension.renew, {
      renewToken: ext.renewToken,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data.sessionId).toBe(ext.sessionId);
    expect(renewed.body.data.renewToken).not.toBe(ext.renewToken);
    expect((await claim(h(), renewed.body.data.token)).waiting).toBe('nothing');
    // The console's refresh never takes a renew token.
    expect(
      (await h().api.post(apiPaths.auth.refresh, { refresh_token: renewed.body.data.renewToken }))
        .status,
    ).toBe(401);

    const list = await h().api.get<ConnectedBrowserList>(apiPaths.user.browsers, {
      token: s.token,
    });
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ id: ext.sessionId, name: 'Laptop', browser: 'Chrome 131' }),
    ]);
    expect(list.body.data.list[0]!.lastSeenAt).not.toBeNull();
  });

  it('every call of the extension marks its browser seen: started, report, resume and reconcile', async () => {
    const s = await seller(h());
    await browserTask(h(), s, 3);
    const ext = await connectBrowser(h(), s.token);
    const lastSeen = async () => {
      const list = await h().api.get<ConnectedBrowserList>(apiPaths.user.browsers, {
        token: s.token,
      });
      return list.body.data.list.find((b) => b.id === ext.sessionId)!.lastSeenAt;
    };
    const action = (await claim(h(), ext.token)).action!;
    const ids = action.records.map((r) => r.id);
    // "Last seen" moves at most once a minute: each call comes two minutes after the last.
    let at = moveClock(h(), 2 * 60_000);
    expect(
      (
        await h().api.post(
          apiPaths.extension.started(action.id),
          { leaseId: action.leaseId },
          { token: ext.token },
        )
      ).status,
    ).toBe(200);
    expect(await lastSeen()).toBe(at.toISOString());

    at = moveClock(h(), 4 * 60_000);
    const reported = await report(h(), ext.token, action.id, {
      leaseId: action.leaseId,
      packVersion: 2,
      outcomes: [{ recordId: ids[0]!, result: 'sent' }],
      unknown: [ids[1]!],
      stop: { reason: 'captcha' },
    });
    expect(reported.body.data).toMatchObject({ status: 'unknown' });
    expect(await lastSeen()).toBe(at.toISOString());

    at = moveClock(h(), 6 * 60_000);
    const resumed = await h().api.post<{ resumed: boolean }>(
      apiPaths.extension.resumeShop(s.shop.id),
      { reason: 'captcha' },
      { token: ext.token },
    );
    expect(resumed.body.data.resumed).toBe(true);
    expect(await lastSeen()).toBe(at.toISOString());

    at = moveClock(h(), 8 * 60_000);
    const reconciled = await reconcile(h(), ext.token, action.id, {
      packVersion: 2,
      outcomes: [{ recordId: ids[1]!, result: 'not_sent' }],
    });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(await lastSeen()).toBe(at.toISOString());

    // Within the minute, a call leaves it; after it, the next call moves it again.
    moveClock(h(), 8 * 60_000 + 30_000);
    await claim(h(), ext.token);
    expect(await lastSeen()).toBe(at.toISOString());
    at = moveClock(h(), 9 * 60_000 + 1_000);
    await claim(h(), ext.token);
    expect(await lastSeen()).toBe(at.toISOString());
  });

  it(`an account connects at most ${CONNECTED_BROWSERS_MAX} browsers at once`, async () => {
    const s = await seller(h());
    const made: ExtensionSessionData[] = [];
    for (let i = 0; i < CONNECTED_BROWSERS_MAX; i++)
      made.push(await connectBrowser(h(), s.token, `B${i}`));
    const refused = await h().api.post(
      apiPaths.extension.sessions,
      { name: 'one more' },
      { token: s.token, lang: 'en-US' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `${CONNECTED_BROWSERS_MAX} browsers are connected already: revoke one in User Settings → Connected browsers first`,
    );
    await h().api.delete(apiPaths.user.browser(made[0]!.sessionId), { token: s.token });
    await connectBrowser(h(), s.token, 'one more');
  });

  it('a session the extension no longer holds is ended by its renew token: it stops at once and leaves Connected browsers', async () => {
    const s = await signedIn(h());
    const first = await connectBrowser(h(), s.token);
    // It renewed itself since (its renew token rotated): the current one ends it.
    const old = (
      await h().api.post<ExtensionSessionData>(apiPaths.extension.renew, {
        renewToken: first.renewToken,
      })
    ).body.data;
    const next = await connectBrowser(h(), s.token);
    // A renew token that names nothing (or an old, used one) ends nothing and says no more.
    expect(
      (await h().api.post<{ ended: boolean }>(apiPaths.extension.end, { renewToken: 'nobody' }))
        .body.data,
    ).toEqual({ ended: false });
    const ended = await h().api.post<{ ended: boolean }>(apiPaths.extension.end, {
      renewToken: old.renewToken,
    });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ ended: true });
    expect((await h().api.post(apiPaths.extension.claim, {}, { token: old.token })).status).toBe(
      401,
    );
    expect(
      (await h().api.post(apiPaths.extension.renew, { renewToken: old.renewToken })).status,
    ).toBe(401);
    // The new one goes on; the list holds it alone.
    expect((await claim(h(), next.token)).waiting).toBe('nothing');
    const list = await h().api.get<ConnectedBrowserList>(apiPaths.user.browsers, {
      token: s.token,
    });
    expect(list.body.data.list.map((b) => b.id)).toEqual([next.sessionId]);
    // A console's refresh token is not a browser's: it ends nothing.
    expect(
      (
        await h().api.post<{ ended: boolean }>(apiPaths.extension.end, {
          renewToken: s.tokens.refresh_token,
        })
      ).body.data,
    ).toEqual({ ended: false });
  });

  it('a revocation from the console ends it at once; another account cannot revoke it', async () => {
    const s = await seller(h());
    const other = await signedIn(h());
    const ext = await connectBrowser(h(), s.token);
    expect(
      (await h().api.delete(apiPaths.user.browser(ext.sessionId), { token: other.token })).status,
    ).toBe(404);
    expect((await claim(h(), ext.token)).waiting).toBe('nothing');

    const revoked = await h().api.delete(apiPaths.user.browser(ext.sessionId), { token: s.token });
    expect(revoked.status).toBe(200);
    expect((await h().api.post(apiPaths.extension.claim, {}, { token: ext.token })).status).toBe(
      401,
    );
    expect(
      (await h().api.post(apiPaths.extension.renew, { renewToken: ext.renewToken })).status,
    ).toBe(401);
    const list = await h().api.get<ConnectedBrowserList>(apiPaths.user.browsers, {
      token: s.token,
    });
    expect(list.body.data.list).toEqual([]);
    expect(
      (await h().api.delete(apiPaths.user.browser(ext.sessionId), { token: s.token })).status,
    ).toBe(404);
  });

  it("the console's logout ends the browsers it connected", async () => {
    const s = await seller(h());
    const ext = await connectBrowser(h(), s.token);
    expect((await h().api.post(apiPaths.auth.logout, undefined, { token: s.token })).status).toBe(
      200,
    );
    expect((await h().api.post(apiPaths.extension.claim, {}, { token: ext.token })).status).toBe(
      401,
    );
    expect(
      (await h().api.post(apiPaths.extension.renew, { renewToken: ext.renewToken })).status,
    ).toBe(401);
  });

  it('a password change ends every connected browser', async () => {
    const s = await seller(h());
    const ext = await connectBrowser(h(), s.token);
    const changed = await h().api.post(
      apiPaths.auth.changePassword,
      { oldPassword: s.password, newPassword: 'Another-456', confirmPassword: 'Another-456' },
      { token: s.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await h().api.post(apiPaths.extension.claim, {}, { token: ext.token })).status).toBe(
      401,
    );
    expect(
      (await h().api.post(apiPaths.extension.renew, { renewToken: ext.renewToken })).status,
    ).toBe(401);
  });
});
