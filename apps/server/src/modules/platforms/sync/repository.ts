import { randomUUID } from 'node:crypto';
import type { PlatformAnswer } from '@inviteflow/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { platformSyncCursors as c } from './schema.ts';

/** Where each shop's syncs stand: the only place platform_sync_cursors is queried. */

export type SyncCursorRow = typeof c.$inferSelect;

/** Makes the cursors a shop's kinds need (due now), leaving existing ones as they are. */
export async function ensureCursors(
  db: Executor,
  rows: Array<{ shopId: number; userId: number; kind: string }>,
  now: Date,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(c)
    .values(rows.map((row) => ({ ...row, dueAt: now })))
    .onConflictDoNothing();
}

/** Removes the cursors of shops no longer connected (their kinds read nothing now). */
export async function dropCursorsExcept(db: Executor, keepShopIds: number[]): Promise<void> {
  await db
    .delete(c)
    .where(
      keepShopIds.length ? sql`${c.shopId} <> all(${sql.param(keepShopIds)}::int[])` : sql`true`,
    );
}

/**
 * Claims up to `limit` due cursors of the given kinds under a lease: locked with SKIP LOCKED
 * so replicas claiming at once never take the same one, leased so a replica that dies lets
 * it go after `leaseMs`.
 */
export async function claimDue(
  db: Database,
  kinds: string[],
  now: Date,
  options: { limit: number; leaseMs: number },
): Promise<SyncCursorRow[]> {
  if (!kinds.length) return [];
  return db.transaction(async (tx) => {
    const free = sql`(${c.leasedUntil} is null or ${c.leasedUntil} <= ${now})`;
    const taken = tx
      .select({ shopId: c.shopId, kind: c.kind })
      .from(c)
      .where(and(inArray(c.kind, kinds), lte(c.dueAt, now), free))
      .orderBy(c.dueAt)
      .limit(options.limit)
      .for('update', { skipLocked: true });
    return tx
      .update(c)
      .set({
        leaseId: randomUUID(),
        leasedUntil: new Date(now.getTime() + options.leaseMs),
        lastRunAt: now,
        updatedAt: now,
      })
      .where(sql`(${c.shopId}, ${c.kind}) in (${taken})`)
      .returning();
  });
}

/** A step's outcome, written only while this runner still holds the lease. */
export async function saveStep(
  db: Executor,
  held: Pick<SyncCursorRow, 'shopId' | 'kind' | 'leaseId'>,
  values: {
    cursor: Record<string, unknown> | null;
    applied: number;
    dueAt: Date;
    release: boolean;
  },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(c)
    .set({
      cursor: values.cursor,
      applied: sql`${c.applied} + ${values.applied}`,
      dueAt: values.dueAt,
      lastSuccessAt: now,
      errorCode: null,
      answer: null,
      updatedAt: now,
      ...(values.release ? { leaseId: null, leasedUntil: null } : {}),
    })
    .where(heldBy(held))
    .returning({ shopId: c.shopId });
  return rows.length > 0;
}

/** A failed step: the cursor stays, the error is noted, the kind is due again at `dueAt`. */
export async function saveFailure(
  db: Executor,
  held: Pick<SyncCursorRow, 'shopId' | 'kind' | 'leaseId'>,
  failure: { errorCode: string; answer: PlatformAnswer | null; dueAt: Date },
  now: Date,
): Promise<void> {
  await db
    .update(c)
    .set({ ...failure, leaseId: null, leasedUntil: null, updatedAt: now })
    .where(heldBy(held));
}

const heldBy = (held: Pick<SyncCursorRow, 'shopId' | 'kind' | 'leaseId'>) =>
  and(eq(c.shopId, held.shopId), eq(c.kind, held.kind), eq(c.leaseId, held.leaseId!));
