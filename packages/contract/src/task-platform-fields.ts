import { z } from './zod.ts';
import type { CatalogueKey, TextParams } from './texts.ts';
import {
  doudianTaskActions,
  needsCollaboration,
  taskChannel,
  tiktokTaskActions,
  type Channel,
} from './platform-calls.ts';
import type { TaskType } from './send-records-constants.ts';
import type { Platform } from './talents.ts';

/**
 * What an invitation task carries for the platform (issue 16): for a TikTok shop, the terms of
 * a target collaboration (name, end, a commission per product, the seller's contact e-mail,
 * the free-sample rule) as its task type needs them. The message is the task's script,
 * rendered per creator. The request fields are checked on their own by the schema below, and
 * against the shop's platform and the task type by `platformFieldIssues`, which the server
 * applies at creation and the console's form before it sends.
 */

/**
 * Commission rates are hundredths of a percent, as TikTok takes `target_commission_rate`
 * ("expressed in hundredths of a percent. For example, 3587 is a commission rate of 35.87%",
 * Create Target Collaboration 202508). 1.00–80.00 % is the seller center's range (its inputs
 * read "1.00-80.00"; PLATFORMS.md). Note: the 202508 document also says "This value must a
 * minimum of 1000"; the seller center and earlier versions take 1.00 %, so the form does too
 * and a platform refusal below 10 % comes back on the records.
 */
export const COMMISSION_RATE_MIN = 100;
export const COMMISSION_RATE_MAX = 8000;

/**
 * The platform publishes no length for a target collaboration's `name` (Create Target
 * Collaboration 202508 says only "The name of the target collaboration."). The seller
 * center's form counts characters: "0/30", as public automation code reads it (reported by
 * the sandbox TikTok Shop's README, apps/server/src/modules/platforms/tiktok-shop-sandbox,
 * which refuses longer names alike; not found by this module's own searches). 30 until the
 * platform publishes a rule.
 */
export const COLLABORATION_NAME_MAX = 30;
export const CONTACT_EMAIL_MAX = 254;

/** Free samples: approved automatically (`is_sample_approval_exempt`) or reviewed by the seller. */
export const sampleApprovals = ['auto', 'review'] as const;
export type SampleApproval = (typeof sampleApprovals)[number];

/**
 * A commission typed as a percent, as hundredths of a percent: 12.5 → 1250. A percent with
 * more than two decimals gives a fraction, which the rate's rule refuses (12.345 → 1234.5).
 */
export function percentToRate(percent: number): number {
  const rate = percent * 100;
  // 12.34 * 100 is 1233.9999999999998 in floating point: that is 1234.
  return Math.abs(rate - Math.round(rate)) < 1e-6 ? Math.round(rate) : rate;
}

export function rateToPercent(rate: number): number {
  return rate / 100;
}

/**
 * 抖店 applyActivities: "服务费率+佣金率小于90（必须为两位小数）" (BuyinApplyActivitiesReq,
 * quoted in apps/server/src/modules/platforms/doudian/client.ts DOUDIAN_LIMITS), in hundredths.
 */
export const DOUDIAN_RATIO_SUM_BELOW = 9000;
/** A mainland mobile number (a 中国站 shop's contact phone for the 团长): 1 and ten digits. */
export const CONTACT_PHONE_PATTERN = /^1\d{10}$/;

/** A platform id (digits, 64-bit), optional in the schema. */
function platformId(error: CatalogueKey) {
  return z
    .string({ error })
    .trim()
    .regex(/^(|[1-9]\d{0,18})$/, { error })
    .nullish()
    .transform((value) => value || null);
}

function shortText() {
  return z
    .string({ error: 'validation.invalidField' })
    .trim()
    .max(100, { error: 'validation.invalidField' })
    .nullish()
    .transform((value) => value || null);
}

const commissionRate = z
  .number({ error: 'validation.commissionRateRange' })
  .int({ error: 'validation.commissionRateRange' })
  .min(COMMISSION_RATE_MIN, { error: 'validation.commissionRateRange' })
  .max(COMMISSION_RATE_MAX, { error: 'validation.commissionRateRange' });

/**
 * The platform fields of a create (all optional here: which are needed depends on the shop's
 * platform and the task type, `platformFieldIssues`). Fields a task does not need are not kept.
 */
