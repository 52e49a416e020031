import type {
  ClaimData,
  ClaimedRecord,
  ExtensionSummary,
  ReportBody,
  ShopReportData,
} from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import type { ApiFailureKind, ApiResult, TaskApi } from '../api/api-client.ts';
import { AdapterError, type PlatformAdapter } from '../adapters/types.ts';
import {
  authItem,
  controlItem,
  journalItem,
  settingsItem,
  statusItem,
  type JournalEntry,
} from '../storage/items.ts';
import { TaskRunner, type Clock } from './runner.ts';

const SHOP = 11;
const start = new Date('2025-06-01T02:00:00Z');

function record(id: number, leaseMs = 300_000, now = start): ClaimedRecord {
  return {
    id,
    taskId: 1,
    talent: { name: `达人${id}`, platform: 'douyin', platformTalentId: `dy_${id}` },
    taskType: 'free_product',
    contentType: 'vertical_video',
    setName: '春季',
    message: `你好 达人${id}`,
    products: [],
    leasedUntil: new Date(now.getTime() + leaseMs).toISOString(),
  };
}

const failure = (kind: ApiFailureKind, status: number | null = null) => ({
  ok: false as const,
  error: { kind, status, message: `${kind}!` },
});

/** The server as the runner sees it: batches to hand out, and every report it receives. */
class FakeServer implements TaskApi {
  batches: ClaimedRecord[][] = [];
  claims: Array<{ shopId: number; limit: number }> = [];
  reports: Array<{ id: number; body: ReportBody }> = [];
  cap = 200;
  remainingToday = 100;
  claimAnswer: ApiResult<ClaimData> | null = null;
  /** Reports answer this (once each) before they succeed. */
  reportFailures: ApiResult<never>[] = [];
  /** Called when a claim finds nothing left to hand out. */
  onEmptyClaim: () => void = () => undefined;

  async reportShop(): Promise<ApiResult<ShopReportData>> {
    throw new Error('not used by the runner');
  }
  async claim(body: { shopId: number; limit: number }): Promise<ApiResult<ClaimData>> {
    this.claims.push(body);
    if (this.claimAnswer) return this.claimAnswer;
    const records = (this.batches.shift() ?? []).slice(0, body.limit);
    if (!records.length) this.onEmptyClaim();
    return {
      ok: true,
      message: '',
      data: { leaseSeconds: 300, records, skipped: [], remainingToday: this.remainingToday },
    };
  }
  async reportRecord(id: number, body: ReportBody) {
    this.reports.push({ id, body });
    const failed = this.reportFailures.shift();
    if (failed) return failed;
    return {
      ok: true as const,
      message: '',
      data: {
        id,
        status: body.status,
        errorCode: body.status === 'failed' ? (body.errorCode ?? null) : null,
        changed: true,
      },
    };
  }
  async summary(): Promise<ApiResult<ExtensionSummary>> {
    return {
      ok: true,
      message: '',
      data: {
        user: { id: 1, username: 'seller' },
        membership: {
          level: 'pro',
          isActive: true,
          validTo: null,
          dailyInvitationCap: this.cap,
          remainingToday: this.remainingToday,
        },
        shops: [],
        counts: { pending: 0, running: 0, done: 0, succeeded: 0, failed: 0 },
        timeZone: 'Asia/Shanghai',
      },
    };
  }
}

/** A page whose outcome per talent the test decides; it records what it was asked to do. */
class FakeAdapter implements PlatformAdapter {
  readonly id = 'test' as const;
  readonly platform = 'douyin' as const;
  readonly matches = [];
  executed: number[] = [];
  outcomes = new Map<number, unknown>();
  /** Called between beforeSubmit and the click: a crash can be staged here. */
  duringSubmit: ((id: number) => Promise<void>) | null = null;
  handles() {
    return true;
  }
  readShop() {
    return null;
  }
  async execute(r: ClaimedRecord, context: { beforeSubmit(): Promise<void> }) {
    this.executed.push(r.id);
    const outcome = this.outcomes.get(r.id);
    if (outcome instanceof AdapterError && outcome.failure === 'elementMissing') throw outcome;
    await context.beforeSubmit();
    if (this.duringSubmit) await this.duringSubmit(r.id);
    if (outcome) throw outcome;
  }
}

