import {
  identityOf,
  talentTiers,
  type Page,
  type Talent,
  type TalentFacets,
  type TalentFilters,
  type TalentSortField,
} from '@inviteflow/contract';
import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { executePrepared, type Database, type Executor } from '../../db/client.ts';
import { talentCounts, talentFollowUps, talentLabels, talents } from './schema.ts';
import { countExactly, countWithinBudget, type CountResult } from '../../lib/counting.ts';
import { AppError } from '../../lib/errors.ts';
import { amongIds, pageOffset, withPlatformTalentIds } from '../../lib/sql.ts';
import { timeSorts, type Position, type SortOrder } from './cursor.ts';
import { isUnfiltered, talentConditions } from './filters-repository.ts';

const t = talents;

/** Every column but the search keys, which only the database needs. */
const { nameGrams: _nameGrams, ...rowColumns } = getTableColumns(talents);
export type TalentRow = Omit<typeof talents.$inferSelect, 'nameGrams'>;
export type TalentValues = Omit<typeof talents.$inferInsert, 'id'>;
export type FollowUpRow = typeof talentFollowUps.$inferSelect;

export const sortColumns = {
  addedAt: t.addedAt,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  fansCount: t.fansCount,
  videoAvgViews: t.videoAvgViews,
  videoGpmFen: t.videoGpmFen,
  liveAvgViews: t.liveAvgViews,
  liveGpmFen: t.liveGpmFen,
  businessAmountFen: t.businessAmountFen,
  dealCount: t.dealCount,
} as const satisfies Record<TalentSortField, unknown>;

export interface Walk {
  sort: TalentSortField;
  order: SortOrder;
  limit: number;
  /** Rows strictly after this one in `order`. */
  after?: Position | undefined;
  /** Rows skipped from the start (bounded by the caller). */
  offset?: number | undefined;
  /** Rows a name search reads from the covering index first (NAME_WINDOW; tests shrink it). */
  nameWindow?: number | undefined;
}

export type WalkedRow = TalentRow & { position: Position };

/**
 * A name search in the default order first reads this many entries of the covering
 * index (which carries the name and every filter column): a common piece of a name
 * ("王", "lily") fills a page within it.
 */
export const NAME_WINDOW = 10_000;
/** The widest second window, sized by the matches the first one found. */
export const NAME_WINDOW_MAX = 100_000;

/** Rows past a boundary row in the walk's order: a row comparison the index scan starts from. */
function boundaryAfter(column: PgColumn, isTime: boolean, order: SortOrder, after: Position): SQL {
  const value = isTime ? sql`${after.value}::timestamptz` : sql`${after.value}::bigint`;
  return order === 'asc'
    ? sql`(${column}, ${t.id}) > (${value}, ${after.id}::bigint)`
    : sql`(${column}, ${t.id}) < (${value}, ${after.id}::bigint)`;
}

/** A row's place in a sort, as cursors carry it (times as exact UTC text). */
function positionSql(column: PgColumn, isTime: boolean) {
  return isTime
    ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`${column}::text`;
}

/**
 * The ids of one page: only (sort value, id) and the filter columns are read, so
 * on an index that carries them (the default sort's) the scan touches no table
 * rows at all, however many it skips or filters out. As a subquery, the rows are
 * then read in the same statement.
 */
function pageIdsQuery(db: Executor, where: SQL, walk: Walk) {
  const column = sortColumns[walk.sort];
  const direction = walk.order === 'asc' ? asc : desc;
  const query = db
    .select({ id: t.id })
    .from(t)
    .where(where)
    .orderBy(direction(column), direction(t.id))
    .limit(walk.limit)
    .$dynamic();
  return walk.offset ? query.offset(walk.offset) : query;
}

/**
 * Name search in the default order, at a cost that does not grow with how common
 * the name is: (1) the next NAME_WINDOW entries of the covering index, filtered
 * without touching the table, stopping at a full page; (2) if that window found
 * some matches but not a page, one wider window sized by their density (a name
 * with other filters, say); (3) else the name is rare there, and the name index,
 * whose candidates are then few, answers the page.
 */
