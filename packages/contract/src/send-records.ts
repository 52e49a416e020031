import { z } from './zod.ts';
import {
  SEND_MESSAGE_MAX,
  SEND_RECORD_PAGE_SIZE_DEFAULT,
  SEND_TASK_PRODUCTS_MAX,
  SEND_TASK_TALENTS_MAX,
  SET_NAME_MAX,
  contentTypes,
  cooldownChoices,
  filterTypes,
  sendErrorCodes,
  sendRecordStatuses,
  statsDayChoices,
  taskTypes,
} from './send-records-constants.ts';
import type { FilterType } from './send-records-constants.ts';
import type { CatalogueKey } from './texts.ts';
import { membershipLevels } from './auth.ts';
import { keysetPage, keysetPaging, oneWayToPage } from './envelope.ts';
import { isoDateTime, optionalTime, optionalWord, requiredText } from './fields.ts';
import { KEYWORD_MAX, SCRIPT_CONTENT_MAX } from './field-limits.ts';
import { shop, shopSlots } from './shops.ts';
import { talentIdentity } from './talent-identity.ts';
import { taskPlatformFields } from './task-platform-fields.ts';
import { platformAnswer, platformReference } from './platform-actions.ts';
import { channels } from './platform-calls.ts';
import { followUpsInput } from './follow-ups.ts';
import { recordStages } from './record-stages.ts';
import {
  BATCH_MAX,
  importReport,
  platforms,
  talentFileFormats,
  talentFilters,
  talentStatuses,
} from './talents.ts';

const rowId = (
  error: 'validation.invalidField' | 'validation.idsInvalid' | 'validation.shopRequired',
) =>
  z.coerce
    .number({ error })
    .int({ error })
    .positive({ error })
    .max(Number.MAX_SAFE_INTEGER, { error });

const shopIdField = rowId('validation.invalidField').max(2 ** 31 - 1, {
  error: 'validation.invalidField',
});
/** The shop a task is for: a form left without one says so. */
const taskShopId = rowId('validation.shopRequired').max(2 ** 31 - 1, {
  error: 'validation.shopRequired',
});
/** Template ids are 32-bit in the database: a larger one cannot exist (and made the query fail). */
const templateId = (error: 'validation.invalidField' | 'validation.idsInvalid') =>
  rowId(error).max(2 ** 31 - 1, { error });

/** How a task picks its talents: by hand from the library, or by talent filters. */
const talentPick = {
  shopId: taskShopId,
  taskType: z.enum(taskTypes, { error: 'validation.taskTypeRequired' }),
  filterType: z.enum(filterTypes, { error: 'validation.filterTypeRequired' }),
  /** manual: the library talents picked. */
  talentIds: z
    .array(rowId('validation.idsInvalid'), { error: 'validation.idsInvalid' })
    .max(BATCH_MAX, { error: 'validation.idsTooMany' })
    .optional()
    .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
  /** rules: the talent filters of Talent Management Query (none: the whole library). */
  rules: talentFilters.optional(),
  /** rules: invite at most this many of the matches (newest added first). */
  maxCount: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .min(1, { error: 'validation.invalidField' })
    .max(SEND_TASK_TALENTS_MAX, { error: 'validation.invalidField' })
    .optional(),
};

function talentsPicked(
  value: { filterType: FilterType; talentIds?: number[] | undefined },
  ctx: z.core.$RefinementCtx,
) {
  if (value.filterType === 'manual' && !value.talentIds?.length) {
    ctx.addIssue({ code: 'custom', path: ['talentIds'], message: 'validation.talentsRequired' });
  }
}

/** Before creating: how many talents match and what stands in the way. */
export const sendPreviewBody = z.object(talentPick).superRefine(talentsPicked);
export type SendPreviewBody = z.input<typeof sendPreviewBody>;

export const talentRef = z.object({
  id: z.number().int(),
  name: z.string(),
  platform: z.enum(platforms),
  platformTalentId: z.string(),
});
export type TalentRef = z.infer<typeof talentRef>;

export const cooldownTalent = talentRef.extend({
  /** When this talent's last record for the same shop and task type was created. */
  lastInvitedAt: isoDateTime,
});
export type CooldownTalent = z.infer<typeof cooldownTalent>;

