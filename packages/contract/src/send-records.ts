import { z } from 'zod';
import { membershipLevels } from './auth.ts';
import { keysetPage, keysetPaging, oneWayToPage } from './envelope.ts';
import {
  KEYWORD_MAX,
  SCRIPT_CONTENT_MAX,
  isoDateTime,
  optionalTime,
  optionalWord,
  requiredText,
} from './fields.ts';
import { shop, shopSlots } from './shops.ts';
import {
  BATCH_MAX,
  importReport,
  platforms,
  talentFileFormats,
  talentFilters,
  talentStatuses,
} from './talents.ts';

/**
 * Send records and invitation tasks (spec: 'Send records', the Send record entity,
 * section 9's task, content and filter types). A task becomes one record per
 * talent; the extension claims pending records and reports each result.
 */
export const taskTypes = [
  'free_product',
  'targeted_product',
  'free_connection',
  'targeted_connection',
  'group_leader_activity',
] as const;
export type TaskType = (typeof taskTypes)[number];

export const contentTypes = ['image_text', 'horizontal_video', 'vertical_video'] as const;
export type ContentType = (typeof contentTypes)[number];

/** manual: talents picked from the library ('artificial' in the spec); rules: talent filters. */
export const filterTypes = ['manual', 'rules'] as const;
export type FilterType = (typeof filterTypes)[number];

/** pending → running (claimed under a lease) → success | failed; a lapsed lease returns to pending. */
export const sendRecordStatuses = ['pending', 'running', 'success', 'failed'] as const;
export type SendRecordStatus = (typeof sendRecordStatuses)[number];

/** The standard error codes of a failed record (DESIGN.md, domain rules). */
export const sendErrorCodes = [
  'quota_exceeded',
  'page_changed',
  'talent_ineligible',
  'already_invited',
  'blacklisted',
  'network',
  'login_expired',
] as const;
export type SendErrorCode = (typeof sendErrorCodes)[number];

/** A talent invited for the same shop and task type within this many days is flagged. */
export const INVITE_COOLDOWN_DAYS = 7;
/** The daily invitation cap counts records created per calendar day in this zone. */
export const INVITATION_DAY_TIME_ZONE = 'Asia/Shanghai';
export const SET_NAME_MAX = 100;
export const SEND_ERROR_MESSAGE_MAX = 500;

// ---------------------------------------------------------------------------
// Script variables: one render function for the console's live preview and the
// server's per-record message.
// ---------------------------------------------------------------------------

/** The variables a script may hold, written `{talentName}` (or by their Chinese name, `{达人名称}`). */
export const scriptVariables = [
  { key: 'talentName', zh: '达人名称', en: 'Talent name' },
  { key: 'shopName', zh: '店铺名称', en: 'Shop name' },
  { key: 'productNames', zh: '商品名称', en: 'Product names' },
] as const;
export type ScriptVariable = (typeof scriptVariables)[number]['key'];

export interface ScriptValues {
  talentName: string;
  shopName: string;
  productNames: readonly string[];
}

/** The text a script holds for a variable: by its Chinese name in a Chinese console. */
export function scriptToken(key: ScriptVariable, locale: 'zh-CN' | 'en-US' = 'en-US'): string {
  const variable = scriptVariables.find((v) => v.key === key)!;
  return `{${locale === 'zh-CN' ? variable.zh : variable.key}}`;
}

const variableByName = new Map<string, ScriptVariable>(
  scriptVariables.flatMap((v) => [
    [v.key.toLowerCase(), v.key],
    [v.zh, v.key],
  ]),
);

/**
 * A script with its variables filled for one talent. Unknown `{words}` stay as they
 * are. Product names are joined as the script's language writes a list: 、 in a
 * Chinese script, a comma otherwise.
 */
export function renderScript(script: string, values: ScriptValues): string {
  const chinese = /[\u3400-\u9fff]/.test(script);
  const filled: Record<ScriptVariable, string> = {
    talentName: values.talentName,
    shopName: values.shopName,
    productNames: values.productNames.join(chinese ? '、' : ', '),
  };
  return script.replace(/\{\s*([^{}\s]{1,20})\s*\}/g, (whole, name: string) => {
    const key = variableByName.get(name.toLowerCase());
    return key ? filled[key] : whole;
  });
}