export const taskPlatformFields = {
  /** The target collaboration's name (TikTok `name`). */
  collaborationName: z
    .string({ error: 'validation.collaborationNameRequired' })
    .trim()
    .max(COLLABORATION_NAME_MAX, { error: 'validation.collaborationNameMax' })
    .nullish()
    .transform((value) => value || null),
  /** When the collaboration ends (TikTok `end_time`); in the future. */
  endsAt: z.iso
    .datetime({ offset: true, error: 'validation.endsAtInvalid' })
    .nullish()
    .transform((value) => value ?? null),
  /**
   * The commission of each product, by product template id, in hundredths of a percent
   * (1250 = 12.50 %), 100–8000.
   */
  commissionRates: z
    .record(
      z.string().regex(/^\d{1,10}$/, { error: 'validation.commissionProductInvalid' }),
      commissionRate,
      {
        // A key that is no product template id is that; anything else is not a rate table.
        error: (issue) =>
          issue.code === 'invalid_key'
            ? 'validation.commissionProductInvalid'
            : 'validation.commissionRateRange',
      },
    )
    .nullish()
    .transform((value) => value ?? {}),
  /** The seller's contact e-mail shown to creators (TikTok `seller_contact_info.email`). */
  contactEmail: z
    .string({ error: 'validation.emailFormat' })
    .trim()
    .max(CONTACT_EMAIL_MAX, { error: 'validation.emailFormat' })
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || z.email().safeParse(value).success, {
      error: 'validation.emailFormat',
    }),
  /** Free samples offered (TikTok `free_sample_rule.has_free_sample`). */
  freeSample: z
    .boolean({ error: 'validation.invalidField' })
    .nullish()
    .transform((value) => value ?? null),
  /** How sample requests are approved (TikTok `free_sample_rule.is_sample_approval_exempt`). */
  sampleApproval: z
    .enum(sampleApprovals, { error: 'validation.invalidField' })
    .nullish()
    .transform((value) => value ?? null),
  /** 抖店 定向计划 `apply_type`: 达人 may apply to the plan themselves (2) or not (1, default). */
  planAllowApply: z
    .boolean({ error: 'validation.invalidField' })
    .nullish()
    .transform((value) => value ?? null),
  /** 抖店 定向计划 `audit_type` when applying is allowed: the seller reviews (2) or not (1). */
  planAuditApplications: z
    .boolean({ error: 'validation.invalidField' })
    .nullish()
    .transform((value) => value ?? null),
  /** 抖店 团长 activity (`activity_id` of buyin.ShopActivityList / applyActivities). */
  activityId: platformId('validation.activityRequired'),
  /** The activity's name and its 团长, as listed when the seller chose it (shown on the task). */
  activityName: shortText(),
  institutionName: shortText(),
  /** The activity's 团长 by 百应ID (`colonel_buyin_id`): the record's talent. */
  colonelBuyinId: platformId('validation.activityRequired'),
  /** 抖店 `service_ratio`: the 团长's service rate, hundredths of a percent (2050 = 20.50 %). */
  serviceRate: z
    .number({ error: 'validation.serviceRateRange' })
    .int({ error: 'validation.serviceRateRange' })
    .min(0, { error: 'validation.serviceRateRange' })
    .max(DOUDIAN_RATIO_SUM_BELOW, { error: 'validation.serviceRateRange' })
    .nullish()
    .transform((value) => value ?? null),
  /** 抖店 `phone_number`: the shop's contact phone for the 团长. */
  contactPhone: z
    .string({ error: 'validation.doudianContactPhone' })
    .trim()
    .max(20, { error: 'validation.doudianContactPhone' })
    .nullish()
    .transform((value) => value || null),
  /** 抖店 `activity_price` of each product, by product template id, in fen (1 元 = 100). */
  activityPrices: z
    .record(
      z.string().regex(/^\d{1,10}$/, { error: 'validation.commissionProductInvalid' }),
      z
        .number({ error: 'validation.activityPriceRange' })
        .int({ error: 'validation.activityPriceRange' })
        .min(1, { error: 'validation.activityPriceRange' })
        .max(100_000_000, { error: 'validation.activityPriceRange' }),
      { error: () => 'validation.activityPriceRange' },
    )
    .nullish()
    .transform((value) => value ?? {}),
};

export interface TaskPlatformInput {
  collaborationName: string | null;
  endsAt: string | null;
  commissionRates: Record<string, number>;
  contactEmail: string | null;
  freeSample: boolean | null;
  sampleApproval: SampleApproval | null;
  /** 抖店 fields (absent for other platforms' tasks). */
  planAllowApply?: boolean | null;
  planAuditApplications?: boolean | null;
  activityId?: string | null;
  activityName?: string | null;
  institutionName?: string | null;
  colonelBuyinId?: string | null;
  serviceRate?: number | null;
  contactPhone?: string | null;
  activityPrices?: Record<string, number>;
}

