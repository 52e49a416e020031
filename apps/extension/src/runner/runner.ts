import type { ReportBody } from '@inviteflow/contract';
import type { TaskApi } from '../api/api-client.ts';
import type { PlatformAdapter } from '../adapters/types.ts';
import {
  authItem,
  controlItem,
  journalItem,
  settingsItem,
  statusItem,
  type Journal,
  type JournalEntry,
  type RunnerStatus,
  type StopReason,
} from '../storage/items.ts';
import { mapFailure } from './error-codes.ts';
import { LEASE_MARGIN_MS, capDay, claimLimit, nextDelayMs } from './pacing.ts';

/**
 * The task runner of one seller-center page: claim records of the shop in view, execute
 * each through the page's adapter, report each result, pace itself, and survive a
 * browser restart. Every step is written to the journal (chrome.storage.local) before
 * and after it happens:
 * - a result not yet acknowledged is reported again on the next start (reports are
 *   idempotent on the server: the first result wins);
 * - a record whose sending click had begun is never executed again: it is reported
 *   failed as interrupted, since the invitation may have gone out;
 * - a record not started is executed only while its lease holds; after that the server
 *   hands it out again and the journal lets it go.
 */

export interface Clock {
  now(): Date;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    }),
};

export interface RunnerDeps {
  api: TaskApi;
  adapter: PlatformAdapter;
  document: Document;
  clock?: Clock;
  random?: () => number;
  /** The localized message of a record interrupted while sending. */
  interruptedMessage: string;
  /** How long an adapter waits for an element or an outcome. */
  stepTimeoutMs?: number;
}

type ReportOutcome = 'acknowledged' | 'retry' | 'signedOut';

export class TaskRunner {
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly controller = new AbortController();
  private dailyCap: number | null = null;
  /** The zone of the account's days (the summary's), for the count of today's executions. */
  private dayZone: string | undefined;

  constructor(private readonly deps: RunnerDeps) {
    this.clock = deps.clock ?? realClock;
    this.random = deps.random ?? Math.random;
  }

  /** Ends the run at the next step (the page is going away). */
  stop() {
    this.controller.abort();
  }

  private get stopped() {
    return this.controller.signal.aborted;
  }

  private async setStatus(change: Partial<RunnerStatus>): Promise<RunnerStatus> {
    const now = this.clock.now();
    return statusItem.update((current) => {
      const today = capDay(now, this.dayZone);
      const executed = current.executed.day === today ? current.executed : { day: today, count: 0 };
      return { ...current, executed, ...change, updatedAt: now.toISOString() };
    });
  }

  private async finish(
    state: 'stopped' | 'capReached',
    reason: StopReason | null,
    detail = null as string | null,
  ) {
    return this.setStatus({ state, reason, detail });
  }

  /**
   * Runs until stopped, or until the run must end (signed out, shop refused, the
   * platform's quota or login). Resolves the last status.
   */
  async run(shopId: number): Promise<RunnerStatus> {
    await this.setStatus({ shopId, state: 'running', reason: null, detail: null });
    await this.recover(shopId);
    const summary = await this.deps.api.summary();
    if (summary.ok) {
      this.dailyCap = summary.data.membership.dailyInvitationCap;
      this.dayZone = summary.data.timeZone;
    }

    while (!this.stopped) {
      if ((await controlItem.get()).paused) {
        await this.setStatus({ state: 'paused', reason: null, detail: null });
        await this.untilResumed();
        continue;
      }
      if ((await this.flushReports()) === 'signedOut') return this.finish('stopped', 'signedOut');

      const next = await this.nextQueued(shopId);
      if (next) {
        const status = await statusItem.get();
        const executed =
          status.executed.day === capDay(this.clock.now(), this.dayZone)
            ? status.executed.count
            : 0;
        if (this.dailyCap !== null && executed >= this.dailyCap) {
          await this.releaseQueued();
          await this.setStatus({ state: 'capReached', reason: null, detail: null });
          await this.clock.sleep(await this.idleMs(5), this.controller.signal);
          continue;
        }
        const stop = await this.execute(next);
        if (stop) return stop;
        await this.clock.sleep(
          nextDelayMs(await settingsItem.get(), this.random),
          this.controller.signal,
        );
        continue;
      }

      const claimed = await this.claim(shopId);
      if (claimed === 'signedOut') return this.finish('stopped', 'signedOut');
      if (typeof claimed === 'object') return claimed;
      if (claimed !== 'claimed')
        await this.clock.sleep(await this.idleMs(1), this.controller.signal);
    }
    // The page went away: nothing runs until a seller-center page starts a runner again.
    return this.setStatus({ state: 'idle', reason: null, detail: null });
  }

