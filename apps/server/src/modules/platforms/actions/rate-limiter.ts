/**
 * Calls a second to each shop from this process: a token bucket per shop (the platform allows
 * 50 requests a second per API and per app and shop, "Rate limits",
 * partner.tiktokshop.com/docv2 developer-guide/tiktok-shop-api-concepts/rate-limits; the
 * default stays well under it so that two replicas together do too). `take` waits for a token.
 */
export class ShopRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    if (!(perSecond > 0)) throw new RangeError(`perSecond ${perSecond}`);
  }

  /** Waits until the shop may make one more call, and takes it. */
  async take(shopId: number): Promise<void> {
    for (;;) {
      const wait = this.tryTake(shopId);
      if (wait === 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Takes a token now (0), or answers how many milliseconds until one is there. */
  tryTake(shopId: number): number {
    const now = this.clock();
    const bucket = this.buckets.get(shopId) ?? { tokens: this.perSecond, at: now };
    bucket.tokens = Math.min(
      this.perSecond,
      bucket.tokens + ((now - bucket.at) * this.perSecond) / 1000,
    );
    bucket.at = now;
    this.buckets.set(shopId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) * 1000) / this.perSecond);
  }
}
