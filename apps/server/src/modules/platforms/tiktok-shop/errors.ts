import type { SendErrorCode } from '@inviteflow/contract';

/**
 * Every failure of a TikTok Shop call, classified by what it is about, because that decides
 * what the executor does with the records of the call (DESIGN.md "Platforms": only an answer
 * about the talent itself fails a record; run-level stops leave records pending; an outcome
 * that is not known is reconciled by reading the platform before any retry).
 *
 * - `creator`: about one or more creators of the call. The record fails (after the creator
 *   is taken out of a batch, the rest can be sent: a conflict names its creators).
 * - `call`: about this shop's use of the platform now: quota, rate limit, token, scope,
 *   signature. Nothing was done; the records stay pending until the stop is lifted.
 * - `request`: the request itself is refused (a product not owned, sensitive words, an
 *   invalid parameter). Nothing was done; sending it again would be refused again.
 * - `unknown`: the call may or may not have taken effect (timeout, reset connection, 5xx,
 *   an answer that cannot be read). Read the platform before deciding.
 */
export type FailureScope = 'creator' | 'call' | 'request' | 'unknown';

/** What the executor should do next. */
export type NextStep =
  | 'fail_records'
  | 'pause_shop'
  | 'back_off'
  | 'refresh_token'
  | 'reconnect'
  | 'fix_configuration'
  | 'reconcile';

export type FailureReason =
  // About the creator.
  | 'creator_excluded'
  | 'creator_follower_limit'
  | 'collaboration_conflict'
  | 'creator_linked_to_shop'
  | 'official_creator'
  | 'creator_unavailable'
  | 'creator_ineligible'
  // About the call (this shop, now).
  | 'quota_exceeded'
  | 'shop_daily_limit'
  | 'rate_limited'
  | 'token_expired'
  | 'authorization_revoked'
  | 'scope_missing'
  | 'bad_signature'
  | 'configuration'
  | 'shop_ineligible'
  | 'unreachable'
  // About the request.
  | 'product_not_owned'
  | 'sensitive_words'
  | 'invalid_request'
  | 'not_accessible'
  // Outcome unknown.
  | 'timeout'
  | 'connection_failed'
  | 'server_error'
  | 'unreadable'
  | 'platform_internal';

interface ReasonRule {
  scope: FailureScope;
  next: NextStep;
  /** The standard error code of DESIGN.md (and the contract) a record or a shop shows. */
  standard: SendErrorCode;
}

export const reasonRules: Record<FailureReason, ReasonRule> = {
  creator_excluded: { scope: 'creator', next: 'fail_records', standard: 'talent_excluded' },
  creator_follower_limit: { scope: 'creator', next: 'fail_records', standard: 'talent_ineligible' },
  collaboration_conflict: {
    scope: 'creator',
    next: 'fail_records',
    standard: 'collaboration_conflict',
  },
  creator_linked_to_shop: { scope: 'creator', next: 'fail_records', standard: 'talent_ineligible' },
  official_creator: { scope: 'creator', next: 'fail_records', standard: 'talent_ineligible' },
  creator_unavailable: { scope: 'creator', next: 'fail_records', standard: 'talent_ineligible' },
  creator_ineligible: { scope: 'creator', next: 'fail_records', standard: 'talent_ineligible' },
  quota_exceeded: { scope: 'call', next: 'pause_shop', standard: 'quota_exceeded' },
  shop_daily_limit: { scope: 'call', next: 'pause_shop', standard: 'quota_exceeded' },
  rate_limited: { scope: 'call', next: 'back_off', standard: 'rate_limited' },
  token_expired: { scope: 'call', next: 'refresh_token', standard: 'login_expired' },
  authorization_revoked: { scope: 'call', next: 'reconnect', standard: 'authorization_revoked' },
  scope_missing: { scope: 'call', next: 'reconnect', standard: 'authorization_scope_missing' },
  bad_signature: { scope: 'call', next: 'fix_configuration', standard: 'platform_configuration' },
  configuration: { scope: 'call', next: 'fix_configuration', standard: 'platform_configuration' },
  shop_ineligible: { scope: 'call', next: 'pause_shop', standard: 'shop_ineligible' },
  // The connection was refused or the name did not resolve: nothing reached the platform.
  unreachable: { scope: 'call', next: 'back_off', standard: 'network' },
  product_not_owned: { scope: 'request', next: 'fail_records', standard: 'product_not_owned' },
  sensitive_words: { scope: 'request', next: 'fail_records', standard: 'sensitive_words' },
  invalid_request: { scope: 'request', next: 'fail_records', standard: 'invalid_request' },
  not_accessible: { scope: 'request', next: 'fail_records', standard: 'invalid_request' },
  timeout: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  connection_failed: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  server_error: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  unreadable: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  platform_internal: { scope: 'unknown', next: 'reconcile', standard: 'network' },
};

