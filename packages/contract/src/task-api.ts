import { z } from './zod.ts';
import { isoDateTime } from './fields.ts';
import {
  SEND_ERROR_MESSAGE_MAX,
  contentTypes,
  sendErrorCodes,
  sendRecordStatuses,
  taskTypes,
} from './send-records-constants.ts';
import { shop } from './shops.ts';
import { platforms } from './talents.ts';

/**
 * The task API the extension executes (issue: invitation workflow). The extension
 * reports the shop it sees, claims pending records of that shop under a lease,
 * and reports each result. All calls carry the extension's bearer token.
 */

/** A claim holds its records this long; unreported, they return to pending. */
export const CLAIM_LEASE_SECONDS = 300;
/** At most this many records per claim. */
export const CLAIM_LIMIT_MAX = 20;

export const claimBody = z.object({
  shopId: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(2 ** 31 - 1, { error: 'validation.invalidField' }),
  limit: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .min(1, { error: 'validation.invalidField' })
    .max(CLAIM_LIMIT_MAX, { error: 'validation.invalidField' })
    .default(5),
});
export type ClaimBody = z.infer<typeof claimBody>;

/** One record to execute, with everything the seller center page needs. */
export const claimedRecord = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  talent: z.object({
    name: z.string(),
    platform: z.enum(platforms),
    platformTalentId: z.string(),
  }),
  taskType: z.enum(taskTypes),
  contentType: z.enum(contentTypes),
  setName: z.string(),
  /** The script with its variables filled for this talent. */
  message: z.string(),
  products: z.array(z.object({ productId: z.string(), productName: z.string() })),
  /** Until then the record is this claim's; report before it. */
  leasedUntil: isoDateTime,
});
export type ClaimedRecord = z.infer<typeof claimedRecord>;

export const claimData = z.object({
  leaseSeconds: z.number().int(),
  records: z.array(claimedRecord),
  /** Records not handed out because their talent is blacklisted now: failed as `blacklisted`. */
  skipped: z.array(z.object({ id: z.number().int(), errorCode: z.enum(sendErrorCodes) })),
  /** Records the account may still create today (the plan's daily cap less today's). */
  remainingToday: z.number().int(),
});
export type ClaimData = z.infer<typeof claimData>;

export const reportBody = z
  .object({
    status: z.enum(['success', 'failed'], { error: 'validation.reportStatusInvalid' }),
    errorCode: z.enum(sendErrorCodes, { error: 'validation.errorCodeInvalid' }).optional(),
    message: z
      .string({ error: 'validation.invalidField' })
      .trim()
      .max(SEND_ERROR_MESSAGE_MAX, { error: 'validation.invalidField' })
      .optional(),
  })
  .refine((body) => body.status === 'success' || body.errorCode !== undefined, {
    error: 'validation.errorCodeRequired',
    path: ['errorCode'],
  });
export type ReportBody = z.infer<typeof reportBody>;

/** The record after a report; `changed` is false when it was already final (a repeat). */
export const reportData = z.object({
  id: z.number().int(),
  status: z.enum(sendRecordStatuses),
  errorCode: z.enum(sendErrorCodes).nullable(),
  changed: z.boolean(),
});
export type ReportData = z.infer<typeof reportData>;

/** The shop the extension sees; it is bound, or the refusal says why (422 with a message). */
export const shopReportData = z.object({
  shop,
  /** bound: newly bound now; alreadyBound: it was bound before this report. */
  outcome: z.enum(['bound', 'alreadyBound']),
});
export type ShopReportData = z.infer<typeof shopReportData>;
