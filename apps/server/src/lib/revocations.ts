import { ACCESS_TOKEN_TTL_SECONDS } from '@inviteflow/contract';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { sessionRevocation } from '../modules/auth/index.ts';

/**
 * Answers "was this session ended?" for every authenticated request, so an
 * access token stops working at logout, not when it expires. The sessions
 * table is the truth; Redis, when configured, answers the hot path for every
 * replica without a database round trip, and the table answers whatever Redis
 * does not know (a key it lost included).
 */
export interface RevocationStore {
  revoke(sessionIds: string[]): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
  /**
   * `isRevoked`, reading one more Redis key in the same command (Redis only): the list
   * cache's data version then costs no command of its own.
   */
  isRevokedReading?(sessionId: string, key: string): Promise<[boolean, string | null]>;
}

/** Reads `sessions.revoked_at` by primary key (auth's repository): correct for any number of processes. */
export class DatabaseRevocations implements RevocationStore {
  constructor(private readonly db: Database) {}

  async revoke(): Promise<void> {
    // The caller has already written revoked_at; nothing else to record.
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    const row = await sessionRevocation(this.db, sessionId);
    return !row || row.revokedAt !== null;
  }
}

/** How long Redis's word on a session (ended, or known live) is kept: an access token's life. */
const MARK_TTL_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;

/**
 * Marks a session live unless it was ended meanwhile, in one step: a logout that ran
 * while the database was read has set `revoked`, and its mark must not be hidden.
 */
const MARK_LIVE = `if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('SET', KEYS[2], '1', 'EX', ARGV[1])
end
return 0`;

/**
 * Session revocation on Redis, for every replica, with the sessions table as the truth
 * behind it. Per session, Redis holds one of two marks for as long as an access token
 * can live: `revoked:<id>` (ended) or `live:<id>` (checked against the database, not
 * ended). A request reads both in one round trip (MGET). Only when neither mark is there
 * (a session's first request in an access token's life, or Redis lost its keys: a restart without persistence, an eviction, a
 * failover) is the database asked, once per session however many requests wait, and its
 * answer marked again. So a lost key never revives a logged-out token.
 *
 * A logout sets `revoked` and deletes `live` in one transaction before writing the
 * table, and `live` is set only while `revoked` is absent (MARK_LIVE): whatever Redis
 * forgets, the marks it keeps never say "live" for an ended session.
 */
export class RedisRevocations implements RevocationStore {
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(
    private readonly redis: Redis,
    private readonly database: DatabaseRevocations,
    private readonly prefix = 'inviteflow',
  ) {}

  private revokedKey(sessionId: string): string {
    return `${this.prefix}:revoked:${sessionId}`;
  }

  private liveKey(sessionId: string): string {
    return `${this.prefix}:live:${sessionId}`;
  }

  async revoke(sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    // A database read that started before this logout must not answer for later requests.
    for (const id of sessionIds) this.pending.delete(id);
    const revoked = sessionIds.map((id) => this.revokedKey(id));
    const live = sessionIds.map((id) => this.liveKey(id));
    const transaction = this.redis.multi();
    // A minute beyond the token lifetime covers clock skew between replicas.
    for (const key of revoked) transaction.set(key, '1', 'EX', MARK_TTL_SECONDS);
    transaction.del(...live);
    const results = (await transaction.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
  }

  private marks(sessionId: string): readonly [string, string] {
    return [this.revokedKey(sessionId), this.liveKey(sessionId)];
  }

  isRevoked(sessionId: string): Promise<boolean> {
    return this.redis
      .mget(...this.marks(sessionId))
      .then(([revoked, live]) => this.decide(sessionId, revoked, live));
  }

  isRevokedReading(sessionId: string, key: string): Promise<[boolean, string | null]> {
    const [revokedKey, liveKey] = this.marks(sessionId);
    return this.redis
      .mget(revokedKey, liveKey, key)
      .then(
        ([revoked, live, value]): [boolean, string | null] | Promise<[boolean, string | null]> => {
          const decided = this.decide(sessionId, revoked, live);
          return typeof decided === 'boolean'
            ? [decided, value ?? null]
            : decided.then((isRevoked) => [isRevoked, value ?? null]);
        },
      );
  }

  /** From the marks when Redis has one; from the database (and marked again) when not. */
  private decide(
    sessionId: string,
    revoked: string | null | undefined,
    live: string | null | undefined,
  ): boolean | Promise<boolean> {
    if (revoked != null) return true;
    if (live != null) return false;
    const waiting = this.pending.get(sessionId);
    if (waiting) return waiting;
    const pending: Promise<boolean> = this.fromDatabase(sessionId).finally(() => {
      // A logout meanwhile may have put a newer read in its place: leave that one.
      if (this.pending.get(sessionId) === pending) this.pending.delete(sessionId);
    });
    this.pending.set(sessionId, pending);
    return pending;
  }

  private async fromDatabase(sessionId: string): Promise<boolean> {
    const revoked = await this.database.isRevoked(sessionId);
    const keys = [this.revokedKey(sessionId), this.liveKey(sessionId)];
    if (revoked) await this.redis.set(keys[0]!, '1', 'EX', MARK_TTL_SECONDS);
    else await this.redis.eval(MARK_LIVE, 2, ...keys, MARK_TTL_SECONDS);
    return revoked;
  }
}
