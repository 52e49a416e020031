import { randomUUID } from 'node:crypto';
import type { PlatformActionKind, PlatformAnswer, PlatformReference } from '@inviteflow/contract';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { platformActions, platformShopPauses } from './schema.ts';

/**
 * The platform actions and the shops' pauses: the only place their tables are queried.
 */

const a = platformActions;
const p = platformShopPauses;

export type ActionRow = typeof platformActions.$inferSelect;
export type NewAction = Omit<typeof platformActions.$inferInsert, 'id'>;
export type PauseRow = typeof platformShopPauses.$inferSelect;

export async function insertActions(tx: Executor, values: NewAction[]): Promise<ActionRow[]> {
  if (!values.length) return [];
  const rows = await tx.insert(a).values(values).returning();
  return rows.sort((x, y) => x.id - y.id);
}

function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows ?? (result as T[]);
  return Array.isArray(rows) ? rows : [];
}

/** Claimable now: pending and due, or running under a lapsed lease (its executor died). */
const claimable = (now: Date) =>
  or(
    and(eq(a.status, 'pending'), or(isNull(a.notBefore), lte(a.notBefore, now))),
    and(eq(a.status, 'running'), sql`${a.leasedUntil} < ${now.toISOString()}::timestamptz`),
  )!;

/**
 * Claims up to `limit` actions, at most `perShop` of a shop at once with those this executor
 * already runs (`running`, by shop), none of a paused shop, each under a lease. Rows are
 * taken with FOR UPDATE SKIP LOCKED: replicas claiming at once never get the same action.
 *
 * Which ones: the least busy shops first, then the shop served longest ago (round robin),
 * each shop's oldest first. A shop's claimable actions are numbered after the ones it has
 * running, and the claim takes the lowest numbers: a shop whose task just arrived gets the
 * next free slot before one more action of a shop already running some. Ordered by age
 * alone, the oldest tasks' shops kept every slot (32 slots: 8 shops of 4) and a 100-shop run
 * started the last shops' tasks only when the first ones were done. Among shops equally
 * busy, the one this executor served longest ago (`served`: a number that grows with each
 * claim; a shop not in it was never served, so it comes first) goes before the others, then
 * the oldest action: without it a shop whose action just finished won its slot back at once
 * (its next action older than a later shop's first), and a 100-shop run waited 417 s at
 * p50 for its first call.
 *
 * The candidates are read shop by shop from the open-actions index (shop_id, id): the shops
 * with open actions by a skip scan, then each one's first claimable actions. With many open
 * actions (100 shops × 100 collaborations of a 5,000-talent task) this reads a few entries a
 * shop instead of numbering every open action on each claim (`npm run bench -- platforms`,
 * docs/performance.md "Platform actions").
 */
