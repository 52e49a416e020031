import { randomBytes, randomInt } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import {
  sandboxTtsAccessTokens,
  sandboxTtsApps,
  sandboxTtsAuthCodes,
  sandboxTtsAuthorizations,
  sandboxTtsCalls,
  sandboxTtsCollaborationCreators,
  sandboxTtsCollaborationProducts,
  sandboxTtsCollaborations,
  sandboxTtsConnectedCreators,
  sandboxTtsConversations,
  sandboxTtsMessages,
  sandboxTtsOrders,
  sandboxTtsProducts,
  sandboxTtsQuotaUses,
  sandboxTtsSampleApplications,
  sandboxTtsShopTallies,
  sandboxTtsShops,
} from './schema.ts';
import { productSeeds, sandboxSellers, type SandboxSeller, type ShopLimits } from './catalogue.ts';

/**
 * Every query on the sandbox's tables (sandbox_tts_*), and nothing else queries them.
 * Functions take the database or an open transaction.
 */

export type SandboxApp = typeof sandboxTtsApps.$inferSelect;
export type SandboxShop = typeof sandboxTtsShops.$inferSelect;
export type SandboxProduct = typeof sandboxTtsProducts.$inferSelect;
export type SandboxAuthorization = typeof sandboxTtsAuthorizations.$inferSelect;
export type SandboxConversation = typeof sandboxTtsConversations.$inferSelect;
export type SandboxMessage = typeof sandboxTtsMessages.$inferSelect;
export type SandboxCallRow = typeof sandboxTtsCalls.$inferSelect;
export type SandboxSampleApplication = typeof sandboxTtsSampleApplications.$inferSelect;

// --- the sandbox app --------------------------------------------------------------------

function digits(count: number): string {
  let out = String(randomInt(1, 10));
  for (let i = 1; i < count; i++) out += String(randomInt(0, 10));
  return out;
}

/**
 * The sandbox app, created on first use and kept, so every replica and restart signs with
 * the same secret. Two processes creating it at once may both insert; every reader takes
 * the oldest row, so all agree. App keys look like `29a39d` / `6a6xxx` in the documents
 * (short lowercase alphanumerics), secrets like 40 hex characters, service ids 19 digits.
 */
export async function sandboxApp(db: Executor): Promise<SandboxApp> {
  const read = async () =>
    (
      await db
        .select()
        .from(sandboxTtsApps)
        .orderBy(asc(sandboxTtsApps.createdAt), asc(sandboxTtsApps.appKey))
        .limit(1)
    )[0];
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(sandboxTtsApps)
    .values({
      appKey: `6${randomBytes(6).toString('hex').slice(0, 12)}`,
      appSecret: randomBytes(20).toString('hex'),
      serviceId: `74${digits(17)}`,
    })
    .onConflictDoNothing();
  return (await read())!;
}

export async function appByKey(db: Executor, appKey: string): Promise<SandboxApp | undefined> {
  const [row] = await db
    .select()
    .from(sandboxTtsApps)
    .where(eq(sandboxTtsApps.appKey, appKey))
    .limit(1);
  return row;
}

export async function appByServiceId(db: Executor, serviceId: string) {
  const [row] = await db
    .select()
    .from(sandboxTtsApps)
    .where(eq(sandboxTtsApps.serviceId, serviceId))
    .limit(1);
  return row;
}

// --- shops and products -------------------------------------------------------------------

/** Puts sellers' shops and products in place (idempotent): the fixed sellers by default. */
export async function seedCatalogue(
  db: Executor,
  limits: ShopLimits,
  sellers: readonly SandboxSeller[] = sandboxSellers,
): Promise<void> {
  const shops = sellers.flatMap((seller) =>
    seller.shops.map((s) => ({
      id: s.id,
      sellerKey: seller.key,
      name: s.name,
      region: s.region,
      sellerType: seller.sellerType,
      cipher: s.cipher,
      code: s.code,
      timeZone: s.timeZone,
      weeklyQuota: limits.weeklyQuota,
      starterPackRemaining: limits.starterPack,
      dailyCollaborationLimit: limits.dailyCollaborationLimit,
      dailyCreatorLimit: limits.dailyCreatorLimit,
      followerLimit: limits.followerLimit,
    })),
  );
  await db.insert(sandboxTtsShops).values(shops).onConflictDoNothing();
  const products = sellers.flatMap((seller) => seller.shops.flatMap(productSeeds));
  await db.insert(sandboxTtsProducts).values(products).onConflictDoNothing();
}

export async function allShops(db: Executor): Promise<SandboxShop[]> {
  return db.select().from(sandboxTtsShops).orderBy(asc(sandboxTtsShops.id));
}

export async function shopsOfSeller(db: Executor, sellerKey: string): Promise<SandboxShop[]> {
  return db
    .select()
    .from(sandboxTtsShops)
    .where(eq(sandboxTtsShops.sellerKey, sellerKey))
    .orderBy(asc(sandboxTtsShops.id));
}

export async function shopByCipher(db: Executor, cipher: string) {
  const [row] = await db
    .select()
    .from(sandboxTtsShops)
    .where(eq(sandboxTtsShops.cipher, cipher))
    .limit(1);
  return row;
}

export async function shopById(db: Executor, id: string) {
  const [row] = await db.select().from(sandboxTtsShops).where(eq(sandboxTtsShops.id, id)).limit(1);
  return row;
}

