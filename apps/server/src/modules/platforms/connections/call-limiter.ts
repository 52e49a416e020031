/**
 * The calls this process makes to the platforms, held to a rate per key: every call made for a
 * shop (the executor's, the syncs', the creator marketplace's, the conversations' and samples'
 * routes') is sent through one PlatformCallLimiter, which PlatformConnections holds and keys by
 * the platform, the shop and the API. TikTok Shop counts its limit that way: "Each app is
 * automatically set with a default rate limit of 50 QPS … for each API", "based on the
 * combination of the app and shop" ("Rate limits",
 * partner.tiktokshop.com/docv2/page/developer-guide/tiktok-shop-api-concepts/rate-limits;
 * mirrored in github:lazykern/ecommerce-api-docs
 * data/raw/tiktok/developer-guide/tiktok-shop-api-concepts/rate-limits.json). 抖店 refuses
 * throttled calls with 60000 "触发限流，请稍后重试" per app and API method and publishes no
 * number; its calls are held the same way (doudian/transport.ts).
 *
 * A sliding window: at most `perSecond` calls of a key in any second (a call waits until the
 * call `perSecond` before it is a second old), so a burst never makes two windows' worth in
 * one second, as a token bucket would. `take` waits for its turn.
 */
export class PlatformCallLimiter {
  /** The start times of each key's last calls, oldest first (at most `perSecond`). */
  private readonly sent = new Map<string, number[]>();
  private takes = 0;

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    if (!(perSecond > 0)) throw new RangeError(`perSecond ${perSecond}`);
  }

  /** Waits until the key may make one more call, and takes it. */
  async take(key: string): Promise<void> {
    for (;;) {
      const wait = this.tryTake(key);
      if (wait === 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Takes a turn now (0), or answers how many milliseconds until one is there. */
  tryTake(key: string): number {
    const now = this.clock();
    if (++this.takes % 1_000 === 0) this.forget(now);
    // A fractional rate (0.5 a second) is one call every 1 / perSecond seconds.
    const slots = Math.max(1, Math.floor(this.perSecond));
    const windowMs = (1000 * slots) / this.perSecond;
    const times = this.sent.get(key) ?? [];
    while (times.length && now - times[0]! >= windowMs) times.shift();
    if (times.length < slots) {
      times.push(now);
      this.sent.set(key, times);
      return 0;
    }
    this.sent.set(key, times);
    return Math.max(1, Math.ceil(times[0]! + windowMs - now));
  }

  /** Drops the keys with no call in the last window (shops and APIs gone quiet). */
  private forget(now: number): void {
    const windowMs = (1000 * Math.max(1, Math.floor(this.perSecond))) / this.perSecond;
    for (const [key, times] of this.sent) {
      if (!times.length || now - times[times.length - 1]! >= windowMs) this.sent.delete(key);
    }
  }
}
