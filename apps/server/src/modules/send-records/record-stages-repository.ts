import { recordStages, recordStageTimes, type RecordStage } from '@inviteflow/contract';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '../../db/client.ts';
import { creatorEvents, recordStageCounts, sendRecords as r } from './schema.ts';

/** The queries of record stages (record-stages.ts): creator events, stage times, funnel counts. */

/** A platform fact to write (creator_events), as record-stages.ts found its record and talent. */
export type NewCreatorEvent = Omit<typeof creatorEvents.$inferInsert, 'id' | 'createdAt'>;

/** The identity of a fact in its shop (creator_events is unique by it). */
export function factKey(shopId: number, kind: string, platformKey: string): string {
  return `${shopId}:${kind}:${platformKey}`;
}

/** Where an answer's record is looked for: the shop's records of a talent ID (see lockStageTargets). */
export interface StageLookup {
  userId: number;
  shopId: number;
  platformTalentId: string;
  reference?: { targetCollaborationId?: string; planId?: string } | undefined;
}

/** A record an answer belongs to, locked: its stage and the time of each stage reached. */
export interface StageTarget {
  id: number;
  taskId: number;
  talentId: number | null;
  stage: string | null;
  times: Record<RecordStage, Date | null>;
}

const stageColumns = recordStages.map((stage) => [stage, r[recordStageTimes[stage]]] as const);

/**
 * The records a page's answers belong to, and which of its facts the shops already have, in
 * one statement. For each lookup, the shop's latest successful invitation of this talent ID,
 * the one of the named collaboration or plan first when the platform names it (`distinct on`
 * the lookup). Locked, in id order (two pages lock their common records in the same order,
 * never a deadlock), so two answers about one record apply one after the other. Answers the
 * targets per lookup, in the lookups' order (null when none), and the facts already kept
 * (factKey). The caller holds the accounts' creator-loop lock (every writer of creator_events
 * does), so what it reads of the facts stays true until it commits.
 */
export async function lockStageTargets(
  tx: Executor,
  lookups: readonly StageLookup[],
  facts: ReadonlyArray<{ shopId: number; kind: string; platformKey: string }>,
): Promise<{ targets: Array<StageTarget | null>; known: Set<string> }> {
  if (!lookups.length && !facts.length) return { targets: [], known: new Set() };
  const column = <T>(pick: (l: StageLookup) => T) => sql.param(lookups.map(pick));
  const fact = <T>(pick: (f: (typeof facts)[number]) => T) => sql.param(facts.map(pick));
  const times = sql.join(
    stageColumns.map(([, time]) => sql`${time}`),
    sql`, `,
  );
  // Not prepared (executePrepared): prepared, the sync ran about three times slower in
  // `npm run bench -- sync`. A generic plan is made once from the statistics of its moment
  // (creator_events starts empty and grows by the sync itself) and kept until they change.
  const result = await tx.execute(sql`
    with locked as (
    select pick.n, ${r.id} as id, ${r.taskId} as task_id, ${r.talentId} as talent_id,
           ${r.stage} as stage, ${times}
      from ${r}
      join (
        select distinct on (v.n) v.n, c.id
          from unnest(${column((l) => l.userId)}::int[], ${column((l) => l.shopId)}::int[],
                      ${column((l) => l.platformTalentId)}::text[],
                      ${column((l) => l.reference?.targetCollaborationId ?? null)}::text[],
                      ${column((l) => (l.reference?.targetCollaborationId ? null : (l.reference?.planId ?? null)))}::text[])
               with ordinality as v(user_id, shop_id, platform_talent_id, collaboration, plan, n)
          join ${r} c
            on c.user_id = v.user_id and c.shop_id = v.shop_id
           and c.platform_talent_id = v.platform_talent_id and c.status = 'success'
         -- The named collaboration or plan first (a record without a reference is not it).
         order by v.n,
                  coalesce((c.platform_reference ->> 'targetCollaborationId') = v.collaboration
                           or (c.platform_reference ->> 'planId') = v.plan, false) desc,
                  c.created_at desc, c.id desc
      ) pick on pick.id = ${r.id}
     order by ${r.id}
       for update of ${r}
    ), known as (
      select coalesce(json_agg(json_build_array(e.shop_id, e.kind, e.platform_key)), '[]') as known
        from ${creatorEvents} e
        join unnest(${fact((f) => f.shopId)}::int[], ${fact((f) => f.kind)}::text[],
                    ${fact((f) => f.platformKey)}::text[]) as f(shop_id, kind, platform_key)
          on e.shop_id = f.shop_id and e.kind = f.kind and e.platform_key = f.platform_key
    )
    select known.known, locked.* from known left join locked on true`);
  const targets: Array<StageTarget | null> = lookups.map(() => null);
  const known = new Set<string>();
  for (const row of (result as unknown as { rows: Array<Record<string, unknown>> }).rows) {
    const kept = (typeof row.known === 'string' ? JSON.parse(row.known) : row.known) as Array<
      [number, string, string]
    >;
    for (const [shopId, kind, platformKey] of kept) known.add(factKey(shopId, kind, platformKey));
    if (row.n === null) continue;
    const at = (value: unknown) => (value === null ? null : new Date(value as string | Date));
    targets[Number(row.n) - 1] = {
      id: Number(row.id),
      taskId: Number(row.task_id),
      talentId: row.talent_id === null ? null : Number(row.talent_id),
      stage: (row.stage as string | null) ?? null,
      times: Object.fromEntries(
        stageColumns.map(([stage, time]) => [stage, at(row[time.name])]),
      ) as Record<RecordStage, Date | null>,
    };
  }
  return { targets, known };
}

