import type { z } from 'zod';
import {
  DoudianError,
  PARTIAL_SUCCESS_CODE,
  SUCCESS_CODE,
  reasonOfAnswer,
  type FailureReason,
} from './errors.ts';
import { envelopeSchema } from './schemas.ts';
import { API_VERSION, marshalParamJson, signRequest, type SignMethod } from './signing.ts';

/**
 * One HTTP exchange with 抖店开放平台, as the official SDKs make it (Go SDK
 * core/doudian_op_api_client.go and core/http/doudian_op_http_client.go; Java SDK
 * DefaultDoudianOpClient; Python SDK DoudianOpApiClient.py):
 *
 * - `POST {base}/{method with . as /}` (`/buyin/orienPlanAuthorsAdd`, `/token/create`);
 * - query `app_key`, `method`, `v=2`, `timestamp` (Unix seconds, Go and Python SDKs), `sign`,
 *   `sign_method`, and `access_token` when the call is the shop's;
 * - body: the very `param_json` string that was signed, `application/json`;
 * - header `x-open-no-old-err-code: 1`, with which every official SDK asks for the answer's
 *   `code` / `msg` / `sub_code` / `sub_msg` (instead of the old `err_no` / `message`).
 *
 * A deadline on every exchange (the Go SDK's default read timeout is 12 s), the envelope and the
 * data checked with zod, every failure a classified DoudianError. Throttled calls (60000 "触发限流，
 * 请稍后重试", refused before any work) are sent again after a growing, jittered wait; nothing else
 * is ever sent twice here.
 */

export interface TransportOptions {
  appKey: string;
  appSecret: string;
  /** `https://openapi-fxg.jinritemai.com`, or a sandbox's base (its path is kept). */
  apiBase: string;
  /** Default `hmac-sha256` (Go SDK; .NET SDK default); `md5` as the Java SDK signs. */
  signMethod?: SignMethod;
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
   * Awaited before each send, throttled resends included, with the call's method
   * (`buyin.orienPlanAuthorsAdd`): where the shop's client waits for its turn
   * (connections/call-limiter.ts).
   */
  beforeSend?: (method: string) => Promise<void>;
}

/** The Go SDK's default (DoudianOpConfig HttpReadTimeout 12000 ms). */
export const DEFAULT_TIMEOUT_MS = 12_000;

export interface Call<S extends z.ZodType> {
  /** The platform's method name: `buyin.orienPlanAuthorsAdd`. */
  method: string;
  params: Readonly<Record<string, unknown>>;
  /** The shop's token; absent for token.create and token.refresh. */
  accessToken?: string;
  data: S;
}

/** `POST /buyin/orienPlanAuthorsAdd`: names the call, never the query (it carries the token). */
export function operationOf(method: string): string {
  return `POST /${method.replace(/\./g, '/')}`;
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
  if (code && unreachableCodes.has(code)) return 'unreachable';
  return 'connection_failed';
}

/**
 * JSON.parse, except that integers beyond 2^53 (ids: product_id, buyin_id, shop_id) are read as
 * their digit strings instead of being rounded.
 */