async function namePageIds(
  db: Executor,
  userId: number,
  filters: TalentFilters,
  walk: Walk,
): Promise<number[]> {
  const column = sortColumns[walk.sort];
  const isTime = timeSorts.has(walk.sort);
  const order = sql.raw(walk.order === 'asc' ? 'asc' : 'desc');
  const start = walk.after ? boundaryAfter(column, isTime, walk.order, walk.after) : undefined;
  // The outer filter cannot pass the inner LIMIT, so the window keeps its size; the
  // outer ORDER BY follows the index, so the scan stops as soon as a page is found.
  const matchesWithin = async (window: number) => {
    const result = await db.execute(sql`
      select id from (
        select ${t.id} as id, ${column} as sort_value,
               (${talentConditions(userId, filters, { nameGrams: false })}) as hit
        from ${t}
        where ${and(eq(t.userId, userId), start)}
        order by ${column} ${order}, ${t.id} ${order}
        limit ${window}
      ) w
      where hit
      order by sort_value ${order}, id ${order}
      limit ${walk.limit}`);
    return (result as unknown as { rows: Array<{ id: unknown }> }).rows.map((row) =>
      Number(row.id),
    );
  };
  const first = walk.nameWindow ?? NAME_WINDOW;
  let found = await matchesWithin(first);
  if (found.length >= walk.limit) return found;
  if (found.length > 0) {
    // Half as many again as the entries that many matches per entry need for a page.
    const wider = Math.ceil(((first * walk.limit) / found.length) * 1.5);
    if (wider <= (walk.nameWindow ? walk.nameWindow * 10 : NAME_WINDOW_MAX)) {
      found = await matchesWithin(wider);
      if (found.length >= walk.limit) return found;
    }
  }
  const rows = await pageIdsQuery(db, and(talentConditions(userId, filters), start)!, walk);
  return rows.map((row) => row.id);
}

/**
 * Rows in (sort column, id) order, optionally after a boundary row: a range scan of
 * the owner's (user_id, column, id) index at any depth, never a deep OFFSET. The
 * page's ids are found first and only those rows are then read, in one round trip
 * when the ids come from a single scan.
 */
export async function walkTalents(
  db: Executor,
  userId: number,
  filters: TalentFilters,
  walk: Walk,
): Promise<WalkedRow[]> {
  const column = sortColumns[walk.sort];
  const isTime = timeSorts.has(walk.sort);
  let page: SQL;
  if (filters.name && walk.sort === 'addedAt' && !walk.offset) {
    const ids = await namePageIds(db, userId, filters, walk);
    if (!ids.length) return [];
    page = inArray(t.id, ids);
  } else {
    const where = and(
      talentConditions(userId, filters),
      walk.after ? boundaryAfter(column, isTime, walk.order, walk.after) : undefined,
    )!;
    page = amongIds(t.id, pageIdsQuery(db, where, walk));
  }
  const direction = walk.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...rowColumns, key: positionSql(column, isTime) })
    .from(t)
    .where(and(eq(t.userId, userId), page))
    .orderBy(direction(column), direction(t.id));
  // Times leave the database as exact UTC text (microseconds), so a cursor is exact.
  return rows.map(({ key, ...row }) => ({
    ...row,
    position: { value: isTime ? key : Number(key), id: row.id },
  }));
}

export type TalentCount = CountResult;

/**
 * The number of talents a filter matches. The whole account is one row of
 * talent_counts; a filter is counted within a time budget (lib/counting.ts), beyond
 * which the planner's estimate answers, marked as such.
 */
export async function countTalents(
  db: Database,
  userId: number,
  filters: TalentFilters,
  options: { exact?: boolean; budgetMs?: number } = {},
): Promise<TalentCount> {
  const whole = async () => {
    const [row] = await db
      .select({ total: talentCounts.total })
      .from(talentCounts)
      .where(eq(talentCounts.userId, userId));
    return row?.total ?? 0;
  };
  if (isUnfiltered(filters)) return { total: await whole(), exact: true };
  const where = talentConditions(userId, filters);
  if (options.exact) return { total: await countExactly(db, t, where), exact: true };
  return countWithinBudget(db, t, where, whole, options.budgetMs);
}

/** At most this many shop names are offered as filter choices. */
export const FACET_SHOPS_MAX = 1_000;

/**
 * Shop names in use and the seller's own labels. Shop names come from a loose
 * index scan (one index probe per distinct name over (user_id, shop_name)), so the
 * cost follows the number of shops, not of talents.
 */