/** The shop's row, locked until the transaction ends: one quota decision at a time. */
export async function lockShop(tx: Executor, id: string): Promise<SandboxShop> {
  const [row] = await tx
    .select()
    .from(sandboxTtsShops)
    .where(eq(sandboxTtsShops.id, id))
    .for('update');
  return row!;
}

export async function updateShop(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      SandboxShop,
      | 'weeklyQuota'
      | 'starterPackRemaining'
      | 'dailyCollaborationLimit'
      | 'dailyCreatorLimit'
      | 'followerLimit'
    >
  >,
): Promise<SandboxShop | undefined> {
  if (!Object.keys(values).length) return shopById(db, id);
  const [row] = await db
    .update(sandboxTtsShops)
    .set(values)
    .where(eq(sandboxTtsShops.id, id))
    .returning();
  return row;
}

export async function productsOfShop(db: Executor, shopId: string): Promise<SandboxProduct[]> {
  return db
    .select()
    .from(sandboxTtsProducts)
    .where(eq(sandboxTtsProducts.shopId, shopId))
    .orderBy(asc(sandboxTtsProducts.id));
}

export async function productsByIds(db: Executor, ids: string[]): Promise<SandboxProduct[]> {
  if (!ids.length) return [];
  return db.select().from(sandboxTtsProducts).where(inArray(sandboxTtsProducts.id, ids));
}

// --- authorization codes, authorizations, tokens --------------------------------------------

export async function insertAuthCode(
  db: Executor,
  row: { codeHash: string; appKey: string; sellerKey: string; scopes: string[]; expiresAt: Date },
): Promise<void> {
  await db.insert(sandboxTtsAuthCodes).values(row);
}

