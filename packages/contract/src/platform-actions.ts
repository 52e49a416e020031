import { z } from './zod.ts';
import { isoDateTime } from './fields.ts';
import { channels } from './platform-calls.ts';
import { sendErrorCodes } from './send-records-constants.ts';
import { browserActionKinds } from './browser-channel.ts';

/**
 * What the server's executor does on a platform for a task (issue 16, DESIGN.md "Platforms"):
 * a task of a shop connected by authorization compiles into durable platform actions, each
 * one platform operation on a batch of the task's talents; the records stay per talent. The
 * console shows a task's actions, a record's platform outcome, and a shop's stop.
 */

/**
 * - `target_collaboration`: Create Target Collaboration for up to 50 creators (targeted and
 *   free product invitations; the first step of a targeted connection invitation).
 * - `conversation`: Create Conversation with Creator, then Send IM Message: the text, then a
 *   product card per product (free connection invitation), one creator.
 * - `collaboration_card`: a TARGET_COLLABORATION_CARD message of a created collaboration to
 *   one of its creators (the second step of a targeted connection invitation).
 * - `orien_plan`: 抖店 buyin.createOrUpdateOrienPlan, the task's 定向计划 (or the shop's existing
 *   plan of the same product, commission and end, found by buyin.orienPlanList); it carries all
 *   the task's talents and, once the plan exists, hands them to `orien_plan_authors` actions.
 * - `orien_plan_authors`: 抖店 buyin.orienPlanAuthorsAdd of up to 20 百应IDs into that plan.
 * - `activity_application`: 抖店 buyin.applyActivities, the task's products into a 团长's
 *   activity (the record's talent is the 团长).
 */
export const platformActionKinds = [
  'target_collaboration',
  'conversation',
  'collaboration_card',
  'orien_plan',
  'orien_plan_authors',
  'activity_application',
  // The browser channel's (issue 17, browser-channel.ts): the extension runs them.
  ...browserActionKinds,
] as const;
export type PlatformActionKind = (typeof platformActionKinds)[number];

/**
 * pending: waiting (maybe until `notBefore`: a back-off or the shop's pause); running: claimed
 * by an executor under a lease; succeeded / failed: final. A running action whose executor
 * died is claimed again and, when it had started its call, reconciled first. unknown (browser
 * actions): a send was started and its answer lost; only the extension's reconcile moves it.
 */
export const platformActionStatuses = [
  'pending',
  'running',
  'unknown',
  'succeeded',
  'failed',
] as const;
export type PlatformActionStatus = (typeof platformActionStatuses)[number];

/** What the platform answered about a call or a creator, as a record and an action show it. */
export const platformAnswer = z.object({
  /** The platform's own code (e.g. 16024022), when it gave one. */
  code: z.string().nullable(),
  /** The platform's own message (English, as the platform writes it). */
  message: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type PlatformAnswer = z.infer<typeof platformAnswer>;

/** What a record's invitation became on the platform. */
export const platformReference = z.object({
  targetCollaborationId: z.string().optional(),
  conversationId: z.string().optional(),
  /** 抖店: the 定向计划 the 达人 was added to (`orien_plan_id`). */
  planId: z.string().optional(),
  /** 抖店: the 团长 activity the products were applied to (`activity_id`). */
  activityId: z.string().optional(),
});
export type PlatformReference = z.infer<typeof platformReference>;

/**
 * Why a shop's platform actions wait: the platform's quota (until its reset), its rate limit
 * (a short back-off), or an authorization that must be renewed by the seller (no end). The
 * browser channel's shop stops (contract `browserShopStopReasons`: the platform's login in the
 * extension's window, its quota, a captcha) are pauses of the same shop, told the same way.
 */
export const shopPauseReasons = [
  'quota_exceeded',
  'rate_limited',
  'authorization_revoked',
  'authorization_scope_missing',
  'platform_configuration',
  'shop_ineligible',
  'login_expired',
  /** A browser stop `captcha` (contract `browserShopStopReasons`), by its record-code name. */
  'captcha_required',
] as const satisfies ReadonlyArray<(typeof sendErrorCodes)[number]>;

/** Which of the shop's channels waits: the server's API calls or the extension's browser. */
export const shopPauseChannels = ['api', 'browser'] as const;
export type ShopPauseChannel = (typeof shopPauseChannels)[number];
export type ShopPauseReason = (typeof shopPauseReasons)[number];

export const shopPause = z.object({
  reason: z.enum(shopPauseReasons),
  channel: z.enum(shopPauseChannels),
  /** When the shop's actions resume by themselves (the platform's reset); null: after the seller acts. */
  resumesAt: isoDateTime.nullable(),
  /** The shop's time zone on the platform (the reset is at its midnight). */
  timeZone: z.string(),
  /** The platform's answer that paused it; null for a browser stop seen on the page only. */
  answer: platformAnswer.nullable(),
  since: isoDateTime,
});
export type ShopPause = z.infer<typeof shopPause>;

export const platformAction = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  shopId: z.number().int(),
  kind: z.enum(platformActionKinds),
  status: z.enum(platformActionStatuses),
  /** Its place among the task's actions of its kind (1-based) and their count. */
  batch: z.number().int(),
  batches: z.number().int(),
  /** The talents it carries (creators of the call) now. */
  talents: z.number().int(),
  attempts: z.number().int(),
  /** It waits until then (a back-off or the shop's pause). */
  notBefore: isoDateTime.nullable(),
  /** The collaboration name it sends (target collaborations). */
  name: z.string().nullable(),
  reference: platformReference.nullable(),
  errorCode: z.enum(sendErrorCodes).nullable(),
  answer: platformAnswer.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
});
export type PlatformAction = z.infer<typeof platformAction>;