export async function talentFacets(db: Executor, userId: number): Promise<TalentFacets> {
  const shops = await db.execute<{ shop_name: string }>(sql`
    with recursive shops(shop_name, n) as (
      (select shop_name, 1 from talents where user_id = ${userId} and shop_name > ''
        order by shop_name limit 1)
      union all
      select (select t2.shop_name from talents t2
               where t2.user_id = ${userId} and t2.shop_name > s.shop_name
               order by t2.shop_name limit 1), s.n + 1
        from shops s
       where s.shop_name is not null and s.n < ${FACET_SHOPS_MAX}
    )
    select shop_name from shops where shop_name is not null`);
  // The currencies of synced business amounts (talents_user_currency_idx, a skip scan).
  const currencies = await db.execute<{ currency: string }>(sql`
    with recursive currencies(currency) as (
      (select figures_currency from talents where user_id = ${userId}
          and figures_currency is not null order by figures_currency limit 1)
      union all
      select (select t2.figures_currency from talents t2
               where t2.user_id = ${userId} and t2.figures_currency > c.currency
               order by t2.figures_currency limit 1)
        from currencies c
       where c.currency is not null
    )
    select currency from currencies where currency is not null`);
  const labels = await db
    .select({ name: talentLabels.name })
    .from(talentLabels)
    .where(eq(talentLabels.userId, userId))
    .orderBy(talentLabels.name);
  return {
    shopNames: (shops as unknown as { rows: Array<{ shop_name: string }> }).rows.map(
      (r) => r.shop_name,
    ),
    labels: labels.map((l) => l.name),
    currencies: (currencies as unknown as { rows: Array<{ currency: string }> }).rows.map(
      (r) => r.currency,
    ),
  };
}

export async function findTalent(
  db: Executor,
  userId: number,
  id: number,
): Promise<TalentRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.id, id)))
    .limit(1);
  return row;
}

/** The caller's talent with this identity, if any. */
export async function findByIdentity(
  db: Executor,
  userId: number,
  platform: string,
  platformTalentId: string,
): Promise<TalentRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(t)
    .where(
      and(eq(t.userId, userId), eq(t.platform, platform), eq(t.platformTalentId, platformTalentId)),
    )
    .limit(1);
  return row;
}

/** The caller's talents that hold this open id or 百应ID (either may be null: not asked). */
export async function findByIdentityKeys(
  db: Executor,
  userId: number,
  keys: { creatorOpenId: string | null; buyinId: string | null },
): Promise<TalentRow[]> {
  const wanted = [
    keys.creatorOpenId === null ? undefined : eq(t.creatorOpenId, keys.creatorOpenId),
    keys.buyinId === null ? undefined : eq(t.buyinId, keys.buyinId),
  ].filter((condition) => condition !== undefined);
  if (!wanted.length) return [];
  return db
    .select(rowColumns)
    .from(t)
    .where(and(eq(t.userId, userId), or(...wanted)));
}

/** The caller's talents holding any of these open ids (the import's uniqueness check). */
export async function findByOpenIds(
  db: Executor,
  userId: number,
  openIds: readonly string[],
): Promise<TalentRow[]> {
  if (!openIds.length) return [];
  return db
    .select(rowColumns)
    .from(t)
    .where(
      and(eq(t.userId, userId), sql`${t.creatorOpenId} = any(${sql.param([...openIds])}::text[])`),
    );
}

/** The caller's talents holding any of these 百应IDs (the import's uniqueness check). */
export async function findByBuyinIds(
  db: Executor,
  userId: number,
  buyinIds: readonly string[],
): Promise<TalentRow[]> {
  if (!buyinIds.length) return [];
  return db
    .select(rowColumns)
    .from(t)
    .where(and(eq(t.userId, userId), sql`${t.buyinId} = any(${sql.param([...buyinIds])}::text[])`));
}

/** The caller's talents of these platform talent ids (any platform). */
export async function findByPlatformIds(
  db: Executor,
  userId: number,
  platformTalentIds: readonly string[],
): Promise<TalentRow[]> {
  if (!platformTalentIds.length) return [];
  return db
    .select(rowColumns)
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        withPlatformTalentIds(t.platform, t.platformTalentId, platformTalentIds),
      ),
    );
}

