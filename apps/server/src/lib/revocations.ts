import { ACCESS_TOKEN_TTL_SECONDS } from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { TrackedReads } from './tracked-reads.ts';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

/**
 * Answers "was this session ended?" for every authenticated request, so an
 * access token stops working at logout, not when it expires. The sessions
 * table is the truth; Redis, when configured, answers the hot path for every
 * replica without a database round trip.
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

/** Reads `sessions.revoked_at` by primary key: correct for any number of processes. */
export class DatabaseRevocations implements RevocationStore {
  constructor(private readonly db: Database) {}

  async revoke(): Promise<void> {
    // The caller has already written revoked_at; nothing else to record.
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return !row || row.revokedAt !== null;
  }
}

/**
 * Keeps revoked session ids in Redis for as long as an access token can live. Checks
 * read through `TrackedReads`: a session seen recently is answered in process, and a
 * revocation from any replica reaches that answer through Redis's invalidation.
 */
export class RedisRevocations implements RevocationStore {
  constructor(
    private readonly redis: Redis,
    private readonly reads: TrackedReads,
    private readonly prefix = 'inviteflow:revoked',
  ) {}

  async revoke(sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    const keys = sessionIds.map((id) => `${this.prefix}:${id}`);
    await this.reads.write(keys, async () => {
      const pipeline = this.redis.pipeline();
      // A minute beyond the token lifetime covers clock skew between replicas.
      for (const key of keys) pipeline.set(key, '1', 'EX', ACCESS_TOKEN_TTL_SECONDS + 60);
      await pipeline.exec();
    });
  }

  isRevoked(sessionId: string): Promise<boolean> {
    return this.reads.read([`${this.prefix}:${sessionId}`]).then(([revoked]) => revoked != null);
  }

  isRevokedReading(sessionId: string, key: string): Promise<[boolean, string | null]> {
    return this.reads
      .read([`${this.prefix}:${sessionId}`, key])
      .then(([revoked, value]) => [revoked != null, value ?? null]);
  }
}