export const sendPreviewData = z.object({
  /** Talents picked, or matching the rules (at most `maxCount`). */
  matched: z.number().int(),
  /** Blacklisted talents among them: never invited. The first 50 are listed. */
  blacklisted: z.array(talentRef),
  blacklistedCount: z.number().int(),
  /** Talents invited for this shop and task type within the cool-down. The first 50 are listed. */
  cooldown: z.array(cooldownTalent),
  cooldownCount: z.number().int(),
  /**
   * Picked talents of another platform than the shop's: a create refuses them (and with them
   * the task), naming them. The first 50 are listed. Rules only ever pick the shop's platform.
   */
  otherPlatform: z.array(talentRef),
  otherPlatformCount: z.number().int(),
  /** Records a create would make, skipping or including the cool-down talents. */
  willCreate: z.object({ skip: z.number().int(), include: z.number().int() }),
  dailyCap: z.number().int(),
  usedToday: z.number().int(),
  remainingToday: z.number().int(),
  /** The zone the allowance's days are counted in (the account's). */
  timeZone: z.string(),
  /** When today's allowance ends and the next day's begins. */
  todayEndsAt: isoDateTime,
  /** The first talent that would be invited, for the script's preview. */
  sample: talentRef.nullable(),
});
export type SendPreviewData = z.infer<typeof sendPreviewData>;

/** The task settings besides its talents. */
export const sendTaskSettings = {
  contentType: z.enum(contentTypes, { error: 'validation.contentTypeRequired' }),
  /** The script with its variables; copied from a script template or written here. */
  script: requiredText('validation.scriptContentRequired').max(SCRIPT_CONTENT_MAX, {
    error: 'validation.scriptContentMax',
  }),
  /** The script template it came from, if any. */
  scriptTemplateId: templateId('validation.invalidField')
    .nullish()
    .transform((v) => v ?? null),
  /** Product templates, in order; their id and name are copied into every record. */
  productTemplateIds: z
    .array(templateId('validation.idsInvalid'), { error: 'validation.idsInvalid' })
    .max(SEND_TASK_PRODUCTS_MAX, { error: 'validation.productsTooMany' })
    .default([])
    .transform((ids) => [...new Set(ids)]),
  setName: requiredText('validation.setNameRequired').max(SET_NAME_MAX, {
    error: 'validation.setNameMax',
  }),
  cooldown: z.enum(cooldownChoices, { error: 'validation.invalidField' }).default('skip'),
};

/**
 * A create: the talents, the settings, and what the shop's platform needs for the task type
 * (task-platform-fields.ts: for a TikTok shop, a target collaboration's terms), checked
 * against the shop by `platformFieldIssues` once the shop is known.
 */
export const sendTaskBody = z
  .object({
    ...talentPick,
    ...sendTaskSettings,
    ...taskPlatformFields,
    /** Follow-ups for non-responders (follow-ups.ts): up to two. */
    followUps: followUpsInput,
  })
  .superRefine(talentsPicked);
export type SendTaskBody = z.input<typeof sendTaskBody>;

export const sendTaskResult = z.object({
  taskId: z.number().int(),
  /** Pending records made, one per talent. */
  created: z.number().int(),
  /** Talents refused because they are blacklisted (the first 50). */
  blacklisted: z.array(talentRef),
  blacklistedCount: z.number().int(),
  /** Talents left out because they were invited within the cool-down (the first 50). */
  skippedCooldown: z.array(talentRef),
  skippedCooldownCount: z.number().int(),
  remainingToday: z.number().int(),
});
export type SendTaskResult = z.infer<typeof sendTaskResult>;

// ---------------------------------------------------------------------------
// Send records: the list, one record, edit.
// ---------------------------------------------------------------------------

export const sendProduct = z.object({ productId: z.string(), productName: z.string() });
export type SendProduct = z.infer<typeof sendProduct>;

export const sendRecord = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** The library talent, while it exists. */
  talentId: z.number().int().nullable(),
  talentName: z.string(),
  platform: z.enum(platforms),
  platformTalentId: z.string(),
  /** The talent's platform identity when the task was made (a handle's open id comes later when resolved). */
  identity: talentIdentity,
  taskType: z.enum(taskTypes),
  contentType: z.enum(contentTypes),
  filterType: z.enum(filterTypes),
  setName: z.string(),
  /** The script with this talent's variables filled. */
  message: z.string(),
  products: z.array(sendProduct),
  status: z.enum(sendRecordStatuses),
  errorCode: z.enum(sendErrorCodes).nullable(),
  errorMessage: z.string().nullable(),
  /** How many times it was claimed (by the extension, or by the server's executor). */
  attempts: z.number().int(),
  /** Who executes it: the server through the platform's Open API, or the extension. */
  channel: z.enum(channels),
  /** What the invitation became on the platform (the target collaboration, the conversation). */
  platformReference: platformReference.nullable(),
  /** The platform's own answer when it refused (its code and message). */
  platformAnswer: platformAnswer.nullable(),
  leasedUntil: isoDateTime.nullable(),
  claimedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  /**
   * What the invitation became after `success` (issue 19, record-stages.ts): the furthest
   * stage reached (null until the creator answered), and when each stage was first reached.
   */
  stage: z.enum(recordStages).nullable(),
  acceptedAt: isoDateTime.nullable(),
  declinedAt: isoDateTime.nullable(),
  expiredAt: isoDateTime.nullable(),
  repliedAt: isoDateTime.nullable(),
  sampleRequestedAt: isoDateTime.nullable(),
  contentPostedAt: isoDateTime.nullable(),
  firstOrderAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SendRecord = z.infer<typeof sendRecord>;