/**
 * Locks the selected talents for the rest of the transaction. All of them must be
 * the caller's: otherwise 404 talentsNotFound, and the caller changes nothing.
 */
export async function lockOwnedTalents(
  tx: Executor,
  userId: number,
  ids: readonly number[],
): Promise<TalentRow[]> {
  const rows = await tx
    .select(rowColumns)
    .from(t)
    .where(and(eq(t.userId, userId), sql`${t.id} = any(${sql.param([...ids])}::bigint[])`))
    .orderBy(t.id)
    .for('update');
  if (rows.length !== new Set(ids).size) throw new AppError(404, 'error.talentsNotFound');
  return rows;
}

export async function lockTalent(
  tx: Executor,
  userId: number,
  id: number,
): Promise<TalentRow | undefined> {
  const [row] = await tx
    .select(rowColumns)
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.id, id)))
    .for('update');
  return row;
}

/**
 * Locks talents by id for the rest of the transaction, in id order (two writers lock their
 * common talents in the same order, never a deadlock): their owner and status. A talent gone
 * is left out.
 */
export async function lockTalentStatuses(
  tx: Executor,
  ids: readonly number[],
): Promise<Array<{ id: number; userId: number; status: string }>> {
  if (!ids.length) return [];
  // A platform sync's page runs it (talents/stage-moves.ts): prepared, one text for any count.
  const rows = await executePrepared<{ id: string | number; user_id: number; status: string }>(
    tx,
    sql`select ${t.id} as id, ${t.userId} as user_id, ${t.status} as status
          from ${t} where ${t.id} = any(${sql.param([...new Set(ids)])}::bigint[])
         order by ${t.id} for update`,
  );
  return rows.map((row) => ({ id: Number(row.id), userId: row.user_id, status: row.status }));
}

/** A talent as a creator's platform ids find it, with its account (a sync page spans accounts). */
export type CreatorIdentityRow = Pick<
  TalentIdentityRow,
  'id' | 'platformTalentId' | 'creatorOpenId' | 'buyinId'
> & { userId: number };

/**
 * The talents several accounts hold under these open ids and 百应IDs, in one statement of one
 * text whatever the counts (a platform sync's page, prepared: executePrepared), with only the
 * columns that say who they are.
 */
export async function talentIdentitiesByCreatorIds(
  tx: Executor,
  openIds: ReadonlyArray<{ userId: number; openId: string }>,
  buyinIds: ReadonlyArray<{ userId: number; buyinId: string }>,
): Promise<CreatorIdentityRow[]> {
  if (!openIds.length && !buyinIds.length) return [];
  const param = <T, V>(rows: readonly T[], pick: (row: T) => V) => sql.param(rows.map(pick));
  const rows = await executePrepared<{
    user_id: number;
    id: string | number;
    platform_talent_id: string;
    creator_open_id: string | null;
    buyin_id: string | null;
  }>(
    tx,
    // `is not null` lets the planner use the partial unique indexes (open id, 百应ID).
    sql`select t.user_id, t.id, t.platform_talent_id, t.creator_open_id, t.buyin_id
          from ${t} t
          join unnest(${param(openIds, (o) => o.userId)}::int[],
                      ${param(openIds, (o) => o.openId)}::text[]) as w(user_id, open_id)
            on t.user_id = w.user_id and t.creator_open_id = w.open_id
         where t.creator_open_id is not null
        union all
        select t.user_id, t.id, t.platform_talent_id, t.creator_open_id, t.buyin_id
          from ${t} t
          join unnest(${param(buyinIds, (b) => b.userId)}::int[],
                      ${param(buyinIds, (b) => b.buyinId)}::text[]) as w(user_id, buyin_id)
            on t.user_id = w.user_id and t.buyin_id = w.buyin_id
         where t.buyin_id is not null`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    id: Number(row.id),
    platformTalentId: row.platform_talent_id,
    creatorOpenId: row.creator_open_id,
    buyinId: row.buyin_id,
  }));
}

type NewFollowUp = Omit<typeof talentFollowUps.$inferInsert, 'id'>;

/**
 * Sets the statuses of several talents (each its own status and time) and writes follow-up
 * entries: one statement (a round trip counts more than the rows, docs/performance.md).
 */
