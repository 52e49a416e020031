import { createHash } from 'node:crypto';
import { sandboxScopes, sandboxSellers, sellerByKey, type SandboxScope } from './catalogue.ts';
import { invalidParam, ttsErrors, TtsRefusal } from './errors.ts';
import { firstValues } from './gateway.ts';
import { secretToken, sha256 } from './ids.ts';
import * as repo from './repository.ts';
import type { TikTokShopSandbox } from './sandbox.ts';

/**
 * Authorization as the "Authorization overview" (202407) describes it
 * (partner.tiktokshop.com/docv2/page/authorization-overview-202407, mirrored in
 * github:lazykern/ecommerce-api-docs data/processed/tiktok/guides/developer-guide/get-started/
 * authorization/authorization-overview-202407.md): the seller opens
 * `…/open/authorize?service_id=…&state=…`, accepts or rejects; accepted, the browser goes to
 * the app's redirect URL with `code` and `state` ("{redirect_url}?code=…&state={state}"),
 * rejected with `code=null&error=auth_denied`. "The auth_code expires in 30 minutes and
 * can only be used once." The app then calls `GET /api/v2/token/get?app_key&app_secret&
 * auth_code&grant_type=authorized_code` and later `GET /api/v2/token/refresh?app_key&
 * app_secret&refresh_token&grant_type=refresh_token`; both answer access_token,
 * access_token_expire_in (an expiry timestamp), refresh_token, refresh_token_expire_in,
 * open_id, seller_name, seller_base_region, user_type (0 seller) and granted_scopes.
 */

export interface DecisionForm {
  serviceId: string;
  state: string;
  sellerKey: string;
  scopes: string[];
  allow: boolean;
}

/** Where the browser goes after the seller decided. */
export async function decide(sandbox: TikTokShopSandbox, form: DecisionForm): Promise<string> {
  const app = await repo.appByServiceId(sandbox.db, form.serviceId);
  if (!app) throw new TtsRefusal(ttsErrors.invalidParam, 'service_id');
  const target = new URL(sandbox.redirectUrl);
  if (!form.allow) {
    target.searchParams.set('code', 'null');
    target.searchParams.set('error', 'auth_denied');
    target.searchParams.set('state', form.state);
    return target.toString();
  }
  const seller = sellerByKey(form.sellerKey);
  if (!seller) throw new TtsRefusal(ttsErrors.invalidParam, 'seller');
  // A numbered seller's shop comes into being when it first authorizes.
  if (!sandboxSellers.includes(seller))
    await repo.seedCatalogue(sandbox.db, sandbox.shopLimits, [seller]);
  const scopes = sandboxScopes.filter((s) => form.scopes.includes(s));
  const code = secretToken(16);
  const now = sandbox.now();
  await repo.insertAuthCode(sandbox.db, {
    codeHash: sha256(code),
    appKey: app.appKey,
    sellerKey: form.sellerKey,
    scopes,
    expiresAt: new Date(now.getTime() + sandbox.settings.authCodeTtlSeconds * 1000),
  });
  target.searchParams.set('code', code);
  target.searchParams.set('state', form.state);
  return target.toString();
}

/** `open_id`: one per seller and app, the same on every grant. */
function openIdFor(appKey: string, sellerKey: string): string {
  return createHash('sha256')
    .update(`tts-sandbox-open-id:${appKey}:${sellerKey}`)
    .digest('base64url');
}

async function checkedApp(sandbox: TikTokShopSandbox, query: Map<string, string>) {
  const appKey = query.get('app_key');
  if (!appKey) throw invalidParam('app_key is a required field and has not been provided.');
  const secret = query.get('app_secret');
  if (!secret) throw invalidParam('app_secret is a required field and has not been provided.');
  const app = await sandbox.app(appKey);
  if (!app || sha256(app.appSecret) !== sha256(secret))
    throw new TtsRefusal(ttsErrors.invalidAppKey);
  return app;
}

async function issueAccessToken(
  sandbox: TikTokShopSandbox,
  authorization: repo.SandboxAuthorization,
) {
  const now = sandbox.now();
  const accessToken = secretToken(48);
  const expiresAt = new Date(now.getTime() + sandbox.settings.accessTokenTtlSeconds * 1000);
  await repo.insertAccessToken(sandbox.db, {
    tokenHash: sha256(accessToken),
    authorizationId: authorization.id,
    expiresAt,
  });
  return { accessToken, expiresAt };
}

function tokenAnswer(
  authorization: repo.SandboxAuthorization,
  access: { accessToken: string; expiresAt: Date },
  refreshToken: string,
) {
  const seller = sellerByKey(authorization.sellerKey)!;
  return {
    access_token: access.accessToken,
    access_token_expire_in: Math.floor(access.expiresAt.getTime() / 1000),
    refresh_token: refreshToken,
    refresh_token_expire_in: Math.floor(authorization.refreshExpiresAt.getTime() / 1000),
    open_id: authorization.openId,
    seller_name: seller.name,
    seller_base_region: seller.baseRegion,
    user_type: 0,
    granted_scopes: authorization.grantedScopes,
  };
}

/** GET /api/v2/token/get */
export async function getToken(sandbox: TikTokShopSandbox, pairs: Array<[string, string]>) {
  const query = firstValues(pairs);
  const app = await checkedApp(sandbox, query);
  const code = query.get('auth_code');
  if (!code) throw invalidParam('auth_code is a required field and has not been provided.');
  if (query.get('grant_type') !== 'authorized_code')
    throw invalidParam('grant_type: only authorized_code is accepted.');
  const now = sandbox.now();
  const taken = await repo.takeAuthCode(sandbox.db, sha256(code), app.appKey, now);
  if (!taken) throw new TtsRefusal(ttsErrors.authRecordNotFound);
  const refreshToken = secretToken(32);
  const authorization: repo.SandboxAuthorization = {
    id: secretToken(12).slice(4),
    appKey: app.appKey,
    sellerKey: taken.sellerKey,
    openId: openIdFor(app.appKey, taken.sellerKey),
    grantedScopes: taken.scopes as SandboxScope[],
    refreshTokenHash: sha256(refreshToken),
    refreshExpiresAt: new Date(now.getTime() + sandbox.settings.refreshTokenTtlSeconds * 1000),
    revokedAt: null,
    createdAt: now,
  };
  await repo.insertAuthorization(sandbox.db, authorization);
  const access = await issueAccessToken(sandbox, authorization);
  return tokenAnswer(authorization, access, refreshToken);
}

/**
 * GET /api/v2/token/refresh: a new access token; the refresh token stays the same, with
 * its expiry (the documents are silent; README.md). Older access tokens live on until
 * their own expiry.
 */
export async function refreshToken(sandbox: TikTokShopSandbox, pairs: Array<[string, string]>) {
  const query = firstValues(pairs);
  const app = await checkedApp(sandbox, query);
  const token = query.get('refresh_token');
  if (!token) throw invalidParam('refresh_token is a required field and has not been provided.');
  if (query.get('grant_type') !== 'refresh_token')
    throw invalidParam('grant_type: only refresh_token is accepted.');
  const authorization = await repo.authorizationByRefreshToken(
    sandbox.db,
    sha256(token),
    app.appKey,
  );
  if (!authorization || authorization.revokedAt) throw new TtsRefusal(ttsErrors.authRecordNotFound);
  if (authorization.refreshExpiresAt <= sandbox.now())
    throw new TtsRefusal(ttsErrors.refreshTokenExpired);
  const access = await issueAccessToken(sandbox, authorization);
  return tokenAnswer(authorization, access, token);
}
