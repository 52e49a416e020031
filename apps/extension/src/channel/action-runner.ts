import {
  routeTalentOf,
  type BrowserReconcileReport,
  type BrowserRecordOutcome,
  type BrowserStop,
  type BrowserUnattributed,
  type ClaimedBrowserAction,
  type PagePack,
  type PagePackState,
} from '@inviteflow/contract';
import type { ApiResult } from '../api/api-client.ts';
import type { ChannelApi } from './channel-api.ts';
import { actionJournalItem, newJournal, type ActionJournal } from './journal.ts';
import { actionUrl, checkRoute } from './page-pack.ts';
import { channelStatusItem, type ChannelStatus } from './status.ts';

/**
 * The browser channel's runner (issue 17): claims one browser action at a time, opens its
 * exact page in the extension's own tab, checks the route, the captcha and the pack's canary
 * before any step, marks the send started on the server (write-ahead) just before the page's
 * send, and reports per-record outcomes or a run-level stop that fails no record. After a
 * browser restart it settles the journal's action: a send whose answer is not known is read
 * back from the page and reconciled, never sent again.
 *
 * The page work is behind `PageDriver` (the owned tab and the page flows), so the protocol
 * is tested here without a browser and the flows in Chromium.
 */

/** The page flow's hooks. */
export interface PageFlowHooks {
  /**
   * Called right before the page's send with the records it includes; the send is made only
   * when it resolves true (the server holds the `started` mark and the journal says so).
   */
  beforeSend(recordIds: number[]): Promise<boolean>;
}

export interface PageFlowResult {
  /** What the platform answered about records (sent, or failed for the talent). */
  outcomes: BrowserRecordOutcome[];
  /** The run stopped (the records without an outcome go back to pending). */
  stop?: BrowserStop;
  /** Records included in a send whose answer never came. */
  unknown: number[];
  /** The page refused the batch for a talent it did not name (the server splits the batch). */
  unattributed?: BrowserUnattributed;
}

export interface PageDriver {
  /** Opens `url` in the extension's own tab (never a seller's tab); resolves where it landed. */
  open(url: string): Promise<string>;
  /** The selectors of the list that the page lacks. */
  missing(selectors: string[]): Promise<string[]>;
  captchaShown(pack: PagePack): Promise<boolean>;
  run(action: ClaimedBrowserAction, pack: PagePack, hooks: PageFlowHooks): Promise<PageFlowResult>;
  /**
   * After a restart: what the page shows of the action's records (its list of invitations),
   * or null when the page cannot tell.
   */
  readBack(
    action: ClaimedBrowserAction,
    pack: PagePack,
  ): Promise<Map<number, 'sent' | 'not_sent'> | null>;
}

export interface ChannelRunnerDeps {
  api: ChannelApi;
  page: PageDriver;
  /** The signed-in account (the journal's reports are made only by the account that claimed). */
  accountId(): Promise<number | null>;
  now?: () => Date;
}

export type StepResult =
  | {
      kind: 'ran';
      actionId: number;
      stop: BrowserStop | null;
      shopId: number;
      pack: PagePack | null;
      /** The action's exact page. */
      url: string | null;
    }
  | { kind: 'waiting'; waiting: string }
  | { kind: 'signedOut' }
  | { kind: 'failed'; message: string };

/**
 * The page driver could not get the page loaded (the browser unloaded its tab, or the
 * navigation never committed): a browser problem, not the platform's. Nothing was done on
 * the page, so the run stops nothing: its records go back to pending for the next claim.
 */
export class PageNotLoaded extends Error {}

type Settled = 'settled' | 'inDoubt' | 'signedOut' | 'retry';

const signedOut = (result: ApiResult<unknown>) =>
  !result.ok && (result.error.kind === 'signedOut' || result.error.kind === 'unauthorized');
const leaseGone = (result: ApiResult<unknown>) => !result.ok && result.error.status === 409;

export class BrowserChannelRunner {
  private readonly now: () => Date;

