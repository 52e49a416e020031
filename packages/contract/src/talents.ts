import { z } from './zod.ts';
import { countData, keysetPage, keysetPaging, oneWayToPage, pageQuery } from './envelope.ts';
import { KEYSET_OFFSET_MAX } from './paging-limits.ts';
import {
  isoDateTime,
  optionalText,
  optionalTime,
  optionalWord,
  orderedRanges,
  requiredText,
} from './fields.ts';
import { KEYWORD_MAX } from './field-limits.ts';
import { locales } from './locale.ts';
import { talentFollowUpEvent } from './record-stages.ts';
import {
  buyinIdPattern,
  buyinUidPattern,
  canonicalTalentId,
  creatorOpenIdPattern,
  identityIssues,
  optionalIdentityField,
  platformTalentIdPattern,
  talentIdentity,
} from './talent-identity.ts';

/**
 * The talent library (spec: 'Talent search', the Talent entity, statuses, tiers,
 * contact methods and the filter ranges of section 9). Money is in fen (integers).
 */
export const platforms = ['douyin', 'tiktok'] as const;
export type Platform = (typeof platforms)[number];

export const talentStatuses = [
  'cooperating',
  'cooperation_ended',
  'pending_contact',
  'communicating',
  'rejected',
  'blacklisted',
  'active',
  'inactive',
  'pending',
] as const;
export type TalentStatus = (typeof talentStatuses)[number];
/** Statuses a seller may set by hand: blacklisting goes through the blacklist, with a reason. */
export const settableTalentStatuses = talentStatuses.filter(
  (status): status is Exclude<TalentStatus, 'blacklisted'> => status !== 'blacklisted',
);
export const DEFAULT_TALENT_STATUS: TalentStatus = 'pending_contact';

/** The spec's tiers; they are labels like the seller's own, with localized names. */
export const talentTiers = ['quality', 'newbie', 'top', 'middle', 'tail'] as const;
export type TalentTier = (typeof talentTiers)[number];

export const contactMethods = [
  'wechat',
  'phone',
  'email',
  'whatsapp',
  'twitter',
  'telegram',
  'facebook',
  'youtube',
  'instagram',
  'tiktok',
  'address',
] as const;
export type ContactMethod = (typeof contactMethods)[number];

export const industries = [
  'beauty',
  'apparel',
  'food',
  'home',
  'digital',
  'maternity',
  'health',
  'sports',
  'pets',
  'jewelry',
  'books',
  'other',
] as const;
export type Industry = (typeof industries)[number];

export const TALENT_NAME_MAX = 64;
export const SHOP_NAME_MAX = 100;
export const LABEL_MAX_LENGTH = 20;
export const LABELS_PER_TALENT_MAX = 10;
export const CONTACT_INFO_MAX = 200;
export const TALENT_REMARK_MAX = 500;
export const FOLLOW_UP_MAX = 1000;
export const BLACKLIST_REASON_MAX = 200;
/** Batch actions take at most this many talents at once. */
export const BATCH_MAX = 500;
/** Counts, views and money are bounded so they stay exact in JSON numbers. */
export const COUNT_MAX = 1_000_000_000_000;

/**
 * A talent ID as typed: kept without a leading @ (a handle copied as "@lily"), then checked.
 * The blacklist's field checks the shape of any platform's ID; the talent body checks the ID
 * by its platform's rules (`identityIssues`: a TikTok ID is a TikTok username).
 */
function talentIdText() {
  return z
    .string({ error: 'validation.platformTalentIdRequired' })
    .transform(canonicalTalentId)
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.platformTalentIdRequired', abort: true })
        .max(64, { error: 'validation.platformTalentIdFormat' }),
    );
}
export const platformTalentIdField = talentIdText().pipe(
  z.string().regex(platformTalentIdPattern, { error: 'validation.platformTalentIdFormat' }),
);

/**
 * The filter presets of spec section 9; bounds are inclusive, null means open. Each kind's
 * presets run from 0 to open-ended without a gap, so every talent is reachable by one:
 * the spec's fans presets leave out 0-1k and 50k-100k, added here between them.
 */
