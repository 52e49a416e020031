import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  sandboxDoudianAccessTokens,
  sandboxDoudianActivityApplications,
  sandboxDoudianApps,
  sandboxDoudianAuthCodes,
  sandboxDoudianAuthorizations,
  sandboxDoudianCalls,
  sandboxDoudianPlanAuthors,
  sandboxDoudianPlans,
  sandboxDoudianProducts,
  sandboxDoudianShops,
} from './schema.ts';
import { productSeeds, sandboxShops, type ShopLimits } from './world.ts';

/**
 * Every query on the sandbox's tables (sandbox_doudian_*), and nothing else queries them.
 * Functions take the database or an open transaction.
 */

export type SandboxApp = typeof sandboxDoudianApps.$inferSelect;
export type SandboxShop = typeof sandboxDoudianShops.$inferSelect;
export type SandboxProduct = typeof sandboxDoudianProducts.$inferSelect;
export type SandboxAuthorization = typeof sandboxDoudianAuthorizations.$inferSelect;
export type SandboxPlan = typeof sandboxDoudianPlans.$inferSelect;
export type SandboxPlanAuthor = typeof sandboxDoudianPlanAuthors.$inferSelect;
export type SandboxCallRow = typeof sandboxDoudianCalls.$inferSelect;

function digits(n: number): string {
  let out = String(randomInt(1, 10));
  for (let i = 1; i < n; i++) out += String(randomInt(0, 10));
  return out;
}

/**
 * The sandbox app, created on first use and kept (every replica and restart signs with the
 * same secret; concurrent creators agree on the oldest row). App keys are 19 digits
 * ("app_key格式不正确，应为19位纯数字"), like the guide's `3409409348479354011`; secrets are
 * 36-character UUID-like text as the platform shows them.
 */
export async function sandboxApp(db: Executor): Promise<SandboxApp> {
  const read = async () =>
    (
      await db
        .select()
        .from(sandboxDoudianApps)
        .orderBy(asc(sandboxDoudianApps.createdAt), asc(sandboxDoudianApps.appKey))
        .limit(1)
    )[0];
  const existing = await read();
  if (existing) return existing;
  const hex = randomBytes(16).toString('hex');
  await db
    .insert(sandboxDoudianApps)
    .values({
      appKey: `7${digits(18)}`,
      appSecret: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      serviceId: digits(5),
    })
    .onConflictDoNothing();
  return (await read())!;
}

export async function appByKey(db: Executor, appKey: string) {
  const [row] = await db
    .select()
    .from(sandboxDoudianApps)
    .where(eq(sandboxDoudianApps.appKey, appKey))
    .limit(1);
  return row;
}

export async function appByServiceId(db: Executor, serviceId: string) {
  const [row] = await db
    .select()
    .from(sandboxDoudianApps)
    .where(eq(sandboxDoudianApps.serviceId, serviceId))
    .limit(1);
  return row;
}

// --- shops and products -----------------------------------------------------------------

export async function seedWorld(db: Executor, limits: ShopLimits): Promise<void> {
  await db
    .insert(sandboxDoudianShops)
    .values(sandboxShops.map((s) => ({ id: s.id, name: s.name['zh-CN'], ...limits })))
    .onConflictDoNothing();
  await db
    .insert(sandboxDoudianProducts)
    .values(sandboxShops.flatMap((s) => productSeeds(s.id)))
    .onConflictDoNothing();
}

export async function allShops(db: Executor): Promise<SandboxShop[]> {
  return db.select().from(sandboxDoudianShops).orderBy(asc(sandboxDoudianShops.id));
}

export async function shopById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(sandboxDoudianShops)
    .where(eq(sandboxDoudianShops.id, id))
    .limit(1);
  return row;
}

/** The shop's row, locked until the transaction ends: one limit decision at a time. */
export async function lockShop(tx: Executor, id: string): Promise<SandboxShop> {
  const [row] = await tx
    .select()
    .from(sandboxDoudianShops)
    .where(eq(sandboxDoudianShops.id, id))
    .for('update');
  return row!;
}

