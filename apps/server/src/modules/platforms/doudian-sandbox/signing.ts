import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature 抖店开放平台's gateway checks, as its "API调用指南" states it
 * (op.jinritemai.com/docs/guide-docs/10/23, mirrored at
 * www.maolg.com/ProductDetail/7036311.html) and as public SDKs compute it:
 * github:fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance
 * src/SKIT.FlurlHttpClient.ByteDance.DouyinShop/Interceptors/DouyinShopRequestSignInterceptor.cs,
 * github:lackoxygen/laravel-tiktok-shop-sdk src/Util/Signature.php,
 * github:minibear2021/doudian doudian/core.py `_sign`.
 *
 *   app_secret + "app_key" + app_key + "method" + method + "param_json" + param_json
 *              + "timestamp" + timestamp + "v" + v + app_secret
 *
 * then MD5 of that text (`sign_method=md5`, the default) or HMAC-SHA256 keyed by the app
 * secret (`sign_method=hmac-sha256`), lowercase hex. `access_token` and `sign_method` are
 * not signed. `param_json` is signed exactly as sent (the client sorts its keys). Written
 * for the sandbox alone: it shares nothing with our client (DESIGN.md "Platforms").
 */
export type SignMethod = 'md5' | 'hmac-sha256';

export interface SignedFields {
  appKey: string;
  method: string;
  paramJson: string;
  timestamp: string;
  v: string;
}

export function doudianSignature(
  appSecret: string,
  fields: SignedFields,
  signMethod: SignMethod,
): string {
  const text =
    appSecret +
    `app_key${fields.appKey}method${fields.method}param_json${fields.paramJson}` +
    `timestamp${fields.timestamp}v${fields.v}` +
    appSecret;
  return signMethod === 'md5'
    ? createHash('md5').update(text, 'utf8').digest('hex')
    : createHmac('sha256', appSecret).update(text, 'utf8').digest('hex');
}

/** Compares in constant time; the platform's SDKs send lowercase hex, any case is taken. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
