import {
  bindStatuses,
  type BindStatus,
  type Page,
  type Shop,
  type ShopPause,
  type ShopTab,
} from '@inviteflow/contract';
import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shops } from './schema.ts';
import { pageOffset } from '../../lib/sql.ts';

export type ShopRow = typeof shops.$inferSelect;
export type ShopValues = Omit<typeof shops.$inferInsert, 'id'>;

/** Shops of one seller. Every query takes the owner's id. */
const owned = (userId: number, id: number) => and(eq(shops.userId, userId), eq(shops.id, id));

export async function findShop(
  db: Executor,
  userId: number,
  id: number,
): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(owned(userId, id)).limit(1);
  return row;
}

export async function lockShop(
  tx: Executor,
  userId: number,
  id: number,
): Promise<ShopRow | undefined> {
  const [row] = await tx.select().from(shops).where(owned(userId, id)).for('update');
  return row;
}

/** The caller's shop of this platform and shop code, locked. */
export async function lockShopByIdentity(
  tx: Executor,
  userId: number,
  identity: { platform: string; shopCode: string },
): Promise<ShopRow | undefined> {
  const [row] = await tx
    .select()
    .from(shops)
    .where(
      and(
        eq(shops.userId, userId),
        eq(shops.platform, identity.platform),
        eq(shops.shopCode, identity.shopCode),
      ),
    )
    .for('update');
  return row;
}