export async function claimActions(
  tx: Executor,
  now: Date,
  options: {
    limit: number;
    perShop: number;
    leaseMs: number;
    running: ReadonlyMap<number, number>;
    /** When this executor last claimed an action of each shop (larger is later). */
    served?: ReadonlyMap<number, number>;
  },
): Promise<ActionRow[]> {
  const at = now.toISOString();
  const served = options.served ?? new Map<number, number>();
  const busyShops = [...new Set([...options.running.keys(), ...served.keys()])];
  const busyCounts = busyShops.map((shopId) => options.running.get(shopId) ?? 0);
  const servedAt = busyShops.map((shopId) => served.get(shopId) ?? 0);
  // The executor runs `api` actions only: a browser action is the extension's (issue 17).
  const open = sql`${a.status} in ('pending', 'running') and ${a.channel} = 'api'`;
  const candidates = rowsOf<{ id: number | string }>(
    await tx.execute(sql`
      with recursive open_shops as (
        (select ${a.shopId} as shop_id from ${a} where ${open} order by ${a.shopId} limit 1)
        union all
        select (select ${a.shopId} from ${a}
                 where ${open} and ${a.shopId} > open_shops.shop_id
                 order by ${a.shopId} limit 1)
          from open_shops where open_shops.shop_id is not null
      ),
      busy as (
        select * from unnest(${sql.param(busyShops)}::int[], ${sql.param(busyCounts)}::int[],
                             ${sql.param(servedAt)}::bigint[])
          as b(shop_id, running, served)
      ),
      shops as (
        select open_shops.shop_id, coalesce(busy.running, 0) as running,
               coalesce(busy.served, 0) as served
          from open_shops left join busy on busy.shop_id = open_shops.shop_id
         where open_shops.shop_id is not null
           and coalesce(busy.running, 0) < ${options.perShop}
           and not exists (
             select 1 from ${p}
              where ${p.shopId} = open_shops.shop_id
                and (${p.resumesAt} is null or ${p.resumesAt} > ${at}::timestamptz))
      )
      select c.id from shops
       cross join lateral (
         select ${a.id} as id, shops.running + row_number() over (order by ${a.id}) as rank,
                shops.served
           from ${a}
          where ${a.shopId} = shops.shop_id and ${open} and ${claimable(now)}
          order by ${a.id} limit ${options.perShop} - shops.running) c
       order by c.rank, c.served, c.id limit ${options.limit}`),
  );
  if (!candidates.length) return [];
  const ids = candidates.map((row) => Number(row.id));
  // Locked (SKIP LOCKED: another replica's claim of the moment keeps its own) and leased in
  // one statement.
  const taken = tx
    .select({ id: a.id })
    .from(a)
    .where(and(inArray(a.id, ids), claimable(now)))
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(a)
    .set({
      status: 'running',
      leaseId: randomUUID(),
      leasedUntil: new Date(now.getTime() + options.leaseMs),
      attempts: sql`${a.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(a.id, taken))
    .returning();
  return rows.sort((x, y) => x.id - y.id);
}

/** The action, locked, if this executor still holds its lease. */
export async function lockHeldAction(
  tx: Executor,
  id: number,
  leaseId: string,
): Promise<ActionRow | null> {
  const [row] = await tx
    .select()
    .from(a)
    .where(and(eq(a.id, id), eq(a.leaseId, leaseId), eq(a.status, 'running')))
    .for('update');
  return row ?? null;
}

export async function updateAction(
  tx: Executor,
  id: number,
  values: Partial<Omit<ActionRow, 'id' | 'userId' | 'taskId' | 'shopId'>>,
): Promise<ActionRow> {
  const [row] = await tx.update(a).set(values).where(eq(a.id, id)).returning();
  return row!;
}

/** Marks that a call which may change the platform is about to be sent (see platformActions). */
export async function markCallStarted(
  tx: Executor,
  id: number,
  leaseId: string,
  progress: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(a)
    .set({ callStartedAt: now, progress, updatedAt: now })
    .where(and(eq(a.id, id), eq(a.leaseId, leaseId), eq(a.status, 'running')))
    .returning({ id: a.id });
  return rows.length > 0;
}

export async function finishAction(
  tx: Executor,
  id: number,
  outcome: {
    status: 'succeeded' | 'failed';
    reference: PlatformReference | null;
    errorCode: string | null;
    answer: PlatformAnswer | null;
    progress?: Record<string, unknown>;
    /** The talents it carried to the end (kept: its records may move on to a next action). */
    talents?: number;
  },
  now: Date,
): Promise<void> {
  const kept =
    outcome.talents === undefined
      ? {}
      : {
          progress: sql`${a.progress} || ${JSON.stringify({ talents: outcome.talents })}::jsonb`,
        };
  await tx
    .update(a)
    .set({
      ...kept,
      status: outcome.status,
      reference: outcome.reference,
      errorCode: outcome.errorCode,
      answer: outcome.answer,
      ...(outcome.progress ? { progress: outcome.progress } : {}),
      leaseId: null,
      leasedUntil: null,
      callStartedAt: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(a.id, id));
}

/** Back to pending (a run-level stop, or a step done), due at `notBefore`. */
export async function requeueAction(
  tx: Executor,
  id: number,
  values: {
    notBefore: Date | null;
    errorCode?: string | null;
    answer?: PlatformAnswer | null;
    progress?: Record<string, unknown>;
    name?: string;
    keepCallStarted?: boolean;
  },
  now: Date,
): Promise<void> {
  await tx
    .update(a)
    .set({
      status: 'pending',
      notBefore: values.notBefore,
      leaseId: null,
      leasedUntil: null,
      ...(values.keepCallStarted ? {} : { callStartedAt: null }),
      ...(values.errorCode !== undefined ? { errorCode: values.errorCode } : {}),
      ...(values.answer !== undefined ? { answer: values.answer } : {}),
      ...(values.progress ? { progress: values.progress } : {}),
      ...(values.name !== undefined ? { name: values.name } : {}),
      updatedAt: now,
    })
    .where(eq(a.id, id));
}

/** A task's actions, in order (at most `limit`), and their counts by status. */
export async function taskActions(
  db: Executor,
  userId: number,
  taskId: number,
  limit: number,
): Promise<{ rows: ActionRow[]; counts: Record<string, number> }> {
  const where = and(eq(a.userId, userId), eq(a.taskId, taskId));
  const [rows, counted] = await Promise.all([
    db.select().from(a).where(where).orderBy(asc(a.id)).limit(limit),
    db
      .select({ status: a.status, total: sql<number>`count(*)::int` })
      .from(a)
      .where(where)
      .groupBy(a.status),
  ]);
  return { rows, counts: Object.fromEntries(counted.map((c) => [c.status, c.total])) };
}

/** The kinds and page packs of a task's actions that wait (pending) for a browser. */
export async function waitingTaskPacks(
  db: Executor,
  userId: number,
  taskId: number,
): Promise<Array<{ kind: PlatformActionKind; packId: string }>> {
  const rows = await db
    .select({ kind: a.kind, packId: a.packId })
    .from(a)
    .where(
      and(eq(a.userId, userId), eq(a.taskId, taskId), eq(a.status, 'pending'), isNotNull(a.packId)),
    )
    .groupBy(a.kind, a.packId);
  return rows.map((row) => ({ kind: row.kind as PlatformActionKind, packId: row.packId! }));
}

/** How many talents each action carries now (its open records, or all once final). */
export async function actionTalentCounts(
  db: Executor,
  actionIds: readonly number[],
): Promise<Map<number, number>> {
  if (!actionIds.length) return new Map();
  const rows = rowsOf<{ action_id: number | string; total: number | string }>(
    await db.execute(sql`
      select action_id, count(*)::int as total from send_records
       where action_id = any(${sql.param([...actionIds])}::bigint[])
       group by action_id`),
  );
  return new Map(rows.map((row) => [Number(row.action_id), Number(row.total)]));
}

// -------------------------------------------------------------------------------------------
// Shop pauses
// -------------------------------------------------------------------------------------------

export async function upsertPause(tx: Executor, pause: PauseRow): Promise<void> {
  await tx
    .insert(p)
    .values(pause)
    .onConflictDoUpdate({
      target: p.shopId,
      set: {
        reason: pause.reason,
        resumesAt: pause.resumesAt,
        timeZone: pause.timeZone,
        answer: pause.answer,
        since: pause.since,
      },
    });
}

/** The pauses in force of these shops of the account (a lapsed one is gone). */
export async function pausesOf(
  db: Executor,
  userId: number,
  shopIds: readonly number[],
  now: Date,
): Promise<PauseRow[]> {
  if (!shopIds.length) return [];
  return db
    .select()
    .from(p)
    .where(
      and(
        eq(p.userId, userId),
        inArray(p.shopId, [...shopIds]),
        or(isNull(p.resumesAt), sql`${p.resumesAt} > ${now.toISOString()}::timestamptz`),
      ),
    );
}

/** The shop's calls succeed again: its pause (if any) is over. */
export async function clearPause(tx: Executor, shopId: number): Promise<void> {
  await tx.delete(p).where(eq(p.shopId, shopId));
}

/** Lifts the pauses of these shops that wait for the seller's authorization. */
export async function liftAuthorizationPauses(
  db: Executor,
  userId: number,
  shopIds: readonly number[],
): Promise<number> {
  if (!shopIds.length) return 0;
  const rows = await db
    .delete(p)
    .where(
      and(
        eq(p.userId, userId),
        inArray(p.shopId, [...shopIds]),
        inArray(p.reason, ['authorization_revoked', 'authorization_scope_missing']),
      ),
    )
    .returning({ shopId: p.shopId });
  return rows.length;
}

/**
 * What a shop's succeeded actions of one kind made on the platform since `since`, in action id
 * order after `afterActionId` (the platform syncs page through them): the action, its task and
 * the platform's id its reference holds (`target_collaboration` → the target collaboration;
 * 抖店 `orien_plan`, made or found → the 定向计划).
 */
async function createdReferences(
  db: Executor,
  shopId: number,
  kind: 'target_collaboration' | 'orien_plan',
  key: 'targetCollaborationId' | 'planId',
  options: { afterActionId: number; since: Date; limit: number },
): Promise<Array<{ actionId: number; taskId: number; id: string }>> {
  const a = platformActions;
  const rows = await db
    .select({ actionId: a.id, taskId: a.taskId, reference: a.reference })
    .from(a)
    .where(
      and(
        eq(a.shopId, shopId),
        eq(a.kind, kind),
        eq(a.status, 'succeeded'),
        sql`${a.id} > ${options.afterActionId}`,
        sql`${a.createdAt} >= ${options.since}`,
        sql`${a.reference} ->> ${key} is not null`,
      ),
    )
    .orderBy(asc(a.id))
    .limit(options.limit);
  return rows.map((row) => ({
    actionId: row.actionId,
    taskId: row.taskId,
    id: row.reference![key]!,
  }));
}

/** A shop's target collaborations our actions created (tiktok.collaborations reads them). */
export async function createdCollaborations(
  db: Executor,
  shopId: number,
  options: { afterActionId: number; since: Date; limit: number },
): Promise<Array<{ actionId: number; taskId: number; collaborationId: string }>> {
  const rows = await createdReferences(
    db,
    shopId,
    'target_collaboration',
    'targetCollaborationId',
    options,
  );
  return rows.map(({ id, ...row }) => ({ ...row, collaborationId: id }));
}

/** A shop's 定向计划 our actions made or found (douyin.plan_authors reads them). */
export async function createdPlans(
  db: Executor,
  shopId: number,
  options: { afterActionId: number; since: Date; limit: number },
): Promise<Array<{ actionId: number; taskId: number; planId: string }>> {
  const rows = await createdReferences(db, shopId, 'orien_plan', 'planId', options);
  return rows.map(({ id, ...row }) => ({ ...row, planId: id }));
}
