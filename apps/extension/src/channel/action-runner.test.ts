import type {
  BrowserActionReport,
  BrowserClaimData,
  BrowserReconcileReport,
  BrowserReportData,
  ClaimedBrowserAction,
  PagePack,
} from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api/api-client.ts';
import { buyinPack, tiktokPack } from '../../test/page-packs.ts';
import {
  BrowserChannelRunner,
  PageNotLoaded,
  type PageDriver,
  type PageFlowHooks,
  type PageFlowResult,
} from './action-runner.ts';
import type { ChannelApi } from './channel-api.ts';
import { actionJournalItem, type ActionJournal } from './journal.ts';
import { channelStatusItem } from './status.ts';

const LEASE = '8f3e8f6e-7a4b-4c9e-9d55-0a4a4b0b1c11';

function action(
  records: number,
  kind: 'tiktok' | 'buyin' = 'tiktok',
  id = 5,
): ClaimedBrowserAction {
  const pack = kind === 'tiktok' ? tiktokPack : buyinPack;
  return {
    id,
    leaseId: LEASE,
    leasedUntil: '2030-01-01T00:00:00.000Z',
    idempotencyKey: `task:1:browser:${pack.kinds[0]}:0`,
    kind: pack.kinds[0]!,
    pack: { id: pack.id, version: pack.version },
    shop: {
      id: 3,
      platform: pack.platform,
      shopName: '小店',
      shopCode: 'c',
      platformShopId: kind === 'tiktok' ? '7495' : null,
      region: kind === 'tiktok' ? 'GB' : null,
      timeZone: 'Europe/London',
    },
    task: {
      id: 1,
      taskType: 'targeted_product',
      contentType: 'video',
      setName: 's',
      name: 'n',
      products: [],
      terms: null,
    },
    message: null,
    records: Array.from({ length: records }, (_, index) => ({
      id: 100 + index,
      talentName: `t${index}`,
      platformTalentId: `p${index}`,
      identity: null,
      message: 'hi',
    })),
  };
}

/**
 * The journal a browser restart finds after its send began and before any answer: an action of
 * two records, both attempted, in doubt until the page tells what happened to them.
 */
function journalInDoubt(): ActionJournal {
  return {
    action: action(2),
    phase: 'sending',
    accountId: 7,
    attempted: [100, 101],
    outcomes: [],
    stop: null,
    unknown: [],
    updatedAt: '2026-11-26T09:00:00Z',
  };
}

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data, message: '' });
const fail = (status: number, kind: 'refused' | 'unauthorized' | 'network' = 'refused') =>
  ({ ok: false, error: { kind, status, message: `${status}` } }) as const;

class FakeServer implements ChannelApi {
  queue: ClaimedBrowserAction[] = [];
  calls: string[] = [];
  reports: Array<{ id: number; body: BrowserActionReport }> = [];
  reconciles: Array<{ id: number; body: BrowserReconcileReport }> = [];
  resumed: string[] = [];
  reportAnswer: ApiResult<BrowserReportData> | null = null;
  startedAnswer: ApiResult<null> = ok(null);
  packs: PagePack[] = [tiktokPack, buyinPack];
  claimAnswer: ApiResult<BrowserClaimData> | null = null;

  async pagePacks() {
    return ok({
      packs: this.packs.map((pack) => ({ ...pack, stopped: false, stoppedReason: null })),
    });
  }
  async claim(): Promise<ApiResult<BrowserClaimData>> {
    this.calls.push('claim');
    if (this.claimAnswer) return this.claimAnswer;
    const next = this.queue.shift() ?? null;
    return ok({ action: next, waiting: next ? 'nothing' : 'nothing', allowance: null, stop: null });
  }
  async started(id: number) {
    this.calls.push(`started:${id}`);
    return this.startedAnswer;
  }
  async report(id: number, body: BrowserActionReport) {
    this.calls.push(`report:${id}`);
    this.reports.push({ id, body });
    return (
      this.reportAnswer ??
      ok({
        id,
        status: 'succeeded' as const,
        released: 0,
        succeeded: 0,
        failed: 0,
        ignored: 0,
        split: 0,
      })
    );
  }
  async reconcile(id: number, body: BrowserReconcileReport) {
    this.calls.push(`reconcile:${id}`);
    this.reconciles.push({ id, body });
    return ok({
      id,
      status: 'succeeded' as const,
      released: 0,
      succeeded: 0,
      failed: 0,
      ignored: 0,
      split: 0,
    });
  }
  async resume(shopId: number, reason: string) {
    this.resumed.push(`${shopId}:${reason}`);
    return ok({ resumed: true });
  }
}