export const rangePresets = {
  fans: [
    { key: '0-1k', min: 0, max: 1_000 },
    { key: '1k-5k', min: 1_000, max: 5_000 },
    { key: '5k-10k', min: 5_000, max: 10_000 },
    { key: '10k-50k', min: 10_000, max: 50_000 },
    { key: '50k-100k', min: 50_000, max: 100_000 },
    { key: '100k+', min: 100_000, max: null },
  ],
  /** In fen: 0-100, 100-1k, 1k-10k, 10k+ yuan. */
  businessAmount: [
    { key: '0-100', min: 0, max: 10_000 },
    { key: '100-1k', min: 10_000, max: 100_000 },
    { key: '1k-10k', min: 100_000, max: 1_000_000 },
    { key: '10k+', min: 1_000_000, max: null },
  ],
  dealCount: [
    { key: '0-10', min: 0, max: 10 },
    { key: '10-100', min: 10, max: 100 },
    { key: '100-1k', min: 100, max: 1_000 },
    { key: '1k+', min: 1_000, max: null },
  ],
} as const satisfies Record<
  string,
  ReadonlyArray<{ key: string; min: number; max: number | null }>
>;

/** A count, view number or amount in fen; 0 when left out (one type, so the input key is optional). */
const count = () =>
  z.coerce
    .number({ error: 'validation.numberInvalid' })
    .int({ error: 'validation.numberInvalid' })
    .min(0, { error: 'validation.numberInvalid' })
    .max(COUNT_MAX, { error: 'validation.numberInvalid' })
    .default(0);

const labelField = z
  .string({ error: 'validation.labelInvalid' })
  .trim()
  .min(1, { error: 'validation.labelInvalid' })
  .max(LABEL_MAX_LENGTH, { error: 'validation.labelInvalid' });

/** Up to 10 distinct labels (tiers by key, or the seller's own words). */
export const labelsField = z
  .array(labelField, { error: 'validation.labelInvalid' })
  .max(LABELS_PER_TALENT_MAX, { error: 'validation.labelsTooMany' })
  .transform((labels) => [...new Set(labels)]);

export const talentStatusField = z.enum(talentStatuses, { error: 'validation.statusInvalid' });
export const settableStatusField = z.enum(settableTalentStatuses, {
  error: 'validation.statusNotSettable',
});

