import { z } from './zod.ts';
import { isoDateTime } from './fields.ts';
import { taskChannel, type Channel } from './platform-calls.ts';
import type { sendErrorCodes, TaskType } from './send-records-constants.ts';
import { talentIdentity } from './talent-identity.ts';
import { platforms, type Platform } from './talents.ts';

/**
 * The browser channel (issue 17, DESIGN.md "Platforms", "Browser channel rules"): what no
 * platform API offers, and every task of a shop bound without authorization, compiles into
 * durable **browser actions**, one page operation on a batch of talents as the page works.
 * The companion extension claims them (never an action of the `api` channel) with its own
 * session, under a lease, runs them on the exact page with the page pack the server serves,
 * and reports per record, or stops the run without failing any record.
 */

// -------------------------------------------------------------------------------------------
// Kinds and batching
// -------------------------------------------------------------------------------------------

/**
 * - `tiktok_target_invitation`: the seller center's target-invitation page
 *   (`/connection/target-invitation/create`): one invitation of up to 50 creators.
 * - `tiktok_partner_campaign`: a partner campaign invitation (group leader activity), web only.
 * - `tiktok_message`: a message to one creator from the seller center's IM page.
 * - `buyin_batch_invitation`: 百应 达人广场, tick up to 40 达人 → 批量邀约带货 → the drawer.
 * - `buyin_message`: 百应 私信 to one 达人.
 * - `buyin_activity_invitation`: a 团长 activity invitation of a shop without authorization;
 *   its page pack is not verified yet (stopped by default, see the pack).
 */
export const browserActionKinds = [
  'tiktok_target_invitation',
  'tiktok_partner_campaign',
  'tiktok_message',
  'buyin_batch_invitation',
  'buyin_message',
  'buyin_activity_invitation',
] as const;
export type BrowserActionKind = (typeof browserActionKinds)[number];

/**
 * Talents per action, as the pages take them. TikTok's target-invitation page takes the
 * creators of one invitation: 50, as its Open API twin (`TIKTOK_COLLABORATION_CREATORS_MAX`)
 * and as public automation of the page batches them (PLATFORMS.md "What working tools do").
 * 百应 达人广场's batch invitation: about 40 (PLATFORMS.md, public automation; the page
 * shows no documented maximum, see the pack). Messages and partner campaigns: one talent
 * each (a partner campaign's own limit was not found in public sources: one is safe).
 */
export const browserBatchMax: Readonly<Record<BrowserActionKind, number>> = {
  tiktok_target_invitation: 50,
  tiktok_partner_campaign: 1,
  tiktok_message: 1,
  buyin_batch_invitation: 40,
  buyin_message: 1,
  buyin_activity_invitation: 1,
};

/** The page pack each kind runs with. */
export const browserActionPacks: Readonly<Record<BrowserActionKind, PagePackId>> = {
  tiktok_target_invitation: 'tiktok.target-invitation',
  tiktok_partner_campaign: 'tiktok.partner-campaign',
  tiktok_message: 'tiktok.im',
  buyin_batch_invitation: 'buyin.daren-square',
  buyin_message: 'buyin.im',
  buyin_activity_invitation: 'buyin.activity',
};

/** The browser action a task type becomes on a platform. */
export function browserActionKind(platform: Platform, taskType: TaskType): BrowserActionKind {
  if (platform === 'tiktok') {
    if (taskType === 'free_connection') return 'tiktok_message';
    if (taskType === 'group_leader_activity') return 'tiktok_partner_campaign';
    return 'tiktok_target_invitation';
  }
  if (taskType === 'free_connection' || taskType === 'targeted_connection') return 'buyin_message';
  if (taskType === 'group_leader_activity') return 'buyin_activity_invitation';
  return 'buyin_batch_invitation';
}

/**
 * Whether a task's records go out in the browser as batch invitations that carry one message
 * for all their talents (`ClaimedBrowserAction.message`, `renderBatchScript`): the console
 * says so under the script.
 */
export function sendsOneBatchMessage(
  platform: Platform,
  shopChannel: Channel,
  taskType: TaskType,
): boolean {
  return (
    taskChannel(platform, shopChannel, taskType) === 'browser' &&
    browserBatchMax[browserActionKind(platform, taskType)] > 1
  );
}

// -------------------------------------------------------------------------------------------
// Statuses, stops, outcomes
// -------------------------------------------------------------------------------------------