export async function updateShop(db: Executor, id: string, values: Partial<ShopLimits>) {
  const [row] = await db
    .update(sandboxDoudianShops)
    .set(values)
    .where(eq(sandboxDoudianShops.id, id))
    .returning();
  return row;
}

export async function productsOfShop(db: Executor, shopId: string): Promise<SandboxProduct[]> {
  return db
    .select()
    .from(sandboxDoudianProducts)
    .where(eq(sandboxDoudianProducts.shopId, shopId))
    .orderBy(asc(sandboxDoudianProducts.id));
}

export async function productsByIds(db: Executor, ids: string[]): Promise<SandboxProduct[]> {
  if (ids.length === 0) return [];
  return db.select().from(sandboxDoudianProducts).where(inArray(sandboxDoudianProducts.id, ids));
}

// --- authorization and tokens -----------------------------------------------------------

export async function insertAuthCode(
  db: Executor,
  row: { codeHash: string; appKey: string; shopId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sandboxDoudianAuthCodes).values(row);
}

export async function authCode(db: Executor, codeHash: string, appKey: string) {
  const [row] = await db
    .select()
    .from(sandboxDoudianAuthCodes)
    .where(
      and(
        eq(sandboxDoudianAuthCodes.codeHash, codeHash),
        eq(sandboxDoudianAuthCodes.appKey, appKey),
      ),
    )
    .limit(1);
  return row;
}

/** Uses a code once: true when it was unused and unexpired (and now is used). */
export async function takeAuthCode(db: Executor, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxDoudianAuthCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxDoudianAuthCodes.codeHash, codeHash),
        isNull(sandboxDoudianAuthCodes.usedAt),
        gt(sandboxDoudianAuthCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: sandboxDoudianAuthCodes.codeHash });
  return rows.length === 1;
}

export async function insertAuthorization(
  db: Executor,
  row: Omit<typeof sandboxDoudianAuthorizations.$inferInsert, 'revokedAt'>,
): Promise<void> {
  await db.insert(sandboxDoudianAuthorizations).values(row);
}

export async function authorizationByRefreshToken(db: Executor, hash: string) {
  const [row] = await db
    .select()
    .from(sandboxDoudianAuthorizations)
    .where(eq(sandboxDoudianAuthorizations.refreshTokenHash, hash))
    .limit(1);
  return row;
}

/** Replaces the grant's refresh token (the old one stops working). */
export async function rotateRefreshToken(
  db: Executor,
  id: string,
  oldHash: string,
  next: { refreshTokenHash: string; refreshExpiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(sandboxDoudianAuthorizations)
    .set(next)
    .where(
      and(
        eq(sandboxDoudianAuthorizations.id, id),
        eq(sandboxDoudianAuthorizations.refreshTokenHash, oldHash),
      ),
    )
    .returning({ id: sandboxDoudianAuthorizations.id });
  return rows.length === 1;
}

export async function insertAccessToken(
  db: Executor,
  row: { tokenHash: string; authorizationId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sandboxDoudianAccessTokens).values(row);
}

/** The access token and the grant it belongs to. */
export async function accessTokenByHash(db: Executor, hash: string) {
  const [row] = await db
    .select({ token: sandboxDoudianAccessTokens, authorization: sandboxDoudianAuthorizations })
    .from(sandboxDoudianAccessTokens)
    .innerJoin(
      sandboxDoudianAuthorizations,
      eq(sandboxDoudianAuthorizations.id, sandboxDoudianAccessTokens.authorizationId),
    )
    .where(eq(sandboxDoudianAccessTokens.tokenHash, hash))
    .limit(1);
  return row;
}

/** The shop closes the app's authorization: every grant of the shop stops working. */
export async function revokeShop(db: Executor, shopId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sandboxDoudianAuthorizations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sandboxDoudianAuthorizations.shopId, shopId),
        isNull(sandboxDoudianAuthorizations.revokedAt),
      ),
    )
    .returning({ id: sandboxDoudianAuthorizations.id });
  return rows.length;
}

