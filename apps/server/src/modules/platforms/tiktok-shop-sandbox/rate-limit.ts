/**
 * The gateway's rate limit: per app and shop, per API, counted in one-second windows
 * ("a default rate limit of 50 QPS for each API … based on the combination of the app and
 * shop", Rate limits page, github:lazykern/ecommerce-api-docs
 * data/processed/tiktok/guides/developer-guide/tiktok-shop-api-concepts/rate-limits.md).
 * Kept in the process (README.md: one sandbox process per test or bench run).
 */
export class WindowRateLimiter {
  private window = -1;
  private counts = new Map<string, number>();

  /** True when the call is allowed (and counts it); false when the window is full. */
  take(key: string, perSecond: number, nowMs: number): boolean {
    const window = Math.floor(nowMs / 1000);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const used = this.counts.get(key) ?? 0;
    if (used >= perSecond) return false;
    this.counts.set(key, used + 1);
    return true;
  }

  reset(): void {
    this.counts.clear();
  }
}