/** A record's stages after a page's answers: its furthest stage and each stage's first time. */
export interface ReachedStages {
  id: number;
  stage: string;
  times: Record<RecordStage, Date | null>;
  updatedAt: Date;
}

/**
 * Writes what a page's answers did, in one statement (a round trip counts more than the rows,
 * docs/performance.md): its new facts (creator_events; `on conflict do nothing` only in case:
 * lockStageTargets told which are new), the stages they moved its records to (`update … from
 * unnest`, the records locked by lockStageTargets: their whole stage state is written as the
 * caller computed it from the locked rows) and the funnel counts of the stages reached (as
 * countStages).
 */
export async function writeStages(
  tx: Executor,
  facts: readonly NewCreatorEvent[],
  records: readonly ReachedStages[],
  reached: ReadonlyArray<{ userId: number; taskId: number; stage: string }>,
): Promise<void> {
  if (!facts.length && !records.length && !reached.length) return;
  const f = <T>(pick: (x: NewCreatorEvent) => T) => sql.param(facts.map(pick));
  const column = <T>(pick: (x: ReachedStages) => T) => sql.param(records.map(pick));
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  const sets = sql.join(
    stageColumns.map(([, time]) => {
      const name = sql.identifier(time.name);
      return sql`${name} = v.${name}`;
    }),
    sql`, `,
  );
  const names = sql.join(
    stageColumns.map(([, time]) => sql.identifier(time.name)),
    sql`, `,
  );
  const arrays = sql.join(
    stageColumns.map(([stage]) => sql`${column((x) => iso(x.times[stage]))}::timestamptz[]`),
    sql`, `,
  );
  const counts = tally(reached);
  const count = <T>(pick: (x: (typeof counts)[number]) => T) => sql.param(counts.map(pick));
  // A platform sync's page runs it: prepared (executePrepared), one text for any page.
  await executePrepared(
    tx,
    sql`
    with facts as (
      insert into ${creatorEvents} (user_id, shop_id, kind, platform_key, record_id, task_id,
                                   talent_id, occurred_at)
      select * from unnest(${f((x) => x.userId)}::int[], ${f((x) => x.shopId)}::int[],
                           ${f((x) => x.kind)}::text[], ${f((x) => x.platformKey)}::text[],
                           ${f((x) => x.recordId ?? null)}::bigint[],
                           ${f((x) => x.taskId ?? null)}::bigint[],
                           ${f((x) => x.talentId ?? null)}::bigint[],
                           ${f((x) => new Date(x.occurredAt).toISOString())}::timestamptz[])
      on conflict do nothing
    ), moved as (
      update ${r} set stage = v.stage, updated_at = v.updated_at, ${sets}
        from unnest(${column((x) => x.id)}::bigint[], ${column((x) => x.stage)}::text[],
                    ${column((x) => x.updatedAt.toISOString())}::timestamptz[], ${arrays})
             as v(id, stage, updated_at, ${names})
       where ${r.id} = v.id
    )
    insert into ${recordStageCounts} (user_id, task_id, stage, count)
    select c.user_id, c.task_id, c.stage, c.count
      from unnest(${count((x) => x.userId)}::int[], ${count((x) => x.taskId)}::bigint[],
                  ${count((x) => x.stage)}::text[], ${count((x) => x.count)}::bigint[])
           with ordinality as c(user_id, task_id, stage, count, n)
     order by c.n
        on conflict (task_id, stage) do update
       set count = ${recordStageCounts}.count + excluded.count`,
  );
}

