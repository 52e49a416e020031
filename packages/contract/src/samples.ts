import { pageData, pageQuery } from './envelope.ts';
import { z } from './zod.ts';

/**
 * Samples (issue 19): creators' sample requests of the seller's shops, approved or rejected
 * from the console, and their fulfilment. TikTok Shop: Seller Search Sample Applications
 * 202508, Seller Review Sample Applications 202507 and Seller Search Sample Applications
 * Fulfillments 202409 (partner.tiktokshop.com docv2, mirrored in
 * github:lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/
 * seller-search-sample-applications.doc.json, seller-review-sample-applications.doc.json,
 * seller-search-sample-applications-fulfillments.doc.json). 抖店's open platform has no
 * sample-request API (寄样 is handled in 抖店 / 百应): the console says so.
 */

/**
 * Our statuses of a sample request. From TikTok's `status`: PENDING → pending,
 * AWAITING_SHIPMENT → approved, SHIPPED → shipped, CONTENT_PENDING → content_pending,
 * COMPLETED and OPS_COMPLETED → completed, REJECT_CANCELLED → rejected, every other
 * *_CANCELLED, DEL_OPEN_COLLAB and OPS_FAILED → cancelled.
 */
export const sampleStatuses = [
  'pending',
  'approved',
  'rejected',
  'shipped',
  'content_pending',
  'completed',
  'cancelled',
] as const;
export type SampleStatus = (typeof sampleStatuses)[number];

/**
 * Why a seller rejects, as Seller Review Sample Applications 202507 lists `reject_reason`
 * ("Required if the review_result is set to REJECT"): NOT_MATCH (the creator does not meet
 * the seller's requirements), OFFLINE (the product is offline), OUT_OF_STOCK, OTHER.
 */
export const sampleRejectReasons = ['NOT_MATCH', 'OFFLINE', 'OUT_OF_STOCK', 'OTHER'] as const;
export type SampleRejectReason = (typeof sampleRejectReasons)[number];

/** A row id in the query: ids are capped at 2**31-1 (a larger one cannot exist). */
const rowId = () =>
  z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(2 ** 31 - 1, { error: 'validation.invalidField' });

export const sampleListQuery = pageQuery.extend({
  shopId: rowId().optional(),
  status: z.enum(sampleStatuses, { error: 'validation.invalidField' }).optional(),
  talentId: rowId().optional(),
});
export type SampleListQuery = z.input<typeof sampleListQuery>;

/** Approve, or reject with one of the platform's reasons. */
export const sampleReviewBody = z
  .object({
    result: z.enum(['approve', 'reject'], { error: 'validation.sampleReviewResult' }),
    reason: z.enum(sampleRejectReasons, { error: 'validation.sampleRejectReason' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.result === 'reject' && !body.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'validation.sampleRejectReasonRequired',
      });
  });
export type SampleReviewBody = z.input<typeof sampleReviewBody>;

/** What the fulfilment page told last: shipping and the creator's content with the sample. */
export const sampleFulfilment = z.object({
  /** The platform's fulfilment status (TikTok: PENDING, ONGOING, SUCCEED, FAILED, OVERDUE…). */
  status: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shipmentExpiresAt: z.string().nullable(),
  contents: z.array(
    z.object({
      /** LIVE or VIDEO. */
      format: z.string().nullable(),
      url: z.string().nullable(),
      viewCount: z.number().nullable(),
      paidOrderCount: z.number().nullable(),
      postedAt: z.string().nullable(),
    }),
  ),
});
export type SampleFulfilment = z.infer<typeof sampleFulfilment>;

export const sampleRequest = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  platform: z.string(),
  talentId: z.number().int().nullable(),
  creatorName: z.string(),
  creatorUsername: z.string().nullable(),
  productId: z.string().nullable(),
  productTitle: z.string(),
  status: z.enum(sampleStatuses),
  /** The platform's own status word, as sent. */
  platformStatus: z.string(),
  /** A fraction as the platform gives it ("0.1" = 10 %). */
  commissionRate: z.string().nullable(),
  appliedAt: z.string(),
  /** The seller's deadline to approve (TikTok `approve_expiration_time`). */
  approveExpiresAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Pending and within its deadline: the console offers approve and reject. */
  reviewable: z.boolean(),
  fulfilment: sampleFulfilment.nullable(),
});
export type SampleRequest = z.infer<typeof sampleRequest>;

export const samplePage = pageData(sampleRequest);
export type SamplePage = z.infer<typeof samplePage>;
