/**
 * The gateway's rate limit: per app and shop, per API, counted in one-second windows
 * ("a default rate limit of 50 QPS for each API … based on the combination of the app and
 * shop", Rate limits page, github:lazykern/ecommerce-api-docs
 * data/processed/tiktok/guides/developer-guide/tiktok-shop-api-concepts/rate-limits.md).
 * Kept in the process (README.md: one sandbox process per test or bench run).
 */
export class WindowRateLimiter {
  /**
   * Each second's counts by key. A call is counted in the second it arrived, and calls finish
   * their lookups out of order, so a late one of the last second still counts there: the
   * seconds kept are the few behind the newest seen.
   */
  private readonly seconds = new Map<number, Map<string, number>>();

  /** True when the call is allowed (and counts it); false when its second is full. */
  take(key: string, perSecond: number, atMs: number): boolean {
    const second = Math.floor(atMs / 1000);
    let counts = this.seconds.get(second);
    if (!counts) {
      counts = new Map();
      this.seconds.set(second, counts);
      for (const kept of this.seconds.keys())
        if (kept < second - KEPT_SECONDS) this.seconds.delete(kept);
    }
    const used = counts.get(key) ?? 0;
    if (used >= perSecond) return false;
    counts.set(key, used + 1);
    return true;
  }

  reset(): void {
    this.seconds.clear();
  }
}

/** How many seconds behind the newest a late call is still counted in its own. */
const KEPT_SECONDS = 5;