/**
 * The platform's codes, each from a page of its documents (mirrored in
 * lazykern/ecommerce-api-docs under data/raw/tiktok/api-reference and
 * data/processed/tiktok/guides), or marked where only public code shows it.
 */
export const platformCodes: Readonly<Record<number, FailureReason>> = {
  // Create Target Collaboration 202508, "Error Code" (affiliate-seller/create-target-collaboration).
  16024004: 'creator_ineligible', // test and non-test accounts cannot invite each other
  16024006: 'official_creator', // the seller cannot invite their official creator
  16024008: 'product_not_owned', // products that do not belong to this merchant
  16024016: 'creator_linked_to_shop', // the creator is already linked with a shop account
  16024019: 'quota_exceeded', // insufficient quota to create invitation
  16024020: 'creator_excluded', // remove excluded creators to create invitation
  16024021: 'creator_follower_limit', // a creator exceeds the follower limit
  16024022: 'collaboration_conflict', // an existing creator and product pair: the conflict
  50001702: 'creator_unavailable', // an unavailable creator or product
  50001703: 'sensitive_words', // the request parameters contain sensitive words
  98001004: 'invalid_request', // invalid params
  // The shop's daily invitation limit, as the seller center's own page answers it (seen in
  // public browser automation, PLATFORMS.md; not in the Open API documents).
  16024034: 'shop_daily_limit',
  16024035: 'shop_daily_limit',
  // Create Conversation with Creator 202508 (affiliate-seller/create-conversation-with-creator).
  16030001: 'creator_unavailable', // the creator has been cleared
  16030002: 'quota_exceeded', // the shop has reached its IM quota
  16030003: 'shop_ineligible', // the shop does not meet the Affiliate GMV requirement to message
  16030007: 'shop_ineligible', // shop status invalid
  16030009: 'creator_ineligible', // test accounts are isolated
  16032001: 'creator_ineligible', // creator and seller regions do not match
  45101021: 'creator_ineligible', // the creator is under privacy control
  // Search Creator on Marketplace 202508 and Send IM Message 202412: 10,000 queries a day.
  45101004: 'quota_exceeded',
  // Query Target Collaboration Detail 202508.
  50001700: 'not_accessible', // the seller cannot access this target collaboration
  // Seller Review Sample Applications 202507 (affiliate-seller/seller-review-sample-applications):
  // "seller has no permission to operate agency's sample request".
  16022020: 'not_accessible',
  // Common errors (developer-guide/tiktok-shop-api-concepts/common-errors).
  36009002: 'rate_limited', // too many requests (HTTP 429, "Rate limits" page)
  36009003: 'platform_internal', // internal error, "please try again": outcome not known
  36009007: 'timeout', // the platform's own request timeout
  36009009: 'invalid_request', // invalid path
  36009010: 'invalid_request', // invalid method
  36009022: 'invalid_request', // invalid request format
  36009033: 'configuration', // our IP is not in the app's allow list
  101000: 'authorization_revoked', // the token is not valid for this shop (or its cipher)
  105002: 'token_expired', // expired credentials: refresh
  105005: 'scope_missing', // the token lacks the endpoint's scope: reauthorize
  106001: 'bad_signature', // the sign parameter is invalid
  106011: 'authorization_revoked', // invalid shop_cipher (PLATFORMS.md, SDK fixtures)
  106013: 'invalid_request', // missing shop_cipher: our request is wrong
  // "access token is invalid; detail: your token has been deauthorized"
  // (developer-guide/get-started/authorization/creator-authorization-guide).
  105001: 'authorization_revoked',
  // The token host's answers to an unknown refresh token or a used code, as observed live by
  // public integrations (not in the published tables): the authorization is gone.
  36004004: 'authorization_revoked',
  36004005: 'authorization_revoked',
  // "rt has expired": the refresh token ran out (365 days, or ended by the seller); only a new
  // authorization helps (the sandbox answers it so, as public integrations record it).
  36004001: 'authorization_revoked',
};

