import { describe, expect, it } from 'vitest';
import { PlatformCallLimiter } from './call-limiter.ts';

describe('PlatformCallLimiter', () => {
  it('lets at most perSecond calls of a key through in any second, each key on its own', () => {
    let now = 0;
    const limiter = new PlatformCallLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.tryTake('shop|api'))).toEqual([0, 0, 0]);
    // The fourth waits until the first is a second old; another API or shop does not.
    expect(limiter.tryTake('shop|api')).toBe(1000);
    expect(limiter.tryTake('shop|other api')).toBe(0);
    expect(limiter.tryTake('other shop|api')).toBe(0);
    now = 400;
    expect(limiter.tryTake('shop|api')).toBe(600);
    now = 1000;
    expect(limiter.tryTake('shop|api')).toBe(0);
    // A burst at the end of a second is not followed by a second burst at once (no two
    // windows' worth in one second, as a token bucket would allow).
    expect(limiter.tryTake('shop|api')).toBe(0);
    expect(limiter.tryTake('shop|api')).toBe(0);
    expect(limiter.tryTake('shop|api')).toBeGreaterThan(0);
  });

  it('spaces a rate under one a second', () => {
    let now = 0;
    const limiter = new PlatformCallLimiter(0.5, () => now);
    expect(limiter.tryTake('k')).toBe(0);
    expect(limiter.tryTake('k')).toBe(2000);
    now = 2000;
    expect(limiter.tryTake('k')).toBe(0);
  });

  it('take waits its turn', async () => {
    const limiter = new PlatformCallLimiter(2);
    const started = performance.now();
    await Promise.all([1, 2, 3].map(() => limiter.take('k')));
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });
});