export async function setStatusesWithFollowUps(
  tx: Executor,
  statuses: ReadonlyArray<{ id: number; userId: number; status: string; updatedAt: Date }>,
  entries: readonly NewFollowUp[],
): Promise<void> {
  if (!statuses.length && !entries.length) return;
  const moved = <T>(pick: (row: (typeof statuses)[number]) => T) => sql.param(statuses.map(pick));
  const entry = <T>(pick: (row: NewFollowUp) => T) => sql.param(entries.map(pick));
  // A platform sync's page runs it (talents/stage-moves.ts): prepared, one text for any count.
  await executePrepared(
    tx,
    sql`
    with moved as (
      update ${t} set status = v.status, updated_at = v.updated_at
        from unnest(${moved((row) => row.id)}::bigint[], ${moved((row) => row.userId)}::int[],
                    ${moved((row) => row.status)}::text[],
                    ${moved((row) => row.updatedAt.toISOString())}::timestamptz[])
             as v(id, user_id, status, updated_at)
       where ${t.id} = v.id and ${t.userId} = v.user_id
    )
    insert into ${talentFollowUps} (user_id, talent_id, author, content, status_at_time, event,
                                    created_at)
    select e.user_id, e.talent_id, e.author, e.content, e.status_at_time, e.event::jsonb,
           coalesce(e.created_at, now())
      from unnest(${entry((row) => row.userId)}::int[], ${entry((row) => row.talentId)}::bigint[],
                  ${entry((row) => row.author)}::text[], ${entry((row) => row.content)}::text[],
                  ${entry((row) => row.statusAtTime)}::text[],
                  ${entry((row) => (row.event ? JSON.stringify(row.event) : null))}::text[],
                  ${entry((row) => row.createdAt?.toISOString() ?? null)}::timestamptz[])
           with ordinality as e(user_id, talent_id, author, content, status_at_time, event,
                                created_at, n)
     order by e.n`,
  );
}

export async function insertTalent(tx: Executor, values: TalentValues): Promise<TalentRow> {
  const [row] = await tx.insert(t).values(values).returning(rowColumns);
  return row!;
}

export async function updateTalent(
  tx: Executor,
  userId: number,
  id: number,
  values: Partial<TalentValues>,
): Promise<TalentRow | undefined> {
  const [row] = await tx
    .update(t)
    .set(values)
    .where(and(eq(t.userId, userId), eq(t.id, id)))
    .returning(rowColumns);
  return row;
}

/** The same change to several of the caller's talents. */
export async function updateTalents(
  tx: Executor,
  userId: number,
  ids: readonly number[],
  values: Partial<TalentValues>,
): Promise<number> {
  const rows = await tx
    .update(t)
    .set(values)
    .where(and(eq(t.userId, userId), sql`${t.id} = any(${sql.param([...ids])}::bigint[])`))
    .returning({ id: t.id });
  return rows.length;
}

export async function deleteTalent(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(t)
    .where(and(eq(t.userId, userId), eq(t.id, id)))
    .returning({ id: t.id });
  return rows.length > 0;
}

const tiers: ReadonlySet<string> = new Set(talentTiers);

/** Remembers the seller's own labels as filter choices; tiers are fixed and not stored. */
export async function rememberLabels(
  tx: Executor,
  userId: number,
  labels: Iterable<string>,
): Promise<void> {
  const own = [...new Set(labels)].filter((label) => !tiers.has(label));
  if (!own.length) return;
  await tx
    .insert(talentLabels)
    .values(own.map((name) => ({ userId, name })))
    .onConflictDoNothing();
}

export async function listFollowUps(
  db: Executor,
  userId: number,
  talentId: number,
  page: number,
  pageSize: number,
): Promise<Page<FollowUpRow>> {
  const f = talentFollowUps;
  const where = and(eq(f.userId, userId), eq(f.talentId, talentId));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(f)
      .where(where)
      .orderBy(desc(f.createdAt), desc(f.id))
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(f)
      .where(where),
  ]);
  return { list: rows, total: counted?.total ?? 0, page, pageSize };
}

export async function insertFollowUp(
  tx: Executor,
  values: Omit<typeof talentFollowUps.$inferInsert, 'id'>,
): Promise<FollowUpRow> {
  const [row] = await tx.insert(talentFollowUps).values(values).returning();
  return row!;
}

