import { createHash } from 'node:crypto';
import { doudianErrors as E, DoudianRefusal } from './errors.ts';
import { parseJsonExact } from './json.ts';
import * as repo from './repository.ts';
import type { DoudianSandbox } from './sandbox.ts';
import { doudianSignature, sameSignature, type SignMethod } from './signing.ts';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** What a gateway call brings, read from the raw request. */
export interface IncomingCall {
  httpMethod: string;
  /** The path below the sandbox's base: `/buyin/orienPlanAuthorsAdd`. */
  path: string;
  /** First value of each query key. */
  query: Map<string, string>;
  /** The raw body, '' when none came. */
  body: string;
}

export interface GatewayContext {
  now: Date;
  app: repo.SandboxApp;
  method: string;
  /** The business parameters (param_json parsed; `{}` when none came). */
  params: Record<string, unknown>;
  /** For methods called with an access token: the grant and the shop. */
  authorization: repo.SandboxAuthorization | null;
  shop: repo.SandboxShop | null;
}

/**
 * `timestamp`: the guide gives `yyyy-MM-dd HH:mm:ss` in GMT+8 ("和服务器时间相差超过10分钟
 * 会报错"); the SDKs (.NET, the official ones) send Unix seconds. Both are read; either must
 * be within ten minutes of now.
 */
export function readTimestamp(text: string | undefined, now: Date): void {
  if (!text) throw new DoudianRefusal(E.missingParameter, 'timestamp');
  let ms: number;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
    ms = Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, s!);
    const check = new Date(ms + 8 * 3600_000);
    if (check.getUTCDate() !== d || check.getUTCMonth() !== mo! - 1)
      throw new DoudianRefusal(E.badTimestampFormat);
  } else if (/^\d{10}$/.test(text)) {
    ms = Number(text) * 1000;
  } else {
    throw new DoudianRefusal(E.badTimestampFormat);
  }
  if (Math.abs(ms - now.getTime()) > 10 * 60_000) throw new DoudianRefusal(E.badTimestamp);
}

/** Methods answered without an access token (the token calls). */
export const tokenMethods = new Set(['token.create', 'token.refresh']);

/**
 * The gateway's checks, in this order (the sandbox's, README.md "Choices"): app key, method,
 * signature present, timestamp, `v=2`, `sign_method`, `param_json` readable, the signature,
 * the method known, then (methods other than token.*) the access token, the app's permission
 * for the method, and the rate limit. Throws the platform's refusal.
 */
export async function verifyCall(
  sandbox: DoudianSandbox,
  call: IncomingCall,
  known: ReadonlySet<string>,
): Promise<GatewayContext> {
  const now = sandbox.now();
  const q = call.query;
  const appKey = q.get('app_key');
  if (!appKey) throw new DoudianRefusal(E.missingAppKey);
  if (!/^\d{19}$/.test(appKey)) throw new DoudianRefusal(E.badAppKey);
  const app = await repo.appByKey(sandbox.db, appKey);
  if (!app) throw new DoudianRefusal(E.badAppKey);
  const method = q.get('method');
  if (!method) throw new DoudianRefusal(E.missingParameter, 'method');
  // The path is the method with its dots as slashes ("请访问时拼接对应方法URL").
  if (call.path !== `/${method.replace(/\./g, '/')}`)
    throw new DoudianRefusal(E.badParameter, 'method与请求路径不一致');
  const sign = q.get('sign');
  if (!sign) throw new DoudianRefusal(E.missingSign);
  const timestamp = q.get('timestamp');
  readTimestamp(timestamp, now);
  const v = q.get('v');
  if (v !== '2') throw new DoudianRefusal(E.badParameter, 'v=2');
  const signMethod = (q.get('sign_method') ?? 'md5') as SignMethod;
  if (signMethod !== 'md5' && signMethod !== 'hmac-sha256')
    throw new DoudianRefusal(E.badParameter, 'sign_method为md5或hmac-sha256');
  // param_json: in the query (GET, and some SDKs on POST too), else the POST body.
  const paramJson = q.get('param_json') ?? call.body;
  let params: Record<string, unknown> = {};
  if (paramJson.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = parseJsonExact(paramJson);
    } catch {
      throw new DoudianRefusal(E.badParamJson);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new DoudianRefusal(E.badParamJson);
    params = parsed as Record<string, unknown>;
  }
  const expected = doudianSignature(
    app.appSecret,
    { appKey, method, paramJson, timestamp: timestamp!, v },
    signMethod,
  );
  if (!sameSignature(expected, sign)) throw new DoudianRefusal(E.badSignature);
  if (!known.has(method)) throw new DoudianRefusal(E.unknownMethod);
  if (tokenMethods.has(method))
    return { now, app, method, params, authorization: null, shop: null };

  const accessToken = q.get('access_token');
  if (!accessToken) throw new DoudianRefusal(E.missingAccessToken);
  const found = await repo.accessTokenByHash(sandbox.db, sha256(accessToken));
  if (!found) throw new DoudianRefusal(E.unknownToken);
  if (found.authorization.appKey !== app.appKey) throw new DoudianRefusal(E.tokenOfAnotherApp);
  if (found.authorization.revokedAt) throw new DoudianRefusal(E.authorizationGone);
  if (found.token.expiresAt <= now) throw new DoudianRefusal(E.expiredToken);
  if (sandbox.settings.deniedMethods.includes(method)) throw new DoudianRefusal(E.noPermission);
  const shop = (await repo.shopById(sandbox.db, found.authorization.shopId)) ?? null;
  if (!sandbox.take(`${app.appKey}|${found.authorization.shopId}|${method}`, now.getTime()))
    throw new DoudianRefusal(E.rateLimited);
  return { now, app, method, params, authorization: found.authorization, shop };
}
