import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature TikTok Shop's gateway checks, as the "Sign your API request" page states it
 * (partner.tiktokshop.com/docv2/page/sign-your-api-request, mirrored in
 * github:lazykern/ecommerce-api-docs data/raw/tiktok/developer-guide/tiktok-shop-api-concepts/
 * sign-your-api-request.json): every query parameter except `sign` and `access_token`, keys
 * in alphabetical order, concatenated as `{key}{value}`; the request path before them; the
 * body after them unless the content type is multipart/form-data; the app secret on both
 * ends; HMAC-SHA256 keyed by the app secret, hex. Written for the sandbox alone: it shares
 * nothing with our client (DESIGN.md "Platforms").
 *
 * Keys sort by code unit (Go's `keys[i] < keys[j]`); a key given twice signs its first
 * value (Go's `queries.Get`); a key with an empty value still signs its key.
 */
export function ttsSignature(
  appSecret: string,
  path: string,
  query: ReadonlyArray<readonly [string, string]>,
  body: string,
): string {
  const first = new Map<string, string>();
  for (const [key, value] of query) {
    if (key === 'sign' || key === 'access_token' || first.has(key)) continue;
    first.set(key, value);
  }
  const keys = [...first.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let input = path;
  for (const key of keys) input += key + first.get(key)!;
  input = appSecret + input + body + appSecret;
  return createHmac('sha256', appSecret).update(input, 'utf8').digest('hex');
}

/** Compares in constant time (a signature is a secret-derived value). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
