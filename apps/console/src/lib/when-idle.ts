/**
 * Runs work that may wait once the browser is idle (at the latest after `timeoutMs`), so
 * that it does not compete with drawing the page the user is waiting for.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(work, { timeout: timeoutMs });
  } else {
    window.setTimeout(work, 0);
  }
}