/** Moves the expiry of the shop's access tokens (and, if asked, refresh tokens) to `at`. */
export async function expireShopTokens(
  db: Executor,
  shopId: string,
  at: Date,
  refreshToo: boolean,
): Promise<number> {
  const grants = db
    .select({ id: sandboxDoudianAuthorizations.id })
    .from(sandboxDoudianAuthorizations)
    .where(eq(sandboxDoudianAuthorizations.shopId, shopId));
  const changed = await db
    .update(sandboxDoudianAccessTokens)
    .set({ expiresAt: at })
    .where(
      and(
        inArray(sandboxDoudianAccessTokens.authorizationId, grants),
        gt(sandboxDoudianAccessTokens.expiresAt, at),
      ),
    )
    .returning({ hash: sandboxDoudianAccessTokens.tokenHash });
  if (refreshToo)
    await db
      .update(sandboxDoudianAuthorizations)
      .set({ refreshExpiresAt: at })
      .where(eq(sandboxDoudianAuthorizations.shopId, shopId));
  return changed.length;
}

// --- 定向计划 ---------------------------------------------------------------------------

export async function planById(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(sandboxDoudianPlans)
    .where(eq(sandboxDoudianPlans.id, id))
    .limit(1);
  return row;
}

/** A running plan of the shop for the product with this ratio and end time. */
export async function samePlan(
  db: Executor,
  shop: { shopId: string; productId: string; cosRatio: number; endTime: Date; now: Date },
) {
  const [row] = await db
    .select({ id: sandboxDoudianPlans.id })
    .from(sandboxDoudianPlans)
    .where(
      and(
        eq(sandboxDoudianPlans.shopId, shop.shopId),
        eq(sandboxDoudianPlans.productId, shop.productId),
        eq(sandboxDoudianPlans.cosRatio, shop.cosRatio),
        eq(sandboxDoudianPlans.endTime, shop.endTime),
        gt(sandboxDoudianPlans.endTime, shop.now),
      ),
    )
    .limit(1);
  return row;
}

/** The shop's plans, newest first, by product and plan id when given (buyin.orienPlanList). */
export async function plansOfShop(
  db: Executor,
  shopId: string,
  filter: { productId: string | null; planId: string | null },
) {
  return db
    .select()
    .from(sandboxDoudianPlans)
    .where(
      and(
        eq(sandboxDoudianPlans.shopId, shopId),
        filter.productId ? eq(sandboxDoudianPlans.productId, filter.productId) : undefined,
        filter.planId ? eq(sandboxDoudianPlans.id, filter.planId) : undefined,
      ),
    )
    .orderBy(desc(sandboxDoudianPlans.startTime), desc(sandboxDoudianPlans.id));
}

export async function insertPlan(db: Executor, row: typeof sandboxDoudianPlans.$inferInsert) {
  await db.insert(sandboxDoudianPlans).values(row);
}

export async function updatePlan(
  db: Executor,
  id: string,
  values: Partial<typeof sandboxDoudianPlans.$inferInsert>,
) {
  await db.update(sandboxDoudianPlans).set(values).where(eq(sandboxDoudianPlans.id, id));
}

/** 达人 the shop added to its plans in [from, to) (applications do not count). */
export async function authorsAddedBetween(db: Executor, shopId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxDoudianPlanAuthors)
    .where(
      and(
        eq(sandboxDoudianPlanAuthors.shopId, shopId),
        eq(sandboxDoudianPlanAuthors.origin, 'added'),
        gte(sandboxDoudianPlanAuthors.addedAt, from),
        lt(sandboxDoudianPlanAuthors.addedAt, to),
      ),
    );
  return row?.n ?? 0;
}

export async function insertPlanAuthors(
  db: Executor,
  rows: Array<Omit<typeof sandboxDoudianPlanAuthors.$inferInsert, 'applyId'>>,
) {
  if (rows.length === 0) return;
  await db.insert(sandboxDoudianPlanAuthors).values(rows);
}