/**
 * Why a browser run stops without failing a record (DESIGN.md "Run-level stops never fail a
 * record"): the records not attempted go back to pending.
 * - `page_changed`: not the page the pack describes (wrong route, shop or region, a selector
 *   or an endpoint missing); the action waits a little, the pack version is kept.
 * - `login_expired`: the platform's login is gone; the shop's browser actions wait until the
 *   extension sees the seller signed in again.
 * - `quota_exceeded`: the platform's quota; the shop waits until the platform's reset, in the
 *   shop's time zone.
 * - `captcha`: a captcha is shown; the shop waits and the seller is told.
 * - `rate_limited`: the platform asks to slow down; the action waits (`retryAfterSeconds`).
 */
export const browserStopReasons = [
  'page_changed',
  'login_expired',
  'quota_exceeded',
  'captcha',
  'rate_limited',
] as const;
export type BrowserStopReason = (typeof browserStopReasons)[number];

/** The stops that pause the shop's browser actions (the others wait on the action itself). */
export const browserShopStopReasons = ['login_expired', 'quota_exceeded', 'captcha'] as const;
export type BrowserShopStopReason = (typeof browserShopStopReasons)[number];

/**
 * Record errors a browser report may give: only answers about the talent (or the request's
 * content). A run-level code (quota, page, login, network, rate limit) is a `stop`, never a
 * record's failure.
 */
export const browserRecordErrorCodes = [
  'talent_ineligible',
  'already_invited',
  'blacklisted',
  'talent_excluded',
  'collaboration_conflict',
  'talent_not_found',
  'sensitive_words',
  'product_not_owned',
  'invalid_request',
] as const satisfies ReadonlyArray<(typeof sendErrorCodes)[number]>;
export type BrowserRecordErrorCode = (typeof browserRecordErrorCodes)[number];

const ID_MAX = 2 ** 53 - 1;
const recordId = z
  .number({ error: 'validation.invalidField' })
  .int({ error: 'validation.invalidField' })
  .positive({ error: 'validation.invalidField' })
  .max(ID_MAX, { error: 'validation.invalidField' });
const shortText = (max: number) =>
  z
    .string({ error: 'validation.invalidField' })
    .trim()
    .max(max, { error: 'validation.invalidField' });

/** What the page's JSON answer said (code and message as the platform gave them). */
export const browserAnswer = z.object({
  code: shortText(40).nullable().default(null),
  message: shortText(500).nullable().default(null),
  requestId: shortText(120).nullable().default(null),
});

/** One record's outcome: it reached the platform (`sent`), or the platform refused its talent. */
export const browserRecordOutcome = z.discriminatedUnion('result', [
  z.object({
    recordId,
    result: z.literal('sent'),
    /** What it became on the platform (the invitation's id), when the answer gave one. */
    reference: z
      .object({
        invitationId: shortText(120).optional(),
        conversationId: shortText(120).optional(),
      })
      .optional(),
    answer: browserAnswer.optional(),
  }),
  z.object({
    recordId,
    result: z.literal('failed'),
    errorCode: z.enum(browserRecordErrorCodes, { error: 'validation.errorCodeInvalid' }),
    answer: browserAnswer.optional(),
    message: shortText(500).optional(),
  }),
]);
export type BrowserRecordOutcome = z.infer<typeof browserRecordOutcome>;

export const browserStop = z.object({
  reason: z.enum(browserStopReasons, { error: 'validation.invalidField' }),
  answer: browserAnswer.optional(),
  /** What the extension saw (a missing selector, the page's words), for the seller and support. */
  detail: shortText(500).optional(),
  /** Rate limit: how long the platform asked to wait. */
  retryAfterSeconds: z.number().int().min(1).max(86_400).optional(),
});
export type BrowserStop = z.output<typeof browserStop>;

/** A batch refused for a talent the page does not name (see `browserActionReport`). */
export const browserUnattributed = z.object({
  errorCode: z.enum(browserRecordErrorCodes, { error: 'validation.errorCodeInvalid' }),
  answer: browserAnswer.optional(),
});
export type BrowserUnattributed = z.output<typeof browserUnattributed>;

const packVersionField = z
  .number({ error: 'validation.invalidField' })
  .int({ error: 'validation.invalidField' })
  .min(1, { error: 'validation.invalidField' })
  .max(1_000_000, { error: 'validation.invalidField' });

/**
 * The end of a claimed action's run. `outcomes`: the records the platform answered about.
 * `stop`: the run stopped (the others go back to pending, none fails). `unknown`: records
 * whose send was started but whose answer the extension does not know (its write-ahead
 * journal says "sending" and nothing more, e.g. the browser restarted): the action waits,
 * never handed out again, until a reconcile report clears it.
 */
