import { describe, expect, it } from 'vitest';
import { browser, flush } from '../../test/fake-browser.ts';
import { forgetRunnersOfBefore } from '../background/handlers.ts';
import { leaseItem } from '../storage/items.ts';
import { acquireRunnerLease, leaseHeld, shownRunnerState } from './runner-lease.ts';

// Short real times: the lease logic runs on storage events and timers, as in a page.
const timing = { leaseMs: 400, renewMs: 150, settleMs: 20 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one runner per browser (the storage lease)', () => {
  it('a second page waits while the first holds the lease, and takes it once given back', async () => {
    const gone = new AbortController();
    const first = await acquireRunnerLease({
      signal: gone.signal,
      onLost: () => undefined,
      timing,
      owner: 'tab-1',
    });
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
    await sleep(timing.leaseMs * 2);
    expect(second).toBeUndefined();
    expect((await leaseItem.get())?.owner).toBe('tab-1');

    // Given back (the holder's page closed): the waiting page takes it at once.
    const releasedAt = Date.now();
    first!.release();
    await waiting;
    expect(Date.now() - releasedAt).toBeLessThan(timing.renewMs);
    expect(second).not.toBeNull();
    expect((await leaseItem.get())?.owner).toBe('tab-2');
    second!.release();
    await flush();
    expect(browser().data.has('runnerLease')).toBe(false);
  });

  it('two pages that find it free at the same moment: exactly one runs', async () => {
    const gone = new AbortController();
    const leases = ['a', 'b'].map((owner) =>
      acquireRunnerLease({ signal: gone.signal, onLost: () => undefined, timing, owner }),
    );
    await Promise.race(leases);
    // The other keeps waiting for the holder's lease, renewed meanwhile.
    await sleep(timing.leaseMs * 2);
    gone.abort();
    const held = (await Promise.all(leases)).filter((lease) => lease !== null);
    expect(held).toHaveLength(1);
    expect(['a', 'b']).toContain((await leaseItem.get())?.owner);
    held[0]!.release();
  });

  it('a lease left by a crashed page is taken over once it lapsed', async () => {
    await leaseItem.set({ owner: 'dead-tab', until: new Date(Date.now() + 150).toISOString() });
    const started = Date.now();
    const lease = await acquireRunnerLease({
      signal: new AbortController().signal,
      onLost: () => undefined,
      timing,
      owner: 'restored-tab',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
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
    expect(await waiting).toBeNull();
    expect((await leaseItem.get())?.owner).toBe('tab-1');
  });

  it('a holder whose lease was taken over (it froze past its term) is told to stop', async () => {
    let lost = false;
    const lease = await acquireRunnerLease({
      signal: new AbortController().signal,
      onLost: () => (lost = true),
      timing,
      owner: 'frozen-tab',
    });
    await leaseItem.set({ owner: 'other-tab', until: new Date(Date.now() + 60_000).toISOString() });
    await sleep(timing.renewMs * 3);
    expect(lost).toBe(true);
    // Its renewals stopped: the other page's lease stands.
    expect((await leaseItem.get())?.owner).toBe('other-tab');
    lease!.release();
  });
  it('at browser start a lease of before is forgotten: a restored tab need not wait for it', async () => {
    await leaseItem.set({ owner: 'before', until: new Date(Date.now() + 60_000).toISOString() });
    await forgetRunnersOfBefore();
    const started = Date.now();
    const lease = await acquireRunnerLease({
      signal: new AbortController().signal,
      onLost: () => undefined,
      timing,
      owner: 'restored-tab',
    });
    expect(Date.now() - started).toBeLessThan(timing.renewMs);
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