/** Seeded applications: a 达人 already in the plan keeps their row. */
export async function insertApplications(
  db: Executor,
  rows: Array<Omit<typeof sandboxDoudianPlanAuthors.$inferInsert, 'applyId'>>,
) {
  if (rows.length === 0) return;
  await db.insert(sandboxDoudianPlanAuthors).values(rows).onConflictDoNothing();
}

export async function setApplicationsUntil(db: Executor, planId: string, at: Date) {
  await db
    .update(sandboxDoudianPlans)
    .set({ applicationsUntil: at })
    .where(eq(sandboxDoudianPlans.id, planId));
}

export async function planAuthorByApplyId(db: Executor, applyId: number) {
  const [row] = await db
    .select()
    .from(sandboxDoudianPlanAuthors)
    .where(eq(sandboxDoudianPlanAuthors.applyId, applyId))
    .limit(1);
  return row;
}

/** Moves an application from one status to another: false when it was not in `from`. */
export async function decideApplication(
  db: Executor,
  applyId: number,
  change: { from: number; to: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(sandboxDoudianPlanAuthors)
    .set({ auditStatus: change.to, decidedAt: change.at })
    .where(
      and(
        eq(sandboxDoudianPlanAuthors.applyId, applyId),
        eq(sandboxDoudianPlanAuthors.auditStatus, change.from),
      ),
    )
    .returning({ applyId: sandboxDoudianPlanAuthors.applyId });
  return rows.length === 1;
}

export async function deletePlanAuthor(db: Executor, applyId: number) {
  await db.delete(sandboxDoudianPlanAuthors).where(eq(sandboxDoudianPlanAuthors.applyId, applyId));
}

/** The shop's 达人 in force (audit_status 1) in any plan, with the plan. */
export async function membersInForce(db: Executor, shopId: string) {
  return db
    .select({ member: sandboxDoudianPlanAuthors, plan: sandboxDoudianPlans })
    .from(sandboxDoudianPlanAuthors)
    .innerJoin(sandboxDoudianPlans, eq(sandboxDoudianPlans.id, sandboxDoudianPlanAuthors.planId))
    .where(
      and(
        eq(sandboxDoudianPlanAuthors.shopId, shopId),
        eq(sandboxDoudianPlanAuthors.auditStatus, 1),
      ),
    )
    .orderBy(asc(sandboxDoudianPlanAuthors.applyId));
}

/** Every 达人 of a plan, oldest first (a plan holds at most the shop's plan limit). */
export async function authorsOfPlan(db: Executor, planId: string): Promise<SandboxPlanAuthor[]> {
  return db
    .select()
    .from(sandboxDoudianPlanAuthors)
    .where(eq(sandboxDoudianPlanAuthors.planId, planId))
    .orderBy(asc(sandboxDoudianPlanAuthors.applyId));
}

// --- 团长 activities --------------------------------------------------------------------

export async function appliedActivityIds(db: Executor, shopId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: sandboxDoudianActivityApplications.activityId })
    .from(sandboxDoudianActivityApplications)
    .where(eq(sandboxDoudianActivityApplications.shopId, shopId));
  return new Set(rows.map((r) => r.id));
}

export async function insertApplication(
  db: Executor,
  row: typeof sandboxDoudianActivityApplications.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(sandboxDoudianActivityApplications)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: sandboxDoudianActivityApplications.productId });
  return rows.length === 1;
}

// --- the record of calls ----------------------------------------------------------------

export async function insertCall(db: Executor, row: Omit<SandboxCallRow, 'id'>): Promise<void> {
  await db.insert(sandboxDoudianCalls).values(row);
}

export async function listCalls(
  db: Executor,
  f: { afterId?: number; apiMethod?: string; limit: number },
): Promise<SandboxCallRow[]> {
  return db
    .select()
    .from(sandboxDoudianCalls)
    .where(
      and(
        f.afterId !== undefined ? gt(sandboxDoudianCalls.id, f.afterId) : sql`true`,
        f.apiMethod ? eq(sandboxDoudianCalls.apiMethod, f.apiMethod) : sql`true`,
      ),
    )
    .orderBy(asc(sandboxDoudianCalls.id))
    .limit(f.limit);
}