/** The record's time of each stage, by stage (the filter "reached this stage" reads it). */
export const recordStageTimes = {
  accepted: 'acceptedAt',
  declined: 'declinedAt',
  expired: 'expiredAt',
  replied: 'repliedAt',
  sample_requested: 'sampleRequestedAt',
  content_posted: 'contentPostedAt',
  first_order: 'firstOrderAt',
} as const satisfies Record<(typeof recordStages)[number], keyof SendRecord>;

/** Every filter of the send records search form; created times include both bounds. */
export const sendRecordFilters = z
  .object({
    /** Influencer name contains. */
    talentName: optionalWord(KEYWORD_MAX),
    shopId: shopIdField.optional(),
    taskType: z.enum(taskTypes, { error: 'validation.invalidField' }).optional(),
    contentType: z.enum(contentTypes, { error: 'validation.invalidField' }).optional(),
    filterType: z.enum(filterTypes, { error: 'validation.invalidField' }).optional(),
    status: z.enum(sendRecordStatuses, { error: 'validation.statusInvalid' }).optional(),
    /** Records that reached this stage (whatever came after: its time is set). */
    stage: z.enum(recordStages, { error: 'validation.stageInvalid' }).optional(),
    createdFrom: optionalTime,
    createdTo: optionalTime,
    /** The records of one task. */
    taskId: rowId('validation.invalidField').optional(),
  })
  .superRefine((value, ctx) => {
    if (
      value.createdFrom !== undefined &&
      value.createdTo !== undefined &&
      Date.parse(value.createdFrom) > Date.parse(value.createdTo)
    ) {
      ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'validation.rangeInvalid' });
    }
  });
export type SendRecordFilters = z.output<typeof sendRecordFilters>;

/** Newest first by default; keyset pages like the talent list. */
export const sendRecordListQuery = keysetPaging(SEND_RECORD_PAGE_SIZE_DEFAULT)
  .extend({ order: z.enum(['asc', 'desc'], { error: 'validation.invalidField' }).default('desc') })
  .and(sendRecordFilters)
  .superRefine(oneWayToPage);
export type SendRecordListQuery = z.input<typeof sendRecordListQuery>;

export const sendRecordPage = keysetPage(sendRecord);
export type SendRecordPage = z.infer<typeof sendRecordPage>;

/** A pending record's edit: what it says and how it is filed. */
export const sendRecordEditBody = z.object({
  taskType: z.enum(taskTypes, { error: 'validation.taskTypeRequired' }),
  contentType: z.enum(contentTypes, { error: 'validation.contentTypeRequired' }),
  setName: requiredText('validation.setNameRequired').max(SET_NAME_MAX, {
    error: 'validation.setNameMax',
  }),
  message: requiredText('validation.messageRequired').max(SEND_MESSAGE_MAX, {
    error: 'validation.messageMax',
  }),
});
export type SendRecordEditBody = z.input<typeof sendRecordEditBody>;

// ---------------------------------------------------------------------------
// Import and export.
// ---------------------------------------------------------------------------

/**
 * The task settings of an import, as multipart fields (strings): the same as a
 * create's, with product template ids comma-separated.
 */
/** A multipart flag: 'true' or 'false' (absent: not given). */
function multipartBoolean() {
  return z
    .enum(['true', 'false'], { error: 'validation.invalidField' })
    .optional()
    .transform((text) => (text === undefined ? null : text === 'true'));
}

/** A multipart JSON object (absent or empty: `{}`); a text that is not JSON answers `error`. */
function multipartJson(error: CatalogueKey) {
  return z
    .string({ error })
    .max(2_000, { error })
    .optional()
    .transform((text, ctx) => {
      if (!text) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
    });
}