export const browserActionReport = z.object({
  leaseId: z.uuid({ error: 'validation.invalidField' }),
  /** The page pack version the run used (a `page_changed` stop names it). */
  packVersion: packVersionField,
  outcomes: z.array(browserRecordOutcome).max(50, { error: 'validation.invalidField' }).default([]),
  stop: browserStop.optional(),
  unknown: z.array(recordId).max(50, { error: 'validation.invalidField' }).default([]),
  /**
   * The page refused the batch with an answer about a talent it does not name (TikTok's create
   * answering 16024016 for an invitation of several creators): nothing was sent and no record
   * fails. The server splits the action's records left without an outcome into one-talent
   * actions, each then answered on its own (a talent refused fails alone), so the same batch
   * is never handed out again to meet the same refusal. A batch of one record fails with
   * `errorCode`.
   */
  unattributed: browserUnattributed.optional(),
});
export type BrowserActionReport = z.input<typeof browserActionReport>;
export type BrowserActionReportParsed = z.output<typeof browserActionReport>;

/**
 * A reconcile report of an action in `unknown`: what the extension's journal and the page
 * (the invitation list, read after the restart) know of each record in doubt. `not_sent`: the
 * page shows no invitation for it: it goes back to pending. `sent` / `failed`: as a report.
 */
export const browserReconcileReport = z.object({
  packVersion: packVersionField,
  outcomes: z
    .array(z.union([browserRecordOutcome, z.object({ recordId, result: z.literal('not_sent') })]))
    .min(1, { error: 'validation.invalidField' })
    .max(50, { error: 'validation.invalidField' }),
});
export type BrowserReconcileReport = z.input<typeof browserReconcileReport>;
export type BrowserReconcileReportParsed = z.output<typeof browserReconcileReport>;

/** The mark written before the page's send (the server's half of the write-ahead journal). */
export const browserActionStarted = z.object({
  leaseId: z.uuid({ error: 'validation.invalidField' }),
});

/**
 * pending (maybe until `notBefore`), running (under a browser's lease), unknown (a send was
 * started and its answer is not known: only a reconcile report moves it), succeeded / failed.
 */
export const browserActionStatuses = [
  'pending',
  'running',
  'unknown',
  'succeeded',
  'failed',
] as const;
export type BrowserActionStatus = (typeof browserActionStatuses)[number];

export const browserReportData = z.object({
  id: z.number().int(),
  status: z.enum(browserActionStatuses),
  /** Records of the action that went back to pending (a stop, or never attempted). */
  released: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Outcomes about records the action does not hold (ignored). */
  ignored: z.number().int(),
  /** One-talent actions the action's records were split into (an `unattributed` refusal). */
  split: z.number().int(),
});
export type BrowserReportData = z.infer<typeof browserReportData>;

// -------------------------------------------------------------------------------------------
// Claim
// -------------------------------------------------------------------------------------------

export const browserClaimBody = z.object({
  /** Only this shop's actions (the extension owns one tab per run); absent: any of the account's. */
  shopId: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(2 ** 31 - 1, { error: 'validation.invalidField' })
    .optional(),
});
export type BrowserClaimBody = z.input<typeof browserClaimBody>;

/** A browser action's lease: report (or mark started) before it ends. */
export const BROWSER_LEASE_SECONDS = 600;

export const claimedBrowserAction = z.object({
  id: z.number().int(),
  leaseId: z.string(),
  leasedUntil: isoDateTime,
  idempotencyKey: z.string(),
  kind: z.enum(browserActionKinds),
  pack: z.object({ id: z.string(), version: z.number().int() }),
  shop: z.object({
    id: z.number().int(),
    platform: z.enum(platforms),
    shopName: z.string(),
    shopCode: z.string(),
    /** The platform's shop id and market, when known: the route check compares them. */
    platformShopId: z.string().nullable(),
    region: z.string().nullable(),
    timeZone: z.string(),
  }),
  task: z.object({
    id: z.number().int(),
    taskType: z.string(),
    contentType: z.string(),
    setName: z.string(),
    /** The invitation's name on the platform (the batch's: distinct per batch). */
    name: z.string().nullable(),
    products: z.array(z.object({ productId: z.string(), productName: z.string() })),
    /** The platform terms the form took (commission, end date, contact, samples), as kept. */
    terms: z.record(z.string(), z.unknown()).nullable(),
  }),
  records: z.array(
    z.object({
      id: z.number().int(),
      talentName: z.string(),
      platformTalentId: z.string(),
      identity: talentIdentity.nullable(),
      /** The script with this talent's variables filled (what a one-talent action sends). */
      message: z.string(),
    }),
  ),
  /**
   * A batch kind's one message (`browserBatchMax` above 1: every talent of the invitation
   * sees the same words): the task's script rendered once by `renderBatchScript`, the shop
   * and product variables filled and the talent's removed. Null for one-talent kinds, which
   * send their record's message.
   */
  message: z.string().nullable(),
});
export type ClaimedBrowserAction = z.infer<typeof claimedBrowserAction>;

