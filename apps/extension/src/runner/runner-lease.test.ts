import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../test/fake-browser.ts';
import { forgetRunnersOfBefore } from '../background/handlers.ts';
import { leaseItem } from '../storage/items.ts';
import { acquireRunnerLease, leaseHeld, shownRunnerState } from './runner-lease.ts';

// The lease logic runs on storage events and timers, as in a page. Time is Vitest's fake
// clock (timers and Date), moved on by the tests: what they say about time ("takes it at
// once", "after its term") holds exactly, however busy the machine running them is.
const timing = { leaseMs: 400, renewMs: 150, settleMs: 20 };

/**
 * Moves fake time on, one timer after another, until `promise` settles; its value and the
 * fake time that took. Storage events (microtasks) run between timers.
 */
async function timeUntil<T>(promise: Promise<T>): Promise<{ value: T; ms: number }> {
  let settled = false;
  const watched = promise.finally(() => (settled = true));
  const started = Date.now();
  await vi.advanceTimersByTimeAsync(0);
  while (!settled) {
    if (vi.getTimerCount() === 0) throw new Error('no timer left, and the promise is pending');
    await vi.advanceTimersToNextTimerAsync();
  }
  return { value: await watched, ms: Date.now() - started };
}

describe('one runner per browser (the storage lease)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a second page waits while the first holds the lease, and takes it once given back', async () => {
    const gone = new AbortController();
    const { value: first } = await timeUntil(
      acquireRunnerLease({
        signal: gone.signal,
        onLost: () => undefined,
        timing,
        owner: 'tab-1',
      }),
    );
    expect(first).not.toBeNull();
    expect((await leaseItem.get())?.owner).toBe('tab-1');

    let second: Awaited<ReturnType<typeof acquireRunnerLease>> | undefined;
    const waiting = acquireRunnerLease({
      signal: new AbortController().signal,
      onLost: () => undefined,
      timing,
      owner: 'tab-2',
    }).then((lease) => (second = lease));
    // The holder renews: the lease outlives its first term and the other page keeps waiting.
    await vi.advanceTimersByTimeAsync(timing.leaseMs * 2);
    expect(second).toBeUndefined();
    expect((await leaseItem.get())?.owner).toBe('tab-1');

    // Given back (the holder's page closed): the waiting page takes it at once, not at its
    // next look: the settle pause is all the time it takes.
    first!.release();
    const { ms } = await timeUntil(waiting);
    expect(ms).toBe(timing.settleMs);
    expect(second).not.toBeNull();
    expect((await leaseItem.get())?.owner).toBe('tab-2');
    second!.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser().data.has('runnerLease')).toBe(false);
  });

  it('two pages that find it free at the same moment: exactly one runs', async () => {
    const gone = new AbortController();
    const leases = ['a', 'b'].map((owner) =>
      acquireRunnerLease({ signal: gone.signal, onLost: () => undefined, timing, owner }),
    );
    await timeUntil(Promise.race(leases));
    // The other keeps waiting for the holder's lease, renewed meanwhile.
    await vi.advanceTimersByTimeAsync(timing.leaseMs * 2);
    gone.abort();
    const held = (await timeUntil(Promise.all(leases))).value.filter((lease) => lease !== null);
    expect(held).toHaveLength(1);
    expect(['a', 'b']).toContain((await leaseItem.get())?.owner);
    held[0]!.release();
  });

  it('a lease left by a crashed page is taken over once it lapsed', async () => {
    await leaseItem.set({ owner: 'dead-tab', until: new Date(Date.now() + 150).toISOString() });
    const { value: lease, ms } = await timeUntil(
      acquireRunnerLease({
        signal: new AbortController().signal,
        onLost: () => undefined,
        timing,
        owner: 'restored-tab',
      }),
    );
    expect(ms).toBeGreaterThanOrEqual(150);
    expect((await leaseItem.get())?.owner).toBe('restored-tab');
    lease!.release();
  });

  it('a page that goes away while waiting gives up without touching the lease', async () => {
    await leaseItem.set({ owner: 'tab-1', until: new Date(Date.now() + 60_000).toISOString() });
    const gone = new AbortController();
    const waiting = acquireRunnerLease({
      signal: gone.signal,
      onLost: () => undefined,
      timing,
      owner: 'tab-2',
    });
    gone.abort();
    expect((await timeUntil(waiting)).value).toBeNull();
    expect((await leaseItem.get())?.owner).toBe('tab-1');
  });

  it('a holder whose lease was taken over (it froze past its term) is told to stop', async () => {
    let lost = false;
    const { value: lease } = await timeUntil(
      acquireRunnerLease({
        signal: new AbortController().signal,
        onLost: () => (lost = true),
        timing,
        owner: 'frozen-tab',
      }),
    );
    await leaseItem.set({ owner: 'other-tab', until: new Date(Date.now() + 60_000).toISOString() });
    // Its next renewal finds the other page's lease.
    await vi.advanceTimersByTimeAsync(timing.renewMs);
    expect(lost).toBe(true);
    // Its renewals stopped: the other page's lease stands.
    await vi.advanceTimersByTimeAsync(timing.renewMs * 3);
    expect((await leaseItem.get())?.owner).toBe('other-tab');
    lease!.release();
  });
  it('at browser start a lease of before is forgotten: a restored tab need not wait for it', async () => {
    await leaseItem.set({ owner: 'before', until: new Date(Date.now() + 60_000).toISOString() });
    await forgetRunnersOfBefore();
    const { value: lease, ms } = await timeUntil(
      acquireRunnerLease({
        signal: new AbortController().signal,
        onLost: () => undefined,
        timing,
        owner: 'restored-tab',
      }),
    );
    expect(ms).toBe(timing.settleMs);
    lease!.release();
  });
});

describe('the state the popup shows', () => {
  const now = new Date('2025-06-01T02:00:00Z');
  const live = { owner: 'tab', until: new Date(now.getTime() + 1000).toISOString() };
  const lapsed = { owner: 'tab', until: new Date(now.getTime() - 1).toISOString() };

  it('a live state without a live lease is a closed or crashed page: idle', () => {
    expect(leaseHeld(live, now)).toBe(true);
    expect(leaseHeld(lapsed, now)).toBe(false);
    expect(shownRunnerState('running', false, live, now)).toBe('running');
    expect(shownRunnerState('running', false, lapsed, now)).toBe('idle');
    expect(shownRunnerState('waiting', false, null, now)).toBe('idle');
    expect(shownRunnerState('capReached', false, null, now)).toBe('idle');
  });

  it('a stop keeps its reason on screen, and a pause shows as paused', () => {
    expect(shownRunnerState('stopped', false, null, now)).toBe('stopped');
    expect(shownRunnerState('running', true, null, now)).toBe('paused');
    expect(shownRunnerState('idle', true, live, now)).toBe('paused');
  });
});