export const sendImportFields = z.object({
  shopId: taskShopId,
  taskType: z.enum(taskTypes, { error: 'validation.taskTypeRequired' }),
  ...sendTaskSettings,
  productTemplateIds: z
    .string({ error: 'validation.idsInvalid' })
    .max(400, { error: 'validation.idsInvalid' })
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,15}$/, { error: 'validation.idsInvalid' })
            .transform(Number)
            .pipe(z.number().max(2 ** 31 - 1, { error: 'validation.idsInvalid' })),
        )
        .max(SEND_TASK_PRODUCTS_MAX, { error: 'validation.productsTooMany' })
        .transform((ids) => [...new Set(ids)]),
    ),
  /** IANA zone for times without an offset; the account's zone when omitted. */
  timeZone: z.string().max(64).optional(),
  // The platform fields of a create (task-platform-fields.ts), as multipart text.
  collaborationName: taskPlatformFields.collaborationName,
  endsAt: taskPlatformFields.endsAt,
  contactEmail: taskPlatformFields.contactEmail,
  sampleApproval: taskPlatformFields.sampleApproval,
  freeSample: multipartBoolean(),
  /** The commissions as JSON: `{"<product template id>": <hundredths of a percent>}`. */
  commissionRates: multipartJson('validation.commissionRateRange').pipe(
    taskPlatformFields.commissionRates,
  ),
  // 抖店: the 定向计划's apply rules, or the 团长 activity and its terms.
  planAllowApply: multipartBoolean(),
  planAuditApplications: multipartBoolean(),
  activityId: taskPlatformFields.activityId,
  activityName: taskPlatformFields.activityName,
  institutionName: taskPlatformFields.institutionName,
  colonelBuyinId: taskPlatformFields.colonelBuyinId,
  /** Hundredths of a percent, as digits. */
  serviceRate: z
    .string({ error: 'validation.serviceRateRange' })
    .regex(/^\d{1,5}$/, { error: 'validation.serviceRateRange' })
    .optional()
    .transform((text): number | null | undefined => (text === undefined ? null : Number(text)))
    .pipe(taskPlatformFields.serviceRate),
  contactPhone: taskPlatformFields.contactPhone,
  /** The activity prices as JSON: `{"<product template id>": <fen>}`. */
  activityPrices: multipartJson('validation.activityPriceRange').pipe(
    taskPlatformFields.activityPrices,
  ),
});
export type SendImportFields = z.input<typeof sendImportFields>;

export const sendImportReport = importReport.extend({
  /** The task the accepted rows became (null when none was accepted). */
  taskId: z.number().int().nullable(),
});
export type SendImportReport = z.infer<typeof sendImportReport>;

export const sendExportBody = z
  .object({
    format: z.enum(talentFileFormats, { error: 'validation.invalidField' }),
    /** IANA time zone for the times in the file; the account's zone when omitted. */
    timeZone: z.string().max(64).optional(),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalidField' }).default('desc'),
  })
  .and(sendRecordFilters);
export type SendExportBody = z.input<typeof sendExportBody>;

// ---------------------------------------------------------------------------
// The workplace: what a seller wants to see first each morning.
// ---------------------------------------------------------------------------

export const sendStatsQuery = z.object({
  days: z.coerce
    .number({ error: 'validation.invalidField' })
    .refine((n) => (statsDayChoices as readonly number[]).includes(n), {
      error: 'validation.invalidField',
    })
    .default(14),
});
export type SendStatsQuery = z.input<typeof sendStatsQuery>;

export const sendStats = z.object({
  /** Days are calendar days in this zone: the account's (the daily cap counts them too). */
  timeZone: z.string(),
  /** When today ends there: the daily allowance starts again then. */
  todayEndsAt: isoDateTime,
  /**
   * After a change of zone made on a day with invitations: today is still the day counted
   * before it, until this instant; days are counted in `timeZone` from then. Null otherwise.
   */
  timeZoneDaysFrom: isoDateTime.nullable(),
  /** Oldest first, one entry per day (today last), zeros included. */
  days: z.array(
    z.object({
      /** YYYY-MM-DD */
      day: z.string(),
      created: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  totals: z.object({
    created: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    /** Succeeded out of finished, 0-1; null when nothing finished in the period. */
    successRate: z.number().nullable(),
  }),
  /** Failures of the period by error code, most frequent first. */
  topFailures: z.array(z.object({ errorCode: z.enum(sendErrorCodes), count: z.number().int() })),
  /** Records now, by status. */
  records: z.object({
    pending: z.number().int(),
    running: z.number().int(),
    success: z.number().int(),
    failed: z.number().int(),
  }),
  /** The talent library by status (statuses with talents only). */
  talentsByStatus: z.array(z.object({ status: z.enum(talentStatuses), count: z.number().int() })),
  shops: z.object({
    slots: shopSlots,
    counts: z.object({
      BOUND: z.number().int(),
      UNBOUND: z.number().int(),
      EXPIRED: z.number().int(),
    }),
    /** Up to 10 shops: bound first, then the most recently changed. */
    list: z.array(shop),
  }),
  membership: z.object({
    level: z.enum(membershipLevels),
    isActive: z.boolean(),
    validTo: isoDateTime.nullable(),
    /** With no plan in force: when the last one ended (null: never a member). */
    endedAt: isoDateTime.nullable(),
    shopBindLimit: z.number().int(),
    dailyInvitationCap: z.number().int(),
    usedToday: z.number().int(),
    remainingToday: z.number().int(),
  }),
});
export type SendStats = z.infer<typeof sendStats>;
