import { randomBytes, randomUUID } from 'node:crypto';
import { doudianErrors as E, DoudianRefusal } from './errors.ts';
import { sha256, type GatewayContext } from './gateway.ts';
import * as repo from './repository.ts';
import type { DoudianSandbox } from './sandbox.ts';
import { shopSeed } from './world.ts';

/**
 * The seller's decision on the authorization page. Allowed: a code (single use, ten
 * minutes) and the state back to the app's redirect URL, as the service market does for a
 * tool app ("工具型应用从授权url回调中获取到的code": github:minibear2021/doudian
 * doudian/core.py `build_auth_url` / `init_token(code)`). Declined: `error=access_denied`
 * and the state (the documents are silent: README.md "Choices").
 */
export async function decide(
  sandbox: DoudianSandbox,
  input: { app: repo.SandboxApp; shopId: string; state: string; allow: boolean },
): Promise<string> {
  const url = new URL(sandbox.redirectUrl);
  if (!input.allow) {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('state', input.state);
    return url.toString();
  }
  const code = randomUUID();
  await repo.insertAuthCode(sandbox.db, {
    codeHash: sha256(code),
    appKey: input.app.appKey,
    shopId: input.shopId,
    expiresAt: new Date(sandbox.now().getTime() + sandbox.settings.authCodeTtlSeconds * 1000),
  });
  url.searchParams.set('code', code);
  url.searchParams.set('state', input.state);
  return url.toString();
}

function newToken(): string {
  // Tokens look like the guide's `c6f957da-1239-4343-84a1-c84e68915ff7`.
  return randomUUID();
}

async function issue(
  sandbox: DoudianSandbox,
  authorizationId: string,
  shopId: string,
  refreshToken: string,
) {
  const accessToken = newToken();
  await repo.insertAccessToken(sandbox.db, {
    tokenHash: sha256(accessToken),
    authorizationId,
    expiresAt: new Date(sandbox.now().getTime() + sandbox.settings.accessTokenTtlSeconds * 1000),
  });
  const seed = shopSeed(shopId)!;
  // token.create's answer (github:fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance
  // Models/Token/TokenCreateResponse.cs and its ModelSamples/Token/TokenCreateResponse.json):
  // shop_id a number.
  return {
    access_token: accessToken,
    expires_in: sandbox.settings.accessTokenTtlSeconds,
    refresh_token: refreshToken,
    scope: 'SCOPE',
    shop_id: Number(shopId),
    shop_name: seed.name['zh-CN'],
  };
}

/** `token.create` with `{ code, grant_type: "authorization_code" }` (a tool app). */
export async function tokenCreate(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const { code, grant_type: grantType } = ctx.params;
  // "authorization_self" is a self-use app's grant; the sandbox app is a tool app.
  if (grantType !== 'authorization_code') throw new DoudianRefusal(E.tokenGrantType);
  if (typeof code !== 'string' || !code) throw new DoudianRefusal(E.tokenCodeInvalid);
  const row = await repo.authCode(sandbox.db, sha256(code), ctx.app.appKey);
  if (!row || row.usedAt) throw new DoudianRefusal(E.tokenCodeInvalid);
  if (!(await repo.takeAuthCode(sandbox.db, row.codeHash, ctx.now)))
    throw new DoudianRefusal(E.tokenCodeExpired);
  const refreshToken = newToken();
  const id = randomBytes(12).toString('hex');
  await repo.insertAuthorization(sandbox.db, {
    id,
    appKey: ctx.app.appKey,
    shopId: row.shopId,
    refreshTokenHash: sha256(refreshToken),
    refreshExpiresAt: new Date(ctx.now.getTime() + sandbox.settings.refreshTokenTtlSeconds * 1000),
  });
  return issue(sandbox, id, row.shopId, refreshToken);
}

/**
 * `token.refresh` with `{ refresh_token, grant_type: "refresh_token" }`: a new access token
 * and a new refresh token; the old refresh token stops working, older access tokens live to
 * their own expiry (README.md "Choices").
 */
export async function tokenRefresh(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const { refresh_token: given, grant_type: grantType } = ctx.params;
  if (grantType !== 'refresh_token') throw new DoudianRefusal(E.tokenGrantType);
  if (typeof given !== 'string' || !given) throw new DoudianRefusal(E.refreshInvalid);
  const hash = sha256(given);
  const grant = await repo.authorizationByRefreshToken(sandbox.db, hash);
  if (!grant || grant.appKey !== ctx.app.appKey) throw new DoudianRefusal(E.refreshInvalid);
  if (grant.revokedAt) throw new DoudianRefusal(E.tokenNoAuthorization);
  if (grant.refreshExpiresAt <= ctx.now) throw new DoudianRefusal(E.refreshExpired);
  const next = newToken();
  const rotated = await repo.rotateRefreshToken(sandbox.db, grant.id, hash, {
    refreshTokenHash: sha256(next),
    refreshExpiresAt: new Date(ctx.now.getTime() + sandbox.settings.refreshTokenTtlSeconds * 1000),
  });
  // Two refreshes with one token at once: the second finds it gone.
  if (!rotated) throw new DoudianRefusal(E.refreshInvalid);
  return issue(sandbox, grant.id, grant.shopId, next);
}