/** The owned tab as the runner sees it: where it lands, what it shows, what the flow answers. */
class FakePage implements PageDriver {
  landOn: ((url: string) => string) | null = null;
  opened: string[] = [];
  captcha = false;
  lacking: string[] = [];
  sends = 0;
  flow: (
    action: ClaimedBrowserAction,
    hooks: PageFlowHooks,
    page: FakePage,
  ) => Promise<PageFlowResult> = async (claimed, hooks, page) => {
    const ids = claimed.records.map((record) => record.id);
    if (!(await hooks.beforeSend(ids))) return { outcomes: [], unknown: [] };
    page.sends++;
    return {
      outcomes: ids.map((recordId) => ({ recordId, result: 'sent' as const })),
      unknown: [],
    };
  };
  shown: Map<number, 'sent' | 'not_sent'> | null = null;

  constructor(private readonly server: FakeServer) {}
  async open(url: string) {
    this.opened.push(url);
    this.server.calls.push('open');
    return this.landOn ? this.landOn(url) : url;
  }
  async missing(selectors: string[]) {
    return selectors.filter((selector) => this.lacking.includes(selector));
  }
  async captchaShown() {
    return this.captcha;
  }
  async run(claimed: ClaimedBrowserAction, _pack: PagePack, hooks: PageFlowHooks) {
    this.server.calls.push('run');
    return this.flow(claimed, hooks, this);
  }
  async readBack() {
    return this.shown;
  }
}

function setup() {
  const server = new FakeServer();
  const page = new FakePage(server);
  const runner = new BrowserChannelRunner({
    api: server,
    page,
    accountId: async () => 7,
    now: () => new Date('2026-11-26T10:00:00Z'),
  });
  return { server, page, runner };
}

