import type {
  SamplePage,
  SampleRejectReason,
  SampleRequest,
  SampleReviewBody,
  SampleStatus,
} from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { findShop } from '../shops/index.ts';
import * as repo from './repository.ts';

/** A seller's decision on one sample request, as the platform takes it. */
export type SampleDecision =
  { result: 'approve' } | { result: 'reject'; reason: SampleRejectReason };

/**
 * The platform's side of a review (issue 19). Samples imports nothing of platforms (no module
 * does): app.ts fills this port with the platforms' reviewer (platforms/sync's
 * sampleReviewer: TikTok Seller Review Sample Applications 202507). This is cleaner than
 * putting the review route under platforms: the request's rules (only a pending request,
 * before the deadline, the caller's own) and its table stay in this module, and platforms
 * only makes the call. A refusal is thrown as an AppError in the caller's words.
 */
export interface SampleReviewPort {
  review(
    request: { userId: number; shopId: number; platform: string; platformApplicationId: string },
    decision: SampleDecision,
  ): Promise<{ status: SampleStatus; platformStatus: string }>;
}

/** Pending and within the platform's deadline to approve. */
export function isReviewable(row: repo.SampleRequestRow, now: Date): boolean {
  return (
    row.status === 'pending' &&
    (row.approveExpiresAt === null || row.approveExpiresAt.getTime() > now.getTime())
  );
}

function toSampleRequest(row: repo.SampleRequestRow, shopName: string, now: Date): SampleRequest {
  const f = row.fulfilment as Partial<repo.StoredFulfilment> | null;
  return {
    id: row.id,
    shopId: row.shopId,
    shopName,
    platform: row.platform,
    talentId: row.talentId,
    creatorName: row.creatorName,
    creatorUsername: row.creatorUsername,
    productId: row.productId,
    productTitle: row.productTitle,
    status: row.status as SampleStatus,
    platformStatus: row.platformStatus,
    commissionRate: row.commissionRate,
    appliedAt: row.appliedAt.toISOString(),
    approveExpiresAt: row.approveExpiresAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewable: isReviewable(row, now),
    fulfilment: f
      ? {
          status: f.status ?? null,
          trackingNumber: f.trackingNumber ?? null,
          shipmentExpiresAt: f.shipmentExpiresAt ?? null,
          contents: f.contents ?? [],
        }
      : null,
  };
}

async function shopNames(db: Database, userId: number, rows: readonly repo.SampleRequestRow[]) {
  const names = new Map<number, string>();
  for (const shopId of new Set(rows.map((row) => row.shopId))) {
    names.set(shopId, (await findShop(db, userId, shopId))?.shopName ?? '');
  }
  return names;
}

export class Samples {
  constructor(
    private readonly db: Database,
    private readonly reviewer: SampleReviewPort,
  ) {}

  async list(userId: number, query: repo.SampleListArgs, now: Date): Promise<SamplePage> {
    const { rows, total } = await repo.listRequests(this.db, userId, query);
    const names = await shopNames(this.db, userId, rows);
    return {
      list: rows.map((row) => toSampleRequest(row, names.get(row.shopId) ?? '', now)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * Approves or rejects a request through its platform. The rules are the platform's
   * (Seller Search Sample Applications 202508 / Seller Review Sample Applications 202507):
   * only a PENDING application ("waiting for the seller's review") is reviewed; approval
   * before `approve_expiration_time` ("The expire time for a seller to approve a sample
   * application"; after it the platform cancels it, OVERDUE_CANCELLED); approval only when
   * `is_approvable` (else its `disapprovable_reasons`); an agency's application (`partner_name`)
   * cannot be reviewed by the seller (16022020 "seller has no permission to operate agency's
   * sample request"); a rejection names its `reject_reason`. Another account's request is 404.
   */
  async review(
    userId: number,
    id: number,
    body: SampleReviewBody,
    now: Date,
  ): Promise<SampleRequest> {
    const row = await repo.findRequest(this.db, userId, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict('error.sampleNotPending');
    if (row.approveExpiresAt && row.approveExpiresAt.getTime() <= now.getTime())
      throw conflict('error.sampleApproveExpired');
    const f = row.fulfilment as Partial<repo.StoredFulfilment> | null;
    if (f?.partnerName) throw new AppError(422, 'error.sampleAgency');
    if (body.result === 'approve' && f?.approvable === false)
      throw new AppError(422, 'error.sampleNotApprovable', {
        reasons: (f.disapprovableReasons ?? []).join('; ') || '—',
      });
    const decision: SampleDecision =
      body.result === 'approve'
        ? { result: 'approve' }
        : { result: 'reject', reason: body.reason! };
    const moved = await this.reviewer.review(
      {
        userId,
        shopId: row.shopId,
        platform: row.platform,
        platformApplicationId: row.platformApplicationId,
      },
      decision,
    );
    const updated = await repo.markReviewed(this.db, row.id, { ...moved, at: now });
    // Reviewed meanwhile by another request of the seller: the platform took this one too.
    const current = updated ?? (await repo.findRequest(this.db, userId, id))!;
    const names = await shopNames(this.db, userId, [current]);
    return toSampleRequest(current, names.get(current.shopId) ?? '', now);
  }
}
