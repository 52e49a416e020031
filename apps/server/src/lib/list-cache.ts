import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { RevocationStore } from './revocations.ts';

/**
 * Each account's data version: a token that changes with every write to the account's
 * talents, records, shops or templates. Cached answers are filed under the version they
 * were read at, so a change makes them unreachable at once, on every replica.
 */
export interface DataVersions {
  current(accountId: number): Promise<string>;
  change(accountIds: readonly number[]): Promise<void>;
  /** Where the version is kept in Redis, so another read can fetch it beside its own. */
  key?(accountId: number): string;
  /** The version from a value read at `key` (none yet: one is made). */
  fromStored?(accountId: number, stored: string | null): Promise<string>;
}

/**
 * Versions in Redis, shared by every replica, read on each list request (one round trip,
 * often beside the session's marks: `key`/`fromStored`). Random tokens, never
 * counters: a Redis that lost its data starts each account on a new token, so no old
 * answer becomes current again.
 */
export class RedisDataVersions implements DataVersions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  key(accountId: number): string {
    return `${this.prefix}:${accountId}`;
  }

  async current(accountId: number): Promise<string> {
    return this.fromStored(accountId, await this.redis.get(this.key(accountId)));
  }

  async fromStored(accountId: number, stored: string | null): Promise<string> {
    if (stored !== null) return stored;
    // Two replicas may start the same account at once: NX keeps the first token.
    const key = this.key(accountId);
    await this.redis.set(key, randomUUID(), 'NX');
    return (await this.redis.get(key)) ?? randomUUID();
  }

  async change(accountIds: readonly number[]): Promise<void> {
    const keys = accountIds.map((id) => this.key(id));
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.set(key, randomUUID());
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
  }
}

/** Versions in this process: right only when no other process serves the same database (PGlite). */
export class MemoryDataVersions implements DataVersions {
  private readonly versions = new Map<number, number>();

  async current(accountId: number): Promise<string> {
    return String(this.versions.get(accountId) ?? 0);
  }

  async change(accountIds: readonly number[]): Promise<void> {
    for (const id of accountIds) this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }
}

const versionsPerDatabase = new WeakMap<object, MemoryDataVersions>();

/** The in-process versions of one database, shared by every app built on it (tests build replicas). */
export function memoryDataVersions(database: object): MemoryDataVersions {
  let versions = versionsPerDatabase.get(database);
  if (!versions) {
    versions = new MemoryDataVersions();
    versionsPerDatabase.set(database, versions);
  }
  return versions;
}

/**
 * Bounds an answer's life even if a write ever failed to change the version (Redis lost
 * between the write and its version change): stale for at most this long.
 */
export const LIST_CACHE_TTL_MS = 10_000;

/**
 * Serialized answers of the lists and counts, per account, data version, language and
 * URL, in this process. A list asked again while nothing changed skips the database,
 * validation and serialization. `versions` null turns it off (several processes on
 * PostgreSQL without Redis share no version).
 */
export class ListCache {
  private readonly entries: LRUCache<string, Buffer> | null;

  constructor(
    private readonly versions: DataVersions | null,
    maxBytes: number,
    private readonly log: FastifyBaseLogger,
    /** What answers age by (milliseconds); tests pass their own. */
    clock: { now(): number } = performance,
  ) {
    this.entries =
      versions && maxBytes > 0
        ? new LRUCache<string, Buffer>({
            maxSize: maxBytes,
            sizeCalculation: (body, key) => body.length + key.length,
            ttl: LIST_CACHE_TTL_MS,
            perf: clock,
          })
        : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  /** The account's version; null when the cache is off or the version cannot be read (then nothing is cached). */
  version(accountId: number): Promise<string | null> | null {
    if (!this.entries || !this.versions) return null;
    return this.settle(this.versions.current(accountId));
  }

  private settle(version: Promise<string>): Promise<string | null> {
    return version.catch((error: unknown) => {
      this.log.warn({ err: error }, 'list cache: data version unreadable; answering uncached');
      return null;
    });
  }

  /**
   * Whether the session was ended, and the account's version (null: answer uncached).
   * On Redis both come from one command; a failure to read the revocation throws, as
   * `isRevoked` does.
   */
  checkSession(
    revocations: RevocationStore,
    sessionId: string,
    accountId: number,
  ): Promise<{ revoked: boolean; version: string | null }> {
    const versions = this.entries ? this.versions : null;
    if (versions?.key && versions.fromStored && revocations.isRevokedReading) {
      const fromStored = versions.fromStored.bind(versions);
      // A chain rather than async steps: this runs on every cached request.
      return revocations
        .isRevokedReading(sessionId, versions.key(accountId))
        .then(([revoked, stored]) =>
          revoked || stored !== null
            ? { revoked, version: stored }
            : this.settle(fromStored(accountId, null)).then((version) => ({ revoked, version })),
        );
    }
    const version = this.version(accountId);
    return revocations
      .isRevoked(sessionId)
      .then(async (revoked) => ({ revoked, version: await version }));
  }

  /** Where the account's version is kept in Redis; null when it is not kept there. */
  versionKey(accountId: number): string | null {
    return this.versions?.key?.(accountId) ?? null;
  }

  /** The key of one answer; the URL carries the path and the filters. */
  key(accountId: number, version: string, locale: string, url: string): string {
    return `${accountId}\n${version}\n${locale}\n${url}`;
  }

  get(key: string): Buffer | undefined {
    return this.entries?.get(key);
  }

  set(key: string, body: Buffer): void {
    this.entries?.set(key, body);
  }

  /**
   * After a write: the accounts' cached answers stop being served. Never throws, since
   * the write itself is done; if Redis cannot take the change, this process forgets
   * everything it holds and other replicas' answers expire within the TTL.
   */
  async changed(accountIds: readonly number[]): Promise<void> {
    if (!this.entries || !this.versions || !accountIds.length) return;
    try {
      await this.versions.change(accountIds);
    } catch (error) {
      this.entries.clear();
      this.log.error({ err: error, accountIds }, 'list cache: data version not changed');
    }
  }
}