export const talent = z.object({
  id: z.number().int(),
  platform: z.enum(platforms),
  /** The library's key of the talent on its platform: for TikTok, the handle (without @). */
  platformTalentId: z.string(),
  /** The typed platform identity (TikTok handle and open id; 抖店 talent ID, 百应ID, uid). */
  identity: talentIdentity,
  name: z.string(),
  shopName: z.string(),
  industry: z.enum(industries).nullable(),
  labels: z.array(z.string()),
  status: z.enum(talentStatuses),
  /**
   * While blacklisted: the status it returns to when it leaves the blacklist (null
   * means pending_contact). An edit of a blacklisted talent must send this status.
   */
  statusBeforeBlacklist: z.enum(talentStatuses).nullable(),
  contactMethod: z.enum(contactMethods).nullable(),
  contactInfo: z.string(),
  fansCount: z.number().int(),
  videoAvgViews: z.number().int(),
  videoGpmFen: z.number().int(),
  liveAvgViews: z.number().int(),
  liveGpmFen: z.number().int(),
  /**
   * The seller's own figure (CNY fen), or once the platform's affiliate orders cover the
   * talent (`figuresSyncedAt` set), the sum of its non-void orders in `figuresCurrency`'s
   * minor unit (issue 19). A synced talent's edit keeps these two figures: the platform's.
   */
  businessAmountFen: z.number().int(),
  dealCount: z.number().int(),
  /** When affiliate orders last set business amount and deal count; null: the seller's own. */
  figuresSyncedAt: isoDateTime.nullable(),
  /** The currency of a synced business amount (ISO 4217); null: the seller's own, in CNY. */
  figuresCurrency: z.string().nullable(),
  remark: z.string(),
  /** When the talent joined the seller's library (kept from an imported sheet). */
  addedAt: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Talent = z.infer<typeof talent>;

/** Create or edit a talent: every field of the add-talent modal. */
export const talentBody = z
  .object({
    platform: z.enum(platforms, { error: 'validation.platformRequired' }),
    /** Douyin: the talent's ID; TikTok: the creator's handle (username), with or without @. */
    platformTalentId: talentIdText(),
    /** TikTok: the creator's `creator_user_open_id`, when known (else resolved by handle). */
    creatorUserOpenId: optionalIdentityField(
      creatorOpenIdPattern,
      'validation.creatorOpenIdFormat',
    ),
    /** Douyin: the talent's 百应ID (`buyin_id`). */
    buyinId: optionalIdentityField(buyinIdPattern, 'validation.buyinIdFormat'),
    /** Douyin: the `uid` of the talent's 百应 profile page. */
    buyinUid: optionalIdentityField(buyinUidPattern, 'validation.buyinUidFormat'),
    name: requiredText('validation.talentNameRequired').max(TALENT_NAME_MAX, {
      error: 'validation.talentNameMax',
    }),
    shopName: optionalText(SHOP_NAME_MAX, 'validation.shopNameMax'),
    industry: z
      .enum(industries, { error: 'validation.industryInvalid' })
      .nullish()
      .transform((v) => v ?? null),
    labels: labelsField.default([]),
    status: settableStatusField.default('pending_contact'),
    contactMethod: z
      .enum(contactMethods, { error: 'validation.contactMethodInvalid' })
      .nullish()
      .transform((v) => v ?? null),
    contactInfo: optionalText(CONTACT_INFO_MAX, 'validation.contactInfoMax'),
    fansCount: count(),
    videoAvgViews: count(),
    videoGpmFen: count(),
    liveAvgViews: count(),
    liveGpmFen: count(),
    /** Kept as they are on a talent the platform's orders cover (`figuresSyncedAt` set). */
    businessAmountFen: count(),
    dealCount: count(),
    remark: optionalText(TALENT_REMARK_MAX, 'validation.remarkMax'),
    addedAt: z.iso
      .datetime({ offset: true, error: 'validation.dateInvalid' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    // The talent ID by its platform's rules: a TikTok talent ID is a handle.
    for (const issue of identityIssues(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
    // The contact must look like what its method says it is.
    if (value.contactInfo && !value.contactMethod) {
      ctx.addIssue({
        code: 'custom',
        path: ['contactMethod'],
        message: 'validation.contactMethodRequired',
      });
    }
    if (
      value.contactMethod === 'email' &&
      value.contactInfo &&
      !z.email().safeParse(value.contactInfo).success
    ) {
      ctx.addIssue({ code: 'custom', path: ['contactInfo'], message: 'validation.emailFormat' });
    }
    if (
      value.contactMethod === 'phone' &&
      value.contactInfo &&
      !/^\+?[\d\s-]{5,20}$/.test(value.contactInfo)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['contactInfo'],
        message: 'validation.contactPhoneFormat',
      });
    }
  });
export type TalentBody = z.input<typeof talentBody>;

export const talentSortFields = [
  'addedAt',
  'createdAt',
  'updatedAt',
  'fansCount',
  'videoAvgViews',
  'videoGpmFen',
  'liveAvgViews',
  'liveGpmFen',
  'businessAmountFen',
  'dealCount',
] as const;
export type TalentSortField = (typeof talentSortFields)[number];

/** A jump by offset (go-to page) may start at most this many rows from either end. */
export const TALENT_OFFSET_MAX = KEYSET_OFFSET_MAX;
export const TALENT_PAGE_SIZE_DEFAULT = 20;

const optionalCount = z.coerce
  .number({ error: 'validation.numberInvalid' })
  .int({ error: 'validation.numberInvalid' })
  .min(0, { error: 'validation.numberInvalid' })
  .max(COUNT_MAX, { error: 'validation.numberInvalid' })
  .optional();

/** Every filter of Talent Management Query; ranges are inclusive at both ends. */
export const talentFilters = z
  .object({
    /** A name holding it, or a platform talent ID starting with it (any case). */
    name: optionalWord(KEYWORD_MAX),
    shopName: optionalWord(SHOP_NAME_MAX),
    industry: z.enum(industries, { error: 'validation.industryInvalid' }).optional(),
    label: optionalWord(LABEL_MAX_LENGTH),
    status: talentStatusField.optional(),
    contactMethod: z.enum(contactMethods, { error: 'validation.contactMethodInvalid' }).optional(),
    platform: z.enum(platforms, { error: 'validation.platformRequired' }).optional(),
    fansMin: optionalCount,
    fansMax: optionalCount,
    /**
     * Business amount bounds in `businessAmountCurrency`'s minor unit (fen for CNY, cents for
     * USD; the names keep "Fen" from before issue 19). A talent's amount is in one currency:
     * the seller's own figure in CNY, a synced one in its `figuresCurrency` (affiliate orders),
     * and amounts of two currencies are never compared.
     */
    businessAmountMinFen: optionalCount,
    businessAmountMaxFen: optionalCount,
    /**
     * The currency of the business amount range (ISO 4217; CNY when omitted): with it, or with
     * a bound, only talents whose business amount is in this currency match.
     */
    businessAmountCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'validation.invalidField' })
      .optional(),
    dealCountMin: optionalCount,
    dealCountMax: optionalCount,
    createdFrom: optionalTime,
    createdTo: optionalTime,
    addedFrom: optionalTime,
    addedTo: optionalTime,
    updatedFrom: optionalTime,
    updatedTo: optionalTime,
  })
  .superRefine(
    orderedRanges(
      ['fansMin', 'fansMax'],
      ['businessAmountMinFen', 'businessAmountMaxFen'],
      ['dealCountMin', 'dealCountMax'],
      ['createdFrom', 'createdTo'],
      ['addedFrom', 'addedTo'],
      ['updatedFrom', 'updatedTo'],
    ),
  );
export type TalentFilters = z.output<typeof talentFilters>;

/**
 * One page of talents. Pages are reached by `cursor` (next or previous page, at any
 * depth, from a page's `nextCursor` / `prevCursor`), or by `offset` rows from the
 * start (or from the end with `fromEnd`) for a jump, up to TALENT_OFFSET_MAX.
 */
export const talentListQuery = keysetPaging(TALENT_PAGE_SIZE_DEFAULT)
  .extend({
    sort: z.enum(talentSortFields, { error: 'validation.invalidField' }).default('addedAt'),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalidField' }).default('desc'),
  })
  .and(talentFilters)
  .superRefine(oneWayToPage);
export type TalentListQuery = z.input<typeof talentListQuery>;

export const talentPage = keysetPage(talent);
export type TalentPage = z.infer<typeof talentPage>;

/** The total of a filter, asked separately so a list page never waits for a count. */
export const talentCountData = countData;
export type TalentCountData = z.infer<typeof talentCountData>;

/** Filter choices that come from the seller's own data. */
export const talentFacets = z.object({
  shopNames: z.array(z.string()),
  /** The seller's own labels (tiers are fixed and not listed here). */
  labels: z.array(z.string()),
  /**
   * The currencies of the business amounts the platform's orders set (ISO 4217, issue 19),
   * in order: a business amount range is in one of these or in CNY (the seller's own).
   */
  currencies: z.array(z.string()),
});
export type TalentFacets = z.infer<typeof talentFacets>;

const idsField = z
  .array(
    z
      .number({ error: 'validation.idsInvalid' })
      .int({ error: 'validation.idsInvalid' })
      .positive({ error: 'validation.idsInvalid' }),
    { error: 'validation.idsInvalid' },
  )
  .min(1, { error: 'validation.idsRequired' })
  .max(BATCH_MAX, { error: 'validation.idsTooMany' })
  .transform((ids) => [...new Set(ids)]);

export const batchStatusBody = z.object({ ids: idsField, status: settableStatusField });
export const batchLabelsBody = z.object({
  ids: idsField,
  labels: labelsField,
  /** add to each talent's labels, remove from them, or replace them. */
  mode: z.enum(['add', 'remove', 'replace'], { error: 'validation.invalidField' }),
});
export const blacklistReasonField = requiredText('validation.blacklistReasonRequired').max(
  BLACKLIST_REASON_MAX,
  { error: 'validation.blacklistReasonMax' },
);
export const batchBlacklistBody = z.object({ ids: idsField, reason: blacklistReasonField });
export const batchResult = z.object({ affected: z.number().int() });
export type BatchResult = z.infer<typeof batchResult>;

/** Follow-up records: who wrote what, and the talent's status at that time. */
export const followUp = z.object({
  id: z.number().int(),
  talentId: z.number().int(),
  author: z.string(),
  content: z.string(),
  statusAtTime: z.enum(talentStatuses),
  /**
   * What the system recorded (author "system", issue 19): the stage that moved the talent, in
   * which shop; the console tells it in the reader's language. Null for a person's entry.
   */
  event: talentFollowUpEvent.nullable(),
  createdAt: isoDateTime,
});
export type FollowUp = z.infer<typeof followUp>;

export const followUpBody = z.object({
  content: requiredText('validation.followUpRequired').max(FOLLOW_UP_MAX, {
    error: 'validation.followUpMax',
  }),
  /** Optionally move the talent to a new status with this follow-up. */
  status: settableStatusField.optional(),
});
export type FollowUpBody = z.input<typeof followUpBody>;
export const followUpQuery = pageQuery;

/** The blacklist (spec: Blacklist entry). A blacklisted talent is never invited. */
export const blacklistEntry = z.object({
  id: z.number().int(),
  talentName: z.string(),
  platformTalentId: z.string(),
  fansCount: z.number().int(),
  reason: z.string(),
  /** The library talent it was added from or matched, if any. */
  talentId: z.number().int().nullable(),
  createdAt: isoDateTime,
});
export type BlacklistEntry = z.infer<typeof blacklistEntry>;

export const blacklistBody = z.object({
  talentName: requiredText('validation.talentNameRequired').max(TALENT_NAME_MAX, {
    error: 'validation.talentNameMax',
  }),
  platformTalentId: platformTalentIdField,
  // A number, never coerced: an empty or null fans count is missing, not 0.
  fansCount: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'validation.fansCountRequired'
          : 'validation.numberInvalid',
    })
    .int({ error: 'validation.numberInvalid' })
    .min(0, { error: 'validation.numberInvalid' })
    .max(COUNT_MAX, { error: 'validation.numberInvalid' }),
  reason: blacklistReasonField,
});
export type BlacklistBody = z.input<typeof blacklistBody>;