/** A problem with a task's platform fields: the body's field it names and what to say. */
export interface PlatformFieldIssue {
  path: keyof TaskPlatformInput | 'productTemplateIds' | 'taskType';
  message: CatalogueKey;
  params?: TextParams;
}

/**
 * Whether samples are offered, by task type: a free product invitation has them, a targeted
 * product invitation has none (issue 16's table), a targeted connection invitation as the
 * seller chooses (none unless asked).
 */
export function freeSampleOf(taskType: TaskType, asked: boolean | null): boolean {
  if (taskType === 'free_product') return true;
  if (taskType === 'targeted_product') return false;
  return asked ?? false;
}

/**
 * The checks a task's platform fields must pass for its shop, first problem of each field:
 * for a TikTok shop, a task type that makes a target collaboration needs its name, a future
 * end, at least one product each with a commission, the contact e-mail, and a sample rule
 * that fits the type; a group leader activity has no Open API, so a shop served by the `api`
 * channel refuses it (`groupLeaderRefused`). Other platforms carry no fields yet.
 */
export function platformFieldIssues(input: {
  platform: Platform;
  taskType: TaskType;
  fields: TaskPlatformInput;
  productTemplateIds: readonly number[];
  now: Date;
  /** How the shop is reached: 抖店's terms are asked only of a shop connected by authorization. */
  channel?: Channel;
}): PlatformFieldIssue[] {
  const { platform, taskType, fields } = input;
  if (platform === 'douyin') {
    // A 抖店 shop bound by hand (the extension on 百应) carries no API terms.
    if (taskChannel(platform, input.channel ?? 'browser', taskType) !== 'api') return [];
    return doudianTaskActions[taskType] === 'activity_application'
      ? activityIssues(input)
      : orienPlanIssues(input);
  }
  if (platform !== 'tiktok' || !needsCollaboration(taskType)) return [];
  const issues: PlatformFieldIssue[] = [];
  if (!fields.collaborationName) {
    issues.push({ path: 'collaborationName', message: 'validation.collaborationNameRequired' });
  }
  if (!fields.endsAt) {
    issues.push({ path: 'endsAt', message: 'validation.endsAtRequired' });
  } else if (Date.parse(fields.endsAt) <= input.now.getTime()) {
    issues.push({ path: 'endsAt', message: 'validation.endsAtFuture' });
  }
  if (!input.productTemplateIds.length) {
    issues.push({
      path: 'productTemplateIds',
      message: 'validation.collaborationProductsRequired',
    });
  } else {
    const missing = input.productTemplateIds.filter(
      (id) => fields.commissionRates[String(id)] === undefined,
    );
    if (missing.length) {
      issues.push({ path: 'commissionRates', message: 'validation.commissionRateRequired' });
    }
  }
  if (!fields.contactEmail) {
    issues.push({ path: 'contactEmail', message: 'validation.contactEmailRequired' });
  }
  if (taskType === 'free_product' && fields.freeSample === false) {
    issues.push({ path: 'freeSample', message: 'validation.freeSampleRequired' });
  }
  if (taskType === 'targeted_product' && fields.freeSample === true) {
    issues.push({ path: 'freeSample', message: 'validation.freeSampleNotOffered' });
  }
  return issues;
}

/**
 * A 抖店 targeted product invitation as a 定向计划: one product (`product_id` is one id), a
 * whole-percent commission (`cos_ratio` "取值区间：[0,80] 的整数"; 0 is no invitation, so 1–80
 * here) and a future end (`end_time`). Other 抖店 task types carry no fields.
 */
function orienPlanIssues(input: {
  taskType: TaskType;
  fields: TaskPlatformInput;
  productTemplateIds: readonly number[];
  now: Date;
}): PlatformFieldIssue[] {
  if (doudianTaskActions[input.taskType] !== 'orien_plan') return [];
  const { fields } = input;
  const issues: PlatformFieldIssue[] = [];
  if (!fields.endsAt) {
    issues.push({ path: 'endsAt', message: 'validation.endsAtRequired' });
  } else if (Date.parse(fields.endsAt) <= input.now.getTime()) {
    issues.push({ path: 'endsAt', message: 'validation.endsAtFuture' });
  }
  if (!input.productTemplateIds.length) {
    issues.push({
      path: 'productTemplateIds',
      message: 'validation.collaborationProductsRequired',
    });
  } else if (input.productTemplateIds.length > 1) {
    issues.push({ path: 'productTemplateIds', message: 'validation.doudianOneProduct' });
  } else {
    const rate = fields.commissionRates[String(input.productTemplateIds[0])];
    if (rate === undefined) {
      issues.push({ path: 'commissionRates', message: 'validation.commissionRateRequired' });
    } else if (rate % 100 !== 0) {
      issues.push({ path: 'commissionRates', message: 'validation.doudianCosRatioWhole' });
    }
  }
  return issues;
}