// ---------------------------------------------------------------------------
// Creating an invitation task: the talents it picks, the preview, the create.
// ---------------------------------------------------------------------------

/** A task holds at most this many products. */
export const SEND_TASK_PRODUCTS_MAX = 20;
/** A task makes at most this many records (the largest plan's daily cap). */
export const SEND_TASK_TALENTS_MAX = 5_000;
/** A rendered message is at most this long. */
export const SEND_MESSAGE_MAX = 4_000;
/** The preview and the create list at most this many talents of each finding. */
export const FINDINGS_LISTED_MAX = 50;

/** What to do with talents invited for the same shop and task within the cool-down. */
export const cooldownChoices = ['skip', 'include'] as const;
export type CooldownChoice = (typeof cooldownChoices)[number];

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
  /** Records a create would make, skipping or including the cool-down talents. */
  willCreate: z.object({ skip: z.number().int(), include: z.number().int() }),
  dailyCap: z.number().int(),
  usedToday: z.number().int(),
  remainingToday: z.number().int(),
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

export const sendTaskBody = z
  .object({ ...talentPick, ...sendTaskSettings })
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
  /** How many times the extension claimed it. */
  attempts: z.number().int(),
  leasedUntil: isoDateTime.nullable(),
  claimedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SendRecord = z.infer<typeof sendRecord>;

export const SEND_RECORD_PAGE_SIZE_DEFAULT = 20;

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

/** An import's file holds talents: these columns of the talent template. */
export const sendImportColumnKeys = ['name', 'platform', 'platformTalentId'] as const;

/**
 * The task settings of an import, as multipart fields (strings): the same as a
 * create's, with product template ids comma-separated.
 */
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
  timeZone: z.string().max(64).optional(),
});
export type SendImportFields = z.input<typeof sendImportFields>;

export const sendImportReport = importReport.extend({
  /** The task the accepted rows became (null when none was accepted). */
  taskId: z.number().int().nullable(),
});
export type SendImportReport = z.infer<typeof sendImportReport>;

/** The columns of a send records export, in order. */
export const sendRecordFileColumns = [
  { key: 'id', zh: '记录ID', en: 'Record ID' },
  { key: 'talentName', zh: '达人名称', en: 'Influencer name' },
  { key: 'platform', zh: '平台', en: 'Platform' },
  { key: 'platformTalentId', zh: '达人ID', en: 'Talent ID' },
  { key: 'taskType', zh: '任务类型', en: 'Task type' },
  { key: 'shopName', zh: '店铺名称', en: 'Shop name' },
  { key: 'setName', zh: '集合名称', en: 'Set name' },
  { key: 'contentType', zh: '内容类型', en: 'Content type' },
  { key: 'filterType', zh: '筛选类型', en: 'Filter type' },
  { key: 'status', zh: '状态', en: 'Status' },
  { key: 'errorCode', zh: '错误码', en: 'Error code' },
  { key: 'errorMessage', zh: '错误信息', en: 'Error message' },
  { key: 'message', zh: '邀约话术', en: 'Message' },
  { key: 'products', zh: '商品', en: 'Products' },
  { key: 'createdAt', zh: '创建时间', en: 'Created time' },
  { key: 'finishedAt', zh: '完成时间', en: 'Finished time' },
] as const;

export const sendExportBody = z
  .object({
    format: z.enum(talentFileFormats, { error: 'validation.invalidField' }),
    timeZone: z.string().max(64).default('Asia/Shanghai'),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalidField' }).default('desc'),
  })
  .and(sendRecordFilters);
export type SendExportBody = z.input<typeof sendExportBody>;

// ---------------------------------------------------------------------------
// The workplace: what a seller wants to see first each morning.
// ---------------------------------------------------------------------------

export const statsDayChoices = [7, 14, 30] as const;

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
  /** Days are calendar days in this zone (the daily cap's). */
  timeZone: z.string(),
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
