import { hkdfSync } from 'node:crypto';
import {
  EXTENSION_TOKEN_TTL_SECONDS,
  apiPaths,
  type ExtensionSummary,
  type ExtensionTokenData,
  type ShopReportData,
} from '@inviteflow/contract';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeApi, signedIn, uniquePhone, type Harness } from './support/harness.ts';
import {
  createTask,
  grantPlan,
  runBrowserAction,
  shopIdentity,
  taskBody,
} from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

const { auth } = apiPaths;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

async function extensionToken(h: Harness, consoleToken: string): Promise<ExtensionTokenData> {
  const res = await h.api.post<ExtensionTokenData>(auth.extensionToken, undefined, {
    token: consoleToken,
  });
  if (res.status !== 200) throw new Error(`extension-token failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describeApi('extension token', (h) => {
  it('is minted for the signed-in session: scope extension, same session, 10 minutes', async () => {
    const { token } = await signedIn(h());
    const before = Date.now();
    const res = await h().api.post<ExtensionTokenData>(auth.extensionToken, undefined, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['expiresAt', 'token']);
    const { token: scoped, expiresAt } = res.body.data;
    const claims = claimsOf(scoped);
    const consoleClaims = claimsOf(token);
    expect(claims.scope).toBe('extension');
    expect(claims.sid).toBe(consoleClaims.sid);
    expect(claims.sub).toBe(consoleClaims.sub);
    expect(claims.aud).toBe('inviteflow-extension');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(EXTENSION_TOKEN_TTL_SECONDS);
    const expires = Date.parse(expiresAt);
    expect(expires).toBe(Number(claims.exp) * 1000);
    expect(expires - before).toBeGreaterThan(EXTENSION_TOKEN_TTL_SECONDS * 1000 - 2_000);
    expect(expires - before).toBeLessThanOrEqual(EXTENSION_TOKEN_TTL_SECONDS * 1000 + 1_000);
  });

  it('needs a console token: none or a bad one answers 401', async () => {
    const none = await h().api.post(auth.extensionToken, undefined, { lang: 'en-US' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 401, data: null });
    expect((await h().api.post(auth.extensionToken, undefined, { token: 'x.y.z' })).status).toBe(
      401,
    );
  });

  it("works on the extension's calls: summary, shop report and the browser channel's", async () => {
    const account = await signedIn(h());
    const userId = account.tokens.user.id;
    await grantPlan(h(), userId, 'pro');
    const { token } = await extensionToken(h(), account.token);

    const reported = await h().api.post<ShopReportData>(
      apiPaths.shops.report,
      shopIdentity({ shopName: '插件店' }),
      { token, lang: 'en-US' },
    );
    expect(reported.status).toBe(200);
    expect(reported.body.data.outcome).toBe('bound');
    const shop = reported.body.data.shop;

    const library = await seedTalents(h(), userId, [
      { name: '达人甲', platformTalentId: 'ext_1' },
      { name: '达人乙', platformTalentId: 'ext_2' },
      { name: '达人丙', platformTalentId: 'ext_3' },
    ]);
    // Creating a task is the console's job: the console token does it.
    await createTask(
      h(),
      account.token,
      taskBody(shop.id, { talentIds: library.map((t) => t.id) }),
    );

    // A browser action claimed, started and reported with the scoped token: one sent, one
    // refused by the platform for its talent, one not attempted (back to pending).
    const run = await runBrowserAction(h(), token, shop.id, (_, index) =>
      index === 0 ? 'sent' : index === 1 ? 'talent_ineligible' : null,
    );
    expect(run.records).toHaveLength(3);

    const summary = await h().api.get<ExtensionSummary>(apiPaths.extension.summary, { token });
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({
      user: { id: userId, username: account.user.username },
      membership: { level: 'pro', isActive: true, dailyInvitationCap: 1000 },
      counts: { pending: 1, running: 0, done: 2, succeeded: 1, failed: 1 },
      timeZone: 'Asia/Shanghai',
    });
    expect(summary.body.data.membership.validTo).not.toBeNull();
    expect(summary.body.data.membership.remainingToday).toBe(1000 - 3);
    expect(summary.body.data.shops.map((s) => s.shopName)).toEqual(['插件店']);
    expect(summary.body.data.shops[0]!.bindStatus).toBe('BOUND');
  });

  it('the summary of a new account: no plan, no shops, nothing queued; the console token reads it too', async () => {
    const account = await signedIn(h());
    const res = await h().api.get<ExtensionSummary>(apiPaths.extension.summary, {
      token: account.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      user: { id: account.tokens.user.id, username: account.user.username },
      membership: {
        level: 'none',
        isActive: false,
        validTo: null,
        dailyInvitationCap: 20,
        remainingToday: 20,
      },
      shops: [],
      counts: { pending: 0, running: 0, done: 0, succeeded: 0, failed: 0 },
      timeZone: 'Asia/Shanghai',
    });
  });

  // Refused with 403 on every route not marked config.extension (minting and logout
  // included), accepted on the marked ones: generated from the route table in
  // test/security/sessions.test.ts.

  it('cannot be refreshed nor stand in for a console token where one is checked by hand', async () => {
    const account = await signedIn(h());
    const { token } = await extensionToken(h(), account.token);
    expect((await h().api.post(auth.refresh, { refresh_token: token })).status).toBe(401);
    // The change-phone code needs a console session, read outside the auth plugin.
    const code = await h().api.post(
      auth.sendSmsCode,
      { phoneNumber: uniquePhone(), purpose: 'change-phone' },
      { token },
    );
    expect(code.status).toBe(401);
  });

  it('stops working when it expires', async () => {
    const account = await signedIn(h());
    const claims = claimsOf(account.token);
    const stale = await h().app.tokens.signExtension(
      { userId: account.tokens.user.id, sessionId: String(claims.sid), role: 'user' },
      Date.now() - (EXTENSION_TOKEN_TTL_SECONDS + 5) * 1000,
    );
    expect(stale.expiresAt.getTime()).toBeLessThan(Date.now());
    const res = await h().api.get(apiPaths.extension.summary, {
      token: stale.token,
      lang: 'en-US',
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your login state has expired, please log in again');
    // One signed a moment ago for the same session still works.
    const fresh = await extensionToken(h(), account.token);
    expect((await h().api.get(apiPaths.extension.summary, { token: fresh.token })).status).toBe(
      200,
    );
  });

  it('dies with its session: after logout it is refused, and no new one can be minted', async () => {
    const account = await signedIn(h());
    const { token } = await extensionToken(h(), account.token);
    expect((await h().api.get(apiPaths.extension.summary, { token })).status).toBe(200);
    expect((await h().api.post(auth.logout, undefined, { token: account.token })).status).toBe(200);
    const after = await h().api.get(apiPaths.extension.summary, { token, lang: 'en-US' });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, code: 401 });
    expect((await h().api.post(apiPaths.extension.claim, {}, { token })).status).toBe(401);
    expect(
      (await h().api.post(auth.extensionToken, undefined, { token: account.token })).status,
    ).toBe(401);
  });

  it('a token whose audience and scope disagree is refused, even well signed', async () => {
    const account = await signedIn(h());
    const claims = claimsOf(account.token);
    // Signed with the server's own key (derived as TokenService does): only the claims are wrong.
    const key = new Uint8Array(
      hkdfSync('sha256', h().app.config.appSecret, 'inviteflow', 'access-token', 32),
    );
    const forge = (audience: string, scope?: string) =>
      new SignJWT({ sid: claims.sid, role: 'user', ...(scope ? { scope } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer('inviteflow')
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    // The control: the same forging with matching claims passes, so the refusals below are the check's.
    expect((await h().api.get(auth.me, { token: await forge('inviteflow-api') })).status).toBe(200);
    const scopedConsole = await forge('inviteflow-api', 'extension');
    expect((await h().api.get(auth.me, { token: scopedConsole })).status).toBe(401);
    expect((await h().api.get(apiPaths.extension.summary, { token: scopedConsole })).status).toBe(
      401,
    );
    const unscopedExtension = await forge('inviteflow-extension');
    expect(
      (await h().api.get(apiPaths.extension.summary, { token: unscopedExtension })).status,
    ).toBe(401);
    expect((await h().api.get(auth.me, { token: unscopedExtension })).status).toBe(401);
  });

  it('the API document lists the token call and marks the calls that take the token', async () => {
    const res = await h().app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = res.json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(spec.components.securitySchemes.extensionToken).toBeDefined();
    expect(spec.paths['/api/v1/auth/extension-token']?.post).toBeDefined();
    const taking = [
      spec.paths['/api/v1/extension/summary']?.get,
      spec.paths['/api/v1/shops/report']?.post,
      spec.paths['/api/v1/extension/actions/claim']?.post,
      spec.paths['/api/v1/extension/actions/{id}/started']?.post,
      spec.paths['/api/v1/extension/actions/{id}/report']?.post,
    ];
    // The record-by-record calls of the retired runner are gone.
    expect(spec.paths['/api/v1/send-records/claim']).toBeUndefined();
    expect(spec.paths['/api/v1/send-records/{id}/report']).toBeUndefined();
    for (const operation of taking) {
      expect(operation?.security).toEqual([{ bearerAuth: [] }, { extensionToken: [] }]);
    }
    expect(spec.paths['/api/v1/auth/me']?.get?.security).toBeUndefined();
  });
});
