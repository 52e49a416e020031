import { leaseItem, type RunnerLease, type RunnerState } from '../storage/items.ts';
import { realClock, type Clock } from './runner.ts';

/**
 * One task runner per browser. A Web Lock would be per origin, and the seller centers live
 * on several (抖店 and 百应, TikTok's seller and affiliate hosts): two runners on one journal
 * could both pick the same record and invite a talent twice. So the lock is a lease in
 * chrome.storage.local, which every page of the extension shares: taken when free or
 * lapsed, renewed while the page lives, given back when it goes (or left to lapse when the
 * browser dies). The popup reads the same lease to know whether a run is alive.
 */

export interface LeaseTiming {
  /** How long a lease holds without renewal: a crashed page blocks no longer than this. */
  leaseMs: number;
  /**
   * How often the holder renews it. Hidden tabs may have their timers held back to one a
   * minute, so the lease is long enough to survive that.
   */
  renewMs: number;
  /** Two pages that found it free at once both write; after this pause the last write wins. */
  settleMs: number;
}

export const defaultLeaseTiming: LeaseTiming = {
  leaseMs: 150_000,
  renewMs: 20_000,
  settleMs: 300,
};

/** Whether a runner holds the lease at `now`. */
export function leaseHeld(lease: RunnerLease | null, now: Date): boolean {
  return lease !== null && Date.parse(lease.until) > now.getTime();
}

const liveStates: readonly RunnerState[] = ['running', 'waiting', 'capReached'];

/**
 * The runner state to show: a page that closed or crashed could not write that it
 * stopped, so a live state without a live lease is shown as idle. Pause is the seller's
 * own setting and shows whatever runs.
 */
export function shownRunnerState(
  state: RunnerState,
  paused: boolean,
  lease: RunnerLease | null,
  now: Date,
): RunnerState {
  if (paused) return 'paused';
  if (liveStates.includes(state) && !leaseHeld(lease, now)) return 'idle';
  return state;
}

export interface HeldLease {
  /**
   * Gives the lease back. Safe to call while the page is going away: the write is sent
   * at once, without reading first.
   */
  release(): void;
}

export interface AcquireOptions {
  /** Ends the wait (the page is going away): resolves null. */
  signal: AbortSignal;
  /** Called when another page took the lease over (it had lapsed): stop the run. */
  onLost(): void;
  clock?: Clock;
  timing?: Partial<LeaseTiming>;
  owner?: string;
}

/** Waits until this page holds the lease; null when `signal` ended the wait first. */
export async function acquireRunnerLease(options: AcquireOptions): Promise<HeldLease | null> {
  const { signal, onLost } = options;
  const clock = options.clock ?? realClock;
  const timing = { ...defaultLeaseTiming, ...options.timing };
  const owner = options.owner ?? crypto.randomUUID();
  const lease = (): RunnerLease => ({
    owner,
    until: new Date(clock.now().getTime() + timing.leaseMs).toISOString(),
  });

  while (!signal.aborted) {
    const now = clock.now();
    const current = await leaseItem.get();
    if (current && current.owner !== owner && leaseHeld(current, now)) {
      const left = Date.parse(current.until) - now.getTime();
      await untilChanged(owner, Math.min(left, timing.renewMs), clock, signal);
      continue;
    }
    await leaseItem.set(lease());
    await clock.sleep(timing.settleMs, signal);
    if ((await leaseItem.get())?.owner !== owner) continue;
    if (signal.aborted) {
      await leaseItem.remove();
      return null;
    }
    return hold(owner, lease, timing, onLost);
  }
  return null;
}

/** Sleeps `ms`, or less when the lease is given back (the holder's page closed) or the page goes. */
async function untilChanged(owner: string, ms: number, clock: Clock, signal: AbortSignal) {
  const wake = new AbortController();
  const onAbort = () => wake.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const unwatch = leaseItem.watch((lease) => {
    if (!lease || lease.owner === owner) wake.abort();
  });
  try {
    await clock.sleep(ms, wake.signal);
  } finally {
    unwatch();
    signal.removeEventListener('abort', onAbort);
  }
}

function hold(
  owner: string,
  lease: () => RunnerLease,
  timing: LeaseTiming,
  onLost: () => void,
): HeldLease {
  let held = true;
  const renew = async () => {
    if (!held) return;
    const current = await leaseItem.get();
    if (!held) return;
    // Another page's lease: ours had lapsed (a long freeze) and it took over.
    if (current && current.owner !== owner) {
      held = false;
      clearInterval(timer);
      onLost();
      return;
    }
    await leaseItem.set(lease());
  };
  const timer = setInterval(() => void renew(), timing.renewMs);
  return {
    release() {
      if (!held) return;
      held = false;
      clearInterval(timer);
      void chrome.storage.local.remove(leaseItem.key);
    },
  };
}
