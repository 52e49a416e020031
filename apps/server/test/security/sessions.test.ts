import { hkdfSync } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  apiPaths,
  REFRESH_COOKIE_NAME,
  REFRESH_REUSE_GRACE_SECONDS,
  type ExtensionTokenData,
  type RefreshData,
} from '@inviteflow/contract';
import { parseSetCookie, type SetCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect, it, vi } from 'vitest';
import { describeApi, login, signedIn, type Harness } from '../support/harness.ts';
import { apiRoutes, fillPath } from './support/route-table.ts';
import { envelopeProblem, send } from './support/send.ts';

/**
 * Sessions: every route requires a live session unless public; forged, tampered, expired,
 * revoked and misused tokens are all refused; the extension's scoped token works only
 * where a route says so.
 */

const { auth } = apiPaths;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The server's signing key, derived as TokenService does: forgeries below are well signed. */
function serverKey(h: Harness): Uint8Array {
  return new Uint8Array(
    hkdfSync('sha256', h.app.config.appSecret, 'inviteflow', 'access-token', 32),
  );
}

async function me(h: Harness, token: string) {
  return send(h, { method: 'GET', url: auth.me, token, lang: 'en-US' });
}

async function extensionToken(h: Harness, consoleToken: string): Promise<string> {
  const res = await h.api.post<ExtensionTokenData>(auth.extensionToken, undefined, {
    token: consoleToken,
  });
  if (res.status !== 200) throw new Error(`extension-token: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

async function summary(h: Harness, token: string) {
  return send(h, { method: 'GET', url: apiPaths.extension.summary, token });
}

/** A refresh as a client that is not a browser makes it: the token in the body, the next one answered. */
async function refresh(h: Harness, refreshToken: string) {
  return h.api.post<Required<RefreshData>>(auth.refresh, { refresh_token: refreshToken });
}

/** Puts a used refresh token's rotation `seconds` further in the past. */
async function ageRotation(h: Harness, refreshToken: string, seconds: number) {
  await h.database.handle.db.execute(
    sql`update refresh_tokens set used_at = used_at - make_interval(secs => ${seconds})
        where token_hash = ${h.app.tokens.hashRefreshToken(refreshToken)}`,
  );
}

/** Any value for a path parameter: the session is checked before the route looks at it. */
const anyParams = { id: 1, taskId: 1, shopId: 1, orderNo: 'M1', exportId: 'e1', token: 't' };

describeApi(
  'security: sessions',
  (h) => {
    it('every private route refuses a missing, malformed or forged token with the 401 envelope', async () => {
      const { token } = await signedIn(h());
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const refusedTokens = {
        none: null,
        garbage: 'x.y.z',
        tampered: `${header}.${b64({ ...claimsOf(token), sub: '999' })}.${signature}`,
        algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      };
      const routes = apiRoutes(h().app).filter((r) => !r.isPublic);
      const problems: string[] = [];
      for (const route of routes) {
        for (const [name, bad] of Object.entries(refusedTokens)) {
          const res = await send(h(), {
            method: route.method,
            url: fillPath(route.url, anyParams),
            token: bad,
            lang: 'en-US',
          });
          if (res.status !== 401) problems.push(`${route.key} with ${name}: ${res.status}`);
          else if (route.method !== 'HEAD') {
            const problem = envelopeProblem(res, 'en-US');
            if (problem) problems.push(`${route.key} with ${name}: ${problem}`);
            else if (
              (res.json as { message: string }).message !==
              'Your login state has expired, please log in again'
            )
              problems.push(
                `${route.key} with ${name}: ${(res.json as { message: string }).message}`,
              );
          }
        }
      }
      console.info(
        `[sessions ${h().kind}] ${routes.length} private routes × ${Object.keys(refusedTokens).length} refused tokens: 401`,
      );
      expect(problems).toEqual([]);
      // The route table really holds the private API (not a handful of routes).
      expect(routes.length).toBeGreaterThan(60);
    });

    it('exactly these API routes are public (a route marked public by mistake fails here)', () => {
      const publicRoutes = apiRoutes(h().app)
        .filter((r) => r.isPublic)
        .map((r) => r.key)
        .sort();
      expect(publicRoutes).toEqual(
        [
          // Signing up and in, before there is a session.
          'POST /api/v1/auth/send-sms-code',
          'POST /api/v1/auth/register',
          'POST /api/v1/auth/login',
          'POST /api/v1/auth/refresh',
          'POST /api/v1/auth/reset-password',
          // A connected browser renews its own session: the renew token decides (issue 17).
          'POST /api/v1/extension/sessions/renew',
          // …and ends a session it no longer holds, by the same token.
          'POST /api/v1/extension/sessions/end',
          // The import templates hold no data.
          'GET /api/v1/talents/import-template',
          'HEAD /api/v1/talents/import-template',
          'GET /api/v1/send-records/import-template',
          'HEAD /api/v1/send-records/import-template',
          // One-time download links: the token in the path is the credential.
          'GET /api/v1/talents/exports/download/:token',
          'GET /api/v1/send-records/export/download/:token',
          // The payment gateway's notification, trusted by its signature only.
          'POST /api/v1/payments/alipay/notify',
          // The platform's authorization redirect: its single-use state (tied to an account,
          // a live session and the browser's cookie) is the credential.
          'GET /api/v1/platforms/tiktok-shop/oauth/callback',
          'HEAD /api/v1/platforms/tiktok-shop/oauth/callback',
          'GET /api/v1/platforms/doudian/oauth/callback',
          'HEAD /api/v1/platforms/doudian/oauth/callback',
        ].sort(),
      );
    });

    it('refuses tokens forged with the server key but wrong in one claim, and other schemes', async () => {
      const account = await signedIn(h());
      const claims = claimsOf(account.token);
      const key = serverKey(h());
      const now = Math.floor(Date.now() / 1000);
      const forge = (
        changes: {
          alg?: string;
          iss?: string;
          aud?: string | string[];
          exp?: number | null;
          sub?: string;
        } = {},
      ) => {
        const jwt = new SignJWT({ sid: claims.sid, role: 'user' })
          .setProtectedHeader({ alg: changes.alg ?? 'HS256', typ: 'JWT' })
          .setSubject(changes.sub ?? String(claims.sub))
          .setIssuer(changes.iss ?? 'inviteflow')
          .setAudience(changes.aud ?? 'inviteflow-api')
          .setIssuedAt(now);
        if (changes.exp !== null) jwt.setExpirationTime(changes.exp ?? now + 300);
        return jwt.sign(key);
      };
      // The control: forged with nothing wrong, it passes; each refusal below is one check's.
      expect((await me(h(), await forge())).status).toBe(200);
      const refused: Record<string, string> = {
        'HS512 with the same key (algorithm allow-list)': await forge({ alg: 'HS512' }),
        'another issuer': await forge({ iss: 'someone-else' }),
        'another audience': await forge({ aud: 'another-api' }),
        'two audiences': await forge({ aud: ['inviteflow-api', 'inviteflow-extension'] }),
        'no expiry': await forge({ exp: null }),
        'a subject that is not a number': await forge({ sub: 'admin' }),
        'signed with another key': await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode('another-secret-another-secret-another')),
        'alg None': `${b64({ alg: 'None' })}.${account.token.split('.')[1]}.`,
        'alg none with the old signature': `${b64({ alg: 'none' })}.${account.token
          .split('.')
          .slice(1)
          .join('.')}`,
        'the payload alone': account.token.split('.')[1]!,
        'an empty signature': account.token.split('.').slice(0, 2).join('.') + '.',
      };
      for (const [name, token] of Object.entries(refused)) {
        expect((await me(h(), token)).status, name).toBe(401);
      }
      for (const authorization of [
        `Basic ${Buffer.from('a:b').toString('base64')}`,
        'Bearer',
        'Bearer ',
        `Token ${account.token}`,
        `Bearer ${account.token}x`,
      ]) {
        const res = await send(h(), { method: 'GET', url: auth.me, headers: { authorization } });
        expect(res.status, authorization).toBe(401);
      }
    });

    it('access tokens are HS256, live 15 minutes, and an expired one is refused', async () => {
      const account = await signedIn(h());
      const header = JSON.parse(
        Buffer.from(account.token.split('.')[0]!, 'base64url').toString(),
      ) as { alg: string };
      const claims = claimsOf(account.token) as { exp: number; iat: number; sid: string };
      expect(header.alg).toBe('HS256');
      expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
      expect(ACCESS_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(15 * 60);
      const session = { userId: account.tokens.user.id, sessionId: claims.sid, role: 'user' };
      const expired = await h().app.tokens.signAccess(
        session,
        Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000,
      );
      const res = await me(h(), expired);
      expect(res.status).toBe(401);
      expect(envelopeProblem(res, 'en-US')).toBeNull();
      // The same session signed just now passes: only the expiry was wrong.
      expect((await me(h(), await h().app.tokens.signAccess(session))).status).toBe(200);
    });

    it('a token accepted before is refused once it expires (a remembered check does not outlive it)', async () => {
      const account = await signedIn(h());
      expect((await me(h(), account.token)).status).toBe(200);
      const { exp } = claimsOf(account.token) as { exp: number };
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(exp * 1000 - 1);
        expect((await me(h(), account.token)).status).toBe(200);
        vi.setSystemTime(exp * 1000);
        expect((await me(h(), account.token)).status).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    });

    it('logout ends the session: its access, refresh and extension tokens stop at once, other sessions go on', async () => {
      const { user, tokens, token } = await signedIn(h());
      const scoped = await extensionToken(h(), token);
      const other = await login(h(), user.username, user.password);
      const out = await h().api.post(auth.logout, undefined, { token, lang: 'en-US' });
      expect(out.status).toBe(200);
      expect(out.body.message).toBe('Logout succeeded');
      expect((await me(h(), token)).status).toBe(401);
      expect((await refresh(h(), tokens.refresh_token)).status).toBe(401);
      expect((await summary(h(), scoped)).status).toBe(401);
      expect((await me(h(), other.body.data.access_token)).status).toBe(200);
    });

    it('a password change ends every other session (access, refresh, extension) and keeps this one', async () => {
      const { user, token } = await signedIn(h());
      const other = (await login(h(), user.phoneNumber, user.password)).body.data;
      const otherScoped = await extensionToken(h(), other.access_token);
      const changed = await h().api.post(
        auth.changePassword,
        { oldPassword: user.password, newPassword: 'New-pass-1', confirmPassword: 'New-pass-1' },
        { token, lang: 'en-US' },
      );
      expect(changed.status).toBe(200);
      expect((await me(h(), other.access_token)).status).toBe(401);
      expect((await refresh(h(), other.refresh_token)).status).toBe(401);
      expect((await summary(h(), otherScoped)).status).toBe(401);
      expect((await me(h(), token)).status).toBe(200);
      expect((await login(h(), user.username, user.password)).status).toBe(400);
      expect((await login(h(), user.username, 'New-pass-1')).status).toBe(200);
    });

    it('a password reset by SMS ends every session, this device included', async () => {
      const { user, tokens, token } = await signedIn(h());
      const scoped = await extensionToken(h(), token);
      await h().api.post(auth.sendSmsCode, { phoneNumber: user.phoneNumber, purpose: 'reset' });
      const reset = await h().api.post(auth.resetPassword, {
        phoneNumber: user.phoneNumber,
        code: h().sms.lastCode(user.phoneNumber),
        newPassword: 'Reset-pass-9',
        confirmPassword: 'Reset-pass-9',
      });
      expect(reset.status).toBe(200);
      expect((await me(h(), token)).status).toBe(401);
      expect((await refresh(h(), tokens.refresh_token)).status).toBe(401);
      expect((await summary(h(), scoped)).status).toBe(401);
    });

    it('a refresh token works once; replayed after the grace window it ends the whole session, every token it issued', async () => {
      const { tokens, token } = await signedIn(h());
      const scoped = await extensionToken(h(), token);
      const rotated = await refresh(h(), tokens.refresh_token);
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.refresh_token).not.toBe(tokens.refresh_token);
      // The thief replays the old one after the grace window: refused, and the rightful
      // holder's new tokens die too.
      await ageRotation(h(), tokens.refresh_token, REFRESH_REUSE_GRACE_SECONDS + 1);
      const replay = await refresh(h(), tokens.refresh_token);
      expect(replay.status).toBe(401);
      expect((await refresh(h(), rotated.body.data.refresh_token)).status).toBe(401);
      expect((await me(h(), rotated.body.data.access_token)).status).toBe(401);
      expect((await me(h(), token)).status).toBe(401);
      expect((await summary(h(), scoped)).status).toBe(401);
    });

    it('refresh takes only a refresh token of ours: made up, empty, an access or extension token are refused', async () => {
      const { token } = await signedIn(h());
      const scoped = await extensionToken(h(), token);
      for (const candidate of ['made-up', 'x'.repeat(512), token, scoped]) {
        const res = await refresh(h(), candidate);
        expect(res.status, candidate.slice(0, 20)).toBe(401);
      }
      // Nothing in the body and no cookie: no session to refresh.
      expect((await h().api.post(auth.refresh, {})).status).toBe(401);
      expect((await h().api.post(auth.refresh, { refresh_token: 'x'.repeat(513) })).status).toBe(
        400,
      );
    });

    it("the extension's token is refused (403) on every route not marked for it, and passes on those that are", async () => {
      const { token } = await signedIn(h());
      const scoped = await extensionToken(h(), token);
      // The connected browser's own session (issue 17) is held to the same wall.
      const connected = await h().api.post<{ token: string }>(
        apiPaths.extension.sessions,
        { name: 'wall' },
        { token },
      );
      expect(connected.status).toBe(200);
      const routes = apiRoutes(h().app).filter((r) => !r.isPublic);
      const marked = routes.filter((r) => r.extension);
      const problems: string[] = [];
      for (const [route, extensionTokenUsed] of routes.flatMap((r) => [
        [r, scoped] as const,
        [r, connected.body.data.token] as const,
      ])) {
        const res = await send(h(), {
          method: route.method,
          url: fillPath(route.url, anyParams),
          token: extensionTokenUsed,
          lang: 'en-US',
        });
        if (route.extension) {
          if (res.status === 401 || res.status === 403)
            problems.push(`${route.key} (marked) refused it: ${res.status}`);
        } else if (res.status !== 403) {
          problems.push(`${route.key}: ${res.status}`);
        } else if (route.method !== 'HEAD') {
          const message = (res.json as { message: string }).message;
          if (
            message !== "The extension's token only works for the extension's shop and task calls"
          )
            problems.push(`${route.key}: ${message}`);
        }
      }
      console.info(
        `[sessions ${h().kind}] the extension token on ${routes.length} private routes: 403 on ${routes.length - marked.length}, accepted on ${marked.length}`,
      );
      expect(problems).toEqual([]);
      // Exactly the extension's calls carry the mark: shop report, summary and the browser
      // channel's (the record-by-record claim and report are retired).
      expect(marked.map((r) => r.key).sort()).toEqual(
        [
          'GET /api/v1/extension/summary',
          'HEAD /api/v1/extension/summary',
          'POST /api/v1/shops/report',
          // The browser channel (issue 17).
          'GET /api/v1/extension/page-packs',
          'HEAD /api/v1/extension/page-packs',
          'POST /api/v1/extension/actions/claim',
          'POST /api/v1/extension/actions/:id/started',
          'POST /api/v1/extension/actions/:id/report',
          'POST /api/v1/extension/actions/:id/reconcile',
          'POST /api/v1/extension/shops/:shopId/resume',
        ].sort(),
      );
      const zh = await send(h(), { method: 'GET', url: auth.me, token: scoped });
      expect((zh.json as { message: string }).message).toBe('插件令牌只能用于插件的店铺与任务接口');
      // The refused logout did not end the session: the console's token still works.
      expect((await me(h(), token)).status).toBe(200);
    });
  },
  // A reset code follows the register code to the same phone within the minute.
  { limitRules: { smsPerPhoneMinute: { points: 10, duration: 60 } } },
);

/** The Set-Cookie headers of an answer, parsed. */
function setCookies(res: { headers: Record<string, unknown> }): SetCookie[] {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  return lines.map((line) => parseSetCookie(line));
}

/** The one refresh cookie an answer sets (fails when there is none or more). */
function refreshCookieOf(res: { headers: Record<string, unknown> }): SetCookie {
  const cookies = setCookies(res);
  expect(cookies.map((c) => c.name)).toEqual([REFRESH_COOKIE_NAME]);
  return cookies[0]!;
}

/** What the browser sends back to the refresh path. */
const cookieHeader = (cookie: SetCookie) => `${cookie.name}=${cookie.value}`;

/** Signs in as the console does: no delivery asked for, so the refresh token comes as a cookie. */
async function browserSignIn(h: Harness, remember?: boolean) {
  const { user } = await signedIn(h);
  const res = await send(h, {
    method: 'POST',
    url: auth.login,
    body: { username: user.username, password: user.password, remember },
  });
  expect(res.status).toBe(200);
  const data = (res.json as { data: Record<string, unknown> }).data;
  return { user, res, data, cookie: refreshCookieOf(res), token: String(data.access_token) };
}

/** A refresh as the console makes it: `{}` as JSON, the browser adding the cookie. */
function browserRefresh(
  h: Harness,
  cookie: SetCookie | string,
  headers: Record<string, string> = {},
) {
  return send(h, {
    method: 'POST',
    url: auth.refresh,
    body: {},
    headers: { cookie: typeof cookie === 'string' ? cookie : cookieHeader(cookie), ...headers },
  });
}

const accessTokenOf = (res: { json: unknown }) =>
  String((res.json as { data: { access_token: string } }).data.access_token);

describeApi('security: the refresh cookie (F11/F13)', (h) => {
  it('sign-in sets the refresh token as an HttpOnly, SameSite=Strict cookie of the refresh path, never in the body', async () => {
    const { res, data, cookie } = await browserSignIn(h());
    expect(Object.keys(data).sort()).toEqual(['access_token', 'user']);
    expect(res.text).not.toContain(String(cookie.value).slice(2));
    expect(cookie).toMatchObject({
      name: 'inviteflow_refresh',
      path: '/api/v1/auth/refresh',
      httpOnly: true,
      sameSite: 'strict',
    });
    // Served over plain HTTP (PUBLIC_URL http://...): not Secure, or the browser would drop it.
    expect(cookie.secure).toBeUndefined();
    // Not remembered: a cookie for the browser's session, no lifetime of its own.
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    expect(cookie.value).toMatch(/^s\.[A-Za-z0-9_-]{43}$/);
  });

  it('"remember" makes the cookie persistent for the session\'s 30 days, and each rotation keeps it so', async () => {
    const { cookie } = await browserSignIn(h(), true);
    const thirtyDays = 30 * 24 * 60 * 60;
    expect(cookie.maxAge).toBeGreaterThan(thirtyDays - 60);
    expect(cookie.maxAge).toBeLessThanOrEqual(thirtyDays);
    const rotated = await browserRefresh(h(), cookie);
    expect(rotated.status).toBe(200);
    const next = refreshCookieOf(rotated);
    expect(next).toMatchObject({
      path: '/api/v1/auth/refresh',
      httpOnly: true,
      sameSite: 'strict',
    });
    expect(next.maxAge).toBeGreaterThan(thirtyDays - 60);
    // And a session cookie stays a session cookie.
    const session = await browserSignIn(h(), false);
    const rotatedSession = refreshCookieOf(await browserRefresh(h(), session.cookie));
    expect(rotatedSession.maxAge).toBeUndefined();
    expect(rotatedSession.value).toMatch(/^s\./);
  });

  it('refresh reads the cookie: a new access token in the body, the next refresh token only in the cookie', async () => {
    const { cookie } = await browserSignIn(h());
    const rotated = await browserRefresh(h(), cookie);
    expect(rotated.status).toBe(200);
    expect(Object.keys((rotated.json as { data: object }).data)).toEqual(['access_token']);
    const next = refreshCookieOf(rotated);
    expect(next.value).not.toBe(cookie.value);
    const access = accessTokenOf(rotated);
    expect((await me(h(), access)).status).toBe(200);
    // The next cookie rotates again.
    expect((await browserRefresh(h(), next)).status).toBe(200);
  });

  it('two refreshes at once with the same cookie both succeed with the same pair (two tabs)', async () => {
    const { cookie } = await browserSignIn(h());
    const answers = await Promise.all([1, 2, 3].map(() => browserRefresh(h(), cookie)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const pairs = answers.map((a) => `${accessTokenOf(a)} ${refreshCookieOf(a).value}`);
    expect(new Set(pairs).size).toBe(1);
    // Within the grace window a later repeat answers the same pair too (an answer lost on its way).
    const repeat = await browserRefresh(h(), cookie);
    expect(`${accessTokenOf(repeat)} ${refreshCookieOf(repeat).value}`).toBe(pairs[0]);
    // That pair is a working one: its access token is served, its refresh token rotates once.
    expect((await me(h(), accessTokenOf(repeat))).status).toBe(200);
    expect((await browserRefresh(h(), refreshCookieOf(repeat))).status).toBe(200);
  });

  it('the same refresh token after the grace window is reuse: 401, the cookie cleared, the session ended', async () => {
    const { cookie, token } = await browserSignIn(h());
    const rotated = await browserRefresh(h(), cookie);
    const next = refreshCookieOf(rotated);
    await ageRotation(h(), String(cookie.value).slice(2), REFRESH_REUSE_GRACE_SECONDS + 1);
    const reuse = await browserRefresh(h(), cookie);
    expect(reuse.status).toBe(401);
    expect(envelopeProblem(reuse, 'zh-CN')).toBeNull();
    const cleared = refreshCookieOf(reuse);
    expect(cleared).toMatchObject({ value: '', maxAge: 0, path: '/api/v1/auth/refresh' });
    expect((await browserRefresh(h(), next)).status).toBe(401);
    expect((await me(h(), accessTokenOf(rotated))).status).toBe(401);
    expect((await me(h(), token)).status).toBe(401);
  });

  it('the refresh cookie is spent only by JSON calls from this origin', async () => {
    const { cookie } = await browserSignIn(h());
    // A form or a simple request of another site cannot send JSON without a preflight.
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await send(h(), {
        method: 'POST',
        url: auth.refresh,
        raw: { payload: contentType === 'text/plain' ? '{}' : 'a=1', contentType },
        headers: { cookie: cookieHeader(cookie) },
        lang: 'en-US',
      });
      expect(res.status, contentType).toBe(415);
      expect(envelopeProblem(res, 'en-US')).toBeNull();
    }
    const bare = await send(h(), {
      method: 'POST',
      url: auth.refresh,
      headers: { cookie: cookieHeader(cookie) },
    });
    expect(bare.status).toBe(415);
    // A browser that says the call comes from another site or origin.
    for (const site of ['cross-site', 'same-site']) {
      const res = await browserRefresh(h(), cookie, { 'sec-fetch-site': site });
      expect(res.status, site).toBe(403);
    }
    // None of these spent it: the console's own call still rotates it.
    expect((await browserRefresh(h(), cookie, { 'sec-fetch-site': 'same-origin' })).status).toBe(
      200,
    );
    // Without the cookie there is nothing to refresh, and a made-up cookie is refused.
    expect((await browserRefresh(h(), 'other=1')).status).toBe(401);
    expect((await browserRefresh(h(), `${REFRESH_COOKIE_NAME}=s.made-up`)).status).toBe(401);
  });

  it('logout clears the cookie, and the cookie no longer refreshes', async () => {
    const { cookie, token } = await browserSignIn(h(), true);
    const out = await send(h(), { method: 'POST', url: auth.logout, token });
    expect(out.status).toBe(200);
    expect(refreshCookieOf(out)).toMatchObject({
      value: '',
      maxAge: 0,
      path: '/api/v1/auth/refresh',
      httpOnly: true,
    });
    expect((await browserRefresh(h(), cookie)).status).toBe(401);
  });

  it('a client that is not a browser gets the refresh token in the body and no cookie', async () => {
    const { user } = await signedIn(h());
    const signIn = await login(h(), user.username, user.password);
    expect(Object.keys(signIn.body.data).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    expect(setCookies(signIn)).toEqual([]);
    const rotated = await refresh(h(), signIn.body.data.refresh_token);
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body.data).sort()).toEqual(['access_token', 'refresh_token']);
    expect(setCookies(rotated)).toEqual([]);
    // Its repeat within the grace window answers the same pair as well.
    const repeat = await refresh(h(), signIn.body.data.refresh_token);
    expect(repeat.body.data).toEqual(rotated.body.data);
  });
});

describeApi(
  'security: the refresh cookie over HTTPS',
  (h) => {
    it('is Secure and carries the __Secure- prefix; the plain name is not read', async () => {
      const { user } = await signedIn(h());
      const res = await send(h(), {
        method: 'POST',
        url: auth.login,
        body: { username: user.username, password: user.password },
      });
      const [cookie, ...others] = setCookies(res);
      expect(others).toEqual([]);
      expect(cookie).toMatchObject({
        name: `__Secure-${REFRESH_COOKIE_NAME}`,
        secure: true,
        httpOnly: true,
        sameSite: 'strict',
        path: '/api/v1/auth/refresh',
      });
      expect((await browserRefresh(h(), `${REFRESH_COOKIE_NAME}=${cookie!.value}`)).status).toBe(
        401,
      );
      const rotated = await browserRefresh(h(), cookie!);
      expect(rotated.status).toBe(200);
      expect(setCookies(rotated)[0]).toMatchObject({ secure: true });
    });
  },
  { config: { PUBLIC_URL: 'https://inviteflow.example.com' } },
);

/** Deletes every Redis key of this app (its prefix): Redis restarted empty, or evicted them. */
async function forgetRedisKeys(h: Harness): Promise<string[]> {
  const redis = h.app.redis!;
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(
      cursor,
      'MATCH',
      `${h.app.config.redisKeyPrefix}:*`,
      'COUNT',
      1000,
    );
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length) await redis.del(...keys);
  return keys;
}

describeApi(
  'security: a logout outlives Redis losing its keys (F9)',
  (h) => {
    it('a logged-out token stays refused once Redis forgot the logout; a live session goes on', async () => {
      const gone = await signedIn(h());
      const live = await signedIn(h());
      const goneScoped = await extensionToken(h(), gone.token);
      const liveScoped = await extensionToken(h(), live.token);
      expect((await me(h(), gone.token)).status).toBe(200);
      expect((await h().api.post(auth.logout, undefined, { token: gone.token })).status).toBe(200);
      expect((await me(h(), gone.token)).status).toBe(401);

      const sessionOf = (token: string) => String(claimsOf(token).sid);
      const prefix = h().app.config.redisKeyPrefix;
      const forgotten = await forgetRedisKeys(h());
      expect(forgotten).toContain(`${prefix}:revoked:${sessionOf(gone.token)}`);

      // A replica started now holds no copy of anything: each answer comes from Redis, or
      // from the database when Redis knows nothing. The first replica answers too.
      const replica = await h().replica();
      const ask = (app: typeof replica, url: string, token: string) =>
        app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      for (const [name, app] of [
        ['a replica started after the loss', replica],
        ['the replica that saw the logout', h().app],
      ] as const) {
        // `me` checks the session alone; the talent list reads it beside the data version.
        for (const url of [auth.me, apiPaths.talents.list]) {
          expect((await ask(app, url, gone.token)).statusCode, `${name}: ${url}`).toBe(401);
          expect((await ask(app, url, live.token)).statusCode, `${name}: ${url}`).toBe(200);
        }
        expect((await ask(app, apiPaths.extension.summary, goneScoped)).statusCode, name).toBe(401);
        expect((await ask(app, apiPaths.extension.summary, liveScoped)).statusCode, name).toBe(200);
      }

      // One database read each, and Redis answers again: the marks are back, for an access
      // token's life.
      const redis = h().app.redis!;
      expect(await redis.get(`${prefix}:revoked:${sessionOf(gone.token)}`)).not.toBeNull();
      expect(await redis.get(`${prefix}:live:${sessionOf(gone.token)}`)).toBeNull();
      expect(await redis.get(`${prefix}:live:${sessionOf(live.token)}`)).not.toBeNull();
      const ttl = await redis.ttl(`${prefix}:live:${sessionOf(live.token)}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS + 60);

      // A logout now (the live mark set) ends that session at once, on both replicas.
      expect(
        (
          await replica.inject({
            method: 'POST',
            url: auth.logout,
            headers: { authorization: `Bearer ${live.token}` },
          })
        ).statusCode,
      ).toBe(200);
      expect(await redis.get(`${prefix}:live:${sessionOf(live.token)}`)).toBeNull();
      expect((await ask(replica, auth.me, live.token)).statusCode).toBe(401);
      expect((await me(h(), live.token)).status).toBe(401);
    });
  },
  { redis: true },
);
