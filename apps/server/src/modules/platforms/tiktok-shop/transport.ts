import type { z } from 'zod';
import { TikTokShopError, reasonOfCode, type FailureReason } from './errors.ts';
import { envelopeSchema } from './schemas.ts';
import { signRequest } from './signing.ts';

/**
 * One HTTP exchange with TikTok Shop: the common parameters (`app_key`, `timestamp` in
 * seconds, `sign`, `shop_cipher`; the `x-tts-access-token` header), a deadline on every
 * call, the answer's envelope and data checked with zod, and every failure turned into a
 * classified TikTokShopError. Throttled calls (HTTP 429 / 36009002: refused before any work,
 * "Rate limits" page) are sent again after a growing, jittered wait, as that page asks;
 * nothing else is ever sent twice here.
 */

export interface TransportOptions {
  appKey: string;
  appSecret: string;
  /** Base of the signed calls (`https://open-api.tiktokglobalshop.com`). */
  apiBase: string;
  /** Base of the token calls (`https://auth.tiktok-shops.com`). */
  authBase: string;
  /** The deadline of one exchange, from sending to the end of the answer. */
  timeoutMs?: number;
  /** Sends after a throttled answer before giving up with `rate_limited`. */
  rateLimitRetries?: number;
  /** The first wait after a throttled answer; it doubles each time, with jitter. */
  backoffMs?: number;
  backoffMaxMs?: number;
  fetch?: typeof fetch;
  /** The clock of the `timestamp` parameter (ms). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * Awaited before each send of a signed call, throttled resends included, with the API it is
   * (`GET /affiliate_seller/202508/target_collaborations/{target_collaboration_id}`): where the
   * shop's client waits for its turn (connections/call-limiter.ts). Token calls are the app's,
   * not a shop's, and do not wait.
   */
  beforeSend?: (api: string) => Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface SignedCall<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The documented path (`/affiliate_seller/202508/target_collaborations`). */
  path: string;
  /**
   * The API the platform counts the call under, when the path carries an id: its method and
   * documented path with the parameter's name (default: `method path`).
   */
  api?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  accessToken?: string;
  shopCipher?: string;
  data: S;
}

export interface TokenCall<S extends z.ZodType> {
  /** `/api/v2/token/get` or `/api/v2/token/refresh`. */
  path: string;
  query: Record<string, string>;
  data: S;
}

