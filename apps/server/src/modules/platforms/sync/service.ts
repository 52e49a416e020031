import type { PlatformAnswer } from '@inviteflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { connectedShops } from '../../shops/index.ts';
import { ShopNotConnectedError } from '../connections/index.ts';
import { DoudianError } from '../doudian/index.ts';
import { TikTokShopError } from '../tiktok-shop/index.ts';
import type { SyncKind } from './kind.ts';
import * as repo from './repository.ts';

export interface PlatformSyncDeps {
  db: Database;
  kinds: readonly SyncKind[];
  log: FastifyBaseLogger;
  /** The server's clock (tests move it). */
  now: () => Date;
  /** Every kind's period, when set (PLATFORM_SYNC_PERIOD_SECONDS); otherwise each kind's own. */
  periodMs?: number | null;
}

export interface SyncPassOptions {
  /** Cursors claimed per pass (each replica's share of the due ones). */
  limit?: number;
  /** How many shops' kinds are read at once. */
  concurrency?: number;
  /** Steps one claimed kind may take in a pass while more is waiting (pages in a row). */
  stepsPerClaim?: number;
  leaseMs?: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The platform syncs of every connected shop (issue 19). A shop's cursors exist while it is
 * connected: a trigger on shops (migration 0032) makes them, from the kinds prepare() saved,
 * in the statement that binds the shop with a connection, and drops them in the one that
 * unbinds it or removes its connection. A pass claims the due cursors (platform_sync_cursors,
 * SKIP LOCKED, leased, so replicas share the work and a dead one's claim lapses) and runs each
 * kind's steps; it lists no shops. A failed step keeps its cursor and is due again after a
 * back-off: the platform's own wait for a rate limit, longer for what the seller must fix (a
 * lost authorization, a missing scope).
 */
export class PlatformSync {
  constructor(private readonly deps: PlatformSyncDeps) {}

  get kinds(): readonly SyncKind[] {
    return this.deps.kinds;
  }

  /**
   * At start-up (app.ts, on ready): saves the kinds the trigger makes cursors from, and
   * repairs the cursors once (shops connected before the trigger, or by a version with other
   * kinds). Answers how many cursors it made and dropped.
   */
  async prepare(): Promise<{ made: number; dropped: number }> {
    const { db, kinds } = this.deps;
    return db.transaction(async (tx) => {
      await repo.saveKinds(
        tx,
        kinds.map((kind) => ({ kind: kind.name, platform: kind.platform })),
      );
      return repo.repairCursors(tx, this.deps.now());
    });
  }

  /** One pass; answers how many platform facts were applied. */
  async runDue(options: SyncPassOptions = {}): Promise<number> {
    const { db, kinds } = this.deps;
    const limit = options.limit ?? 50;
    const concurrency = options.concurrency ?? 4;
    const leaseMs = options.leaseMs ?? 5 * MINUTE_MS;
    const now = this.deps.now();
    const claimed = await repo.claimDue(
      db,
      kinds.map((kind) => kind.name),
      now,
      { limit, leaseMs },
    );
    if (!claimed.length) return 0;
    // The claimed cursors' shops, still connected (a shop unbound since has no cursor left; one
    // unbound between the claim and here is skipped, its cursor gone with it).
    const shops = await connectedShops(db, [...new Set(claimed.map((row) => row.shopId))]);
    const byId = new Map(shops.map((shop) => [shop.shopId, shop]));
    let applied = 0;
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const row = claimed[next++]!;
        const shop = byId.get(row.shopId);
        const kind = kinds.find((k) => k.name === row.kind);
        if (!shop || !kind) continue;
        // Awaited first: `applied += await …` would read `applied` before the wait and lose
        // what the other workers added meanwhile.
        const n = await this.runClaimed(row, kind, shop, options.stepsPerClaim ?? 20);
        applied += n;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    return applied;
  }

  private periodOf(kind: SyncKind): number {
    return this.deps.periodMs ?? kind.everyMs;
  }

  private async runClaimed(
    row: repo.SyncCursorRow,
    kind: SyncKind,
    shop: { userId: number; shopId: number; shopName: string; platform: string },
    steps: number,
  ): Promise<number> {
    const { db } = this.deps;
    let cursor = row.cursor;
    let applied = 0;
    for (let step = 1; ; step++) {
      const now = this.deps.now();
      try {
        const result = await kind.step(shop, cursor, now);
        cursor = result.cursor;
        applied += result.applied;
        const last = !result.more || step >= steps;
        const dueAt = result.more ? now : new Date(now.getTime() + this.periodOf(kind));
        const held = await repo.saveStep(
          db,
          row,
          { cursor, applied: result.applied, dueAt, release: last },
          now,
        );
        if (!held || last) return applied;
      } catch (error) {
        const failure = classify(error, this.periodOf(kind));
        this.deps.log.warn(
          { shopId: shop.shopId, kind: kind.name, errorCode: failure.errorCode, err: failure.log },
          'platform sync step failed',
        );
        await repo.saveFailure(
          db,
          row,
          {
            errorCode: failure.errorCode,
            answer: failure.answer,
            dueAt: new Date(now.getTime() + failure.waitMs),
          },
          now,
        );
        return applied;
      }
    }
  }
}

/** What a failed step leaves on its cursor, and how long until it is tried again. */
function classify(
  error: unknown,
  everyMs: number,
): { errorCode: string; answer: PlatformAnswer | null; waitMs: number; log: unknown } {
  if (error instanceof TikTokShopError || error instanceof DoudianError) {
    const answer: PlatformAnswer = {
      code: error.platformCode == null ? null : String(error.platformCode),
      message: error.platformMessage || null,
      requestId: error.requestId,
    };
    const waitMs =
      error.next === 'back_off'
        ? Math.max(error.retryAfterMs ?? 0, MINUTE_MS)
        : error.next === 'reconnect' || error.next === 'fix_configuration'
          ? HOUR_MS
          : error.next === 'pause_shop'
            ? HOUR_MS
            : Math.max(everyMs, 5 * MINUTE_MS);
    return { errorCode: error.standardCode, answer, waitMs, log: error.message };
  }
  if (error instanceof ShopNotConnectedError) {
    return {
      errorCode: 'authorization_revoked',
      answer: null,
      waitMs: HOUR_MS,
      log: error.message,
    };
  }
  return {
    errorCode: 'network',
    answer: null,
    waitMs: Math.max(everyMs, 5 * MINUTE_MS),
    log: error,
  };
}
