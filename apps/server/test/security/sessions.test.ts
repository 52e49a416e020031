import { hkdfSync } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  apiPaths,
  type ExtensionTokenData,
  type LoginData,
  type RefreshData,
} from '@inviteflow/contract';
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

async function refresh(h: Harness, refreshToken: string) {
  return h.api.post<RefreshData>(auth.refresh, { refresh_token: refreshToken });
}

/** Any value for a path parameter: the session is checked before the route looks at it. */
const anyParams = { id: 1, orderNo: 'M1', exportId: 'e1', token: 't' };

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
      const other = (await login(h(), user.phoneNumber, user.password)).body.data as LoginData;
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

    it('a refresh token works once; replaying a used one ends the whole session, every token it issued', async () => {
      const { tokens, token } = await signedIn(h());
      const scoped = await extensionToken(h(), token);
      const rotated = await refresh(h(), tokens.refresh_token);
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.refresh_token).not.toBe(tokens.refresh_token);
      // The thief replays the old one: refused, and the rightful holder's new tokens die too.
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
      expect((await h().api.post(auth.refresh, {})).status).toBe(400);
      expect((await h().api.post(auth.refresh, { refresh_token: 'x'.repeat(513) })).status).toBe(
        400,
      );
    });

    it("the extension's token is refused (403) on every route not marked for it, and passes on those that are", async () => {
      const { token } = await signedIn(h());
      const scoped = await extensionToken(h(), token);
      const routes = apiRoutes(h().app).filter((r) => !r.isPublic);
      const marked = routes.filter((r) => r.extension);
      const problems: string[] = [];
      for (const route of routes) {
        const res = await send(h(), {
          method: route.method,
          url: fillPath(route.url, anyParams),
          token: scoped,
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
      // Exactly the extension's calls carry the mark: shop report, claim, record report, summary.
      expect(marked.map((r) => r.key).sort()).toEqual(
        [
          'GET /api/v1/extension/summary',
          'HEAD /api/v1/extension/summary',
          'POST /api/v1/send-records/:id/report',
          'POST /api/v1/send-records/claim',
          'POST /api/v1/shops/report',
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