function setup() {
  const server = new FakeServer();
  const adapter = new FakeAdapter();
  let now = start.getTime();
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => new Date(now),
    async sleep(ms) {
      sleeps.push(ms);
      now += ms;
    },
  };
  const runner = new TaskRunner({
    api: server,
    adapter,
    document,
    clock,
    random: () => 0.5,
    interruptedMessage: 'interrupted while sending',
  });
  // Once everything was handed out and the runner asks for more, end the run.
  server.onEmptyClaim = () => runner.stop();
  return { server, adapter, runner, sleeps, advance: (ms: number) => (now += ms) };
}

type SeedEntry = Omit<JournalEntry, 'accountId'> & { accountId?: number | null };
const seed = async (entries: SeedEntry[], shopId = SHOP) =>
  journalItem.set({
    shopId,
    entries: entries.map((e) => ({ ...e, accountId: e.accountId ?? null })),
  });

describe('task runner', () => {
  it('claims, executes each record once, reports every result with its standard code', async () => {
    const { server, adapter, runner } = setup();
    server.batches = [[record(1), record(2), record(3), record(4)]];
    adapter.outcomes.set(2, new AdapterError('talentIneligible', '不符合邀约条件'));
    adapter.outcomes.set(3, new AdapterError('elementMissing', 'no invite button'));
    adapter.outcomes.set(4, new TypeError('Failed to fetch'));
    const status = await runner.run(SHOP);
    expect(adapter.executed).toEqual([1, 2, 3, 4]);
    expect(server.reports).toEqual([
      { id: 1, body: { status: 'success' } },
      {
        id: 2,
        body: { status: 'failed', errorCode: 'talent_ineligible', message: '不符合邀约条件' },
      },
      { id: 3, body: { status: 'failed', errorCode: 'page_changed', message: 'no invite button' } },
      { id: 4, body: { status: 'failed', errorCode: 'network', message: 'Failed to fetch' } },
    ]);
    expect(server.claims[0]).toEqual({ shopId: SHOP, limit: 5 });
    expect((await journalItem.get())?.entries).toEqual([]);
    expect(status.executed.count).toBe(4);
    expect(status.state).toBe('idle');
  });

  it('pauses between records for a random time within the configured bounds', async () => {
    const { server, runner, sleeps } = setup();
    await settingsItem.set({
      minDelaySeconds: 2,
      maxDelaySeconds: 6,
      batchSize: 2,
      idlePollSeconds: 30,
    });
    server.batches = [[record(1), record(2)], [record(3)]];
    await runner.run(SHOP);
    // random() = 0.5: 4 s after each record, then the idle poll.
    expect(sleeps).toEqual([4_000, 4_000, 4_000, 30_000]);
    expect(server.claims.map((c) => c.limit)).toEqual([2, 2, 2]);
  });

  it('stops on the platform’s quota: reports quota_exceeded and leaves the rest to their leases', async () => {
    const { server, adapter, runner } = setup();
    server.batches = [[record(1), record(2), record(3)]];
    adapter.outcomes.set(2, new AdapterError('quotaExceeded', '今日邀约次数已用完'));
    const status = await runner.run(SHOP);
    expect(adapter.executed).toEqual([1, 2]);
    expect(server.reports.map((r) => r.body)).toEqual([
      { status: 'success' },
      { status: 'failed', errorCode: 'quota_exceeded', message: '今日邀约次数已用完' },
    ]);
    expect(status).toMatchObject({ state: 'stopped', reason: 'quota' });
    expect((await journalItem.get())?.entries).toEqual([]);
  });

  it('a lost seller-center login (or a platform 401) is login_expired and stops the run', async () => {
    const { server, adapter, runner } = setup();
    server.batches = [[record(1), record(2)]];
    adapter.outcomes.set(1, Object.assign(new Error('HTTP 401'), { status: 401 }));
    const status = await runner.run(SHOP);
    expect(adapter.executed).toEqual([1]);
    expect(server.reports[0]?.body).toEqual({
      status: 'failed',
      errorCode: 'login_expired',
      message: 'HTTP 401',
    });
    expect(status).toMatchObject({ state: 'stopped', reason: 'platformLogin' });
  });

  it('keeps to the plan’s daily cap: claims only what is left, then waits for tomorrow', async () => {
    const { server, adapter, runner } = setup();
    server.cap = 3;
    await statusItem.update((s) => ({ ...s, executed: { day: '2025-06-01', count: 1 } }));
    server.batches = [[record(1), record(2)], [record(3)]];
    let polls = 0;
    const stopAfterCap = setInterval(() => undefined, 1000);
    const statusWatch = statusItem.watch((s) => {
      if (s.state === 'capReached' && ++polls === 1) runner.stop();
    });
    const status = await runner.run(SHOP);
    statusWatch();
    clearInterval(stopAfterCap);
    expect(server.claims).toEqual([{ shopId: SHOP, limit: 2 }]);
    expect(adapter.executed).toEqual([1, 2]);
    expect(status.executed.count).toBe(3);
  });

  it('stops when its token is refused, keeping unreported results for later', async () => {
    const { server, adapter, runner } = setup();
    server.batches = [[record(1), record(2)]];
    server.reportFailures = [failure('unauthorized', 401)];
    const status = await runner.run(SHOP);
    expect(adapter.executed).toEqual([1]);
    expect(status).toMatchObject({ state: 'stopped', reason: 'signedOut' });
    const entries = (await journalItem.get())!.entries;
    expect(entries.map((e) => [e.record.id, e.phase])).toEqual([
      [1, 'executed'],
      [2, 'queued'],
    ]);
  });

  it('a refused shop ends the run with the server’s message', async () => {
    const { server, runner } = setup();
    server.claimAnswer = failure('refused', 422) as never;
    const status = await runner.run(SHOP);
    expect(status).toMatchObject({ state: 'stopped', reason: 'shopRefused', detail: 'refused!' });
  });

  it('waits while paused and goes on when resumed', async () => {
    const { server, adapter, runner } = setup();
    await controlItem.set({ paused: true });
    server.batches = [[record(1)]];
    const run = runner.run(SHOP);
    await expect.poll(async () => (await statusItem.get()).state).toBe('paused');
    expect(server.claims).toEqual([]);
    await controlItem.set({ paused: false });
    await run;
    expect(adapter.executed).toEqual([1]);
  });
});