/**
 * Why a browser page flow hands out no action: shipped before it was verified on a live shop
 * (docs/platforms.md, the checklist), or stopped by the operators (their switch or
 * PAGE_PACKS_STOPPED) because the platform's page changed.
 */
export const stoppedPageReasons = ['unverified', 'operator'] as const;
export type StoppedPageReason = (typeof stoppedPageReasons)[number];

/** A browser page flow of the task that is stopped: its actions wait, and none fails. */
export const stoppedPage = z.object({
  kind: z.enum(platformActionKinds),
  reason: z.enum(stoppedPageReasons),
});
export type StoppedPage = z.infer<typeof stoppedPage>;

/** At most this many actions are listed on a task (the counts cover all). */
export const TASK_ACTIONS_LISTED_MAX = 200;

/** A task's platform calls: how its records are executed, and how far. */
export const taskPlatformCalls = z.object({
  taskId: z.number().int(),
  shopId: z.number().int(),
  channel: z.enum(channels),
  counts: z.object({
    pending: z.number().int(),
    running: z.number().int(),
    unknown: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
  }),
  actions: z.array(platformAction),
  /** The shop's stop, when its actions wait for the platform or the seller. */
  pause: shopPause.nullable(),
  /** The task's browser page flows that are stopped now, when its actions wait for them. */
  stoppedPages: z.array(stoppedPage),
});
export type TaskPlatformCalls = z.infer<typeof taskPlatformCalls>;

/**
 * The time zone of a TikTok Shop market: the platform's daily limits and its weekly quota
 * ("Quotas refresh weekly on Sundays", seller help "Affiliate Target Invite & IM Quotas",
 * seller-us.tiktok.com/university/essay?knowledge_id=6104700982429483) reset at the shop's
 * midnight. The documents do not name the zone; the market's seller-center zone is taken
 * (a choice, in docs/platforms.md). Unknown markets: UTC.
 */
export const tiktokShopTimeZones: Readonly<Record<string, string>> = {
  US: 'America/Los_Angeles',
  GB: 'Europe/London',
  ID: 'Asia/Jakarta',
  TH: 'Asia/Bangkok',
  VN: 'Asia/Ho_Chi_Minh',
  MY: 'Asia/Kuala_Lumpur',
  PH: 'Asia/Manila',
  SG: 'Asia/Singapore',
  MX: 'America/Mexico_City',
  BR: 'America/Sao_Paulo',
  JP: 'Asia/Tokyo',
  ES: 'Europe/Madrid',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  IE: 'Europe/Dublin',
  // A 抖店 shop (bound by 抖店's authorization) is in mainland China: 中国站.
  CN: 'Asia/Shanghai',
};

export function tiktokShopTimeZone(region: string | null | undefined): string {
  return tiktokShopTimeZones[(region ?? '').trim().toUpperCase()] ?? 'UTC';
}