export function toTalent(row: TalentRow): Talent {
  return {
    id: row.id,
    platform: row.platform as Talent['platform'],
    platformTalentId: row.platformTalentId,
    identity: identityOf(row),
    name: row.name,
    shopName: row.shopName,
    industry: row.industry as Talent['industry'],
    labels: row.labels,
    status: row.status as Talent['status'],
    statusBeforeBlacklist: row.statusBeforeBlacklist as Talent['statusBeforeBlacklist'],
    contactMethod: row.contactMethod as Talent['contactMethod'],
    contactInfo: row.contactInfo,
    fansCount: row.fansCount,
    videoAvgViews: row.videoAvgViews,
    videoGpmFen: row.videoGpmFen,
    liveAvgViews: row.liveAvgViews,
    liveGpmFen: row.liveGpmFen,
    businessAmountFen: row.businessAmountFen,
    dealCount: row.dealCount,
    figuresSyncedAt: row.figuresSyncedAt?.toISOString() ?? null,
    figuresCurrency: row.figuresCurrency,
    remark: row.remark,
    addedAt: row.addedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A talent's Creator Open ID learnt from the platform (its handle resolved by the creator
 * search before an invitation): kept when the talent has none and no other talent of the
 * account holds it (the open id is unique in an account). Answers whether it was kept.
 */
export async function rememberCreatorOpenId(
  db: Executor,
  userId: number,
  talentId: number,
  openId: string,
): Promise<boolean> {
  const rows = await db
    .update(talents)
    .set({ creatorOpenId: openId })
    .where(
      and(
        eq(talents.userId, userId),
        eq(talents.id, talentId),
        sql`${talents.creatorOpenId} is null`,
        sql`not exists (select 1 from ${talents} other where other.user_id = ${userId} and other.creator_open_id = ${openId})`,
      ),
    )
    .returning({ id: talents.id });
  return rows.length > 0;
}

/** The account's talents per status (the workplace's stats): a count over its talents. */
export async function talentsByStatus(
  db: Executor,
  userId: number,
): Promise<Array<{ status: string; count: number }>> {
  return db
    .select({ status: t.status, count: sql<number>`count(*)::int` })
    .from(t)
    .where(eq(t.userId, userId))
    .groupBy(t.status);
}

/** A talent's name and platform identity: what a task copies onto its records. */
const identityColumns = {
  id: t.id,
  name: t.name,
  platform: t.platform,
  platformTalentId: t.platformTalentId,
  creatorOpenId: t.creatorOpenId,
  buyinId: t.buyinId,
  buyinUid: t.buyinUid,
};

export interface TalentIdentityRow {
  id: number;
  name: string;
  platform: string;
  platformTalentId: string;
  creatorOpenId: string | null;
  buyinId: string | null;
  buyinUid: string | null;
}

/** The caller's talents of these ids (any order; ids not the caller's are left out). */
export async function talentIdentitiesByIds(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<TalentIdentityRow[]> {
  return db
    .select(identityColumns)
    .from(t)
    .where(and(eq(t.userId, userId), sql`${t.id} = any(${sql.param([...ids])}::bigint[])`));
}

/** The caller's talents matching the filters, newest added first, at most `limit`. */
export async function talentIdentitiesMatching(
  db: Executor,
  userId: number,
  filters: TalentFilters,
  limit: number,
): Promise<TalentIdentityRow[]> {
  return db
    .select(identityColumns)
    .from(t)
    .where(talentConditions(userId, filters))
    .orderBy(desc(t.addedAt), desc(t.id))
    .limit(limit);
}

/**
 * The figures the platform's affiliate orders give a talent (issue 19, affiliate-orders): its
 * business amount in `currency`'s minor unit and its deal count, marked synced at `at`. The
 * talent's `updated_at` stays: the seller did not edit it.
 */
export async function setPlatformFigures(
  tx: Executor,
  userId: number,
  id: number,
  figures: { businessAmountMinor: number; dealCount: number; currency: string; at: Date },
): Promise<void> {
  await tx
    .update(t)
    .set({
      businessAmountFen: figures.businessAmountMinor,
      dealCount: figures.dealCount,
      figuresCurrency: figures.currency,
      figuresSyncedAt: figures.at,
    })
    .where(and(eq(t.userId, userId), eq(t.id, id)));
}