export const blacklistQuery = pageQuery.extend({
  /** Talent name (or talent ID) contains. */
  keyword: z
    .string({ error: 'validation.invalidField' })
    .trim()
    .max(KEYWORD_MAX, { error: 'validation.keywordMax' })
    .optional()
    .transform((v) => v || undefined),
});
export type BlacklistQuery = z.input<typeof blacklistQuery>;

/** Import and export. */
export const talentFileFormats = ['xlsx', 'csv'] as const;
export type TalentFileFormat = (typeof talentFileFormats)[number];
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * What reading one import file may cost, whatever its size: a spreadsheet inflates and
 * expands, so the upload limit alone does not bound the work (issue 15, F3). Each limit
 * has its own message; the numbers are far above any real talent sheet.
 */
export const importFileLimits = {
  /** Cells of the first sheet (or CSV fields), empty ones included. */
  cells: 2_000_000,
  /** Characters in one cell (Excel's own limit). */
  cellChars: 32_767,
  /** Characters in an .xlsx's shared strings table, all strings together. */
  sharedChars: 16_000_000,
  /** Megabytes the parts of an .xlsx that are read inflate to. */
  unzippedMb: 256,
  /** Files (sheets, styles, images…) inside an .xlsx. */
  parts: 10_000,
  /** Nesting of the XML of an .xlsx. */
  xmlDepth: 64,
  /** Seconds reading may take, a last resort behind the limits above. */
  seconds: 60,
} as const;

