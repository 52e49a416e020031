import { z } from './zod.ts';
import { isoDateTime } from './fields.ts';
import type { Locale } from './locale.ts';
import { sendErrorCodes } from './send-records-constants.ts';

/**
 * Shops connected by a platform's authorization (issue 16): the OAuth connection, what My
 * Shops shows of it, and what the authorization callback tells the console. Tokens never
 * appear in any of these: they stay encrypted on the server.
 */

/**
 * The scopes the product needs from a TikTok Shop seller, by what it does (the scope keys of
 * the API reference pages, partner.tiktokshop.com/docv2): Get Authorized Shops
 * (`seller.authorization.info`), Search Creator on Marketplace (`seller.creator_marketplace.read`),
 * target collaborations (`seller.affiliate_collaboration.read` / `.write`), conversations and
 * messages (`seller.affiliate_messages.write`).
 */
export const tiktokShopRequiredScopes = [
  'seller.authorization.info',
  'seller.creator_marketplace.read',
  'seller.affiliate_collaboration.read',
  'seller.affiliate_collaboration.write',
  'seller.affiliate_messages.write',
] as const;

/** active: usable; expired: its refresh token ran out; revoked: the seller or the platform ended it. */
export const connectionStatuses = ['active', 'expired', 'revoked'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/**
 * TikTok Shop's markets by the region code Get Authorized Shops answers, with the site name
 * a shop of that market gets (美国站 / US). Unknown codes are named from the code itself.
 */
export const tiktokShopRegions: Record<string, { zh: string; en: string }> = {
  US: { zh: '美国站', en: 'US' },
  GB: { zh: '英国站', en: 'UK' },
  ID: { zh: '印尼站', en: 'Indonesia' },
  TH: { zh: '泰国站', en: 'Thailand' },
  VN: { zh: '越南站', en: 'Vietnam' },
  MY: { zh: '马来西亚站', en: 'Malaysia' },
  PH: { zh: '菲律宾站', en: 'Philippines' },
  SG: { zh: '新加坡站', en: 'Singapore' },
  MX: { zh: '墨西哥站', en: 'Mexico' },
  BR: { zh: '巴西站', en: 'Brazil' },
  JP: { zh: '日本站', en: 'Japan' },
  ES: { zh: '西班牙站', en: 'Spain' },
  DE: { zh: '德国站', en: 'Germany' },
  FR: { zh: '法国站', en: 'France' },
  IT: { zh: '意大利站', en: 'Italy' },
  IE: { zh: '爱尔兰站', en: 'Ireland' },
  // Not a TikTok Shop market: a 抖店 shop connected by authorization (mainland China).
  CN: { zh: '中国站', en: 'China' },
};

/** The site name of a TikTok Shop market in a language (US → 美国站 / US). */
export function tiktokShopSiteName(region: string, locale: Locale): string {
  const code = region.trim().toUpperCase();
  const known = tiktokShopRegions[code];
  if (known) return locale === 'zh-CN' ? known.zh : known.en;
  return locale === 'zh-CN' ? `${code}站` : code;
}

/** A connection as the console sees it: who authorized, what it may do, whether it still works. */
export const platformConnection = z.object({
  id: z.number().int(),
  /** tiktok: a TikTok Shop seller (its shops); douyin: one 抖店 shop (抖店's authorization is per shop). */
  platform: z.enum(['tiktok', 'douyin']),
  sellerName: z.string(),
  /** The seller's base region (the platform's code). */
  sellerBaseRegion: z.string(),
  status: z.enum(connectionStatuses),
  grantedScopes: z.array(z.string()),
  /** Required scopes the authorization lacks: a non-empty list needs a reconnect. */
  missingScopes: z.array(z.string()),
  /** Whether the seller must authorize again (revoked, expired, or a scope missing). */
  needsReconnect: z.boolean(),
  accessTokenExpiresAt: isoDateTime,
  refreshTokenExpiresAt: isoDateTime,
  /** Why it stopped working (a standard error code), if it did. */
  errorCode: z.enum(sendErrorCodes).nullable(),
  /** The ids of the caller's shops it serves. */
  shopIds: z.array(z.number().int()),
  connectedAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PlatformConnection = z.infer<typeof platformConnection>;

export const platformConnectionList = z.object({ list: z.array(platformConnection) });
export type PlatformConnectionList = z.infer<typeof platformConnectionList>;

/** The answer to "Connect TikTok Shop": where to send the browser. */
export const tiktokShopConnectData = z.object({
  /** The platform's authorization page, with our service id and a single-use state. */
  authorizeUrl: z.string(),
  /** When the state expires: the seller must finish authorizing before then. */
  expiresAt: isoDateTime,
});
export type TiktokShopConnectData = z.infer<typeof tiktokShopConnectData>;

/**
 * The answer to "Connect 抖店": the same shape (the service authorization page and its expiry).
 * @alias one name per endpoint, the same shape (knip: not a duplicate)
 */
export const doudianConnectData = tiktokShopConnectData;
export type DoudianConnectData = TiktokShopConnectData;

/**
 * The authorization's outcome, as the callback tells the console in My Shops' query string
 * (`?tiktokShop=<outcome>&bound=…&already=…&refused=…&reason=…`).
 * - `connected`: shops were bound (or were bound already); some may have been refused.
 * - `refused`: the authorization worked but no shop could be bound (the reason says why).
 * - `denied`: the seller declined on the platform's page.
 * - `failed`: the authorization could not be completed (the reason says why).
 */
export const connectOutcomes = ['connected', 'refused', 'denied', 'failed'] as const;
export type ConnectOutcome = (typeof connectOutcomes)[number];

/** Why a shop or a whole authorization was refused or failed. */
export const connectReasons = [
  /** The plan's shop limit is reached. */
  'limit_reached',
  /** The shop was unbound less than 24 hours ago. */
  'rebind_too_soon',
  /** Another account has the shop bound. */
  'bound_elsewhere',
  /** The authorization holds no shop. */
  'no_shops',
  /** Not a seller account (a creator or a partner authorized). */
  'not_seller',
  /** The link was used already, expired, or opened in another browser or account. */
  'state_invalid',
  /** The console session that started it has ended (signed out). */
  'session_ended',
  /** The platform refused the code or could not be reached. */
  'platform_error',
] as const;
export type ConnectReason = (typeof connectReasons)[number];

/** The query parameter names of the callback's redirect, shared by server and console. */
export const connectResultParams = {
  outcome: 'tiktokShop',
  bound: 'bound',
  already: 'already',
  refused: 'refused',
  reason: 'reason',
} as const;

/**
 * Which platform's authorization the outcome is about (`platform=douyin` after "Connect 抖店";
 * absent: TikTok Shop, as before), so My Shops names the right platform.
 */
export const CONNECT_PLATFORM_PARAM = 'platform';
export const connectPlatforms = ['tiktok', 'douyin'] as const;
export type ConnectPlatform = (typeof connectPlatforms)[number];

/** The console's reading of the redirect's query (anything else is ignored). */
export const connectResult = z.object({
  outcome: z.enum(connectOutcomes),
  bound: z.coerce.number().int().min(0).catch(0),
  already: z.coerce.number().int().min(0).catch(0),
  refused: z.coerce.number().int().min(0).catch(0),
  reason: z.enum(connectReasons).nullable().catch(null),
});
export type ConnectResult = z.infer<typeof connectResult>;

/** The callback's query, as the platform sends it back (`code=null&error=auth_denied` when declined). */
export const tiktokShopCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/**
 * 抖店's callback query: `code` and `state` (github:minibear2021/doudian doudian/core.py
 * build_auth_url / init_token), or `error` when the seller declined.
 * @alias one name per endpoint, the same shape (knip: not a duplicate)
 */
export const doudianCallbackQuery = tiktokShopCallbackQuery;

/**
 * A 团长 activity a 抖店 shop may apply to, as buyin.ShopActivityList lists it (apply_status 2
 * "可以报名的活动"; fields of BuyinShopActivityListRsp, github:fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance
 * Models/Buyin/Activity and the generated C# SDK quoted in apps/server/src/modules/platforms/doudian).
 */
export const doudianActivity = z.object({
  activityId: z.string(),
  name: z.string(),
  /** The 团长 (institution) running it and its 百应ID: the talent the application is for. */
  institutionName: z.string(),
  colonelBuyinId: z.string().nullable(),
  /** Application window, as the platform writes it (Shanghai wall time). */
  applyStartTime: z.string().nullable(),
  applyEndTime: z.string().nullable(),
  /** The lowest commission and service rate the activity asks, in percent. */
  minCommissionRate: z.number().nullable(),
  minServiceRate: z.number().nullable(),
});
export type DoudianActivity = z.infer<typeof doudianActivity>;

export const doudianActivityPage = z.object({
  list: z.array(doudianActivity),
  /** The next page's cursor (the list's cursor mode), null at the end. */
  nextCursor: z.string().nullable(),
});
export type DoudianActivityPage = z.infer<typeof doudianActivityPage>;

export const doudianActivityQuery = z.object({
  /** 团长 or activity name, fuzzy (`inst_acti_name`). */
  keyword: z.string({ error: 'validation.invalidField' }).trim().max(50).optional(),
  cursor: z
    .string({ error: 'validation.invalidField' })
    .regex(/^[\w.-]{1,200}$/, { error: 'validation.invalidField' })
    .optional(),
});
