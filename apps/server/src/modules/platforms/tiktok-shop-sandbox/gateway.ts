import type { SandboxScope } from './catalogue.ts';
import { ttsErrors, TtsRefusal, invalidParam } from './errors.ts';
import { isStorable, sha256 } from './ids.ts';
import * as repo from './repository.ts';
import type { TikTokShopSandbox } from './sandbox.ts';
import { sameSignature, ttsSignature } from './signing.ts';

/** What a call brings, read from the raw request (nothing parsed by anyone else). */
export interface IncomingCall {
  method: string;
  /** The path as received (with the base path in front, when there is one). */
  fullPath: string;
  /** The path below the sandbox's base: the API path of the documents. */
  apiPath: string;
  /** Query pairs in their order, decoded. */
  query: Array<[string, string]>;
  /** The raw body text, or undefined when none came. */
  rawBody: string | undefined;
  contentType: string;
  accessToken: string | undefined;
  /**
   * When the call arrived (the unmoved clock, ms): the rate limit counts a call in the second
   * it reached the gateway, not in the one its lookups ended in.
   */
  arrivedAtMs: number;
}

/** What an endpoint needs from the gateway. */
export interface ApiSpec {
  scope: SandboxScope;
  /** true: `shop_cipher` is required; false: it must not be given. */
  shop: boolean;
}

export interface ApiContext {
  now: Date;
  app: repo.SandboxApp;
  authorization: repo.SandboxAuthorization;
  shop: repo.SandboxShop | null;
  /** The JSON body (undefined when none came). */
  body: unknown;
  /** The first value of each query key. */
  query: Map<string, string>;
}

export function firstValues(pairs: Array<[string, string]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of pairs) if (!out.has(key)) out.set(key, value);
  return out;
}

/** "The timestamp must be represented as a 10-digit Unix timestamp", within [-5 min, +30 s]. */
function checkTimestamp(text: string | undefined, now: Date): void {
  if (text === undefined || text === '')
    throw invalidParam('timestamp is a required field and has not been provided.');
  if (/^-\d+$/.test(text)) throw new TtsRefusal(ttsErrors.timestampNegative);
  if (!/^\d{10}$/.test(text))
    throw invalidParam('timestamp must be a 10-digit Unix timestamp in seconds.');
  const seconds = Number(text);
  const nowSeconds = now.getTime() / 1000;
  if (seconds < nowSeconds - 300) throw new TtsRefusal(ttsErrors.timestampTooOld);
  if (seconds > nowSeconds + 30) throw new TtsRefusal(ttsErrors.timestampAhead);
}

/**
 * The gateway's checks, in the order the "Common errors" page lists them: the app key,
 * a signature present, the timestamp, the signature itself, the access token (unknown,
 * deauthorized, expired), the scope the endpoint needs, the shop cipher, then the body's
 * format and the rate limit. Throws the platform's refusal.
 *
 * The signed path: the documents sign `req.URL.Path`. Served under a base path (ours:
 * /sandbox/tiktok-shop), that path has the base in front; a client that signs the API path
 * alone (`/authorization/202309/shops`) follows the same algorithm, so both are accepted
 * and nothing else (README.md, "Choices").
 */
export async function verifyApiCall(
  sandbox: TikTokShopSandbox,
  call: IncomingCall,
  spec: ApiSpec,
): Promise<ApiContext> {
  const now = sandbox.now();
  const query = firstValues(call.query);
  const appKey = query.get('app_key');
  const app = appKey ? await sandbox.app(appKey) : undefined;
  if (!app) throw new TtsRefusal(ttsErrors.invalidAppKey);
  const sign = query.get('sign');
  if (!sign) throw new TtsRefusal(ttsErrors.missingSign);
  // The caller signs with its real time: the window is checked against the unmoved clock.
  checkTimestamp(query.get('timestamp'), sandbox.wallNow());
  // Multipart bodies are not signed; the sandbox has no multipart endpoint, so every body is.
  const body = call.rawBody ?? '';
  const signedOver = [call.fullPath, call.apiPath].filter((p, i, all) => all.indexOf(p) === i);
  const matches = signedOver.some((path) =>
    sameSignature(ttsSignature(app.appSecret, path, call.query, body), sign),
  );
  if (!matches) throw new TtsRefusal(ttsErrors.badSignature);

  if (!call.accessToken) throw new TtsRefusal(ttsErrors.invalidAccessToken);
  const found = await repo.accessTokenByHash(sandbox.db, sha256(call.accessToken));
  if (!found || found.authorization.appKey !== app.appKey)
    throw new TtsRefusal(ttsErrors.invalidAccessToken);
  if (found.authorization.revokedAt) throw new TtsRefusal(ttsErrors.deauthorized);
  if (found.token.expiresAt <= now) throw new TtsRefusal(ttsErrors.expiredToken);
  if (!found.authorization.grantedScopes.includes(spec.scope))
    throw new TtsRefusal(ttsErrors.missingScope);

  const cipher = query.get('shop_cipher');
  let shop: repo.SandboxShop | null = null;
  if (spec.shop) {
    if (!cipher) throw new TtsRefusal(ttsErrors.missingShopCipher);
    shop = (await sandbox.shopByCipher(cipher)) ?? null;
    if (!shop) throw new TtsRefusal(ttsErrors.invalidShopCipher);
    if (shop.sellerKey !== found.authorization.sellerKey)
      throw new TtsRefusal(ttsErrors.shopNotAuthorized);
  } else if (cipher !== undefined) {
    throw new TtsRefusal(ttsErrors.unexpectedShopCipher);
  }

  let parsed: unknown;
  if (call.rawBody !== undefined && call.rawBody !== '') {
    const mediaType = call.contentType.split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/json') throw new TtsRefusal(ttsErrors.invalidFormat);
    try {
      parsed = JSON.parse(call.rawBody);
    } catch {
      throw invalidParam('The request body is not valid JSON.');
    }
    if (!isStorable(parsed))
      throw invalidParam('The request body holds a NUL character or a lone surrogate.');
  }

  const limiterKey = `${app.appKey}|${shop?.id ?? found.authorization.sellerKey}|${call.method} ${call.apiPath.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
  if (!sandbox.limiter.take(limiterKey, sandbox.settings.rateLimitPerSecond, call.arrivedAtMs))
    throw new TtsRefusal(ttsErrors.rateLimited);

  return { now, app, authorization: found.authorization, shop, body: parsed, query };
}