/** The plan's daily allowance as the server counts it at claim (per account, in the shop's zone). */
export const browserAllowance = z.object({
  cap: z.number().int(),
  /** Records sent today (in the shop's day) by any browser of the account. */
  used: z.number().int(),
  /** Records handed to browsers and not reported yet. */
  reserved: z.number().int(),
  remaining: z.number().int(),
  /** When the shop's day ends (the allowance is whole again). */
  resetsAt: isoDateTime,
  timeZone: z.string(),
});
export type BrowserAllowance = z.infer<typeof browserAllowance>;

export const browserClaimData = z.object({
  /** Null: nothing to do now (`waiting` says why, when something waits). */
  action: claimedBrowserAction.nullable(),
  waiting: z
    .enum(['nothing', 'daily_allowance', 'shop_stopped', 'pack_stopped'])
    .describe('Why no action was handed out'),
  allowance: browserAllowance.nullable(),
  /** The shop's stop in force (the claim's shop), for the popup. */
  stop: z
    .object({
      reason: z.enum(browserShopStopReasons),
      resumesAt: isoDateTime.nullable(),
      since: isoDateTime,
    })
    .nullable(),
});
export type BrowserClaimData = z.infer<typeof browserClaimData>;

/** The extension sees the seller signed in again / the captcha gone: the shop's stop ends. */
export const browserResumeBody = z.object({
  reason: z.enum(['login_expired', 'captcha'], { error: 'validation.invalidField' }),
});
export type BrowserResumeBody = z.infer<typeof browserResumeBody>;

// -------------------------------------------------------------------------------------------
// Page packs
// -------------------------------------------------------------------------------------------

export const pagePackIds = [
  'tiktok.target-invitation',
  'tiktok.partner-campaign',
  'tiktok.im',
  'buyin.daren-square',
  'buyin.im',
  'buyin.activity',
] as const;
export type PagePackId = (typeof pagePackIds)[number];

/** The identity fields a page route may name a talent by (`pagePack.route.talentParam.from`). */
export const talentRouteFields = ['uid', 'buyinId', 'creatorUserOpenId', 'handle'] as const;
export type TalentRouteField = (typeof talentRouteFields)[number];

/**
 * The talent a one-talent action's page route names (`route.talentParam`), or null when the
 * pack's route names none or the kind takes a batch: the first known identity field of the
 * pack's list, else the record's platform talent ID.
 */