/** Path parameters are platform ids: checked, so the signed path is the path sent. */
export function pathId(value: string, name: string, operation: string): string {
  if (!/^[A-Za-z0-9_.-]{1,128}$/.test(value)) {
    throw new TikTokShopError({
      reason: 'invalid_request',
      operation,
      platformMessage: `${name} is not a platform id`,
    });
  }
  return value;
}

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A failure before any answer: was anything sent? */
function networkReason(error: unknown): FailureReason {
  const name = (error as { name?: unknown }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  const code = causeCode(error);
  // Refused or unresolved: the request never reached the platform.
  if (code && unreachableCodes.has(code)) return 'unreachable';
  return 'connection_failed';
}

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export class Transport {
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: TransportOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
  }

  /** A signed Open API call; throttled answers are waited out and sent again. */
  async signed<S extends z.ZodType>(call: SignedCall<S>): Promise<z.output<S>> {
    const retries = this.options.rateLimitRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.options.beforeSend?.(call.api ?? `${call.method} ${call.path}`);
        return await this.signedOnce(call);
      } catch (error) {
        if (!(error instanceof TikTokShopError) || error.reason !== 'rate_limited') throw error;
        if (attempt >= retries) throw error;
        await this.sleep(this.backoff(attempt, error.retryAfterMs));
      }
    }
  }

  /** The wait before send number `attempt + 2`: the platform's word, else 2^attempt × base ± jitter. */
  backoff(attempt: number, retryAfter: number | null): number {
    const max = this.options.backoffMaxMs ?? 30_000;
    if (retryAfter !== null) return Math.min(retryAfter, max);
    const base = (this.options.backoffMs ?? 500) * 2 ** attempt;
    return Math.min(max, Math.round(base * (0.5 + this.random() / 2)));
  }

  private async signedOnce<S extends z.ZodType>(call: SignedCall<S>): Promise<z.output<S>> {
    const operation = `${call.method} ${call.path}`;
    const url = new URL(`${this.options.apiBase}${call.path}`);
    const query: Record<string, string> = {
      app_key: this.options.appKey,
      // Seconds, 10 digits; the platform takes 5 minutes before to 30 s after its clock.
      timestamp: String(Math.floor(this.now() / 1000)),
    };
    if (call.shopCipher) query.shop_cipher = call.shopCipher;
    for (const [key, value] of Object.entries(call.query ?? {})) {
      // Parameters without a value are neither sent nor signed.
      if (value !== undefined && value !== '') query[key] = String(value);
    }
    const body = call.body === undefined ? '' : JSON.stringify(call.body);
    query.sign = signRequest({
      appSecret: this.options.appSecret,
      path: decodeURIComponent(url.pathname),
      query,
      body,
    });
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (call.accessToken) headers['x-tts-access-token'] = call.accessToken;
    return this.exchange(
      operation,
      url,
      { method: call.method, headers, ...(body ? { body } : {}) },
      call.data,
    );
  }

  /** A token call (`GET {authBase}/api/v2/token/…`): unsigned, credentials in the query. */
  async token<S extends z.ZodType>(call: TokenCall<S>): Promise<z.output<S>> {
    const url = new URL(`${this.options.authBase}${call.path}`);
    for (const [key, value] of Object.entries(call.query)) url.searchParams.set(key, value);
    // The operation names the path only: the query holds the app secret and the tokens.
    return this.exchange(`GET ${call.path}`, url, { method: 'GET' }, call.data);
  }

  private async exchange<S extends z.ZodType>(
    operation: string,
    url: URL,
    init: RequestInit,
    schema: S,
  ): Promise<z.output<S>> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, { ...init, signal, redirect: 'error' });
    } catch (error) {
      throw new TikTokShopError({ reason: networkReason(error), operation });
    }
    try {
      text = await response.text();
    } catch (error) {
      // The answer broke off: whatever it said is lost.
      const reason = networkReason(error);
      throw new TikTokShopError({
        reason: reason === 'unreachable' ? 'connection_failed' : reason,
        operation,
        httpStatus: response.status,
      });
    }
    const status = response.status;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      throw new TikTokShopError({
        reason: status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : 'unreadable',
        operation,
        httpStatus: status,
        retryAfterMs: status === 429 ? retryAfterMs(response.headers) : null,
      });
    }
    const { code, message, request_id: requestId, data } = envelope.data;
    if (code !== 0) {
      const reason = reasonOfCode(code, message, status);
      throw new TikTokShopError({
        reason,
        operation,
        platformCode: code,
        platformMessage: message,
        requestId: requestId ?? null,
        httpStatus: status,
        retryAfterMs: reason === 'rate_limited' ? retryAfterMs(response.headers) : null,
        ...(reason === 'collaboration_conflict' ? { conflicts: conflictsIn(data) } : {}),
      });
    }
    if (status < 200 || status >= 300) {
      // "Success" under an error status: believe neither.
      throw new TikTokShopError({
        reason: status >= 500 ? 'server_error' : 'unreadable',
        operation,
        httpStatus: status,
        requestId: requestId ?? null,
      });
    }
    const parsed = schema.safeParse(data ?? {});
    if (!parsed.success) {
      throw new TikTokShopError({
        reason: 'unreadable',
        operation,
        httpStatus: status,
        requestId: requestId ?? null,
        platformMessage: `answer not as documented: ${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || 'data'} ${issue.message}`)
          .join('; ')}`,
      });
    }
    return parsed.data;
  }
}

/** The conflict pairs a refused Create Target Collaboration carries in its data, if any. */
function conflictsIn(data: unknown): Array<{ creatorOpenId: string; productId: string }> {
  const list = (data as { target_collaboration_conflicts?: unknown } | undefined)
    ?.target_collaboration_conflicts;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const creator = (item as { creator_user_open_id?: unknown }).creator_user_open_id;
    const product = (item as { product_id?: unknown }).product_id;
    return typeof creator === 'string' && creator
      ? [{ creatorOpenId: creator, productId: typeof product === 'string' ? product : '' }]
      : [];
  });
}