/** Uses a code once: the row when it was unused and unexpired (and now is used), else null. */
export async function takeAuthCode(db: Executor, codeHash: string, appKey: string, now: Date) {
  const [row] = await db
    .update(sandboxTtsAuthCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxTtsAuthCodes.codeHash, codeHash),
        eq(sandboxTtsAuthCodes.appKey, appKey),
        isNull(sandboxTtsAuthCodes.usedAt),
        gt(sandboxTtsAuthCodes.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertAuthorization(
  db: Executor,
  row: Omit<typeof sandboxTtsAuthorizations.$inferInsert, 'revokedAt'>,
): Promise<void> {
  await db.insert(sandboxTtsAuthorizations).values(row);
}

export async function authorizationByRefreshToken(db: Executor, hash: string, appKey: string) {
  const [row] = await db
    .select()
    .from(sandboxTtsAuthorizations)
    .where(
      and(
        eq(sandboxTtsAuthorizations.refreshTokenHash, hash),
        eq(sandboxTtsAuthorizations.appKey, appKey),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAccessToken(
  db: Executor,
  row: { tokenHash: string; authorizationId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sandboxTtsAccessTokens).values(row);
}

/** The access token and the grant it belongs to. */
export async function accessTokenByHash(db: Executor, hash: string) {
  const [row] = await db
    .select({ token: sandboxTtsAccessTokens, authorization: sandboxTtsAuthorizations })
    .from(sandboxTtsAccessTokens)
    .innerJoin(
      sandboxTtsAuthorizations,
      eq(sandboxTtsAuthorizations.id, sandboxTtsAccessTokens.authorizationId),
    )
    .where(eq(sandboxTtsAccessTokens.tokenHash, hash))
    .limit(1);
  return row;
}

/** The seller "removes access": every grant of the seller (to any app) stops working. */
export async function revokeSeller(db: Executor, sellerKey: string, now: Date): Promise<number> {
  const rows = await db
    .update(sandboxTtsAuthorizations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sandboxTtsAuthorizations.sellerKey, sellerKey),
        isNull(sandboxTtsAuthorizations.revokedAt),
      ),
    )
    .returning({ id: sandboxTtsAuthorizations.id });
  return rows.length;
}

/** Moves the expiry of the seller's access tokens (and, if asked, refresh tokens) to `at`. */
export async function expireSellerTokens(
  db: Executor,
  sellerKey: string,
  at: { accessAt: Date | null; refreshAt: Date | null },
): Promise<number> {
  const grants = db
    .select({ id: sandboxTtsAuthorizations.id })
    .from(sandboxTtsAuthorizations)
    .where(eq(sandboxTtsAuthorizations.sellerKey, sellerKey));
  let changed = 0;
  if (at.accessAt) {
    const rows = await db
      .update(sandboxTtsAccessTokens)
      .set({ expiresAt: at.accessAt })
      .where(
        and(
          inArray(sandboxTtsAccessTokens.authorizationId, grants),
          gt(sandboxTtsAccessTokens.expiresAt, at.accessAt),
        ),
      )
      .returning({ hash: sandboxTtsAccessTokens.tokenHash });
    changed += rows.length;
  }
  if (at.refreshAt) {
    const rows = await db
      .update(sandboxTtsAuthorizations)
      .set({ refreshExpiresAt: at.refreshAt })
      .where(
        and(
          eq(sandboxTtsAuthorizations.sellerKey, sellerKey),
          gt(sandboxTtsAuthorizations.refreshExpiresAt, at.refreshAt),
        ),
      )
      .returning({ id: sandboxTtsAuthorizations.id });
    changed += rows.length;
  }
  return changed;
}

// --- target collaborations -----------------------------------------------------------------

/** Still running at `now`: not removed and not past its end. */
function live(now: Date) {
  return and(isNull(sandboxTtsCollaborations.removedAt), gt(sandboxTtsCollaborations.endTime, now));
}

/** (creator, product) pairs already in a running collaboration of the shop. */
export async function conflictingPairs(
  db: Executor,
  shopId: string,
  creatorIds: string[],
  productIds: string[],
  now: Date,
): Promise<Array<{ creatorOpenId: string; productId: string }>> {
  if (!creatorIds.length || !productIds.length) return [];
  const rows: Array<{ creatorOpenId: string; productId: string }> = await db
    .select({
      creatorOpenId: sandboxTtsCollaborationCreators.creatorOpenId,
      productId: sandboxTtsCollaborationProducts.productId,
    })
    .from(sandboxTtsCollaborations)
    .innerJoin(
      sandboxTtsCollaborationCreators,
      eq(sandboxTtsCollaborationCreators.collaborationId, sandboxTtsCollaborations.id),
    )
    .innerJoin(
      sandboxTtsCollaborationProducts,
      eq(sandboxTtsCollaborationProducts.collaborationId, sandboxTtsCollaborations.id),
    )
    .where(
      and(
        eq(sandboxTtsCollaborations.shopId, shopId),
        live(now),
        inArray(sandboxTtsCollaborationCreators.creatorOpenId, creatorIds),
        inArray(sandboxTtsCollaborationProducts.productId, productIds),
      ),
    );
  const unique = [...new Map(rows.map((r) => [`${r.creatorOpenId} ${r.productId}`, r])).values()];
  return unique.sort((a, b) =>
    a.creatorOpenId === b.creatorOpenId
      ? a.productId.localeCompare(b.productId)
      : a.creatorOpenId.localeCompare(b.creatorOpenId),
  );
}

export async function nameInUse(db: Executor, shopId: string, name: string, now: Date) {
  const [row] = await db
    .select({ id: sandboxTtsCollaborations.id })
    .from(sandboxTtsCollaborations)
    .where(
      and(
        eq(sandboxTtsCollaborations.shopId, shopId),
        eq(sandboxTtsCollaborations.name, name),
        live(now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

type Tally = typeof sandboxTtsShopTallies.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows ?? (result as T[]);
  return Array.isArray(rows) ? rows : [];
}

/**
 * A shop's tally of a period, or, the first time the period is asked, its totals counted from
 * the rows (then kept: every later change adds to it). Call under the shop's lock.
 */
async function tallyOf(
  tx: Executor,
  shopId: string,
  period: string,
  count: () => Promise<Omit<Tally, 'shopId' | 'period'>>,
): Promise<Tally> {
  const where = and(
    eq(sandboxTtsShopTallies.shopId, shopId),
    eq(sandboxTtsShopTallies.period, period),
  );
  const [kept] = await tx.select().from(sandboxTtsShopTallies).where(where);
  if (kept) return kept;
  const row = { shopId, period, ...(await count()) };
  await tx.insert(sandboxTtsShopTallies).values(row).onConflictDoNothing();
  return row;
}

/** Adds to a shop's tally of a period (read first with `tallyOf`, under the shop's lock). */
async function addToTally(
  tx: Executor,
  shopId: string,
  period: string,
  add: Partial<Omit<Tally, 'shopId' | 'period'>>,
): Promise<void> {
  const t = sandboxTtsShopTallies;
  await tx
    .insert(t)
    .values({ shopId, period, ...add })
    .onConflictDoUpdate({
      target: [t.shopId, t.period],
      set: {
        collaborations: sql`${t.collaborations} + ${add.collaborations ?? 0}`,
        creators: sql`${t.creators} + ${add.creators ?? 0}`,
        quotaUsed: sql`${t.quotaUsed} + ${add.quotaUsed ?? 0}`,
      },
    });
}

/**
 * Collaborations the shop created on its day `day` ([from, to) in time), and the creators
 * they invited: the day's tally (counted from the rows the first time).
 */
export async function createdOnDay(
  tx: Executor,
  shopId: string,
  day: { day: string; start: Date; end: Date },
) {
  const tally = await tallyOf(tx, shopId, `day:${day.day}`, async () => {
    const within = and(
      eq(sandboxTtsCollaborations.shopId, shopId),
      gte(sandboxTtsCollaborations.startTime, day.start),
      lt(sandboxTtsCollaborations.startTime, day.end),
    );
    const [collaborations] = await tx
      .select({ n: count() })
      .from(sandboxTtsCollaborations)
      .where(within);
    const [creators] = await tx
      .select({ n: count() })
      .from(sandboxTtsCollaborationCreators)
      .innerJoin(
        sandboxTtsCollaborations,
        eq(sandboxTtsCollaborations.id, sandboxTtsCollaborationCreators.collaborationId),
      )
      .where(within);
    return {
      collaborations: collaborations?.n ?? 0,
      creators: creators?.n ?? 0,
      quotaUsed: 0,
    };
  });
  return { collaborations: tally.collaborations, creators: tally.creators };
}

/** A collaboration was created on the shop's day `day`: the day's tally grows. */
export async function countCreation(tx: Executor, shopId: string, day: string, creators: number) {
  await addToTally(tx, shopId, `day:${day}`, { collaborations: 1, creators });
}

export interface NewCollaboration {
  id: string;
  shopId: string;
  name: string;
  message: string;
  sellerEmail: string;
  hasFreeSample: boolean;
  isSampleApprovalExempt: boolean;
  startTime: Date;
  endTime: Date;
  products: Array<{
    id: string;
    targetCommissionRate: number;
    shopAdsCommissionRate: number | null;
  }>;
  /** Each invited creator with the plan drawn for them (behaviour.ts). */
  creators: Array<{
    openId: string;
    answer: string;
    answeredAt: Date | null;
    contentAt: Date | null;
  }>;
  samples: Array<
    Omit<
      typeof sandboxTtsSampleApplications.$inferInsert,
      'reviewResult' | 'rejectReason' | 'reviewedAt'
    >
  >;
  orders: Array<typeof sandboxTtsOrders.$inferInsert>;
}

/** An array parameter of one column (rows written with unnest, as below). */
function column<T>(rows: T[], pick: (row: T) => string | null) {
  return sql.param(rows.map(pick));
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export async function insertCollaboration(db: Executor, c: NewCollaboration): Promise<void> {
  await db.insert(sandboxTtsCollaborations).values({
    id: c.id,
    shopId: c.shopId,
    name: c.name,
    message: c.message,
    sellerEmail: c.sellerEmail,
    hasFreeSample: c.hasFreeSample,
    isSampleApprovalExempt: c.isSampleApprovalExempt,
    startTime: c.startTime,
    endTime: c.endTime,
    updateTime: c.startTime,
  });
  await db.insert(sandboxTtsCollaborationProducts).values(
    c.products.map((p) => ({
      collaborationId: c.id,
      productId: p.id,
      targetCommissionRate: p.targetCommissionRate,
      shopAdsCommissionRate: p.shopAdsCommissionRate,
    })),
  );
  // One row per creator, written from an array (a query-builder VALUES of 2 × 50 parameters
  // cost more of the sandbox's CPU than the rest of the call).
  await db.execute(sql`
    insert into ${sandboxTtsCollaborationCreators}
      (collaboration_id, creator_open_id, answer, answered_at, content_at)
    select ${c.id}::text, * from unnest(
      ${column(c.creators, (r) => r.openId)}::text[], ${column(c.creators, (r) => r.answer)}::text[],
      ${column(c.creators, (r) => iso(r.answeredAt))}::timestamptz[],
      ${column(c.creators, (r) => iso(r.contentAt))}::timestamptz[])`);
  if (c.samples.length) {
    const r = c.samples;
    await db.execute(sql`
      insert into ${sandboxTtsSampleApplications}
        (id, shop_id, collaboration_id, creator_open_id, product_id, commission_rate,
         approval_exempt, created_at, content_at, content_format)
      select * from unnest(${column(r, (x) => x.id)}::text[], ${column(r, (x) => x.shopId)}::text[],
        ${column(r, (x) => x.collaborationId)}::text[], ${column(r, (x) => x.creatorOpenId)}::text[],
        ${column(r, (x) => x.productId)}::text[], ${column(r, (x) => String(x.commissionRate))}::integer[],
        ${column(r, (x) => String(x.approvalExempt))}::boolean[],
        ${column(r, (x) => iso(x.createdAt))}::timestamptz[],
        ${column(r, (x) => iso(x.contentAt))}::timestamptz[], ${column(r, (x) => x.contentFormat)}::text[])
      on conflict do nothing`);
  }
  // Orders in slices: a collaboration of 50 busy creators plans a few thousand.
  for (let from = 0; from < c.orders.length; from += 5000) {
    const r = c.orders.slice(from, from + 5000);
    await db.execute(sql`
      insert into ${sandboxTtsOrders}
        (id, shop_id, collaboration_id, creator_open_id, creator_username, product_id, quantity,
         price, currency, commission_rate, shop_ads_commission_rate, content_type, content_id,
         cancelled, create_time)
      select * from unnest(${column(r, (x) => x.id)}::text[], ${column(r, (x) => x.shopId)}::text[],
        ${column(r, (x) => x.collaborationId)}::text[], ${column(r, (x) => x.creatorOpenId)}::text[],
        ${column(r, (x) => x.creatorUsername)}::text[], ${column(r, (x) => x.productId)}::text[],
        ${column(r, (x) => String(x.quantity))}::integer[], ${column(r, (x) => x.price)}::text[],
        ${column(r, (x) => x.currency)}::text[], ${column(r, (x) => String(x.commissionRate))}::integer[],
        ${column(r, (x) => (x.shopAdsCommissionRate == null ? null : String(x.shopAdsCommissionRate)))}::integer[],
        ${column(r, (x) => x.contentType)}::text[], ${column(r, (x) => x.contentId)}::text[],
        ${column(r, (x) => String(x.cancelled))}::boolean[],
        ${column(r, (x) => iso(x.createTime))}::timestamptz[])
      on conflict do nothing`);
  }
}

/**
 * Per collaboration, at `now`: creators still in it (not declined), creators who added the
 * products to their showcase (accepted), creators who posted content.
 */
export async function collaborationCounts(db: Executor, ids: string[], now: Date) {
  const out = new Map<string, { invited: number; showcase: number; content: number }>();
  if (!ids.length) return out;
  const cc = sandboxTtsCollaborationCreators;
  const answered = sql`${cc.answeredAt} <= ${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      id: cc.collaborationId,
      invited:
        sql<number>`count(*) filter (where not (${cc.answer} = 'DECLINE' and ${answered}))`.mapWith(
          Number,
        ),
      showcase:
        sql<number>`count(*) filter (where ${cc.answer} = 'ACCEPT' and ${answered})`.mapWith(
          Number,
        ),
      content:
        sql<number>`count(*) filter (where ${cc.contentAt} <= ${now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(cc)
    .where(inArray(cc.collaborationId, ids))
    .groupBy(cc.collaborationId);
  for (const r of rows)
    out.set(r.id, { invited: r.invited, showcase: r.showcase, content: r.content });
  return out;
}

export interface CollaborationFilter {
  shopId: string;
  now: Date;
  status: 'ONGOING' | 'EXPIRING' | 'VALID' | 'CANCELING' | 'COMPLETED';
  keywordType?:
    'PRODUCT_ID' | 'PRODUCT_NAME' | 'TARGET_COLLABORATION_ID' | 'TARGET_COLLABORATION_NAME';
  keyword?: string;
  creatorOpenId?: string;
  withFreeSample?: boolean;
  /** Only collaborations with a creator who added the products to the showcase by `now`. */
  accepted?: boolean;
  offset: number;
  limit: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Search Target Collaborations: newest first, with the total. */
export async function searchCollaborations(db: Executor, f: CollaborationFilter) {
  const t = sandboxTtsCollaborations;
  const conditions = [eq(t.shopId, f.shopId)];
  const weekAhead = new Date(f.now.getTime() + WEEK_MS);
  if (f.status === 'ONGOING') conditions.push(isNull(t.removedAt), gt(t.endTime, weekAhead));
  else if (f.status === 'EXPIRING')
    conditions.push(isNull(t.removedAt), gt(t.endTime, f.now), lte(t.endTime, weekAhead));
  else if (f.status === 'VALID') conditions.push(live(f.now)!);
  // Removal takes effect at once in the sandbox: nothing is ever "canceling".
  else if (f.status === 'CANCELING') conditions.push(sql`false`);
  else conditions.push(or(lte(t.endTime, f.now), sql`${t.removedAt} is not null`)!);
  if (f.withFreeSample) conditions.push(eq(t.hasFreeSample, true));
  if (f.accepted) {
    const cc = sandboxTtsCollaborationCreators;
    conditions.push(
      inArray(
        t.id,
        db
          .select({ id: cc.collaborationId })
          .from(cc)
          .where(and(eq(cc.answer, 'ACCEPT'), lte(cc.answeredAt, f.now))),
      ),
    );
  }
  if (f.creatorOpenId) {
    conditions.push(
      inArray(
        t.id,
        db
          .select({ id: sandboxTtsCollaborationCreators.collaborationId })
          .from(sandboxTtsCollaborationCreators)
          .where(eq(sandboxTtsCollaborationCreators.creatorOpenId, f.creatorOpenId)),
      ),
    );
  }
  if (f.keyword !== undefined && f.keywordType) {
    const k = f.keyword;
    if (f.keywordType === 'TARGET_COLLABORATION_ID') conditions.push(eq(t.id, k));
    else if (f.keywordType === 'TARGET_COLLABORATION_NAME')
      conditions.push(ilike(t.name, likePattern(k)));
    else {
      const productMatch =
        f.keywordType === 'PRODUCT_ID'
          ? eq(sandboxTtsCollaborationProducts.productId, k)
          : inArray(
              sandboxTtsCollaborationProducts.productId,
              db
                .select({ id: sandboxTtsProducts.id })
                .from(sandboxTtsProducts)
                .where(ilike(sandboxTtsProducts.title, likePattern(k))),
            );
      conditions.push(
        inArray(
          t.id,
          db
            .select({ id: sandboxTtsCollaborationProducts.collaborationId })
            .from(sandboxTtsCollaborationProducts)
            .where(productMatch),
        ),
      );
    }
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(desc(t.startTime), desc(t.id))
    .offset(f.offset)
    .limit(f.limit);
  return { total: total?.n ?? 0, rows };
}

export async function collaborationById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(sandboxTtsCollaborations)
    .where(eq(sandboxTtsCollaborations.id, id))
    .limit(1);
  return row;
}

/** Products and creators of collaborations, by collaboration id. */
export async function collaborationMembers(db: Executor, ids: string[]) {
  if (!ids.length) return { products: [], creators: [] };
  const products = await db
    .select({ link: sandboxTtsCollaborationProducts, product: sandboxTtsProducts })
    .from(sandboxTtsCollaborationProducts)
    .leftJoin(
      sandboxTtsProducts,
      eq(sandboxTtsProducts.id, sandboxTtsCollaborationProducts.productId),
    )
    .where(inArray(sandboxTtsCollaborationProducts.collaborationId, ids))
    .orderBy(asc(sandboxTtsCollaborationProducts.productId));
  const creators = await db
    .select()
    .from(sandboxTtsCollaborationCreators)
    .where(inArray(sandboxTtsCollaborationCreators.collaborationId, ids))
    .orderBy(asc(sandboxTtsCollaborationCreators.creatorOpenId));
  return { products, creators };
}

/** Removed: it stops now, so what its creators would have done later never happens. */
export async function removeCollaboration(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(sandboxTtsCollaborations)
    .set({ removedAt: now, updateTime: now })
    .where(and(eq(sandboxTtsCollaborations.id, id), isNull(sandboxTtsCollaborations.removedAt)))
    .returning();
  if (row) {
    await db
      .delete(sandboxTtsOrders)
      .where(and(eq(sandboxTtsOrders.collaborationId, id), gt(sandboxTtsOrders.createTime, now)));
    await db
      .delete(sandboxTtsSampleApplications)
      .where(
        and(
          eq(sandboxTtsSampleApplications.collaborationId, id),
          gt(sandboxTtsSampleApplications.createdAt, now),
        ),
      );
    const cc = sandboxTtsCollaborationCreators;
    await db
      .update(cc)
      .set({ answer: 'NONE', answeredAt: null })
      .where(and(eq(cc.collaborationId, id), gt(cc.answeredAt, now)));
    await db
      .update(cc)
      .set({ contentAt: null })
      .where(and(eq(cc.collaborationId, id), gt(cc.contentAt, now)));
  }
  return row;
}

// --- quota -----------------------------------------------------------------------------------

/**
 * Creators connected to the shop at `now`: marked so (control), or who accepted one of its
 * collaborations, or who wrote to it in a conversation.
 */
export async function connectedAmong(
  db: Executor,
  shopId: string,
  creatorIds: string[],
  now: Date,
) {
  if (!creatorIds.length) return new Set<string>();
  const rows = await db
    .select({ id: sandboxTtsConnectedCreators.creatorOpenId })
    .from(sandboxTtsConnectedCreators)
    .where(
      and(
        eq(sandboxTtsConnectedCreators.shopId, shopId),
        inArray(sandboxTtsConnectedCreators.creatorOpenId, creatorIds),
      ),
    );
  const cc = sandboxTtsCollaborationCreators;
  const accepted = await db
    .select({ id: cc.creatorOpenId })
    .from(cc)
    .innerJoin(sandboxTtsCollaborations, eq(sandboxTtsCollaborations.id, cc.collaborationId))
    .where(
      and(
        eq(sandboxTtsCollaborations.shopId, shopId),
        inArray(cc.creatorOpenId, creatorIds),
        eq(cc.answer, 'ACCEPT'),
        lte(cc.answeredAt, now),
      ),
    );
  const wrote = await db
    .select({ id: sandboxTtsConversations.creatorOpenId })
    .from(sandboxTtsConversations)
    .innerJoin(
      sandboxTtsMessages,
      eq(sandboxTtsMessages.conversationId, sandboxTtsConversations.id),
    )
    .where(
      and(
        eq(sandboxTtsConversations.shopId, shopId),
        inArray(sandboxTtsConversations.creatorOpenId, creatorIds),
        eq(sandboxTtsMessages.sender, 'CREATOR'),
      ),
    );
  return new Set([...rows, ...accepted, ...wrote].map((r) => r.id));
}

export async function markConnected(db: Executor, shopId: string, creatorIds: string[]) {
  if (!creatorIds.length) return;
  await db
    .insert(sandboxTtsConnectedCreators)
    .values(creatorIds.map((creatorOpenId) => ({ shopId, creatorOpenId })))
    .onConflictDoNothing();
}

export async function countedInWeek(
  db: Executor,
  shopId: string,
  week: string,
  creatorIds: string[],
) {
  if (!creatorIds.length) return new Set<string>();
  const rows = await db
    .select({ id: sandboxTtsQuotaUses.creatorOpenId })
    .from(sandboxTtsQuotaUses)
    .where(
      and(
        eq(sandboxTtsQuotaUses.shopId, shopId),
        eq(sandboxTtsQuotaUses.week, week),
        inArray(sandboxTtsQuotaUses.creatorOpenId, creatorIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * How much of the week's own quota (not the starter pack) the shop has used: the week's tally
 * (counted from the quota rows the first time). Call under the shop's lock.
 */
export async function weeklyQuotaUsed(tx: Executor, shopId: string, week: string) {
  const tally = await tallyOf(tx, shopId, `week:${week}`, async () => {
    const [row] = await tx
      .select({ n: count() })
      .from(sandboxTtsQuotaUses)
      .where(
        and(
          eq(sandboxTtsQuotaUses.shopId, shopId),
          eq(sandboxTtsQuotaUses.week, week),
          eq(sandboxTtsQuotaUses.fromStarterPack, false),
        ),
      );
    return { collaborations: 0, creators: 0, quotaUsed: row?.n ?? 0 };
  });
  return tally.quotaUsed;
}

/** Quota taken (the week's tally read first, under the shop's lock): its rows, and the tally. */
export async function insertQuotaUses(
  tx: Executor,
  rows: Array<typeof sandboxTtsQuotaUses.$inferInsert>,
): Promise<void> {
  if (!rows.length) return;
  // Written from arrays, as the collaboration's creators are.
  const column = (pick: (row: (typeof rows)[number]) => string) => sql.param(rows.map(pick));
  const added = rowsOf<{ shop_id: string; week: string; from_starter_pack: boolean }>(
    await tx.execute(sql`
      insert into ${sandboxTtsQuotaUses} (shop_id, week, creator_open_id, from_starter_pack, used_at)
      select * from unnest(${column((r) => r.shopId)}::text[], ${column((r) => r.week)}::text[],
                           ${column((r) => r.creatorOpenId)}::text[],
                           ${column((r) => String(r.fromStarterPack))}::boolean[],
                           ${column((r) => r.usedAt.toISOString())}::timestamptz[])
      on conflict do nothing
      returning shop_id, week, from_starter_pack`),
  ).map((row) => ({
    shopId: row.shop_id,
    week: row.week,
    fromStarterPack: row.from_starter_pack,
  }));
  const own = new Map<string, { shopId: string; week: string; n: number }>();
  for (const row of added) {
    if (row.fromStarterPack) continue;
    const key = `${row.shopId} ${row.week}`;
    const entry = own.get(key) ?? { shopId: row.shopId, week: row.week, n: 0 };
    entry.n++;
    own.set(key, entry);
  }
  for (const { shopId, week, n } of own.values()) {
    await addToTally(tx, shopId, `week:${week}`, { quotaUsed: n });
  }
}

// --- conversations and messages --------------------------------------------------------------

export async function conversationWith(db: Executor, shopId: string, creatorOpenId: string) {
  const [row] = await db
    .select()
    .from(sandboxTtsConversations)
    .where(
      and(
        eq(sandboxTtsConversations.shopId, shopId),
        eq(sandboxTtsConversations.creatorOpenId, creatorOpenId),
      ),
    )
    .limit(1);
  return row;
}

/** Opens the conversation, or answers the one opened meanwhile (one per shop and creator). */
export async function openConversation(
  db: Executor,
  row: { id: string; shopId: string; creatorOpenId: string; createdAt: Date },
): Promise<{ conversation: SandboxConversation; isNew: boolean }> {
  const inserted = await db
    .insert(sandboxTtsConversations)
    .values(row)
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { conversation: inserted[0], isNew: true };
  return {
    conversation: (await conversationWith(db, row.shopId, row.creatorOpenId))!,
    isNew: false,
  };
}

export async function conversationById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(sandboxTtsConversations)
    .where(eq(sandboxTtsConversations.id, id))
    .limit(1);
  return row;
}

/**
 * The shop's conversations, newest first, with their unread creator messages: ALL, UNREAD
 * (a creator message after the seller's last read) or UNREPLIED (the creator wrote last).
 */
export async function conversationsOfShop(
  db: Executor,
  shopId: string,
  status: 'ALL' | 'UNREAD' | 'UNREPLIED',
  offset: number,
  limit: number,
) {
  const c = sandboxTtsConversations;
  // Written out in full: in a select list the query builder names columns without their table.
  const unread = sql<number>`(select count(*) from sandbox_tts_messages m
      where m.conversation_id = sandbox_tts_conversations.id and m.sender = 'CREATOR'
        and m.seq > sandbox_tts_conversations.read_seq)`.mapWith(Number);
  const lastSender = sql`(select m.sender from sandbox_tts_messages m
      where m.conversation_id = sandbox_tts_conversations.id order by m.seq desc limit 1)`;
  const conditions = [eq(c.shopId, shopId)];
  if (status === 'UNREAD') conditions.push(sql`${unread} > 0`);
  if (status === 'UNREPLIED') conditions.push(sql`${lastSender} = 'CREATOR'`);
  return db
    .select({ conversation: c, unread })
    .from(c)
    .where(and(...conditions))
    .orderBy(desc(c.createdAt), desc(c.id))
    .offset(offset)
    .limit(limit);
}

/**
 * Creators' replies whose time has come, written into their conversations (of one shop, or
 * one conversation): the sandbox writes a reply when it is first read after its time, with
 * that time. Each conversation holds at most one reply to come.
 */
export async function deliverReplies(
  db: Executor,
  where: { shopId: string } | { conversationId: string },
  now: Date,
  reply: (row: SandboxConversation, sellerMessages: number) => { id: string; text: string },
): Promise<number> {
  const c = sandboxTtsConversations;
  const due = await db
    .select()
    .from(c)
    .where(
      and(
        'shopId' in where ? eq(c.shopId, where.shopId) : eq(c.id, where.conversationId),
        lte(c.replyDueAt, now),
      ),
    );
  let delivered = 0;
  for (const row of due) {
    const taken = await db
      .update(c)
      .set({ replyDueAt: null })
      .where(and(eq(c.id, row.id), eq(c.replyDueAt, row.replyDueAt!)))
      .returning({ id: c.id });
    if (!taken.length) continue;
    const sellerMessages = await sellerMessageCount(db, row.id, row.replyDueAt!);
    const { id, text } = reply(row, sellerMessages);
    await insertMessage(db, {
      id,
      conversationId: row.id,
      msgType: 'TEXT',
      sender: 'CREATOR',
      content: JSON.stringify({ content: text }),
      createdAt: row.replyDueAt!,
    });
    delivered++;
  }
  return delivered;
}

/** How many messages the seller sent in the conversation before `before`. */
export async function sellerMessageCount(db: Executor, conversationId: string, before?: Date) {
  const m = sandboxTtsMessages;
  const [row] = await db
    .select({ n: count() })
    .from(m)
    .where(
      and(
        eq(m.conversationId, conversationId),
        eq(m.sender, 'SELLER'),
        ...(before ? [lt(m.createdAt, before)] : []),
      ),
    );
  return row?.n ?? 0;
}

/** The creator will answer at `at`, unless an answer is already coming. */
export async function scheduleReply(db: Executor, conversationId: string, at: Date) {
  await db
    .update(sandboxTtsConversations)
    .set({ replyDueAt: at })
    .where(
      and(
        eq(sandboxTtsConversations.id, conversationId),
        isNull(sandboxTtsConversations.replyDueAt),
      ),
    );
}

/** Mark Conversation Read: every message so far is read. The ids found in the shop. */
export async function markRead(db: Executor, shopId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const c = sandboxTtsConversations;
  const rows = await db
    .update(c)
    .set({
      readSeq: sql`coalesce((select max(m.seq) from sandbox_tts_messages m
        where m.conversation_id = sandbox_tts_conversations.id), 0)`,
    })
    .where(and(eq(c.shopId, shopId), inArray(c.id, ids)))
    .returning({ id: c.id });
  return rows.map((r) => r.id);
}

export async function insertMessage(
  db: Executor,
  row: {
    id: string;
    conversationId: string;
    msgType: string;
    content: string;
    createdAt: Date;
    sender?: 'SELLER' | 'CREATOR';
  },
): Promise<SandboxMessage> {
  const [inserted] = await db
    .insert(sandboxTtsMessages)
    .values({
      ...row,
      seq: sql`(select coalesce(max(${sandboxTtsMessages.seq}), 0) + 1 from ${sandboxTtsMessages}
                where ${sandboxTtsMessages.conversationId} = ${row.conversationId})`,
    })
    .returning();
  return inserted!;
}

/** Messages of a conversation, newest first. */
export async function messagesOf(
  db: Executor,
  conversationId: string,
  offset: number,
  limit: number,
) {
  return db
    .select()
    .from(sandboxTtsMessages)
    .where(eq(sandboxTtsMessages.conversationId, conversationId))
    .orderBy(desc(sandboxTtsMessages.seq))
    .offset(offset)
    .limit(limit);
}

// --- the record of calls ---------------------------------------------------------------------

export async function insertCall(
  db: Executor,
  row: Omit<typeof sandboxTtsCalls.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(sandboxTtsCalls).values(row);
}

export async function listCalls(
  db: Database | Executor,
  filter: { afterId?: number; pathPrefix?: string; limit: number },
): Promise<SandboxCallRow[]> {
  const conditions = [];
  if (filter.afterId !== undefined) conditions.push(gt(sandboxTtsCalls.id, filter.afterId));
  if (filter.pathPrefix)
    conditions.push(sql`starts_with(${sandboxTtsCalls.path}, ${filter.pathPrefix})`);
  return db
    .select()
    .from(sandboxTtsCalls)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(sandboxTtsCalls.id))
    .limit(filter.limit);
}

// --- sample applications -------------------------------------------------------------------

/** The shop's sample applications made by `now`, newest first (filters on stored fields). */
export async function sampleApplicationsOfShop(
  db: Executor,
  shopId: string,
  now: Date,
  f: { productId?: string; creatorOpenId?: string; collaborationId?: string; id?: string },
) {
  const a = sandboxTtsSampleApplications;
  return db
    .select()
    .from(a)
    .where(
      and(
        eq(a.shopId, shopId),
        lte(a.createdAt, now),
        ...(f.productId ? [eq(a.productId, f.productId)] : []),
        ...(f.creatorOpenId ? [eq(a.creatorOpenId, f.creatorOpenId)] : []),
        ...(f.collaborationId ? [eq(a.collaborationId, f.collaborationId)] : []),
        ...(f.id ? [eq(a.id, f.id)] : []),
      ),
    )
    .orderBy(desc(a.createdAt), desc(a.id));
}

export async function sampleApplicationById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(sandboxTtsSampleApplications)
    .where(eq(sandboxTtsSampleApplications.id, id))
    .limit(1);
  return row;
}

/** The seller's review, once: false when it was reviewed meanwhile. */
export async function reviewSampleApplication(
  db: Executor,
  id: string,
  review: { result: 'APPROVE' | 'REJECT'; reason: string | null; at: Date },
): Promise<boolean> {
  const a = sandboxTtsSampleApplications;
  const rows = await db
    .update(a)
    .set({ reviewResult: review.result, rejectReason: review.reason, reviewedAt: review.at })
    .where(and(eq(a.id, id), isNull(a.reviewResult)))
    .returning({ id: a.id });
  return rows.length > 0;
}

// --- affiliate orders ----------------------------------------------------------------------

export interface OrderFilter {
  shopId: string;
  /** [from, to) in time; `to` never later than the sandbox's now. */
  from: Date | null;
  to: Date;
  collaborationId?: string;
  /** The last order of the page before (keyset: newest first). */
  after?: { time: Date; id: string };
  limit: number;
}

/** Search Seller Affiliate Orders: newest first, by (create_time, id), with the total. */
export async function searchOrders(db: Executor, f: OrderFilter) {
  const o = sandboxTtsOrders;
  const base = [
    eq(o.shopId, f.shopId),
    lt(o.createTime, f.to),
    ...(f.from ? [gte(o.createTime, f.from)] : []),
    ...(f.collaborationId ? [eq(o.collaborationId, f.collaborationId)] : []),
  ];
  const [total] = await db
    .select({ n: count() })
    .from(o)
    .where(and(...base));
  const page = f.after
    ? [
        or(
          lt(o.createTime, f.after.time),
          and(eq(o.createTime, f.after.time), lt(o.id, f.after.id)),
        )!,
      ]
    : [];
  const rows = await db
    .select()
    .from(o)
    .where(and(...base, ...page))
    .orderBy(desc(o.createTime), desc(o.id))
    .limit(f.limit);
  return { total: total?.n ?? 0, rows };
}

/** Orders a creator's content brought for a product by `now` (a sample's fulfilment). */
export async function paidOrdersOfContent(
  db: Executor,
  collaborationId: string,
  contentId: string,
  now: Date,
) {
  const o = sandboxTtsOrders;
  const [row] = await db
    .select({ n: count() })
    .from(o)
    .where(
      and(
        eq(o.collaborationId, collaborationId),
        eq(o.contentId, contentId),
        lte(o.createTime, now),
        eq(o.cancelled, false),
      ),
    );
  return row?.n ?? 0;
}