/**
 * The columns of the import template and of exports, in order. Import accepts the
 * zh-CN or en-US header of each column; `key` is the talent field.
 */
export const talentFileColumns = [
  { key: 'name', zh: '达人名称', en: 'Talent name', required: true },
  { key: 'platform', zh: '平台', en: 'Platform', required: true },
  { key: 'platformTalentId', zh: '达人ID', en: 'Talent ID', required: true },
  // The typed identity's own fields (issue 16); files without these columns import as before.
  { key: 'creatorUserOpenId', zh: 'TikTok Open ID', en: 'TikTok open ID' },
  { key: 'buyinId', zh: '百应ID', en: 'Buyin ID' },
  { key: 'buyinUid', zh: '百应UID', en: 'Buyin UID' },
  { key: 'shopName', zh: '店铺', en: 'Shop' },
  { key: 'industry', zh: '行业', en: 'Industry' },
  { key: 'labels', zh: '标签', en: 'Labels' },
  { key: 'status', zh: '状态', en: 'Status' },
  { key: 'contactMethod', zh: '联系方式', en: 'Contact method' },
  { key: 'contactInfo', zh: '联系信息', en: 'Contact info' },
  { key: 'fansCount', zh: '粉丝数', en: 'Fans' },
  { key: 'videoAvgViews', zh: '视频平均播放', en: 'Video avg views' },
  { key: 'videoGpm', zh: '视频GPM(元)', en: 'Video GPM (CNY)' },
  { key: 'liveAvgViews', zh: '直播平均观看', en: 'Live avg views' },
  { key: 'liveGpm', zh: '直播GPM(元)', en: 'Live GPM (CNY)' },
  // The import's amount is the seller's own, in yuan. An export's rows hold amounts of
  // several currencies (affiliate orders, issue 19): its header names none, and the column
  // after it names each row's. Import reads the export's header too, and that column: a row's
  // amount in another currency is the platform's, never read as yuan (the talent keeps its own).
  {
    key: 'businessAmount',
    zh: '带货金额(元)',
    en: 'Business amount (CNY)',
    exportZh: '带货金额',
    exportEn: 'Business amount',
  },
  {
    key: 'businessAmountCurrency',
    zh: '带货金额币种',
    en: 'Business amount currency',
    exportOnly: true,
    // Not in the template, but read when a file has it (an export imported back).
    importReads: true,
  },
  { key: 'dealCount', zh: '成交单数', en: 'Deal count' },
  { key: 'remark', zh: '备注', en: 'Remark' },
  { key: 'addedAt', zh: '添加时间', en: 'Added at' },
  { key: 'updatedAt', zh: '更新时间', en: 'Updated at', exportOnly: true },
] as const;