/**
 * A 抖店 团长 activity application (buyin.applyActivities): the activity and its 团长 as listed,
 * a service rate, the shop's contact phone, at least one product each with a commission and
 * an activity price; service rate + commission below 90 % ("服务费率+佣金率小于90").
 */
function activityIssues(input: {
  fields: TaskPlatformInput;
  productTemplateIds: readonly number[];
}): PlatformFieldIssue[] {
  const { fields } = input;
  const issues: PlatformFieldIssue[] = [];
  if (!fields.activityId || !fields.colonelBuyinId) {
    issues.push({ path: 'activityId', message: 'validation.activityRequired' });
  }
  if (fields.serviceRate === null || fields.serviceRate === undefined) {
    issues.push({ path: 'serviceRate', message: 'validation.serviceRateRequired' });
  }
  if (!fields.contactPhone) {
    issues.push({ path: 'contactPhone', message: 'validation.contactPhoneRequired' });
  } else if (!CONTACT_PHONE_PATTERN.test(fields.contactPhone)) {
    issues.push({ path: 'contactPhone', message: 'validation.doudianContactPhone' });
  }
  if (!input.productTemplateIds.length) {
    issues.push({
      path: 'productTemplateIds',
      message: 'validation.collaborationProductsRequired',
    });
    return issues;
  }
  const rates = input.productTemplateIds.map((id) => fields.commissionRates[String(id)]);
  if (rates.some((rate) => rate === undefined)) {
    issues.push({ path: 'commissionRates', message: 'validation.commissionRateRequired' });
  } else if (
    fields.serviceRate !== null &&
    fields.serviceRate !== undefined &&
    rates.some((rate) => rate! + fields.serviceRate! >= DOUDIAN_RATIO_SUM_BELOW)
  ) {
    issues.push({ path: 'serviceRate', message: 'validation.doudianRatioSum' });
  }
  const prices = fields.activityPrices ?? {};
  if (input.productTemplateIds.some((id) => prices[String(id)] === undefined)) {
    issues.push({ path: 'activityPrices', message: 'validation.activityPriceRequired' });
  }
  return issues;
}

/** Why a task type cannot be created for a shop reached this way (null: it can). */
export function taskTypeRefusal(
  platform: Platform,
  channel: Channel,
  taskType: TaskType,
): CatalogueKey | null {
  if (
    platform === 'tiktok' &&
    channel === 'api' &&
    tiktokTaskActions[taskType] === 'browser_only'
  ) {
    return 'error.groupLeaderBrowserOnly';
  }
  // 抖店: every type runs, by the API or, where it has none, by the browser (taskChannel).
  return null;
}

/** The terms of a TikTok target collaboration, as a task keeps them for the executor. */
export const tiktokCollaborationTerms = z.object({
  /** TikTok `name`. */
  name: z.string(),
  /** TikTok `end_time` (sent as epoch seconds). */
  endsAt: z.string(),
  /** TikTok `products`: the product's id and `target_commission_rate` (hundredths of a percent). */
  products: z.array(
    z.object({ productId: z.string(), productName: z.string(), commissionRate: z.number().int() }),
  ),
  /** TikTok `seller_contact_info.email`. */
  contactEmail: z.string(),
  /** TikTok `free_sample_rule`: `has_free_sample`, and `is_sample_approval_exempt` when auto. */
  freeSample: z.boolean(),
  sampleApproval: z.enum(sampleApprovals).nullable(),
});
export type TikTokCollaborationTerms = z.infer<typeof tiktokCollaborationTerms>;

/** A 抖店 定向计划's terms (buyin.createOrUpdateOrienPlan `plan`), as a task keeps them. */
export const doudianOrienPlanTerms = z.object({
  /** `product_id`: the 抖店 product. */
  productId: z.string(),
  productName: z.string(),
  /** `cos_ratio`: whole percent, 1–80. */
  cosRatio: z.number().int(),
  /** `end_time` (sent as epoch seconds). */
  endsAt: z.string(),
  /** `apply_type` 2 (达人 may apply) and, then, `audit_type` 2 (the seller reviews). */
  allowApply: z.boolean().optional(),
  auditApplications: z.boolean().optional(),
});
export type DoudianOrienPlanTerms = z.infer<typeof doudianOrienPlanTerms>;

