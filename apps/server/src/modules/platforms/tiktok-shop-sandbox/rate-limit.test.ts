import { describe, expect, it } from 'vitest';
import { WindowRateLimiter } from './rate-limit.ts';

describe('the sandbox gateway’s rate limit', () => {
  it('counts per key and second', () => {
    const limiter = new WindowRateLimiter();
    expect([1, 2, 3].map(() => limiter.take('a', 2, 1_000))).toEqual([true, true, false]);
    expect(limiter.take('b', 2, 1_500)).toBe(true);
    expect(limiter.take('a', 2, 2_000)).toBe(true);
  });

  it('counts a call whose lookups ended late in the second it arrived, without clearing the next', () => {
    const limiter = new WindowRateLimiter();
    expect(limiter.take('a', 2, 2_100)).toBe(true);
    expect(limiter.take('a', 2, 2_200)).toBe(true);
    // Arrived at 1.9 s, counted after two calls of the next second: its own second has room.
    expect(limiter.take('a', 2, 1_900)).toBe(true);
    expect(limiter.take('a', 2, 1_950)).toBe(true);
    expect(limiter.take('a', 2, 1_990)).toBe(false);
    // And the next second is still full.
    expect(limiter.take('a', 2, 2_300)).toBe(false);
  });
});
