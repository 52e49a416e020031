import { createRequire } from 'node:module';
import { Message, Modal, Notification } from '@arco-design/web-react';
import { act, cleanup } from '@testing-library/react';

/*
 * What a test leaves running, and how the test setup (setup.ts) ends it before jsdom goes.
 *
 * Timers the code under test leaves behind (a toast's 3 s auto-close, the exit of a
 * transition, focus-lock's deferred focus, resize-observer-polyfill's throttle, TanStack
 * Query's cache collection) are Node timers: they outlive the test file's jsdom, and on a
 * busy machine, where teardown is slow, fire after it is gone ("ReferenceError: window is
 * not defined", an unhandled error that fails the whole run).
 */

/**
 * Turns Arco's animations off. Every modal, drawer, popup and toast animates through
 * react-transition-group, whose enter and exit end on timers (100 to 400 ms): in tests
 * they only cost time and leave timers running. Off, a transition ends as soon as React
 * commits it (as with reduced motion). The switch is the copy Arco itself requires.
 */
export function turnOffTransitions() {
  const arco = createRequire(import.meta.url).resolve('@arco-design/web-react');
  const group = createRequire(arco)('react-transition-group') as {
    config: { disabled: boolean };
  };
  group.config.disabled = true;
}

type Handle = ReturnType<typeof setTimeout>;

interface TimerTracker {
  pending: Set<Handle>;
  /** The wrapper installed as the global setTimeout. */
  wrapper: typeof setTimeout;
}

const trackerKey = Symbol.for('inviteflow.console-test-timers');
const scope = globalThis as typeof globalThis & { [trackerKey]?: TimerTracker };

/**
 * Tracks every timer and interval set through the globals from now on (the wrappers are
 * installed once per set of globals). Vitest's own timers are not seen: it keeps the
 * originals it found at start.
 */
export function trackTimers(): void {
  if (scope[trackerKey] && globalThis.setTimeout === scope[trackerKey].wrapper) return;
  const tracker: TimerTracker = { pending: new Set(), wrapper: globalThis.setTimeout };
  const { setTimeout: realSetTimeout, setInterval: realSetInterval } = globalThis;
  const { clearTimeout: realClearTimeout, clearInterval: realClearInterval } = globalThis;
  function trackedSetTimeout(
    handler: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) {
    const handle = realSetTimeout(
      (...given: unknown[]) => {
        tracker.pending.delete(handle);
        handler(...given);
      },
      ms,
      ...args,
    );
    tracker.pending.add(handle);
    return handle;
  }
  function trackedSetInterval(
    handler: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) {
    const handle = realSetInterval(handler, ms, ...args);
    tracker.pending.add(handle);
    return handle;
  }
  // Node's own extras (util.promisify's custom form) stay as they were.
  Object.defineProperties(trackedSetTimeout, Object.getOwnPropertyDescriptors(realSetTimeout));
  Object.defineProperties(trackedSetInterval, Object.getOwnPropertyDescriptors(realSetInterval));
  Object.assign(globalThis, {
    setTimeout: trackedSetTimeout,
    setInterval: trackedSetInterval,
    clearTimeout(handle?: Handle) {
      if (handle !== undefined) tracker.pending.delete(handle);
      realClearTimeout(handle);
    },
    clearInterval(handle?: Handle) {
      if (handle !== undefined) tracker.pending.delete(handle);
      realClearInterval(handle);
    },
  });
  tracker.wrapper = globalThis.setTimeout;
  scope[trackerKey] = tracker;
}

/** How many tracked timers and intervals are still pending. */
export function pendingTimers(): number {
  return scope[trackerKey]?.pending.size ?? 0;
}

/** Unmounts what RTL rendered and what Arco renders outside it (toasts, confirm dialogs). */
export function unmountEverything() {
  // Inside act, so React commits the emptied toast lists before the test goes on.
  act(() => {
    Message.clear();
    Notification.clear();
    Modal.destroyAll();
  });
  cleanup();
}

/**
 * The end of a test file, as closing a tab: everything unmounted, and the timers still
 * pending dropped, so none fires into a torn-down jsdom.
 */
export function closeTheTab() {
  unmountEverything();
  const tracker = scope[trackerKey];
  if (!tracker) return;
  for (const handle of tracker.pending) clearTimeout(handle);
  tracker.pending.clear();
}
