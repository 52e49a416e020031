import { z } from './zod.ts';
import { isoDateTime } from './fields.ts';
import { sendErrorCodes } from './send-records-constants.ts';

/**
 * Follow-ups for non-responders (issue 19): a task schedules up to two ("no reply nor
 * acceptance `afterDays` days after the invitation succeeded → send this script template"),
 * sent to each creator through the platform's IM (TikTok Shop connected by authorization) and
 * stopped per creator by a reply, an acceptance, a decline, the blacklist or the cool-down.
 * Both steps count their days from the invitation's success; the second comes later than the
 * first and goes only to the creators the first was sent to.
 */

/** Follow-ups a task may schedule. */
export const FOLLOW_UPS_MAX = 2;
/** A follow-up's days after the invitation's success. */
export const FOLLOW_UP_DAYS_MIN = 1;
export const FOLLOW_UP_DAYS_MAX = 30;

const days = z
  .number({ error: 'validation.followUpDays' })
  .int({ error: 'validation.followUpDays' })
  .min(FOLLOW_UP_DAYS_MIN, { error: 'validation.followUpDays' })
  .max(FOLLOW_UP_DAYS_MAX, { error: 'validation.followUpDays' });

/** One follow-up of a create: after how many days, which script template. */
export const followUpInput = z.object({
  afterDays: days,
  /** Script templates are 32-bit ids. */
  scriptTemplateId: z
    .number({ error: 'validation.followUpTemplateRequired' })
    .int({ error: 'validation.followUpTemplateRequired' })
    .positive({ error: 'validation.followUpTemplateRequired' })
    .max(2 ** 31 - 1, { error: 'validation.followUpTemplateRequired' }),
});
export type FollowUpInput = z.infer<typeof followUpInput>;

/** A create's follow-ups: none, one or two, the second later than the first. */
export const followUpsInput = z
  .array(followUpInput, { error: 'validation.invalidField' })
  .max(FOLLOW_UPS_MAX, { error: 'validation.followUpsMax' })
  .default([])
  .superRefine((list, ctx) => {
    const [first, second] = list;
    if (first && second && second.afterDays <= first.afterDays) {
      ctx.addIssue({
        code: 'custom',
        path: [1, 'afterDays'],
        message: 'validation.followUpSecondLater',
      });
    }
  });

export const followUpStatuses = ['scheduled', 'cancelled'] as const;
export type FollowUpStatus = (typeof followUpStatuses)[number];

/**
 * Why a follow-up was not sent to a creator: the creator replied, accepted or declined; is
 * blacklisted; was invited again by this shop within the cool-down (another task); or the shop
 * can no longer send (no longer connected by authorization).
 */
export const followUpSkipReasons = [
  'replied',
  'accepted',
  'declined',
  'blacklisted',
  'cool_down',
  'no_channel',
] as const;
export type FollowUpSkipReason = (typeof followUpSkipReasons)[number];

/** What a follow-up did, counted over its task's creators. */
export const followUpCounts = z.object({
  /** Messaged. */
  sent: z.number().int(),
  /** Not messaged, per reason (every reason, zero included). */
  skipped: z.object(
    Object.fromEntries(followUpSkipReasons.map((r) => [r, z.number().int()])) as Record<
      FollowUpSkipReason,
      z.ZodNumber
    >,
  ),
  /** The platform refused the message (failures by code). */
  failed: z.number().int(),
  failures: z.array(z.object({ code: z.enum(sendErrorCodes), count: z.number().int() })),
  /** Being sent right now. */
  sending: z.number().int(),
  /**
   * Creators still to come: not yet due (or their invitation not yet sent); for the second
   * step, those the first was sent to. Zero once cancelled.
   */
  waiting: z.number().int(),
});
export type FollowUpCounts = z.infer<typeof followUpCounts>;

export const taskFollowUp = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  step: z.number().int().min(1).max(FOLLOW_UPS_MAX),
  afterDays: z.number().int(),
  /** The template it came from, while it exists. */
  scriptTemplateId: z.number().int().nullable(),
  /** The script as it was when scheduled (variables filled per creator when sent). */
  script: z.string(),
  status: z.enum(followUpStatuses),
  cancelledAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  counts: followUpCounts,
});
export type TaskFollowUp = z.infer<typeof taskFollowUp>;

/** A task's follow-ups, and whether its shop can send them at all. */
export const taskFollowUps = z.object({
  taskId: z.number().int(),
  /**
   * Whether the task's shop sends follow-ups: a TikTok Shop shop connected by authorization
   * (the platform's IM). Others cannot schedule any; the console says so.
   */
  canFollowUp: z.boolean(),
  list: z.array(taskFollowUp),
});
export type TaskFollowUps = z.infer<typeof taskFollowUps>;

/** Whether a shop (by its platform and channel) can send follow-ups. */
export function followUpsSupported(platform: string, channel: string): boolean {
  return platform === 'tiktok' && channel === 'api';
}