/** Another account's binding of this shop now, locked (at most one: a partial unique index). */
export async function lockBoundElsewhere(
  tx: Executor,
  userId: number,
  identity: { platform: string; shopCode: string },
): Promise<ShopRow | undefined> {
  const [row] = await tx
    .select()
    .from(shops)
    .where(
      and(
        eq(shops.platform, identity.platform),
        eq(shops.shopCode, identity.shopCode),
        eq(shops.bindStatus, 'BOUND'),
        ne(shops.userId, userId),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export async function insertShop(tx: Executor, values: ShopValues): Promise<ShopRow> {
  const [row] = await tx.insert(shops).values(values).returning();
  return row!;
}

/** Changes one of the caller's shops; answers it as it now is (undefined: not the caller's). */
export async function updateShop(
  tx: Executor,
  userId: number,
  id: number,
  values: Partial<ShopValues>,
): Promise<ShopRow | undefined> {
  const [row] = await tx.update(shops).set(values).where(owned(userId, id)).returning();
  return row;
}

/** The accounts with more than `count` BOUND shops. */
export async function accountsBoundBeyond(db: Executor, count: number): Promise<number[]> {
  const rows = await db
    .select({ userId: shops.userId })
    .from(shops)
    .where(eq(shops.bindStatus, 'BOUND'))
    .groupBy(shops.userId)
    .having(sql`count(*) > ${count}`);
  return rows.map((row) => row.userId);
}

/** BOUND shops, most recently bound first (the order in which a smaller limit expires them). */
export async function boundShops(db: Executor, userId: number): Promise<ShopRow[]> {
  return db
    .select()
    .from(shops)
    .where(and(eq(shops.userId, userId), eq(shops.bindStatus, 'BOUND')))
    .orderBy(desc(shops.boundAt), desc(shops.id));
}

/**
 * Slots in use at `now`: BOUND shops, and UNBOUND shops before their next bind time
 * (`except`: a shop being bound again does not count against itself).
 */
export async function usedSlots(
  db: Executor,
  userId: number,
  now: Date,
  except?: number,
): Promise<{ used: number; bound: number }> {
  const [row] = await db
    .select({
      used: sql<number>`count(*)::int`,
      bound: sql<number>`(count(*) filter (where ${shops.bindStatus} = 'BOUND'))::int`,
    })
    .from(shops)
    .where(
      and(
        eq(shops.userId, userId),
        or(
          eq(shops.bindStatus, 'BOUND'),
          and(eq(shops.bindStatus, 'UNBOUND'), gt(shops.nextBindAt, now)),
        ),
        except === undefined ? undefined : ne(shops.id, except),
      ),
    );
  return { used: row?.used ?? 0, bound: row?.bound ?? 0 };
}

export async function countBoundShops(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(shops)
    .where(and(eq(shops.userId, userId), eq(shops.bindStatus, 'BOUND')));
  return row?.total ?? 0;
}

export type ShopCounts = Record<BindStatus, number>;

export async function shopCounts(db: Executor, userId: number): Promise<ShopCounts> {
  const rows = await db
    .select({ status: shops.bindStatus, total: sql<number>`count(*)::int` })
    .from(shops)
    .where(eq(shops.userId, userId))
    .groupBy(shops.bindStatus);
  const counts = Object.fromEntries(bindStatuses.map((s) => [s, 0])) as ShopCounts;
  for (const row of rows) counts[row.status as BindStatus] = row.total;
  return counts;
}

/** Every shop of the account, bound or not (tens, not millions), with its name and region. */
export async function accountShops(db: Executor, userId: number) {
  return db
    .select({
      id: shops.id,
      platform: shops.platform,
      shopName: shops.shopName,
      bindStatus: shops.bindStatus,
      platformRegion: shops.platformRegion,
    })
    .from(shops)
    .where(eq(shops.userId, userId))
    .orderBy(desc(shops.boundAt), desc(shops.id));
}

/** One page of a tab, most recently created first. A seller has tens of shops, not millions. */
export async function listShops(
  db: Executor,
  userId: number,
  args: { tab: ShopTab; page: number; pageSize: number },
): Promise<Page<ShopRow>> {
  const where = and(
    eq(shops.userId, userId),
    args.tab === 'all' ? undefined : eq(shops.bindStatus, args.tab),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(shops)
      .where(where)
      .orderBy(desc(shops.createdAt), desc(shops.id))
      .limit(args.pageSize)
      .offset(pageOffset(args.page, args.pageSize)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(shops)
      .where(where),
  ]);
  return { list: rows, total: counted?.total ?? 0, page: args.page, pageSize: args.pageSize };
}

/** Shops for an overview: bound first, then the most recently changed. */
export async function overviewShops(db: Executor, userId: number, limit: number) {
  return db
    .select()
    .from(shops)
    .where(eq(shops.userId, userId))
    .orderBy(sql`${shops.bindStatus} = 'BOUND' desc`, desc(shops.updatedAt), desc(shops.id))
    .limit(limit);
}

/**
 * A condition for another module's statement: the shop whose id is `shopId` (a column of that
 * statement) is BOUND. It is an EXISTS on shops written here, where shops are queried, rather
 * than a query of its own, because the statement that uses it must stay one: the browser claim
 * (platforms/actions/browser-repository.ts `nextBrowserAction`) picks and locks an action with
 * FOR UPDATE OF the actions SKIP LOCKED in the same statement that checks its shop. As with
 * the join of shops it replaces (same plan: PostgreSQL makes the EXISTS a semi-join), the
 * shop's row is read at the statement's snapshot, never locked; a read of the shops in a
 * statement of its own first would widen the window in which a shop unbound meanwhile still
 * has its action claimed.
 */
export function shopIsBound(shopId: AnyColumn): SQL {
  return sql`exists (select 1 from ${shops} where ${shops.id} = ${shopId} and ${shops.bindStatus} = 'BOUND')`;
}

/** A shop as the API shows it, with its platform pause when its actions wait (see platforms/actions). */
export function toShop(row: ShopRow, platformPause: ShopPause | null = null): Shop {
  return {
    id: row.id,
    platform: row.platform as Shop['platform'],
    shopName: row.shopName,
    siteName: row.siteName,
    shopCode: row.shopCode,
    bindStatus: row.bindStatus as BindStatus,
    boundAt: row.boundAt?.toISOString() ?? null,
    nextBindAt: row.nextBindAt?.toISOString() ?? null,
    source: row.source as Shop['source'],
    platformRegion: row.platformRegion,
    connectionId: row.connectionId,
    platformPause,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How a shop is reached on its platform's API, for the platform modules (no tokens here). */
export interface ShopPlatformLink {
  id: number;
  platform: string;
  shopName: string;
  bindStatus: BindStatus;
  platformShopId: string | null;
  platformCipher: string | null;
  platformRegion: string | null;
  connectionId: number | null;
}

export async function findShopPlatformLink(
  db: Executor,
  userId: number,
  shopId: number,
): Promise<ShopPlatformLink | undefined> {
  const [row] = await db
    .select({
      id: shops.id,
      platform: shops.platform,
      shopName: shops.shopName,
      bindStatus: shops.bindStatus,
      platformShopId: shops.platformShopId,
      platformCipher: shops.platformCipher,
      platformRegion: shops.platformRegion,
      connectionId: shops.connectionId,
    })
    .from(shops)
    .where(owned(userId, shopId))
    .limit(1);
  return row ? { ...row, bindStatus: row.bindStatus as BindStatus } : undefined;
}

/** The caller's shops served by these connections (id and connection). */
export async function shopsOfConnections(
  db: Executor,
  userId: number,
  connectionIds: readonly number[],
): Promise<Array<{ id: number; connectionId: number }>> {
  if (connectionIds.length === 0) return [];
  const rows = await db
    .select({ id: shops.id, connectionId: shops.connectionId })
    .from(shops)
    .where(and(eq(shops.userId, userId), inArray(shops.connectionId, [...connectionIds])))
    .orderBy(shops.id);
  return rows.map((row) => ({ id: row.id, connectionId: row.connectionId! }));
}

/**
 * Every shop bound and served by a platform connection, across accounts, as a query to embed
 * (columns `id`, `user_id`, `platform`): the platform syncs' start-up repair of their cursors
 * (platforms/sync) reads it in the statement that writes them.
 */
export function connectedShopsQuery(db: Executor) {
  return db
    .select({ id: shops.id, userId: shops.userId, platform: shops.platform })
    .from(shops)
    .where(and(eq(shops.bindStatus, 'BOUND'), isNotNull(shops.connectionId)));
}

/**
 * Which of these shops (any account's) are bound and served by a platform connection: the
 * shops whose claimed cursors the platform syncs run (platforms/sync). A connection that
 * stopped working still counts: the sync notes the failure on each, as the executor does.
 */
export async function connectedShops(
  db: Executor,
  ids: readonly number[],
): Promise<Array<{ shopId: number; userId: number; shopName: string; platform: string }>> {
  if (!ids.length) return [];
  return db
    .select({
      shopId: shops.id,
      userId: shops.userId,
      shopName: shops.shopName,
      platform: shops.platform,
    })
    .from(shops)
    .where(
      and(
        inArray(shops.id, [...ids]),
        eq(shops.bindStatus, 'BOUND'),
        isNotNull(shops.connectionId),
      ),
    )
    .orderBy(shops.id);
}

/** The names of these shops of the account (the workplace funnel's labels, issue 19). */
export async function shopNames(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: shops.id, name: shops.shopName })
    .from(shops)
    .where(and(eq(shops.userId, userId), inArray(shops.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}
