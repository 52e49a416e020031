import { createHmac } from 'node:crypto';

/**
 * TikTok Shop's request signature, as the platform documents it ("Sign your API request",
 * https://partner.tiktokshop.com/docv2/page/sign-your-api-request, mirrored in
 * lazykern/ecommerce-api-docs data/processed/tiktok/guides/developer-guide/
 * tiktok-shop-api-concepts/sign-your-api-request.md):
 *
 * 1. take every query parameter but `sign` and `access_token`, keys in alphabetical order;
 * 2. concatenate them as `{key}{value}`;
 * 3. put the request path in front;
 * 4. unless the request is multipart/form-data, append the body, the exact bytes sent;
 * 5. wrap the whole in the app secret: `app_secret + … + app_secret`;
 * 6. HMAC-SHA256 keyed by the app secret, hex encoded.
 *
 * The path is the request URL's path as sent (the document's Go sample signs
 * `req.URL.Path`; the .NET SDK fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance signs
 * `RequestUri.AbsolutePath` in src/SKIT.FlurlHttpClient.ByteDance.TikTokGlobalShop/
 * Interceptors/TikTokShopRequestSigningInterceptor.cs): behind a base URL with a path of
 * its own (the embedded sandbox under /sandbox/tiktok-shop) that prefix is part of it.
 *
 * The access token travels in the `x-tts-access-token` header (versions 202309 and later)
 * and is never signed. Parameters without a value are neither sent nor signed (the .NET SDK
 * drops them the same way), so what is signed is always what is sent.
 */
export interface SignInput {
  appSecret: string;
  /** The URL path as sent, starting with `/`. */
  path: string;
  /** The query as sent (`sign` and `access_token`, if present, are left out). */
  query: Readonly<Record<string, string>>;
  /** The body bytes as sent ('' for none). */
  body?: string;
  /** multipart/form-data bodies are not signed. */
  multipart?: boolean;
}

/** Keys never part of the signed string (step 1). */
const unsignedKeys = new Set(['sign', 'access_token']);

/** The string the HMAC is computed over (steps 1 to 5), for diagnostics and tests. */
export function signatureBase(input: SignInput): string {
  const keys = Object.keys(input.query)
    .filter((key) => !unsignedKeys.has(key))
    // Code-unit order, as Go's `keys[i] < keys[j]` and Java's Collections.sort compare.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const params = keys.map((key) => `${key}${input.query[key]}`).join('');
  const body = input.multipart ? '' : (input.body ?? '');
  return `${input.appSecret}${input.path}${params}${body}${input.appSecret}`;
}

/** The `sign` query parameter: hex HMAC-SHA256 of the signature base, keyed by the app secret. */
export function signRequest(input: SignInput): string {
  return createHmac('sha256', input.appSecret).update(signatureBase(input), 'utf8').digest('hex');
}
