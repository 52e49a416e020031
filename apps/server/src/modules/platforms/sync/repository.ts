import { randomUUID } from 'node:crypto';
import type { PlatformAnswer } from '@inviteflow/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { connectedShopsQuery } from '../../shops/index.ts';
import { platformSyncCursors as c, platformSyncKinds as k } from './schema.ts';

/**
 * Where each shop's syncs stand: the only place platform_sync_cursors and platform_sync_kinds
 * are queried (the shops trigger of migration 0032 aside).
 */

export type SyncCursorRow = typeof c.$inferSelect;

/**
 * The kinds this server syncs, per platform: the table the shops trigger makes cursors from
 * (migration 0032). Kinds no longer synced are dropped from it.
 */
export async function saveKinds(
  db: Executor,
  kinds: ReadonlyArray<{ kind: string; platform: string }>,
): Promise<void> {
  const names = kinds.map((k) => k.kind);
  await db
    .delete(k)
    .where(names.length ? sql`${k.kind} <> all(${sql.param(names)}::text[])` : sql`true`);
  if (!kinds.length) return;
  await db
    .insert(k)
    .values([...kinds])
    .onConflictDoUpdate({ target: k.kind, set: { platform: sql`excluded.platform` } });
}

/**
 * The start-up repair (the trigger keeps cursors from then on): every connected shop (BOUND,
 * with a connection) has a cursor of each kind of its platform, due now when new; no other
 * shop has any, and no cursor is left of a kind no longer synced. Two statements, whatever the
 * number of shops; answers how many cursors it made and dropped (0 and 0 once repaired).
 */
export async function repairCursors(
  db: Executor,
  now: Date,
): Promise<{ made: number; dropped: number }> {
  const connected = connectedShopsQuery(db);
  const made = await db.execute(sql`
    insert into ${c} (shop_id, kind, user_id, due_at, created_at, updated_at)
    select s.id, ${k.kind}, s.user_id, ${now}, ${now}, ${now}
      from (${connected}) s join ${k} on ${k.platform} = s.platform
    on conflict do nothing
    returning 1`);
  const dropped = await db.execute(sql`
    delete from ${c}
     where not exists (select 1 from ${k} where ${k.kind} = ${c.kind})
        or not exists (select 1 from (${connected}) s where s.id = ${c.shopId})
    returning 1`);
  return { made: affected(made), dropped: affected(dropped) };
}

/** The rows a statement returned, as either driver (pg, PGlite) answers it. */
function affected(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  return Array.isArray(rows) ? rows.length : 0;
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