/** Counts per task and stage, in task and stage order (the order their rows are locked in). */
function tally(
  rows: ReadonlyArray<{ userId: number; taskId: number; stage: string }>,
): Array<{ userId: number; taskId: number; stage: string; count: number }> {
  const byKey = new Map<string, { userId: number; taskId: number; stage: string; count: number }>();
  for (const row of rows) {
    const key = `${row.taskId}:${row.stage}`;
    const entry = byKey.get(key) ?? { ...row, count: 0 };
    entry.count++;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort(
    (a, b) => a.taskId - b.taskId || (a.stage < b.stage ? -1 : a.stage > b.stage ? 1 : 0),
  );
}

/**
 * Adds to tasks' funnel counts (record_stage_counts; `sent` included): one multi-row upsert,
 * in task and stage order (two writers lock the count rows in the same order, never a
 * deadlock).
 */
export async function countStages(
  tx: Executor,
  rows: ReadonlyArray<{ userId: number; taskId: number; stage: string }>,
): Promise<void> {
  if (!rows.length) return;
  const values = tally(rows);
  await tx
    .insert(recordStageCounts)
    .values(values)
    .onConflictDoUpdate({
      target: [recordStageCounts.taskId, recordStageCounts.stage],
      set: { count: sql`${recordStageCounts.count} + excluded.count` },
    });
}

/**
 * The invitation an affiliate order is attributed to (issue 19, affiliate-orders): the shop's
 * latest successful record of this talent ID sent before the order, the one of the order's
 * target collaboration first when the platform names it. With its first-order time, so the
 * caller tells a talent's first order after an invitation.
 */
export async function invitationOfOrder(
  db: Executor,
  where: {
    userId: number;
    shopId: number;
    platformTalentId: string;
    orderedAt: Date;
    targetCollaborationId?: string | null;
  },
): Promise<{ recordId: number; taskId: number; firstOrderAt: Date | null } | null> {
  // A record without a reference is not the named one (coalesce: `desc` puts nulls first).
  const refMatch = where.targetCollaborationId
    ? sql`coalesce((${r.platformReference} ->> 'targetCollaborationId') = ${where.targetCollaborationId}, false)`
    : null;
  const [row] = await db
    .select({ recordId: r.id, taskId: r.taskId, firstOrderAt: r.firstOrderAt })
    .from(r)
    .where(
      and(
        eq(r.userId, where.userId),
        eq(r.shopId, where.shopId),
        eq(r.platformTalentId, where.platformTalentId),
        eq(r.status, 'success'),
        lte(r.createdAt, where.orderedAt),
      ),
    )
    .orderBy(...(refMatch ? [desc(refMatch)] : []), desc(r.createdAt), desc(r.id))
    .limit(1);
  return row ?? null;
}
