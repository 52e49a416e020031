import { describe, expect, it, vi } from 'vitest';
import {
  LIST_CACHE_TTL_MS,
  ListCache,
  MemoryDataVersions,
  type DataVersions,
} from './list-cache.ts';

const log = { warn: vi.fn(), error: vi.fn() } as unknown as ConstructorParameters<
  typeof ListCache
>[2];

const body = Buffer.from('{"success":true}');

/** Versions in memory whose reads or changes fail on demand, as Redis does when it is away. */
class FlakyVersions implements DataVersions {
  readonly inner = new MemoryDataVersions();
  down = false;
  async current(accountId: number) {
    if (this.down) throw new Error('redis away');
    return this.inner.current(accountId);
  }
  async change(accountIds: readonly number[]) {
    if (this.down) throw new Error('redis away');
    return this.inner.change(accountIds);
  }
}

describe('list cache', () => {
  it('files answers under the version they were read at', async () => {
    const cache = new ListCache(new MemoryDataVersions(), 1024 * 1024, log);
    const before = cache.key(1, (await cache.version(1))!, 'zh-CN', '/api/v1/talents');
    cache.set(before, body);
    expect(cache.get(before)).toBe(body);
    await cache.changed([1]);
    const after = cache.key(1, (await cache.version(1))!, 'zh-CN', '/api/v1/talents');
    expect(after).not.toBe(before);
    expect(cache.get(after)).toBeUndefined();
    // Another account's version stays.
    expect(await cache.version(2)).toBe('0');
  });

  it('answers uncached when the version cannot be read, and forgets everything when a change fails', async () => {
    const versions = new FlakyVersions();
    const cache = new ListCache(versions, 1024 * 1024, log);
    const key = cache.key(7, (await cache.version(7))!, 'zh-CN', '/api/v1/send-records');
    cache.set(key, body);
    versions.down = true;
    expect(await cache.version(7)).toBeNull();
    await expect(cache.changed([7])).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalled();
    versions.down = false;
    // The version did not change, yet the stale answer is gone.
    expect(cache.key(7, (await cache.version(7))!, 'zh-CN', '/api/v1/send-records')).toBe(key);
    expect(cache.get(key)).toBeUndefined();
  });

  it('lets answers expire and holds at most its size', async () => {
    // The cache reads the clock at most once a millisecond: let each reading be new.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    let now = 1_000;
    const cache = new ListCache(new MemoryDataVersions(), 100, log, { now: () => now });
    cache.set('a', Buffer.alloc(40));
    cache.set('b', Buffer.alloc(40));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', Buffer.alloc(40));
    // Over 100 bytes (keys count too): the least recently used, b, goes.
    expect(cache.get('b')).toBeUndefined();
    now += LIST_CACHE_TTL_MS - 1;
    await tick();
    expect(cache.get('c')).toBeDefined();
    now += 2;
    await tick();
    expect(cache.get('c')).toBeUndefined();
  });

  it('is off without versions or memory', () => {
    expect(new ListCache(null, 1024, log).enabled).toBe(false);
    expect(new ListCache(new MemoryDataVersions(), 0, log).enabled).toBe(false);
    expect(new ListCache(null, 1024, log).version(1)).toBeNull();
  });
});
