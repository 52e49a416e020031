import type { SampleStatus } from '@inviteflow/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageOffset } from '../../lib/sql.ts';
import { sampleRequests } from './schema.ts';

export type SampleRequestRow = typeof sampleRequests.$inferSelect;

/**
 * What the platform's pages say of a sample request, and what the service keeps of it in
 * `fulfilment` (jsonb): the shipping and content of the fulfilment page, and the review
 * facts of the search page (whether it can be approved, why not, the agency that applied).
 */
// A type (not an interface): the jsonb column takes a Record.
export type StoredFulfilment = {
  status: string | null;
  trackingNumber: string | null;
  shipmentExpiresAt: string | null;
  contents: Array<{
    format: string | null;
    url: string | null;
    viewCount: number | null;
    paidOrderCount: number | null;
    postedAt: string | null;
  }>;
  approvable: boolean | null;
  disapprovableReasons: string[];
  partnerName: string | null;
};

/** One request as a sync read it: unique in its shop by the platform's application id. */
export interface SampleRequestInput {
  userId: number;
  shopId: number;
  platform: string;
  platformApplicationId: string;
  talentId: number | null;
  creatorOpenId: string | null;
  creatorUsername: string | null;
  creatorName: string;
  productId: string | null;
  productTitle: string;
  status: SampleStatus;
  platformStatus: string;
  commissionRate: string | null;
  approveExpiresAt: Date | null;
  fulfilment: StoredFulfilment;
  /** When first read (kept on a later read: the platform's pages give no application time). */
  appliedAt: Date;
}

/** The stored requests of a shop among these application ids (a sync's "already known"). */
export async function requestsOfApplications(
  db: Executor,
  shopId: number,
  applicationIds: readonly string[],
): Promise<SampleRequestRow[]> {
  if (!applicationIds.length) return [];
  return db
    .select()
    .from(sampleRequests)
    .where(
      and(
        eq(sampleRequests.shopId, shopId),
        inArray(sampleRequests.platformApplicationId, [...applicationIds]),
      ),
    );
}

/**
 * Writes what a sync read, by shop and application id: a new request is inserted, a known one
 * takes the platform's current words (its applied time, its review time and a talent already
 * matched stay). Answers how many rows were new or changed.
 */
export async function upsertRequests(
  db: Executor,
  inputs: readonly SampleRequestInput[],
): Promise<number> {
  if (!inputs.length) return 0;
  const t = sampleRequests;
  const rows = await db
    .insert(t)
    .values(inputs.map((input) => ({ ...input })))
    .onConflictDoUpdate({
      target: [t.shopId, t.platformApplicationId],
      set: {
        talentId: sql`coalesce(${t.talentId}, excluded.talent_id)`,
        creatorOpenId: sql`excluded.creator_open_id`,
        creatorUsername: sql`excluded.creator_username`,
        creatorName: sql`excluded.creator_name`,
        productId: sql`excluded.product_id`,
        productTitle: sql`excluded.product_title`,
        status: sql`excluded.status`,
        platformStatus: sql`excluded.platform_status`,
        commissionRate: sql`excluded.commission_rate`,
        approveExpiresAt: sql`excluded.approve_expires_at`,
        fulfilment: sql`excluded.fulfilment`,
        updatedAt: sql`now()`,
      },
      // A re-read that changes nothing writes nothing.
      setWhere: sql`(${t.status}, ${t.platformStatus}, ${t.fulfilment}, ${t.approveExpiresAt}, ${t.productTitle}, ${t.creatorName}, ${t.talentId})
        is distinct from (excluded.status, excluded.platform_status, excluded.fulfilment, excluded.approve_expires_at, excluded.product_title, excluded.creator_name, coalesce(${t.talentId}, excluded.talent_id))`,
    })
    .returning({ id: t.id });
  return rows.length;
}

export interface SampleListArgs {
  page: number;
  pageSize: number;
  shopId?: number | undefined;
  status?: SampleStatus | undefined;
  talentId?: number | undefined;
}

/** The caller's requests, newest application first. */
export async function listRequests(
  db: Executor,
  userId: number,
  args: SampleListArgs,
): Promise<{ rows: SampleRequestRow[]; total: number }> {
  const t = sampleRequests;
  const where = and(
    eq(t.userId, userId),
    args.shopId === undefined ? undefined : eq(t.shopId, args.shopId),
    args.status === undefined ? undefined : eq(t.status, args.status),
    args.talentId === undefined ? undefined : eq(t.talentId, args.talentId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.appliedAt), desc(t.id))
      .limit(args.pageSize)
      .offset(pageOffset(args.page, args.pageSize)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(t)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One of the caller's requests (another account's is not found). */
export async function findRequest(
  db: Executor,
  userId: number,
  id: number,
): Promise<SampleRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(sampleRequests)
    .where(and(eq(sampleRequests.userId, userId), eq(sampleRequests.id, id)))
    .limit(1);
  return row;
}

/**
 * The platform took the seller's review: the request moves on now (the next sync reads the
 * platform's own status). Only a request still pending moves.
 */
export async function markReviewed(
  db: Executor,
  id: number,
  review: { status: SampleStatus; platformStatus: string; at: Date },
): Promise<SampleRequestRow | undefined> {
  const [row] = await db
    .update(sampleRequests)
    .set({
      status: review.status,
      platformStatus: review.platformStatus,
      reviewedAt: review.at,
      updatedAt: review.at,
    })
    .where(and(eq(sampleRequests.id, id), eq(sampleRequests.status, 'pending')))
    .returning();
  return row;
}