describe('recovery after a browser restart', () => {
  it('re-reports a result not yet acknowledged, without executing the record again', async () => {
    const { server, adapter, runner } = setup();
    await seed([
      { record: record(1), phase: 'executed', result: { status: 'success' } },
      {
        record: record(2),
        phase: 'executed',
        result: { status: 'failed', errorCode: 'already_invited', message: '已邀约' },
      },
    ]);
    await runner.run(SHOP);
    expect(adapter.executed).toEqual([]);
    expect(server.reports.map((r) => r.id)).toEqual([1, 2]);
    expect(server.reports[1]?.body).toMatchObject({ errorCode: 'already_invited' });
    expect((await journalItem.get())?.entries).toEqual([]);
  });

  it('never sends again a record whose sending had begun: it is reported as interrupted', async () => {
    const { server, adapter, runner } = setup();
    await seed([{ record: record(1), phase: 'submitting', result: null }]);
    await runner.run(SHOP);
    expect(adapter.executed).toEqual([]);
    expect(server.reports).toEqual([
      {
        id: 1,
        body: { status: 'failed', errorCode: 'page_changed', message: 'interrupted while sending' },
      },
    ]);
  });

  it('executes a record stopped before its sending began, while its lease holds', async () => {
    const { server, adapter, runner } = setup();
    await seed([
      { record: record(1), phase: 'executing', result: null },
      { record: record(2), phase: 'queued', result: null },
    ]);
    await runner.run(SHOP);
    expect(adapter.executed).toEqual([1, 2]);
    expect(server.reports.map((r) => [r.id, r.body.status])).toEqual([
      [1, 'success'],
      [2, 'success'],
    ]);
  });

  it('lets go of records whose lease lapsed while the browser was closed', async () => {
    const { server, adapter, runner } = setup();
    await seed([
      { record: record(1, 10_000), phase: 'queued', result: null },
      { record: record(2, -60_000), phase: 'executing', result: null },
      { record: record(3), phase: 'queued', result: null },
    ]);
    await runner.run(SHOP);
    expect(adapter.executed).toEqual([3]);
    expect(server.reports.map((r) => r.id)).toEqual([3]);
  });

  it('the journal written at each step survives a crash in the middle of sending', async () => {
    const first = setup();
    first.server.batches = [[record(1), record(2)]];
    // The browser dies during the click of record 2: that run never hears back.
    first.adapter.duringSubmit = (id) =>
      id === 2 ? new Promise<void>(() => undefined) : Promise.resolve();
    void first.runner.run(SHOP);
    await expect
      .poll(async () => (await journalItem.get())?.entries.map((e) => [e.record.id, e.phase]))
      .toEqual([[2, 'submitting']]);
    expect(first.server.reports.map((r) => r.id)).toEqual([1]);

    // The next browser start finds the journal as it was written before the click.
    const second = setup();
    await second.runner.run(SHOP);
    expect(second.adapter.executed).toEqual([]);
    expect(second.server.reports).toEqual([
      {
        id: 2,
        body: { status: 'failed', errorCode: 'page_changed', message: 'interrupted while sending' },
      },
    ]);
  });

  it('a result another account claimed waits for that account: its report would be refused', async () => {
    const signIn = (id: number) =>
      authItem.set({
        token: `token-${id}`,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        userInfo: {
          id,
          username: `seller${id}`,
          phoneNumber: '13800138000',
          membershipLevel: 'none',
          membershipValidTo: null,
          maxShopBindCount: 1,
          currentShopBindCount: 1,
        },
        apiOrigin: 'http://127.0.0.1:3000',
        session: null,
        receivedVia: { window: null, external: null },
      });
    await signIn(2);
    await seed([
      { record: record(1), phase: 'executed', result: { status: 'success' }, accountId: 1 },
    ]);
    const other = setup();
    other.server.batches = [[record(2)]];
    await other.runner.run(SHOP + 1);
    // Account 2 ran its own record; account 1's result was neither reported nor dropped.
    expect(other.server.reports.map((r) => r.id)).toEqual([2]);
    expect((await journalItem.get())?.entries.map((e) => [e.record.id, e.accountId])).toEqual([
      [1, 1],
    ]);

    await signIn(1);
    const back = setup();
    await back.runner.run(SHOP);
    expect(back.server.reports).toEqual([{ id: 1, body: { status: 'success' } }]);
    expect((await journalItem.get())?.entries).toEqual([]);
  });

  it('keeps a result whose report failed on the network, and reports it on the next pass', async () => {
    const { server, adapter, runner } = setup();
    server.batches = [[record(1)]];
    server.reportFailures = [failure('network')];
    await runner.run(SHOP);
    expect(adapter.executed).toEqual([1]);
    expect(server.reports.map((r) => r.id)).toEqual([1, 1]);
    expect((await journalItem.get())?.entries).toEqual([]);
  });
});