/** A 抖店 团长 activity application's terms (buyin.applyActivities), as a task keeps them. */
export const doudianActivityTerms = z.object({
  activityId: z.string(),
  activityName: z.string(),
  institutionName: z.string(),
  /** The 团长's 百应ID: the record's talent must be this 团长. */
  colonelBuyinId: z.string(),
  /** `service_ratio`, hundredths of a percent. */
  serviceRate: z.number().int(),
  /** `phone_number`. */
  contactPhone: z.string(),
  products: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      /** `product_activity_ratio`, hundredths of a percent. */
      commissionRate: z.number().int(),
      /** `activity_price`, fen. */
      activityPriceFen: z.number().int(),
    }),
  ),
});
export type DoudianActivityTerms = z.infer<typeof doudianActivityTerms>;

/**
 * What a task asks of its platform, kept on the task: the action its type compiles into
 * (platform-calls.ts) and, for a target collaboration, its terms. Null for platforms whose
 * actions come later (抖店).
 */
export const taskPlatformTerms = z.object({
  platform: z.enum(['tiktok', 'douyin']),
  action: z.enum([
    'target_collaboration',
    'target_collaboration_card',
    'conversation',
    'browser_only',
    'orien_plan',
    'activity_application',
  ]),
  collaboration: tiktokCollaborationTerms.nullable(),
  /** 抖店: the 定向计划 of a targeted product invitation. */
  orienPlan: doudianOrienPlanTerms.nullable().optional(),
  /** 抖店: the 团长 activity application of a group leader activity invitation. */
  activity: doudianActivityTerms.nullable().optional(),
});
export type TaskPlatformTerms = z.infer<typeof taskPlatformTerms>;

/**
 * The terms a valid task keeps (after `platformFieldIssues` found nothing): only the fields
 * its type needs, the commissions of its products in their order.
 */
export function platformTermsOf(input: {
  platform: Platform;
  taskType: TaskType;
  fields: TaskPlatformInput;
  products: ReadonlyArray<{ templateId: number; productId: string; productName: string }>;
  /** How the shop is reached (as platformFieldIssues). */
  channel?: Channel;
}): TaskPlatformTerms | null {
  if (input.platform === 'douyin') {
    if (taskChannel(input.platform, input.channel ?? 'browser', input.taskType) !== 'api') {
      return null;
    }
    const action = doudianTaskActions[input.taskType];
    const { fields } = input;
    if (action === 'activity_application') {
      return {
        platform: 'douyin',
        action,
        collaboration: null,
        orienPlan: null,
        activity: {
          activityId: fields.activityId ?? '',
          activityName: fields.activityName ?? '',
          institutionName: fields.institutionName ?? '',
          colonelBuyinId: fields.colonelBuyinId ?? '',
          serviceRate: fields.serviceRate ?? 0,
          contactPhone: fields.contactPhone ?? '',
          products: input.products.map((p) => ({
            productId: p.productId,
            productName: p.productName,
            commissionRate: fields.commissionRates[String(p.templateId)] ?? 0,
            activityPriceFen: fields.activityPrices?.[String(p.templateId)] ?? 0,
          })),
        },
      };
    }
    const product = input.products[0];
    if (action !== 'orien_plan' || !product) {
      return { platform: 'douyin', action, collaboration: null, orienPlan: null };
    }
    const allowApply = fields.planAllowApply ?? false;
    return {
      platform: 'douyin',
      action,
      collaboration: null,
      orienPlan: {
        productId: product.productId,
        productName: product.productName,
        cosRatio: Math.round((fields.commissionRates[String(product.templateId)] ?? 0) / 100),
        endsAt: new Date(fields.endsAt ?? 0).toISOString(),
        allowApply,
        auditApplications: allowApply ? (fields.planAuditApplications ?? true) : false,
      },
    };
  }
  if (input.platform !== 'tiktok') return null;
  const action = tiktokTaskActions[input.taskType];
  if (!needsCollaboration(input.taskType))
    return { platform: 'tiktok', action, collaboration: null };
  const { fields } = input;
  const freeSample = freeSampleOf(input.taskType, fields.freeSample);
  return {
    platform: 'tiktok',
    action,
    collaboration: {
      name: fields.collaborationName ?? '',
      endsAt: new Date(fields.endsAt ?? 0).toISOString(),
      products: input.products.map((p) => ({
        productId: p.productId,
        productName: p.productName,
        commissionRate: fields.commissionRates[String(p.templateId)] ?? 0,
      })),
      contactEmail: fields.contactEmail ?? '',
      freeSample,
      sampleApproval: freeSample ? (fields.sampleApproval ?? 'review') : null,
    },
  };
}