/**
 * 36009004 covers several common errors (common-errors page): a missing signature, an invalid
 * token header, an invalid app key, a timestamp out of the window, an unexpected identifier.
 * Its message says which.
 */
function reasonOf36009004(message: string): FailureReason {
  if (/access[_ -]?token/i.test(message)) return 'authorization_revoked';
  if (/app_key|timestamp|signature/i.test(message)) return 'configuration';
  return 'invalid_request';
}

export interface Conflict {
  creatorOpenId: string;
  productId: string;
}

export interface TikTokShopErrorDetails {
  reason: FailureReason;
  /** The platform's own code (null: no answer from the platform, or none in it). */
  platformCode?: number | null;
  platformMessage?: string;
  requestId?: string | null;
  httpStatus?: number | null;
  /** For `rate_limited`: how long the platform asked to wait, when it said. */
  retryAfterMs?: number | null;
  /** For `collaboration_conflict`: the creator and product pairs in conflict. */
  conflicts?: Conflict[];
  /** Which call failed: method and path, never the query (the token calls carry secrets in it). */
  operation: string;
}

const PLATFORM_MESSAGE_MAX = 500;

/** A TikTok Shop call that did not succeed, with what the executor needs to decide. */
export class TikTokShopError extends Error {
  readonly reason: FailureReason;
  readonly scope: FailureScope;
  readonly next: NextStep;
  readonly standardCode: SendErrorCode;
  readonly platformCode: number | null;
  readonly platformMessage: string;
  readonly requestId: string | null;
  readonly httpStatus: number | null;
  readonly retryAfterMs: number | null;
  readonly conflicts: Conflict[];
  readonly operation: string;

  constructor(details: TikTokShopErrorDetails) {
    const rule = reasonRules[details.reason];
    const platformMessage = (details.platformMessage ?? '').slice(0, PLATFORM_MESSAGE_MAX);
    const code = details.platformCode == null ? '' : ` ${details.platformCode}`;
    super(
      `TikTok Shop ${details.operation}: ${details.reason}${code}${platformMessage ? ` (${platformMessage})` : ''}`,
    );
    this.name = 'TikTokShopError';
    this.reason = details.reason;
    this.scope = rule.scope;
    this.next = rule.next;
    this.standardCode = rule.standard;
    this.platformCode = details.platformCode ?? null;
    this.platformMessage = platformMessage;
    this.requestId = details.requestId ?? null;
    this.httpStatus = details.httpStatus ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.conflicts = details.conflicts ?? [];
    this.operation = details.operation;
  }

  /** Safe to send again as it is, once the wait or the token refresh is done. */
  get retryable(): boolean {
    return this.next === 'back_off' || this.next === 'refresh_token';
  }
}

/** The reason of a platform answer with a non-zero code. */
export function reasonOfCode(code: number, message: string, httpStatus: number): FailureReason {
  if (code === 36009004) return reasonOf36009004(message);
  const known = platformCodes[code];
  if (known) return known;
  // An unknown code: HTTP says what it can. A 5xx is an outcome we cannot know; a 429 is
  // throttling; a 401 or 403 is the authorization; any other refusal is the request's.
  if (httpStatus === 429) return 'rate_limited';
  if (httpStatus >= 500) return 'server_error';
  if (httpStatus === 401 || httpStatus === 403) return 'authorization_revoked';
  return 'invalid_request';
}
