import { randomUUID } from 'node:crypto';
import type { PlatformAnswer } from '@inviteflow/contract';
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { shopIsBound } from '../../shops/index.ts';
import { browserShopStops, platformActions } from './schema.ts';
import type { ActionRow } from './repository.ts';

/**
 * Browser actions and the shops' browser stops (issue 17): the only place these rows are
 * queried for the extension. Every query is scoped to the account.
 */

const a = platformActions;
const s = browserShopStops;

export type StopRow = typeof browserShopStops.$inferSelect;

/**
 * The account's running browser actions whose lease lapsed (the browser died or closed): those
 * whose send was marked started go `unknown` (never handed out again before a reconcile);
 * the others back to `pending`. Answers both lists, for their records to follow.
 */
export async function lapseBrowserLeases(
  tx: Executor,
  userId: number,
  now: Date,
): Promise<{ unknown: number[]; pending: number[] }> {
  const lapsed = await tx
    .select({ id: a.id, callStartedAt: a.callStartedAt })
    .from(a)
    .where(
      and(
        eq(a.userId, userId),
        eq(a.channel, 'browser'),
        eq(a.status, 'running'),
        lt(a.leasedUntil, now),
      ),
    )
    .for('update', { skipLocked: true });
  const unknown = lapsed.filter((row) => row.callStartedAt !== null).map((row) => row.id);
  const pending = lapsed.filter((row) => row.callStartedAt === null).map((row) => row.id);
  if (unknown.length) {
    await tx
      .update(a)
      .set({ status: 'unknown', leaseId: null, leasedUntil: null, updatedAt: now })
      .where(inArray(a.id, unknown));
  }
  if (pending.length) {
    await tx
      .update(a)
      .set({
        status: 'pending',
        leaseId: null,
        leasedUntil: null,
        holderSessionId: null,
        updatedAt: now,
      })
      .where(inArray(a.id, pending));
  }
  return { unknown, pending };
}

/**
 * The account's next claimable browser action: pending and due, of a BOUND shop not stopped,
 * of a pack not stopped, oldest first; locked (SKIP LOCKED: two browsers never get the same).
 */
export async function nextBrowserAction(
  tx: Executor,
  userId: number,
  options: {
    shopId?: number;
    stoppedShops: readonly number[];
    stoppedPacks: readonly string[];
    skip: readonly number[];
  },
  now: Date,
): Promise<ActionRow | null> {
  const [row] = await tx
    .select()
    .from(a)
    .where(
      and(
        eq(a.userId, userId),
        eq(a.channel, 'browser'),
        eq(a.status, 'pending'),
        or(isNull(a.notBefore), sql`${a.notBefore} <= ${now.toISOString()}::timestamptz`),
        // shops' own condition (an EXISTS): one statement with the lock below (see shopIsBound).
        shopIsBound(a.shopId),
        options.shopId === undefined ? undefined : eq(a.shopId, options.shopId),
        options.stoppedShops.length ? notInArray(a.shopId, [...options.stoppedShops]) : undefined,
        options.stoppedPacks.length ? notInArray(a.packId, [...options.stoppedPacks]) : undefined,
        options.skip.length ? notInArray(a.id, [...options.skip]) : undefined,
      ),
    )
    .orderBy(asc(a.id))
    .limit(1)
    .for('update', { of: a, skipLocked: true });
  return row ?? null;
}

/** The shops and packs of the account's pending browser actions (of a shop, when given). */
export async function pendingBrowserShapes(
  tx: Executor,
  userId: number,
  shopId: number | undefined,
): Promise<Array<{ shopId: number; packId: string | null }>> {
  return tx
    .select({ shopId: a.shopId, packId: a.packId })
    .from(a)
    .where(
      and(
        eq(a.userId, userId),
        eq(a.channel, 'browser'),
        eq(a.status, 'pending'),
        shopId === undefined ? undefined : eq(a.shopId, shopId),
      ),
    )
    .groupBy(a.shopId, a.packId)
    .limit(100);
}

export async function leaseBrowserAction(
  tx: Executor,
  id: number,
  holderSessionId: string,
  leaseMs: number,
  now: Date,
): Promise<ActionRow> {
  const [row] = await tx
    .update(a)
    .set({
      status: 'running',
      leaseId: randomUUID(),
      leasedUntil: new Date(now.getTime() + leaseMs),
      holderSessionId,
      callStartedAt: null,
      attempts: sql`${a.attempts} + 1`,
      updatedAt: now,
    })
    .where(eq(a.id, id))
    .returning();
  return row!;
}

/** The account's browser action, locked. */
export async function lockBrowserAction(
  tx: Executor,
  userId: number,
  id: number,
): Promise<ActionRow | null> {
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.id, id), eq(a.userId, userId), eq(a.channel, 'browser')))
    .for('update');
  return row ?? null;
}

export async function setBrowserAction(
  tx: Executor,
  id: number,
  values: Partial<Omit<ActionRow, 'id' | 'userId' | 'taskId' | 'shopId' | 'channel'>>,
): Promise<ActionRow> {
  const [row] = await tx.update(a).set(values).where(eq(a.id, id)).returning();
  return row!;
}

// -------------------------------------------------------------------------------------------
// Shop stops
// -------------------------------------------------------------------------------------------

/** The account's browser stops in force (a lapsed one is over). */
export async function stopsInForce(tx: Executor, userId: number, now: Date): Promise<StopRow[]> {
  return tx
    .select()
    .from(s)
    .where(
      and(
        eq(s.userId, userId),
        or(isNull(s.resumesAt), sql`${s.resumesAt} > ${now.toISOString()}::timestamptz`),
      ),
    );
}

export async function upsertStop(
  tx: Executor,
  stop: {
    shopId: number;
    userId: number;
    reason: string;
    resumesAt: Date | null;
    timeZone: string;
    answer: PlatformAnswer | null;
    packId: string | null;
    packVersion: number | null;
  },
  now: Date,
): Promise<void> {
  await tx
    .insert(s)
    .values({ ...stop, since: now })
    .onConflictDoUpdate({
      target: s.shopId,
      set: {
        reason: stop.reason,
        resumesAt: stop.resumesAt,
        timeZone: stop.timeZone,
        answer: stop.answer,
        packId: stop.packId,
        packVersion: stop.packVersion,
        since: now,
      },
    });
}

/** Lifts a shop's stop of this reason (the account's). */
export async function liftStop(
  tx: Executor,
  userId: number,
  shopId: number,
  reason: string,
): Promise<boolean> {
  const rows = await tx
    .delete(s)
    .where(and(eq(s.userId, userId), eq(s.shopId, shopId), eq(s.reason, reason)))
    .returning({ shopId: s.shopId });
  return rows.length > 0;
}

/** Accounts with a running browser action whose lease lapsed (the job's pass, SKIP LOCKED). */
export async function accountsWithLapsedBrowserLeases(
  tx: Executor,
  now: Date,
  limit: number,
): Promise<number[]> {
  const rows = await tx
    .select({ userId: a.userId })
    .from(a)
    .where(and(eq(a.channel, 'browser'), eq(a.status, 'running'), lt(a.leasedUntil, now)))
    .groupBy(a.userId)
    .limit(limit);
  return rows.map((row) => row.userId);
}