describe('browser channel runner', () => {
  it('runs a batch: exact page, started before the send, per-record outcomes reported', async () => {
    const { server, page, runner } = setup();
    server.queue.push(action(40, 'buyin'));
    page.flow = async (claimed, hooks, self) => {
      const ids = claimed.records.map((record) => record.id);
      expect(await actionJournalItem.get()).toMatchObject({ phase: 'claimed' });
      await hooks.beforeSend(ids);
      // Write-ahead: the server's mark and the journal both say "sending" before the send.
      expect(server.calls).toContain('started:5');
      expect(await actionJournalItem.get()).toMatchObject({ phase: 'sending', attempted: ids });
      self.sends++;
      return {
        outcomes: ids.map((recordId) =>
          recordId === 101
            ? {
                recordId,
                result: 'failed' as const,
                errorCode: 'talent_excluded' as const,
                answer: { code: '16024020', message: null, requestId: null },
              }
            : { recordId, result: 'sent' as const },
        ),
        unknown: [],
      };
    };
    const result = await runner.step();
    expect(result).toMatchObject({ kind: 'ran', actionId: 5, stop: null });
    expect(page.opened).toEqual([
      'https://buyin.jinritemai.com/dashboard/servicehall/daren-square',
    ]);
    expect(server.calls).toEqual(['claim', 'open', 'run', 'started:5', 'report:5']);
    const body = server.reports[0]!.body;
    expect(body.outcomes).toHaveLength(40);
    expect(body.outcomes?.filter((outcome) => outcome.result === 'failed')).toEqual([
      expect.objectContaining({ recordId: 101, errorCode: 'talent_excluded' }),
    ]);
    expect(body.stop).toBeUndefined();
    expect(await actionJournalItem.get()).toBeNull();
    expect((await channelStatusItem.get()).action).toMatchObject({
      total: 40,
      sent: 39,
      failed: 1,
    });
  });

  it('stops on a wrong page before any step: no started mark, every record left pending', async () => {
    const { server, page, runner } = setup();
    server.queue.push(action(12));
    page.landOn = () =>
      'https://affiliate.tiktok.com/connection/creator?shop_id=7495&shop_region=GB';
    const result = await runner.step();
    expect(result).toMatchObject({ kind: 'ran', stop: { reason: 'page_changed' } });
    expect(server.calls).not.toContain('run');
    expect(server.calls.some((call) => call.startsWith('started'))).toBe(false);
    expect(server.reports[0]!.body).toMatchObject({
      outcomes: [],
      unknown: [],
      packVersion: 3,
      stop: { reason: 'page_changed' },
    });
    expect((await channelStatusItem.get()).stop).toMatchObject({
      reason: 'page_changed',
      pending: 12,
      packVersion: 'tiktok.target-invitation@3',
    });
  });

  it('stops on another shop in the URL, on the platform login, on a captcha and on a missing canary', async () => {
    const cases: Array<[(page: FakePage) => void, string]> = [
      [(page) => (page.landOn = (url) => url.replace('shop_id=7495', 'shop_id=1')), 'page_changed'],
      [
        (page) => (page.landOn = () => 'https://affiliate.tiktok.com/account/login'),
        'login_expired',
      ],
      [(page) => (page.captcha = true), 'captcha'],
      [(page) => (page.lacking = ['.arco-form']), 'page_changed'],
    ];
    for (const [arrange, reason] of cases) {
      const { server, page, runner } = setup();
      server.queue.push(action(3));
      arrange(page);
      expect(await runner.step()).toMatchObject({ kind: 'ran', stop: { reason } });
      expect(page.sends).toBe(0);
      expect(server.reports[0]!.body.outcomes).toEqual([]);
      expect((await channelStatusItem.get()).stop).toMatchObject({ reason, pending: 3 });
    }
  });

  it('a quota answer mid-run stops it: answered records reported, the rest pending, none failed', async () => {
    const { server, page, runner } = setup();
    server.queue.push(action(10));
    page.flow = async (claimed, hooks) => {
      const ids = claimed.records.slice(0, 4).map((record) => record.id);
      await hooks.beforeSend(ids);
      return {
        outcomes: ids.slice(0, 3).map((recordId) => ({ recordId, result: 'sent' as const })),
        stop: {
          reason: 'quota_exceeded',
          answer: { code: '16024019', message: null, requestId: null },
        },
        unknown: [],
      };
    };
    await runner.step();
    const body = server.reports[0]!.body;
    expect(body.outcomes).toHaveLength(3);
    expect(body.outcomes?.every((outcome) => outcome.result === 'sent')).toBe(true);
    expect(body.stop?.reason).toBe('quota_exceeded');
    expect((await channelStatusItem.get()).stop).toMatchObject({
      reason: 'quota_exceeded',
      pending: 7,
    });
  });

  it('a batch the page refused for a talent it did not name is reported so, none failed', async () => {
    const { server, page, runner } = setup();
    server.queue.push(action(3));
    const refusal = {
      errorCode: 'talent_ineligible' as const,
      answer: { code: '16024016', message: null, requestId: null },
    };
    page.flow = async (claimed, hooks) => {
      await hooks.beforeSend(claimed.records.map((record) => record.id));
      return { outcomes: [], unknown: [], unattributed: refusal };
    };
    await runner.step();
    expect(server.reports[0]!.body).toMatchObject({
      outcomes: [],
      unknown: [],
      unattributed: refusal,
    });
    expect(await actionJournalItem.get()).toBeNull();
  });

  it('after a run, a claim that does not get through leaves the status waiting, not running', async () => {
    const { server, runner } = setup();
    server.queue.push(action(2));
    await runner.step();
    expect((await channelStatusItem.get()).state).toBe('running');
    server.claimAnswer = fail(0, 'network');
    expect(await runner.step()).toMatchObject({ kind: 'failed' });
    expect(await channelStatusItem.get()).toMatchObject({
      state: 'waiting',
      waiting: 'unreachable',
      action: null,
    });
  });

  it('does not send when the server refuses the started mark', async () => {
    const { server, page, runner } = setup();
    server.queue.push(action(2));
    server.startedAnswer = fail(409);
    await runner.step();
    expect(page.sends).toBe(0);
    expect(server.reports[0]!.body.outcomes).toEqual([]);
  });

  it('after a restart mid-send, reads the page back and reconciles: never sends again', async () => {
    const { server, page, runner } = setup();
    const claimed = action(4);
    await actionJournalItem.set({
      action: claimed,
      phase: 'sending',
      accountId: 7,
      attempted: [100, 101, 102, 103],
      outcomes: [],
      stop: null,
      unknown: [],
      updatedAt: '2026-11-26T09:00:00Z',
    });
    // The lease lapsed while the browser was closed.
    server.reportAnswer = fail(409);
    page.shown = new Map([
      [100, 'sent'],
      [101, 'sent'],
      [102, 'not_sent'],
      [103, 'not_sent'],
    ]);
    expect(await runner.recover()).toBe('settled');
    expect(page.sends).toBe(0);
    expect(server.calls).not.toContain('run');
    expect(server.reconciles[0]!.body.outcomes).toEqual([
      { recordId: 100, result: 'sent' },
      { recordId: 101, result: 'sent' },
      { recordId: 102, result: 'not_sent' },
      { recordId: 103, result: 'not_sent' },
    ]);
    expect(await actionJournalItem.get()).toBeNull();
  });

  it('keeps an action in doubt when the page cannot tell, and claims nothing meanwhile', async () => {
    const { server, page, runner } = setup();
    await actionJournalItem.set(journalInDoubt());
    page.shown = null;
    server.queue.push(action(2, 'tiktok', 6));
    expect(await runner.step()).toEqual({ kind: 'waiting', waiting: 'inDoubt' });
    // Reported unknown under the lease: the server hands it out to nobody until a reconcile.
    expect(server.reports[0]!.body.unknown).toEqual([100, 101]);
    expect(server.calls).not.toContain('claim');
    expect(page.sends).toBe(0);
    expect((await channelStatusItem.get()).inDoubt).toBe(1);
    // Later the page can tell: reconciled, then work goes on.
    server.reportAnswer = fail(409);
    page.shown = new Map([
      [100, 'sent'],
      [101, 'not_sent'],
    ]);
    expect(await runner.step()).toMatchObject({ kind: 'ran', actionId: 6 });
    expect(server.reconciles[0]!.body.outcomes).toEqual([
      { recordId: 100, result: 'sent' },
      { recordId: 101, result: 'not_sent' },
    ]);
  });

  it('stays in doubt while the page cannot tell, reading it back on every pass until it can', async () => {
    const { server, page, runner } = setup();
    await actionJournalItem.set(journalInDoubt());
    // A browser restart whose first look finds the platform unreachable: reported unknown.
    page.shown = null;
    expect(await runner.step()).toEqual({ kind: 'waiting', waiting: 'inDoubt' });
    expect(server.reports[0]!.body.unknown).toEqual([100, 101]);
    // The next pass cannot read the page either; the action is `unknown` now (no lease).
    server.reportAnswer = fail(409);
    expect(await runner.step()).toEqual({ kind: 'waiting', waiting: 'inDoubt' });
    expect(await actionJournalItem.get()).toMatchObject({
      phase: 'sending',
      attempted: [100, 101],
    });
    expect(server.reconciles).toEqual([]);
    // Once the page can tell, the pass after reads it back and reconciles.
    page.shown = new Map([
      [100, 'sent'],
      [101, 'sent'],
    ]);
    expect(await runner.step()).toMatchObject({ kind: 'waiting' });
    expect(server.reconciles[0]!.body.outcomes).toEqual([
      { recordId: 100, result: 'sent' },
      { recordId: 101, result: 'sent' },
    ]);
    expect(await actionJournalItem.get()).toBeNull();
    expect(page.sends).toBe(0);
  });

  it('after a restart, a page the browser did not load is looked at once more (a fresh tab) before the action is left in doubt', async () => {
    const { server, page, runner } = setup();
    await actionJournalItem.set(journalInDoubt());
    page.shown = new Map([
      [100, 'sent'],
      [101, 'sent'],
    ]);
    // Chrome unloaded the fresh window's tab right after its start: the next look loads.
    let unloads = 1;
    page.landOn = (url) => {
      if (unloads-- > 0) throw new PageNotLoaded('the page did not load (unloaded)');
      return url;
    };
    expect(await runner.step()).toMatchObject({ kind: 'waiting' });
    expect(page.opened).toHaveLength(2);
    expect(server.reports[0]!.body.unknown).toEqual([]);
    expect(server.reports[0]!.body.outcomes).toEqual([
      { recordId: 100, result: 'sent' },
      { recordId: 101, result: 'sent' },
    ]);
    expect(await actionJournalItem.get()).toBeNull();
    expect(page.sends).toBe(0);
    // A browser that cannot load it twice: in doubt until the next wake, no third look.
    await actionJournalItem.set(journalInDoubt());
    page.opened = [];
    unloads = 5;
    expect(await runner.step()).toEqual({ kind: 'waiting', waiting: 'inDoubt' });
    expect(page.opened).toHaveLength(2);
    // Anything else the page does (not loading is the browser's, this is the platform's): one look.
    await actionJournalItem.set(journalInDoubt());
    page.opened = [];
    page.landOn = () => {
      throw new Error('Frame with ID 0 is showing error page');
    };
    expect(await runner.step()).toEqual({ kind: 'waiting', waiting: 'inDoubt' });
    expect(page.opened).toHaveLength(1);
  });

  it('a page the browser could not load stops nothing: nothing sent, every record back to pending', async () => {
    const { server, page, runner } = setup();
    server.queue.push(action(3));
    page.landOn = () => {
      throw new PageNotLoaded('the page did not load (unloaded)');
    };
    expect(await runner.step()).toMatchObject({ kind: 'ran', stop: null });
    expect(server.calls).not.toContain('started:3');
    expect(server.reports[0]!.body).toMatchObject({ outcomes: [], unknown: [] });
    expect(server.reports[0]!.body.stop).toBeUndefined();
    expect(page.sends).toBe(0);
  });

  it('reports a journal whose claim sent nothing, releasing its records', async () => {
    const { server, runner } = setup();
    await actionJournalItem.set({
      action: action(3),
      phase: 'claimed',
      accountId: 7,
      attempted: [],
      outcomes: [],
      stop: null,
      unknown: [],
      updatedAt: '2026-11-26T09:00:00Z',
    });
    expect(await runner.recover()).toBe('settled');
    expect(server.reports[0]!.body).toMatchObject({ outcomes: [], unknown: [] });
    expect(server.reconciles).toEqual([]);
  });

  it('keeps the journal when signed out, to report once signed in again', async () => {
    const { server, runner } = setup();
    server.queue.push(action(2));
    server.reportAnswer = fail(401, 'unauthorized');
    expect(await runner.step()).toEqual({ kind: 'signedOut' });
    expect(await actionJournalItem.get()).toMatchObject({ phase: 'answered' });
  });

  it('a flow broken after the send began leaves its records unknown, not failed', async () => {
    const { server, page, runner } = setup();
    server.queue.push(action(3));
    page.flow = async (claimed, hooks) => {
      await hooks.beforeSend(claimed.records.map((record) => record.id));
      throw new Error('tab closed');
    };
    await runner.step();
    expect(server.reports[0]!.body).toMatchObject({ outcomes: [], unknown: [100, 101, 102] });
  });
});