  private async idleMs(factor: number) {
    return (await settingsItem.get()).idlePollSeconds * 1000 * factor;
  }

  private untilResumed(): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.controller.signal;
      const done = () => {
        unwatch();
        signal.removeEventListener('abort', done);
        resolve();
      };
      const unwatch = controlItem.watch((control) => {
        if (!control.paused) done();
      });
      signal.addEventListener('abort', done, { once: true });
      // It may have been resumed between the read and the watch.
      void controlItem.get().then((control) => {
        if (!control.paused) done();
      });
    });
  }

  /** After a restart: settle what the journal says was under way. */
  private async recover(shopId: number) {
    await journalItem.update((journal) => {
      if (!journal) return null;
      const entries = journal.entries.flatMap((entry): JournalEntry[] => {
        if (entry.phase === 'submitting') {
          // The click may have sent it: never again. Reported as interrupted.
          const result: ReportBody = {
            status: 'failed',
            errorCode: 'page_changed',
            message: this.deps.interruptedMessage,
          };
          return [{ ...entry, phase: 'executed', result }];
        }
        if (entry.phase === 'executed') return [entry];
        // Not begun (or stopped before the irreversible step): only this shop's page may run it.
        if (journal.shopId !== shopId) return [];
        return [{ ...entry, phase: 'queued', result: null }];
      });
      return { shopId, entries };
    });
  }

  /** The signed-in account (null when signed out: the API says so itself). */
  private async account(): Promise<number | null> {
    return (await authItem.get())?.userInfo.id ?? null;
  }

  /**
   * Reports every known result not yet acknowledged, oldest first. Results another
   * account claimed wait for that account to sign in again.
   */
  private async flushReports(): Promise<ReportOutcome> {
    const journal = await journalItem.get();
    const account = await this.account();
    for (const entry of journal?.entries ?? []) {
      if (entry.phase !== 'executed' || !entry.result) continue;
      if (entry.accountId !== null && account !== null && entry.accountId !== account) continue;
      const outcome = await this.report(entry.record.id, entry.result);
      if (outcome !== 'acknowledged') return outcome;
    }
    return 'acknowledged';
  }

  private async report(id: number, result: ReportBody): Promise<ReportOutcome> {
    const answer = await this.deps.api.reportRecord(id, result);
    if (!answer.ok) {
      const { kind } = answer.error;
      if (kind === 'signedOut' || kind === 'unauthorized') return 'signedOut';
      // 404 (deleted) or 409 (not claimed by anyone): the server will never take it.
      if (kind !== 'refused') return 'retry';
    }
    await this.removeEntry(id);
    return 'acknowledged';
  }

  private async removeEntry(id: number) {
    await journalItem.update((journal) =>
      journal ? { ...journal, entries: journal.entries.filter((e) => e.record.id !== id) } : null,
    );
  }

  private async setPhase(id: number, phase: JournalEntry['phase'], result: ReportBody | null) {
    await journalItem.update((journal) =>
      journal
        ? {
            ...journal,
            entries: journal.entries.map((e) => (e.record.id === id ? { ...e, phase, result } : e)),
          }
        : null,
    );
  }

  /** Lets go of records not begun: their leases lapse and the server hands them out again. */
  private async releaseQueued() {
    await journalItem.update((journal) =>
      journal ? { ...journal, entries: journal.entries.filter((e) => e.phase !== 'queued') } : null,
    );
  }

  /** The next record to execute whose lease still holds; lapsed ones are let go. */
  private async nextQueued(shopId: number): Promise<JournalEntry | null> {
    const journal = await journalItem.get();
    if (!journal || journal.shopId !== shopId) return null;
    const now = this.clock.now().getTime();
    const lapsed = journal.entries.filter(
      (e) => e.phase === 'queued' && Date.parse(e.record.leasedUntil) - now < LEASE_MARGIN_MS,
    );
    if (lapsed.length) {
      const ids = new Set(lapsed.map((e) => e.record.id));
      await journalItem.set({
        ...journal,
        entries: journal.entries.filter((e) => !ids.has(e.record.id)),
      });
    }
    return (
      journal.entries.find(
        (e) => e.phase === 'queued' && Date.parse(e.record.leasedUntil) - now >= LEASE_MARGIN_MS,
      ) ?? null
    );
  }

  /** Executes one record and reports it; resolves a final status when the run must end. */
  private async execute(entry: JournalEntry): Promise<RunnerStatus | null> {
    const id = entry.record.id;
    await this.setPhase(id, 'executing', null);
    await this.setStatus({ state: 'running', reason: null, detail: null });
    let result: ReportBody;
    let stop: StopReason | null = null;
    try {
      await this.deps.adapter.execute(entry.record, {
        document: this.deps.document,
        timeoutMs: this.deps.stepTimeoutMs ?? 15_000,
        beforeSubmit: () => this.setPhase(id, 'submitting', null),
      });
      result = { status: 'success' };
    } catch (error) {
      const mapped = mapFailure(error);
      result = { status: 'failed', errorCode: mapped.errorCode, message: mapped.message };
      stop = mapped.stop;
    }
    await this.setPhase(id, 'executed', result);
    const status = await this.setStatus({});
    await this.setStatus({
      executed: { day: status.executed.day, count: status.executed.count + 1 },
    });
    const reported = await this.report(id, result);
    if (stop) {
      // The platform will refuse the rest the same way: let their leases lapse.
      await this.releaseQueued();
      return this.finish('stopped', stop);
    }
    if (reported === 'signedOut') return this.finish('stopped', 'signedOut');
    return null;
  }

  /** Claims the next batch into the journal. */
  private async claim(
    shopId: number,
  ): Promise<'claimed' | 'empty' | 'failed' | 'signedOut' | RunnerStatus> {
    const settings = await settingsItem.get();
    const status = await this.setStatus({});
    const limit = claimLimit(settings, status.executed.count, this.dailyCap);
    if (limit === 0) {
      await this.setStatus({ state: 'capReached', reason: null, detail: null });
      return 'empty';
    }
    const answer = await this.deps.api.claim({ shopId, limit });
    if (!answer.ok) {
      const { kind, message } = answer.error;
      if (kind === 'signedOut' || kind === 'unauthorized') return 'signedOut';
      if (kind === 'refused' || kind === 'forbidden')
        return this.finish('stopped', 'shopRefused', message);
      await this.setStatus({ state: 'waiting', reason: null, detail: message || null });
      return 'failed';
    }
    const { records, remainingToday } = answer.data;
    if (!records.length) {
      await this.setStatus({
        state: remainingToday === 0 ? 'capReached' : 'waiting',
        reason: null,
        detail: null,
        remainingToday,
      });
      return 'empty';
    }
    const accountId = await this.account();
    await journalItem.update((journal): Journal => {
      const kept =
        journal?.shopId === shopId
          ? journal.entries
          : (journal?.entries ?? []).filter((e) => e.phase === 'executed');
      const known = new Set(kept.map((e) => e.record.id));
      return {
        shopId,
        entries: [
          ...kept,
          ...records
            .filter((record) => !known.has(record.id))
            .map((record): JournalEntry => ({ record, phase: 'queued', result: null, accountId })),
        ],
      };
    });
    await this.setStatus({ state: 'running', reason: null, detail: null, remainingToday });
    return 'claimed';
  }
}
