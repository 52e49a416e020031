import { createHash, createHmac } from 'node:crypto';

/**
 * 抖店开放平台's request signature, as the platform's SDKs compute it (the platform's "API调用指南"
 * and "签名算法" pages at op.jinritemai.com/docs/guide-docs/… are behind a login; the official
 * SDKs are their executable form):
 *
 * - official Go SDK `doudian-sdk-golang-1.1.0` (copied in zsmhub/doudian-sdk, utils/sign_util.go):
 *   `secret + "app_key"+key + "method"+method + "param_json"+json + "timestamp"+ts + "v2" + secret`,
 *   hex HMAC-SHA256 keyed by the app secret, `sign_method=hmac-sha256` in the query;
 * - official Java SDK (com.doudian.open.utils.SignUtil): the same string, hex MD5, and no
 *   `sign_method` parameter (md5 is what the gateway assumes without one);
 * - fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance, src/SKIT.FlurlHttpClient.ByteDance.DouyinShop/
 *   Interceptors/DouyinShopRequestSignInterceptor.cs: the same string, `md5` or `hmac-sha256`;
 * - lackoxygen/laravel-tiktok-shop-sdk src/Util/Signature.php: the same string, HMAC-SHA256.
 *
 * `access_token` and `sign_method` are never part of the string: only the five parameters, in
 * that fixed (alphabetical) order. `v` is always `2`.
 *
 * `param_json` is the business parameters as JSON with the keys of every object sorted, at every
 * depth (objects inside arrays too): the Go SDK decodes and re-encodes through maps, which Go
 * writes in key order; the Java SDK's `sortParamJson` sorts recursively, arrays of objects
 * included; the platform's PHP sample `rec_ksort` recurses. No spaces, non-ASCII left as is
 * (`JSON_UNESCAPED_UNICODE`, Go's encoder), `/` not escaped (`JSON_UNESCAPED_SLASHES`), and no
 * HTML escaping of `<`, `>`, `&` (Go SDK: `SetEscapeHTML(false)`). Numbers are written as they
 * are (Go `UseNumber`, Gson's lazily parsed numbers), which matters for ids beyond 2^53: they are
 * given here as bigint (or as a digit string wrapped by `jsonInteger`). An empty parameter set is
 * `{}` (Java SDK; laravel SDK `JSON_FORCE_OBJECT`).
 *
 * The string signed is the body sent (the Go and Python SDKs send the same `param_json` string
 * as the POST body), so what is signed is always what is sent.
 */

export type SignMethod = 'md5' | 'hmac-sha256';

export const API_VERSION = '2';

/** An integer written as its digits in `param_json` (ids beyond Number.MAX_SAFE_INTEGER). */
export class JsonInteger {
  constructor(readonly digits: string) {
    if (!/^-?(0|[1-9]\d*)$/.test(digits)) throw new TypeError(`not an integer: ${digits}`);
  }
}

export function jsonInteger(value: string | number | bigint): JsonInteger {
  return new JsonInteger(typeof value === 'string' ? value : BigInt(value).toString());
}

/** The JSON string escapes of Go's encoder (`encoding/json` with HTML escaping off). */
function quote(value: string): string {
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    // Go escapes the JavaScript line terminators even with HTML escaping off.
    else if (code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16)}`;
    // A lone surrogate is not UTF-8: Go writes U+FFFD in its place.
    else if (code >= 0xd800 && code <= 0xdfff) out += '\ufffd';
    else out += char;
  }
  return `${out}"`;
}

/** Code-unit order, as Go's `sort.Strings` and Java's `Collections.sort` compare keys. */
function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function encode(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof JsonInteger) return value.digits;
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${path}: not a finite number`);
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        throw new TypeError(`${path}: integer beyond 2^53, give it as bigint`);
      }
      return String(value);
    case 'object': {
      if (Array.isArray(value)) {
        // An undefined array element is written as null, as JSON.stringify does.
        return `[${value.map((item, index) => encode(item, `${path}[${index}]`) ?? 'null').join(',')}]`;
      }
      const entries = Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => byKey(a, b))
        .flatMap(([key, item]) => {
          const encoded = encode(item, `${path}.${key}`);
          // Absent and null members are left out: the platform's generated SDKs mark optional
          // fields `omitempty` (Go) and Gson drops nulls (Java), so an absent field is absent.
          return encoded === undefined ? [] : [`${quote(key)}:${encoded}`];
        });
      return `{${entries.join(',')}}`;
    }
    default:
      throw new TypeError(`${path}: ${typeof value} cannot be sent`);
  }
}

/** `param_json`: keys sorted at every depth, compact, absent and null members left out. */
export function marshalParamJson(params: Readonly<Record<string, unknown>>): string {
  return encode(params, 'param_json') ?? '{}';
}

export interface SignInput {
  appKey: string;
  appSecret: string;
  /** `buyin.orienPlanAuthorsAdd`: the path with `/` as `.`. */
  method: string;
  /** The exact `param_json` string sent. */
  paramJson: string;
  /** The `timestamp` parameter as sent. */
  timestamp: string;
}

/** The string the digest is computed over, for diagnostics and tests. */
export function signatureBase(input: SignInput): string {
  return (
    `${input.appSecret}app_key${input.appKey}method${input.method}` +
    `param_json${input.paramJson}timestamp${input.timestamp}v${API_VERSION}${input.appSecret}`
  );
}

/** The `sign` parameter: lower-case hex, MD5 of the base or HMAC-SHA256 keyed by the secret. */
export function signRequest(input: SignInput, signMethod: SignMethod = 'hmac-sha256'): string {
  const base = signatureBase(input);
  return signMethod === 'md5'
    ? createHash('md5').update(base, 'utf8').digest('hex')
    : createHmac('sha256', input.appSecret).update(base, 'utf8').digest('hex');
}