export const importRowOutcome = z.object({
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  outcome: z.enum(['accepted', 'updated', 'rejected']),
  name: z.string(),
  platformTalentId: z.string(),
  /** Why a row was rejected, naming the column, in the caller's language. */
  reason: z.string().nullable(),
});
export const importReport = z.object({
  accepted: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  /** Every rejected row, then the accepted and updated rows, up to 1,000 in all. */
  rows: z.array(importRowOutcome),
});
export type ImportReport = z.infer<typeof importReport>;

/** The import template: its format and language (the caller's language when omitted). */
export const importTemplateQuery = z.object({
  format: z.enum(talentFileFormats, { error: 'validation.invalidField' }).default('xlsx'),
  lang: z.enum(locales, { error: 'validation.invalidField' }).optional(),
});
export type ImportTemplateQuery = z.input<typeof importTemplateQuery>;

/** The multipart fields of an import, for the API documentation (the file is read as a stream). */
export const importFormFields = z.object({
  file: z.string().describe('The .xlsx or .csv file (binary)'),
  timeZone: z
    .string()
    .max(64)
    .optional()
    .describe("IANA time zone for times without an offset; the account's zone when omitted"),
});

/** How long an export's download link works, once. */
export const EXPORT_LINK_TTL_SECONDS = 300;

export const exportRequestBody = z
  .object({
    format: z.enum(talentFileFormats, { error: 'validation.invalidField' }),
    /** IANA time zone for the times in the file; the account's zone when omitted. */
    timeZone: z.string().max(64).optional(),
    sort: z.enum(talentSortFields, { error: 'validation.invalidField' }).default('addedAt'),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalidField' }).default('desc'),
  })
  .and(talentFilters);
export type ExportRequestBody = z.input<typeof exportRequestBody>;

export const exportTicket = z.object({
  exportId: z.string(),
  /** A one-time link (valid 5 minutes) the browser downloads natively. */
  downloadUrl: z.string(),
  total: z.number().int(),
});
export type ExportTicket = z.infer<typeof exportTicket>;

export const exportIdParams = z.object({
  exportId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalidField' }),
});
export const exportDownloadParams = z.object({
  token: z.string().max(200, { error: 'error.exportLinkInvalid' }),
});

export const exportProgress = z.object({
  exportId: z.string(),
  total: z.number().int(),
  written: z.number().int(),
  state: z.enum(['waiting', 'running', 'done', 'failed']),
});
export type ExportProgress = z.infer<typeof exportProgress>;