export function routeTalentOf(
  pack: Pick<PagePack, 'route'>,
  action: Pick<ClaimedBrowserAction, 'kind' | 'records'>,
): string | null {
  const param = pack.route.talentParam;
  const record = action.records[0];
  if (!param || browserBatchMax[action.kind] !== 1 || action.records.length !== 1 || !record)
    return null;
  const identity = (record.identity ?? {}) as Partial<Record<TalentRouteField, unknown>>;
  for (const field of param.from) {
    const value = identity[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return record.platformTalentId;
}

/**
 * What the extension maps a page's numeric answer code to: a record's outcome, or a run stop.
 * The code is the platform's JSON `code`, the same in every UI language (page text only as a
 * last resort, `textFallbacks`).
 */
export const pagePackCodeRule = z.union([
  z.object({ code: z.string(), outcome: z.literal('success') }),
  z.object({
    code: z.string(),
    outcome: z.literal('record'),
    errorCode: z.enum(browserRecordErrorCodes),
  }),
  z.object({ code: z.string(), outcome: z.literal('stop'), reason: z.enum(browserStopReasons) }),
]);
export type PagePackCodeRule = z.infer<typeof pagePackCodeRule>;

/**
 * A versioned page pack: every fact of one platform page the extension needs (hosts, the
 * route and how it names the shop and region, selectors, the JSON endpoints it hooks, codes,
 * captcha markers). Data only: MV3 forbids remote code, not data. `sources` says where each
 * fact comes from; `unverified` lists what no public source confirmed.
 */
export const pagePack = z.object({
  id: z.enum(pagePackIds),
  version: z.number().int().min(1),
  platform: z.enum(platforms),
  kinds: z.array(z.enum(browserActionKinds)),
  /** Host patterns (`*` one label), the page runs on no other host. */
  hosts: z.array(z.string()),
  route: z.object({
    /** Path patterns of the page the action runs on (`:name` a segment). */
    paths: z.array(z.string()),
    /** Query parameters that carry the shop id and region (checked against the claim's shop). */
    shopIdParam: z.string().nullable(),
    regionParam: z.string().nullable(),
    /**
     * One-talent kinds (`browserBatchMax` 1): the query parameter that names the talent in the
     * page's route (百应 profile `uid`, TikTok IM `creator_id`), filled from the first of the
     * talent's identity fields in `from` that is known, else its platform talent ID. The
     * channel opens the route with it and the route check compares it.
     */
    talentParam: z
      .object({
        name: z.string(),
        from: z.array(z.enum(talentRouteFields)),
      })
      .optional(),
  }),
  /** Canary: each must be on the page before a run starts (else `page_changed`). */
  canary: z.array(z.string()),
  selectors: z.record(z.string(), z.string()),
  endpoints: z.array(
    z.object({
      name: z.string(),
      method: z.enum(['GET', 'POST']),
      /** Matched against the request's path (a substring or `*` wildcard). */
      pattern: z.string(),
    }),
  ),
  /** The answer's code field, and the value(s) that mean success. */
  codeField: z.string(),
  codes: z.array(pagePackCodeRule),
  /** Page words per language, used only when no JSON answer came. */
  textFallbacks: z.array(
    z.object({
      text: z.string(),
      outcome: z.enum(['success', 'captcha', 'quota_exceeded', 'login_expired']),
    }),
  ),
  captcha: z.object({
    selectors: z.array(z.string()),
    iframes: z.array(z.string()),
    codes: z.array(z.string()),
  }),
  /** Where the login page is (a redirect there is `login_expired`). */
  loginPaths: z.array(z.string()),
  /** The platform's quota reset: daily at the shop's midnight, or weekly (Sunday 00:00). */
  quotaReset: z.enum(['daily', 'weekly']),
  sources: z.array(z.string()),
  unverified: z.array(z.string()),
});
export type PagePack = z.infer<typeof pagePack>;

export const pagePackState = pagePack.extend({
  /** The server's switch: a stopped pack hands out no action. */
  stopped: z.boolean(),
  stoppedReason: z.string().nullable(),
});
export type PagePackState = z.infer<typeof pagePackState>;

export const pagePackList = z.object({ packs: z.array(pagePackState) });
export type PagePackList = z.infer<typeof pagePackList>;

/** The operator's switch (admin role): stop or restart a pack version. */
export const pagePackSwitchBody = z.object({
  packId: z.enum(pagePackIds, { error: 'validation.invalidField' }),
  stopped: z.boolean({ error: 'validation.invalidField' }),
  version: packVersionField,
  reason: shortText(200).default(''),
});
export type PagePackSwitchBody = z.input<typeof pagePackSwitchBody>;

// -------------------------------------------------------------------------------------------
// The extension's own session
// -------------------------------------------------------------------------------------------

/** Connected browsers an account may have at once (revoke one to connect another). */
export const CONNECTED_BROWSERS_MAX = 20;

/** The extension's session lasts this long without a renewal; each renewal rotates its token. */
export const EXTENSION_RENEW_TTL_SECONDS = 30 * 24 * 60 * 60;

/** The console connects this browser: the extension gets a session of its own. */
export const extensionSessionBody = z.object({
  name: shortText(60).min(1, { error: 'validation.invalidField' }),
  browser: shortText(120).default(''),
});
export type ExtensionSessionBody = z.input<typeof extensionSessionBody>;

export const extensionRenewBody = z.object({
  renewToken: z
    .string({ error: 'validation.invalidField' })
    .min(1, { error: 'validation.invalidField' })
    .max(200, { error: 'validation.invalidField' }),
});
export type ExtensionRenewBody = z.infer<typeof extensionRenewBody>;

/**
 * The extension's session: a short token for the extension's routes only, and the renew
 * token (used once, rotated) with which it renews by itself, the console closed.
 */
export const extensionSessionData = z.object({
  sessionId: z.string(),
  token: z.string(),
  expiresAt: isoDateTime,
  renewToken: z.string(),
  renewExpiresAt: isoDateTime,
});
export type ExtensionSessionData = z.infer<typeof extensionSessionData>;

/** One connected browser, as User Settings lists it. */
export const connectedBrowser = z.object({
  id: z.string(),
  name: z.string(),
  browser: z.string(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime.nullable(),
});
export type ConnectedBrowser = z.infer<typeof connectedBrowser>;

export const connectedBrowserList = z.object({ list: z.array(connectedBrowser) });
export type ConnectedBrowserList = z.infer<typeof connectedBrowserList>;

export const connectedBrowserParams = z.object({
  id: z.uuid({ error: 'validation.invalidField' }),
});
