import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Where Redis publishes the names of changed keys to a RESP2 connection (server-assisted client-side caching). */
const INVALIDATION_CHANNEL = '__redis__:invalidate';
const ABSENT = Symbol('absent');
type Copy = string | typeof ABSENT;

/**
 * How long a copy may be served without a word from Redis. Redis announces every change,
 * so this only bounds a silent failure: a connection that stalls without closing.
 */
export const TRACKED_COPY_TTL_MS = 5_000;
/** Sessions and accounts seen recently; one small string each. */
export const TRACKED_COPY_MAX_KEYS = 100_000;

/**
 * Redis keys that every request reads and few requests write (whether a session was
 * ended, an account's data version), copied in this process and kept right by Redis
 * itself: the reads travel on a connection with `CLIENT TRACKING` on, so Redis remembers
 * which keys this process holds and, on any change from any replica, publishes their
 * names to this process's listening connection, which drops them. A read of copied keys
 * then needs no round trip.
 *
 * Safety rules:
 * - Copies are served only while tracking is confirmed on live connections; a closed or
 *   reconnecting connection drops every copy until both are set up again.
 * - A read's answer is copied only if nothing was invalidated while it was in flight.
 * - This process's own writes (`write`) drop their keys before and after the command,
 *   so a request that follows one of its writes never sees the old value here.
 * - A Redis without tracking (older than 6, or forbidden by its ACL) is read directly.
 */
export class TrackedReads {
  private readonly copies = new LRUCache<string, Copy>({
    max: TRACKED_COPY_MAX_KEYS,
    ttl: TRACKED_COPY_TTL_MS,
  });
  private readonly reader: Redis;
  private readonly listener: Redis;
  /** The listener's client id once it is subscribed; null while it is not. */
  private listenerId: number | null = null;
  private listenerEpoch = 0;
  /** Copies are served and kept only while true. */
  private live = false;
  /** Bumped by every invalidation, own write and connection change: reads across one copy nothing. */
  private changes = 0;
  private attempts = 0;
  private closed = false;
  private readonly liveWaiters: (() => void)[] = [];
  /** Waiting for Redis to announce a change of a key (see `whenAnnounced`). */
  private readonly announceWaiters = new Map<string, (() => void)[]>();

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    this.reader = redis.duplicate({ lazyConnect: true });
    // RESP2: Redis then sends invalidations to a subscribed connection as pub/sub messages,
    // which ioredis hands over (under RESP3 they come as pushes it does not surface).
    this.listener = redis.duplicate({ lazyConnect: true, protocol: 2, autoResubscribe: false });
    this.listener.on('messageBuffer', (channel: Buffer, keys: unknown) => {
      if (String(channel) === INVALIDATION_CHANNEL) this.invalidated(keys);
    });
    this.listener.on('ready', () => void this.listen());
    this.listener.on('close', () => {
      this.listenerEpoch++;
      this.listenerId = null;
      this.drop();
    });
    this.reader.on('ready', () => void this.track());
    this.reader.on('close', () => this.drop());
    for (const connection of [this.reader, this.listener]) {
      // Reconnection is ioredis's; a failure meanwhile only means reads go direct.
      connection.on('error', (error: Error) =>
        this.log.debug({ err: error }, 'tracked reads: connection error'),
      );
      connection.connect().catch(() => undefined);
    }
  }

  /** Whether copies are being served (tracking confirmed). */
  get tracking(): boolean {
    return this.live;
  }

  /** Resolves once tracking is confirmed (tests wait for it). */
  whenTracking(): Promise<void> {
    return this.live ? Promise.resolve() : new Promise((resolve) => this.liveWaiters.push(resolve));
  }

  /**
   * Resolves when Redis announces a change of `key` to this process (or a flush). Call it
   * before the change: an announcement that came earlier is not remembered. Tests use it
   * to wait for the word from Redis instead of for a clock.
   */
  whenAnnounced(key: string): Promise<void> {
    return new Promise((resolve) => {
      const waiting = this.announceWaiters.get(key);
      if (waiting) waiting.push(resolve);
      else this.announceWaiters.set(key, [resolve]);
    });
  }

  /** The values at `keys` (null: no such key), without a round trip when all are copied here. */
  read(keys: readonly string[]): Promise<(string | null)[]> {
    if (!this.live) return this.redis.mget(...keys);
    const held = this.held(keys);
    if (held) return Promise.resolve(held);
    const seen = this.changes;
    return this.reader.mget(...keys).then((values) => {
      if (this.changes === seen) {
        for (let i = 0; i < keys.length; i++) this.copies.set(keys[i]!, values[i] ?? ABSENT);
      }
      return values;
    });
  }

  /** Runs this process's write of `keys`, which no copy here outlives. */
  async write<T>(keys: readonly string[], run: () => Promise<T>): Promise<T> {
    this.forget(keys);
    try {
      return await run();
    } finally {
      this.forget(keys);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.drop();
    await Promise.all([this.reader.quit(), this.listener.quit()]).catch(() => undefined);
  }

  private held(keys: readonly string[]): (string | null)[] | null {
    const values: (string | null)[] = [];
    for (const key of keys) {
      const copy = this.copies.get(key);
      if (copy === undefined) return null;
      values.push(copy === ABSENT ? null : copy);
    }
    return values;
  }

  private forget(keys: readonly string[]): void {
    this.changes++;
    for (const key of keys) this.copies.delete(key);
  }

  /** A message from Redis: the changed keys, or null when the database was flushed. */
  private invalidated(keys: unknown): void {
    this.changes++;
    if (Array.isArray(keys)) {
      for (const key of keys) {
        const name = String(key);
        this.copies.delete(name);
        this.announced(name);
      }
    } else {
      this.copies.clear();
      for (const name of [...this.announceWaiters.keys()]) this.announced(name);
    }
  }

  private announced(key: string): void {
    const waiting = this.announceWaiters.get(key);
    if (!waiting) return;
    this.announceWaiters.delete(key);
    for (const resolve of waiting) resolve();
  }

  private drop(): void {
    this.attempts++;
    this.changes++;
    this.live = false;
    this.copies.clear();
  }

  /** On each (re)connection of the listener: learn its id, subscribe, point tracking at it. */
  private async listen(): Promise<void> {
    const epoch = ++this.listenerEpoch;
    try {
      const id = Number(await this.listener.client('ID'));
      await this.listener.subscribe(INVALIDATION_CHANNEL);
      if (epoch !== this.listenerEpoch || this.closed) return;
      this.listenerId = id;
      await this.track();
    } catch (error) {
      this.log.warn(
        { err: error },
        'tracked reads: no invalidation channel; reading Redis directly',
      );
    }
  }

  /** On each (re)connection of either side: tracking on, redirected to the listener. */
  private async track(): Promise<void> {
    this.drop();
    const attempt = this.attempts;
    const listenerId = this.listenerId;
    if (listenerId === null || this.closed || this.reader.status !== 'ready') return;
    try {
      await this.reader.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(listenerId));
    } catch (error) {
      this.log.warn(
        { err: error },
        'tracked reads: CLIENT TRACKING refused; reading Redis directly',
      );
      return;
    }
    if (attempt !== this.attempts || listenerId !== this.listenerId) return;
    this.live = true;
    for (const resolve of this.liveWaiters.splice(0)) resolve();
  }
}