  constructor(private readonly deps: ChannelRunnerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async status(change: Partial<ChannelStatus>) {
    return channelStatusItem.update((current) => ({
      ...current,
      ...change,
      updatedAt: this.now().toISOString(),
    }));
  }

  private async packs(): Promise<PagePackState[] | null> {
    const answer = await this.deps.api.pagePacks();
    return answer.ok ? answer.data.packs : null;
  }

  private async write(change: (journal: ActionJournal) => ActionJournal) {
    return actionJournalItem.update((journal) =>
      journal ? { ...change(journal), updatedAt: this.now().toISOString() } : null,
    );
  }

  /**
   * Settles the journal left by an earlier run (a browser restart, a report that did not get
   * through). Resolves `settled` when nothing is left to settle.
   */
  async recover(): Promise<Settled> {
    const journal = await actionJournalItem.get();
    if (!journal) return 'settled';
    const account = await this.deps.accountId();
    // Another account's action: only its own session may report it.
    if (journal.accountId !== null && account !== null && journal.accountId !== account)
      return 'retry';
    if (journal.phase === 'sending') {
      // The send may have gone out: read the page, never send again.
      const packs = await this.packs();
      const pack = packs?.find((candidate) => candidate.id === journal.action.pack.id) ?? null;
      const seen = pack ? await this.readBack(journal.action, pack) : null;
      const outcomes: BrowserRecordOutcome[] = [...journal.outcomes];
      const unknown: number[] = [];
      for (const id of journal.attempted) {
        if (outcomes.some((outcome) => outcome.recordId === id)) continue;
        const state = seen?.get(id);
        if (state === 'sent') outcomes.push({ recordId: id, result: 'sent' });
        else if (state !== 'not_sent') unknown.push(id);
      }
      // Records the page shows as never invited are left out: the report releases them.
      const notSent = journal.attempted.filter((id) => seen?.get(id) === 'not_sent');
      await this.write((current) => ({
        ...current,
        phase: 'answered',
        outcomes,
        unknown,
        attempted: current.attempted.filter((id) => !notSent.includes(id)),
      }));
    }
    return this.settle();
  }

  private async readBack(action: ClaimedBrowserAction, pack: PagePack) {
    // A page the browser did not load (its tab unloaded right after a browser start, or a
    // navigation that never committed) is the browser's problem, not the platform's, and the
    // driver has given that tab up: one more look in a fresh tab, rather than leaving the
    // action in doubt until the next wake (the alarm, a minute later).
    for (let attempt = 0; ; attempt++) {
      try {
        const landed = await this.deps.page.open(actionUrl(pack, action));
        if (!checkRoute(pack, landed, action.shop, routeTalentOf(pack, action)).ok) return null;
        return await this.deps.page.readBack(action, pack);
      } catch (error) {
        if (!(error instanceof PageNotLoaded) || attempt >= 1) return null;
      }
    }
  }

  /** Reports the journal's action (under its lease, else by a reconcile); forgets it once taken. */
  private async settle(): Promise<Settled> {
    const journal = await actionJournalItem.get();
    if (!journal) return 'settled';
    const { action } = journal;
    const report = await this.deps.api.report(action.id, {
      leaseId: action.leaseId,
      packVersion: action.pack.version,
      outcomes: journal.outcomes,
      ...(journal.stop ? { stop: journal.stop } : {}),
      ...(journal.unattributed ? { unattributed: journal.unattributed } : {}),
      unknown: journal.unknown,
    });
    if (report.ok) {
      if (journal.unknown.length) {
        // The server keeps the action `unknown`: it is reconciled once the page can tell.
        await this.write((current) => ({
          ...current,
          phase: 'sending',
          outcomes: [],
          attempted: current.unknown,
        }));
        await this.status({ inDoubt: 1 });
        return 'inDoubt';
      }
      await actionJournalItem.set(null);
      await this.status({ inDoubt: 0 });
      return 'settled';
    }
    if (signedOut(report)) return 'signedOut';
    if (!leaseGone(report)) return 'retry';
    // The lease lapsed (a restart, a long stop): nothing sent → nothing to say.
    if (!journal.attempted.length && !journal.outcomes.length) {
      await actionJournalItem.set(null);
      return 'settled';
    }
    if (journal.unknown.length) {
      // Still in doubt, and the lease is gone (an earlier report made the action `unknown`,
      // or the lease lapsed): the page is read back again on the next pass, and only a
      // reconcile settles it. Left `answered`, the journal would never be read back again and
      // the records would stay in doubt for good (seen after a browser restart whose first
      // look found the platform's page unreachable).
      await this.write((current) => ({ ...current, phase: 'sending', attempted: current.unknown }));
      await this.status({ inDoubt: 1 });
      return 'inDoubt';
    }
    const answered = new Set(journal.outcomes.map((outcome) => outcome.recordId));
    const body: BrowserReconcileReport = {
      packVersion: action.pack.version,
      outcomes: [
        ...journal.outcomes,
        ...action.records
          .filter((record) => !answered.has(record.id))
          .map((record) => ({ recordId: record.id, result: 'not_sent' as const })),
      ],
    };
    const reconciled = await this.deps.api.reconcile(action.id, body);
    if (reconciled.ok || leaseGone(reconciled)) {
      // 409: the action is not waiting for a reconcile (it was never started, or settled).
      await actionJournalItem.set(null);
      await this.status({ inDoubt: 0 });
      return 'settled';
    }
    return signedOut(reconciled) ? 'signedOut' : 'retry';
  }

  /** Claims one action (of `shopId`, or any) and runs it. */
  async step(shopId?: number): Promise<StepResult> {
    const left = await this.recover();
    if (left === 'signedOut') return { kind: 'signedOut' };
    if (left !== 'settled') return { kind: 'waiting', waiting: 'inDoubt' };

    const claim = await this.deps.api.claim(shopId === undefined ? {} : { shopId });
    if (!claim.ok) {
      if (signedOut(claim)) return { kind: 'signedOut' };
      // Not "running" any more: the next wake (the alarm) asks again.
      await this.status({ state: 'waiting', waiting: 'unreachable', action: null });
      return { kind: 'failed', message: claim.error.message };
    }
    const { action } = claim.data;
    if (!action) {
      await this.status({ state: 'waiting', waiting: claim.data.waiting, action: null });
      return { kind: 'waiting', waiting: claim.data.waiting };
    }
    await actionJournalItem.set(newJournal(action, await this.deps.accountId(), this.now()));
    await this.status({
      state: 'running',
      waiting: null,
      stop: null,
      action: {
        id: action.id,
        kind: action.kind,
        shopName: action.shop.shopName,
        total: action.records.length,
        sent: 0,
        failed: 0,
      },
    });

    const packs = await this.packs();
    const pack = packs?.find((candidate) => candidate.id === action.pack.id) ?? null;
    const result = pack
      ? await this.runOnPage(action, pack)
      : {
          outcomes: [],
          unknown: [],
          stop: { reason: 'page_changed' as const, detail: `pack ${action.pack.id} missing` },
        };
    await this.write((journal) => ({
      ...journal,
      phase: 'answered',
      outcomes: result.outcomes,
      unknown: result.unknown,
      stop: result.stop ?? null,
      unattributed: result.unattributed ?? null,
    }));
    const sent = result.outcomes.filter((outcome) => outcome.result === 'sent').length;
    const answered = new Set([...result.outcomes.map((o) => o.recordId), ...result.unknown]);
    await this.status({
      state: result.stop ? 'stopped' : 'running',
      action: {
        id: action.id,
        kind: action.kind,
        shopName: action.shop.shopName,
        total: action.records.length,
        sent,
        failed: result.outcomes.length - sent,
      },
      stop: result.stop
        ? {
            reason: result.stop.reason,
            detail: result.stop.detail ?? null,
            packVersion: `${action.pack.id}@${action.pack.version}`,
            pending: action.records.filter((record) => !answered.has(record.id)).length,
            since: this.now().toISOString(),
          }
        : null,
    });
    const settled = await this.settle();
    if (settled === 'signedOut') return { kind: 'signedOut' };
    return {
      kind: 'ran',
      actionId: action.id,
      stop: result.stop ?? null,
      shopId: action.shop.id,
      pack,
      url: pack ? actionUrl(pack, action) : null,
    };
  }

  /** The checks before any step, then the page's flow. */
  private async runOnPage(
    action: ClaimedBrowserAction,
    pack: PagePackState,
  ): Promise<PageFlowResult> {
    const stop = (reason: BrowserStop['reason'], detail: string): PageFlowResult => ({
      outcomes: [],
      unknown: [],
      stop: { reason, detail: detail.slice(0, 500) },
    });
    if (pack.stopped || pack.version !== action.pack.version)
      return stop(
        'page_changed',
        `pack ${pack.id}@${pack.version}${pack.stopped ? ' stopped' : ''}`,
      );
    let landed: string;
    try {
      landed = await this.deps.page.open(actionUrl(pack, action));
    } catch (error) {
      if (error instanceof PageNotLoaded) return { outcomes: [], unknown: [] };
      return stop('page_changed', `open: ${(error as Error).message}`);
    }
    const route = checkRoute(pack, landed, action.shop, routeTalentOf(pack, action));
    if (!route.ok) return stop(route.reason, route.detail);
    if (await this.deps.page.captchaShown(pack)) return stop('captcha', 'captcha shown');
    const missing = await this.deps.page.missing(pack.canary);
    if (missing.length) return stop('page_changed', `canary: ${missing.join(', ')}`);

    let sendBegun = false;
    const hooks: PageFlowHooks = {
      beforeSend: async (recordIds) => {
        const held = new Set(action.records.map((record) => record.id));
        if (!recordIds.length || recordIds.some((id) => !held.has(id))) return false;
        const mark = await this.deps.api.started(action.id, action.leaseId);
        if (!mark.ok) return false;
        await this.write((journal) => ({ ...journal, phase: 'sending', attempted: recordIds }));
        sendBegun = true;
        return true;
      },
    };
    try {
      return await this.deps.page.run(action, pack, hooks);
    } catch (error) {
      const journal = await actionJournalItem.get();
      // Broken after the send began: its answer is not known (never sent again).
      if (sendBegun && journal)
        return {
          outcomes: [],
          unknown: journal.attempted,
          stop: {
            reason: 'page_changed',
            detail: `flow: ${(error as Error).message}`.slice(0, 500),
          },
        };
      return stop('page_changed', `flow: ${(error as Error).message}`);
    }
  }
}