export function parseJsonKeepingIds(text: string): unknown {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      out += char;
      if (char === '\\') {
        out += text[i + 1] ?? '';
        i++;
      } else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
      continue;
    }
    if (char === '-' || (char >= '0' && char <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end]!)) end++;
      const token = text.slice(i, end);
      out +=
        /^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token)) ? `"${token}"` : token;
      i = end - 1;
      continue;
    }
    out += char;
  }
  return JSON.parse(out);
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

  /** A signed call; throttled answers are waited out and sent again. */
  async call<S extends z.ZodType>(call: Call<S>): Promise<{ data: z.output<S>; code: number }> {
    const retries = this.options.rateLimitRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.options.beforeSend?.(call.method);
        return await this.once(call);
      } catch (error) {
        if (!(error instanceof DoudianError) || error.reason !== 'rate_limited') throw error;
        if (attempt >= retries) throw error;
        await this.sleep(this.backoff(attempt));
      }
    }
  }

  /** The wait before send number `attempt + 2`: 2^attempt × base ± jitter, at most the cap. */
  backoff(attempt: number): number {
    const max = this.options.backoffMaxMs ?? 30_000;
    const base = (this.options.backoffMs ?? 500) * 2 ** attempt;
    return Math.min(max, Math.round(base * (0.5 + this.random() / 2)));
  }

  private async once<S extends z.ZodType>(
    call: Call<S>,
  ): Promise<{ data: z.output<S>; code: number }> {
    const operation = operationOf(call.method);
    let paramJson: string;
    try {
      paramJson = marshalParamJson(call.params);
    } catch (error) {
      throw new DoudianError({
        reason: 'invalid_request',
        operation,
        platformMessage: error instanceof Error ? error.message : 'param_json',
      });
    }
    const signMethod = this.options.signMethod ?? 'hmac-sha256';
    const timestamp = String(Math.floor(this.now() / 1000));
    const sign = signRequest(
      {
        appKey: this.options.appKey,
        appSecret: this.options.appSecret,
        method: call.method,
        paramJson,
        timestamp,
      },
      signMethod,
    );
    const url = new URL(
      `${this.options.apiBase.replace(/\/+$/, '')}/${call.method.replace(/\./g, '/')}`,
    );
    url.searchParams.set('app_key', this.options.appKey);
    url.searchParams.set('method', call.method);
    if (call.accessToken) url.searchParams.set('access_token', call.accessToken);
    url.searchParams.set('timestamp', timestamp);
    url.searchParams.set('v', API_VERSION);
    url.searchParams.set('sign_method', signMethod);
    url.searchParams.set('sign', sign);
    return this.exchange(call.method, operation, url, paramJson, call.data);
  }

  private async exchange<S extends z.ZodType>(
    method: string,
    operation: string,
    url: URL,
    body: string,
    schema: S,
  ): Promise<{ data: z.output<S>; code: number }> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json;charset=utf-8',
          accept: 'application/json',
          'x-open-no-old-err-code': '1',
        },
        body,
        signal,
        redirect: 'error',
      });
    } catch (error) {
      throw new DoudianError({ reason: networkReason(error), operation });
    }
    const status = response.status;
    try {
      text = await response.text();
    } catch (error) {
      const reason = networkReason(error);
      throw new DoudianError({
        reason: reason === 'unreachable' ? 'connection_failed' : reason,
        operation,
        httpStatus: status,
      });
    }
    let json: unknown;
    try {
      json = parseJsonKeepingIds(text);
    } catch {
      json = undefined;
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      throw new DoudianError({
        reason: status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : 'unreadable',
        operation,
        httpStatus: status,
      });
    }
    const { code, msg, sub_code: subCode, sub_msg: subMsg, log_id: logId, data } = envelope.data;
    const requestId = logId ?? null;
    const platformMessage = [msg, subMsg].filter((part) => part && part !== 'success').join(': ');
    if (code !== SUCCESS_CODE && code !== PARTIAL_SUCCESS_CODE) {
      throw new DoudianError({
        reason: reasonOfAnswer({
          method,
          code,
          subCode,
          message: platformMessage,
          httpStatus: status,
        }),
        operation,
        platformCode: code,
        subCode,
        platformMessage,
        requestId,
        httpStatus: status,
      });
    }
    if (status < 200 || status >= 300) {
      // "Success" under an error status: believe neither.
      throw new DoudianError({
        reason: status >= 500 ? 'server_error' : 'unreadable',
        operation,
        httpStatus: status,
        requestId,
      });
    }
    const parsed = schema.safeParse(data ?? {});
    if (!parsed.success) {
      throw new DoudianError({
        reason: 'unreadable',
        operation,
        httpStatus: status,
        requestId,
        platformCode: code,
        platformMessage: `answer not as documented: ${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || 'data'} ${issue.message}`)
          .join('; ')}`,
      });
    }
    return { data: parsed.data, code };
  }
}
