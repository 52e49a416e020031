import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiPaths,
  connectResult,
  type PlatformConnectionList,
  type ShopPage,
  type TiktokShopConnectData,
} from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { platformConnections, platformOauthStates, shops } from '../src/db/schema.ts';
import { SecretBox } from '../src/lib/secret-box.ts';
import { TikTokShopError } from '../src/modules/platforms/tiktok-shop/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { bindNewShop, grantPlan } from './support/sending.ts';

/**
 * "Connect TikTok Shop" end to end on the real app, against a small fake of the platform's
 * authorization (token host and Get Authorized Shops) on 127.0.0.1, written here from the
 * documents. It will give way to the sandbox TikTok Shop at merge.
 */

const APP_KEY = 'fake-app-key';
const APP_SECRET = 'fake-app-secret-0c7f';
const SERVICE_ID = '7172000000000070150';
const DAY_S = 86_400;

interface FakeSeller {
  openId: string;
  sellerName: string;
  region: string;
  userType: number;
  scopes: string[];
  shops: Array<{ id: string; name: string; region: string; cipher: string; code: string }>;
}

interface Grant {
  seller: FakeSeller;
  access: string;
  refresh: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
}

/** The fake platform's memory: codes issued, tokens alive, and every call it got. */
const fake = {
  codes: new Map<string, FakeSeller>(),
  byAccess: new Map<string, Grant>(),
  byRefresh: new Map<string, Grant>(),
  /** Every token it ever issued: none may appear in an answer or a log line of ours. */
  issued: [] as string[],
  calls: [] as Array<{ path: string; query: Record<string, string>; signOk: boolean | null }>,
  /** Seconds added to the platform's clock (an access token that "expired"). */
  accessLifetime: 7 * DAY_S,
};

function issue(seller: FakeSeller): Grant {
  const now = Math.floor(Date.now() / 1000);
  const grant: Grant = {
    seller,
    access: `TTP_acc_${randomBytes(12).toString('base64url')}`,
    refresh: `TTP_ref_${randomBytes(12).toString('base64url')}`,
    accessExpiresAt: now + fake.accessLifetime,
    refreshExpiresAt: now + 365 * DAY_S,
  };
  fake.byAccess.set(grant.access, grant);
  fake.byRefresh.set(grant.refresh, grant);
  fake.issued.push(grant.access, grant.refresh);
  return grant;
}

function tokenAnswer(grant: Grant) {
  return {
    access_token: grant.access,
    access_token_expire_in: grant.accessExpiresAt,
    refresh_token: grant.refresh,
    refresh_token_expire_in: grant.refreshExpiresAt,
    open_id: grant.seller.openId,
    seller_name: grant.seller.sellerName,
    seller_base_region: grant.seller.region,
    user_type: grant.seller.userType,
    granted_scopes: grant.seller.scopes,
  };
}

/** The document's signature, written again for the fake (not the client's code). */
function expectedSign(path: string, query: Record<string, string>, body: string): string {
  const keys = Object.keys(query)
    .filter((k) => k !== 'sign' && k !== 'access_token')
    .sort();
  const base = APP_SECRET + path + keys.map((k) => k + query[k]).join('') + body + APP_SECRET;
  return createHmac('sha256', APP_SECRET).update(base).digest('hex');
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const ok = (data: unknown) => ({ code: 0, message: 'Success', request_id: 'fake', data });

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const path = decodeURIComponent(url.pathname);
    if (path.startsWith('/auth/')) {
      fake.calls.push({ path, query, signOk: null });
      if (query.app_key !== APP_KEY || query.app_secret !== APP_SECRET) {
        return send(res, 200, { code: 36009004, message: 'Invalid credentials. Invalid app_key' });
      }
      if (path === '/auth/api/v2/token/get' && query.grant_type === 'authorized_code') {
        const seller = fake.codes.get(query.auth_code ?? '');
        // A code works once (30 minutes, single use: authorization overview).
        fake.codes.delete(query.auth_code ?? '');
        if (!seller) return send(res, 200, { code: 36004004, message: 'invalid auth code' });
        return send(res, 200, ok(tokenAnswer(issue(seller))));
      }
      if (path === '/auth/api/v2/token/refresh' && query.grant_type === 'refresh_token') {
        const old = fake.byRefresh.get(query.refresh_token ?? '');
        if (!old)
          return send(res, 200, { code: 36004005, message: 'can not find related auth record' });
        fake.byRefresh.delete(old.refresh);
        fake.byAccess.delete(old.access);
        return send(res, 200, ok(tokenAnswer(issue(old.seller))));
      }
      return send(res, 404, { code: 36009009, message: 'Invalid path' });
    }
    const signOk = query.sign === expectedSign(path, query, body);
    fake.calls.push({ path, query, signOk });
    if (!signOk)
      return send(res, 401, {
        code: 106001,
        message: 'Invalid credentials. The sign query parameter is invalid.',
      });
    const grant = fake.byAccess.get(String(req.headers['x-tts-access-token'] ?? ''));
    if (!grant) return send(res, 401, { code: 105001, message: 'access token is invalid' });
    if (grant.accessExpiresAt <= Math.floor(Date.now() / 1000)) {
      return send(res, 401, { code: 105002, message: 'Expired credentials.' });
    }
    if (path === '/api/authorization/202309/shops') {
      return send(
        res,
        200,
        ok({ shops: grant.seller.shops.map((s) => ({ ...s, seller_type: 'CROSS_BORDER' })) }),
      );
    }
    return send(res, 404, { code: 36009009, message: 'Invalid path' });
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const PUBLIC_URL = 'http://127.0.0.1:3999';
const config = {
  PUBLIC_URL,
  TIKTOK_SHOP_APP_KEY: APP_KEY,
  TIKTOK_SHOP_APP_SECRET: APP_SECRET,
  TIKTOK_SHOP_SERVICE_ID: SERVICE_ID,
  TIKTOK_SHOP_API_BASE: `${base}/api`,
  TIKTOK_SHOP_AUTH_BASE: `${base}/auth`,
  TIKTOK_SHOP_AUTHORIZE_URL: `${base}/open/authorize`,
};

const allScopes = [
  'seller.authorization.info',
  'seller.creator_marketplace.read',
  'seller.affiliate_collaboration.read',
  'seller.affiliate_collaboration.write',
  'seller.affiliate_messages.write',
];

let sellerCounter = 0;
/** A global seller with two regional shops (US and GB), unless told otherwise. */
function newSeller(overrides: Partial<FakeSeller> = {}): FakeSeller {
  sellerCounter += 1;
  const n = `${process.pid}${sellerCounter}`;
  return {
    openId: `open_${n}`,
    sellerName: `Global seller ${n}`,
    region: 'CN',
    userType: 0,
    scopes: allScopes,
    shops: [
      {
        id: `7000${n}1`,
        name: `Maomao US ${n}`,
        region: 'US',
        cipher: `GCP_us_${n}`,
        code: `CNUS${n}`,
      },
      {
        id: `7000${n}2`,
        name: `Maomao UK ${n}`,
        region: 'GB',
        cipher: `GCP_gb_${n}`,
        code: `CNGB${n}`,
      },
    ],
    ...overrides,
  };
}

/** What the seller's browser holds after "Connect": the state in the link, the cookie. */
interface Started {
  authorizeUrl: URL;
  state: string;
  cookie: string;
  answer: TiktokShopConnectData;
  raw: string;
  setCookie: string;
}

async function connect(h: Harness, token: string): Promise<Started> {
  const res = await h.app.inject({
    method: 'POST',
    url: apiPaths.platforms.tiktokShopConnect,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  const answer = (res.json() as { data: TiktokShopConnectData }).data;
  const authorizeUrl = new URL(answer.authorizeUrl);
  return {
    authorizeUrl,
    state: authorizeUrl.searchParams.get('state')!,
    cookie: setCookie.split(';')[0]!,
    answer,
    raw: res.body,
    setCookie,
  };
}

/** The platform sends the browser back: `code` and `state`, with whatever cookie it holds. */
async function callback(h: Harness, query: Record<string, string>, cookie?: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: apiPaths.platforms.tiktokShopCallback,
    query,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(String(res.headers.location));
  const result = connectResult.parse({
    outcome: location.searchParams.get('tiktokShop'),
    bound: location.searchParams.get('bound'),
    already: location.searchParams.get('already'),
    refused: location.searchParams.get('refused'),
    reason: location.searchParams.get('reason'),
  });
  return { res, location, result };
}

/** The seller authorizes on the platform's page: a fresh code for this seller. */
function authorize(seller: FakeSeller): string {
  const code = `TTP_code_${randomBytes(9).toString('base64url')}`;
  fake.codes.set(code, seller);
  return code;
}

async function shopList(h: Harness, token: string) {
  return (await h.api.get<ShopPage>(apiPaths.shops.list, { token })).body.data;
}

async function connections(h: Harness, token: string) {
  const res = await h.api.get<PlatformConnectionList>(apiPaths.platforms.connections, { token });
  expect(res.status).toBe(200);
  return res.body.data.list;
}

function refreshJob(h: Harness) {
  return h.app.jobs.jobs.find((job) => job.name === 'platform-token-refresh')!;
}

const tokenCalls = () => fake.calls.filter((c) => c.path.startsWith('/auth/'));

describeApi(
  'platform connections: Connect TikTok Shop',
  (h) => {
    beforeEach(() => {
      fake.calls.length = 0;
      fake.accessLifetime = 7 * DAY_S;
    });

    it('answers the authorization page with the service id and a single-use state; sets the browser cookie', async () => {
      const { token } = await signedIn(h());
      const started = await connect(h(), token);
      expect(`${started.authorizeUrl.origin}${started.authorizeUrl.pathname}`).toBe(
        `${base}/open/authorize`,
      );
      expect(started.authorizeUrl.searchParams.get('service_id')).toBe(SERVICE_ID);
      expect(started.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // HttpOnly, Lax (the platform's redirect is a cross-site top-level GET), only for the callback.
      expect(started.setCookie).toMatch(/HttpOnly/i);
      expect(started.setCookie).toMatch(/SameSite=Lax/i);
      expect(started.setCookie).toContain(`Path=${apiPaths.platforms.tiktokShopCallback}`);
      // The state is stored hashed, never as given.
      const rows = await h().app.db.select().from(platformOauthStates);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.stateHash).not.toBe(started.state);
      expect(JSON.stringify(rows)).not.toContain(started.state);
    });

    it('comes back, exchanges the code, binds both regional shops with their site names, shows them authorized', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const seller = newSeller();
      const started = await connect(h(), token);
      const { location, result } = await callback(
        h(),
        { code: authorize(seller), state: started.state },
        started.cookie,
      );
      expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/shop/list`);
      expect(result).toEqual({
        outcome: 'connected',
        bound: 2,
        already: 0,
        refused: 0,
        reason: null,
      });

      // The code was exchanged as documented, then the shops listed with a signed call.
      expect(tokenCalls()).toEqual([
        {
          path: '/auth/api/v2/token/get',
          query: {
            app_key: APP_KEY,
            app_secret: APP_SECRET,
            auth_code: expect.stringMatching(/^TTP_code_/),
            grant_type: 'authorized_code',
          },
          signOk: null,
        },
      ]);
      expect(fake.calls.filter((c) => c.path === '/api/authorization/202309/shops')).toEqual([
        expect.objectContaining({ signOk: true }),
      ]);

      const page = await shopList(h(), token);
      const bound = page.list.sort((a, b) => a.shopCode.localeCompare(b.shopCode));
      expect(
        bound.map((s) => [
          s.platform,
          s.shopCode,
          s.siteName,
          s.platformRegion,
          s.source,
          s.bindStatus,
        ]),
      ).toEqual([
        ['tiktok', seller.shops[1]!.code, '英国站', 'GB', 'authorization', 'BOUND'],
        ['tiktok', seller.shops[0]!.code, '美国站', 'US', 'authorization', 'BOUND'],
      ]);
      const [connection] = await connections(h(), token);
      expect(connection).toMatchObject({
        platform: 'tiktok',
        sellerName: seller.sellerName,
        status: 'active',
        grantedScopes: allScopes,
        missingScopes: [],
        needsReconnect: false,
        errorCode: null,
      });
      expect(connection!.shopIds.sort()).toEqual(bound.map((s) => s.id).sort());
      expect(bound.every((s) => s.connectionId === connection!.id)).toBe(true);
      // The shop's cipher is stored for the calls, and kept out of answers.
      const [row] = await h().app.db.select().from(shops).where(eq(shops.id, bound[1]!.id));
      expect(row!.platformCipher).toBe(seller.shops[0]!.cipher);
      expect(JSON.stringify(page)).not.toContain(seller.shops[0]!.cipher);
    });

    it('a state works once: the same redirect again (a replay) binds nothing and exchanges nothing', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const seller = newSeller();
      const started = await connect(h(), token);
      const code = authorize(seller);
      expect(
        (await callback(h(), { code, state: started.state }, started.cookie)).result.outcome,
      ).toBe('connected');
      fake.calls.length = 0;
      const replay = await callback(h(), { code, state: started.state }, started.cookie);
      expect(replay.result).toMatchObject({ outcome: 'failed', reason: 'state_invalid' });
      expect(fake.calls).toEqual([]);
      const unknown = await callback(
        h(),
        { code: authorize(seller), state: 'made-up-state' },
        started.cookie,
      );
      expect(unknown.result).toMatchObject({ outcome: 'failed', reason: 'state_invalid' });
      expect(fake.calls).toEqual([]);
    });

    it('no CSRF: a state opened in another browser (no cookie, or another’s) binds nothing to anyone', async () => {
      // The attacker starts a connect in their own account and sends the link to a victim.
      const attacker = await signedIn(h());
      const victim = await signedIn(h());
      const started = await connect(h(), attacker.token);
      const victimsOwn = await connect(h(), victim.token);
      const code = authorize(newSeller());
      // The victim authorizes their shop; the platform returns their browser with the attacker's state.
      const withoutCookie = await callback(h(), { code, state: started.state });
      expect(withoutCookie.result).toMatchObject({ outcome: 'failed', reason: 'state_invalid' });
      const started2 = await connect(h(), attacker.token);
      const withVictimsCookie = await callback(
        h(),
        { code, state: started2.state },
        victimsOwn.cookie,
      );
      expect(withVictimsCookie.result).toMatchObject({
        outcome: 'failed',
        reason: 'state_invalid',
      });
      expect(tokenCalls()).toEqual([]);
      expect((await shopList(h(), attacker.token)).total).toBe(0);
      expect(await connections(h(), attacker.token)).toEqual([]);
    });

    it('refuses a state past its ten minutes, and one whose session has signed out', async () => {
      const { token } = await signedIn(h());
      const started = await connect(h(), token);
      const later = new Date(Date.now() + 10 * 60_000 + 1_000);
      h().app.clock.now = () => later;
      const expired = await callback(
        h(),
        { code: authorize(newSeller()), state: started.state },
        started.cookie,
      );
      expect(expired.result).toMatchObject({ outcome: 'failed', reason: 'state_invalid' });
      h().app.clock.now = () => new Date();

      const again = await connect(h(), token);
      const logout = await h().api.post(apiPaths.auth.logout, {}, { token });
      expect(logout.status).toBe(200);
      const ended = await callback(
        h(),
        { code: authorize(newSeller()), state: again.state },
        again.cookie,
      );
      expect(ended.result).toMatchObject({ outcome: 'failed', reason: 'session_ended' });
      expect(tokenCalls()).toEqual([]);
    });

    it('says so when the seller declines on the platform’s page (code=null&error=auth_denied)', async () => {
      const { token } = await signedIn(h());
      const started = await connect(h(), token);
      const denied = await callback(
        h(),
        { code: 'null', error: 'auth_denied', state: started.state },
        started.cookie,
      );
      expect(denied.result).toEqual({
        outcome: 'denied',
        bound: 0,
        already: 0,
        refused: 0,
        reason: null,
      });
      expect(tokenCalls()).toEqual([]);
    });

    it('binds under the plan’s limit and the next bind time; refuses the rest with the reason', async () => {
      // The free allowance: one shop. The second regional shop is refused for the limit.
      const { token, tokens } = await signedIn(h());
      const seller = newSeller();
      const first = await connect(h(), token);
      const limited = await callback(
        h(),
        { code: authorize(seller), state: first.state },
        first.cookie,
      );
      expect(limited.result).toEqual({
        outcome: 'connected',
        bound: 1,
        already: 0,
        refused: 1,
        reason: 'limit_reached',
      });
      const page = await shopList(h(), token);
      expect(page.total).toBe(1);

      // Unbound, the shop keeps its slot for 24 hours: authorizing again cannot bind it sooner.
      await grantPlan(h(), tokens.user.id, 'basic');
      const unbind = await h().api.post(apiPaths.shops.unbind(page.list[0]!.id), {}, { token });
      expect(unbind.status).toBe(200);
      const second = await connect(h(), token);
      const again = await callback(
        h(),
        { code: authorize(seller), state: second.state },
        second.cookie,
      );
      expect(again.result).toMatchObject({
        outcome: 'connected',
        bound: 1,
        refused: 1,
        reason: 'rebind_too_soon',
      });
    });

    it('another account’s authorized shop stays theirs; a hand claim gives way to the authorization', async () => {
      const owner = await signedIn(h());
      const other = await signedIn(h());
      await grantPlan(h(), owner.tokens.user.id, 'pro');
      await grantPlan(h(), other.tokens.user.id, 'pro');
      const seller = newSeller();
      // The other account typed the US shop's code by hand first.
      await bindNewShop(h(), other.token, { platform: 'tiktok', shopCode: seller.shops[0]!.code });
      const started = await connect(h(), owner.token);
      const won = await callback(
        h(),
        { code: authorize(seller), state: started.state },
        started.cookie,
      );
      expect(won.result).toMatchObject({ outcome: 'connected', bound: 2, refused: 0 });
      expect((await shopList(h(), other.token)).list[0]!.bindStatus).toBe('EXPIRED');

      // Now the other account authorizes the same seller: both shops are the owner's.
      const theirs = await connect(h(), other.token);
      const refused = await callback(
        h(),
        { code: authorize(seller), state: theirs.state },
        theirs.cookie,
      );
      expect(refused.result).toEqual({
        outcome: 'refused',
        bound: 0,
        already: 0,
        refused: 2,
        reason: 'bound_elsewhere',
      });
    });

    it('a creator’s authorization or one without shops binds nothing, and says why', async () => {
      const { token } = await signedIn(h());
      const a = await connect(h(), token);
      const creator = await callback(
        h(),
        { code: authorize(newSeller({ userType: 1 })), state: a.state },
        a.cookie,
      );
      expect(creator.result).toMatchObject({ outcome: 'failed', reason: 'not_seller' });
      const b = await connect(h(), token);
      const empty = await callback(
        h(),
        { code: authorize(newSeller({ shops: [] })), state: b.state },
        b.cookie,
      );
      expect(empty.result).toMatchObject({ outcome: 'refused', reason: 'no_shops' });
      const c = await connect(h(), token);
      const badCode = await callback(
        h(),
        { code: 'TTP_code_never_issued', state: c.state },
        c.cookie,
      );
      expect(badCode.result).toMatchObject({ outcome: 'failed', reason: 'platform_error' });
    });

    it('shows "Reconnect" when a required scope was not granted', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const started = await connect(h(), token);
      const seller = newSeller({
        scopes: allScopes.filter((s) => s !== 'seller.affiliate_messages.write'),
      });
      await callback(h(), { code: authorize(seller), state: started.state }, started.cookie);
      const [connection] = await connections(h(), token);
      expect(connection).toMatchObject({
        status: 'active',
        missingScopes: ['seller.affiliate_messages.write'],
        needsReconnect: true,
      });
    });

    it('the job refreshes tokens a day before they expire; the executor gets the new token and the cipher', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const seller = newSeller();
      const started = await connect(h(), token);
      await callback(h(), { code: authorize(seller), state: started.state }, started.cookie);
      const shopId = (await shopList(h(), token)).list.find((s) => s.platformRegion === 'US')!.id;
      const userId = tokens.user.id;
      const before = await h().app.connections.shopApi(userId, shopId, new Date());
      expect(before.access.shopCipher).toBe(seller.shops[0]!.cipher);
      expect(fake.byAccess.has(before.access.accessToken)).toBe(true);

      // Not due yet: nothing is refreshed.
      expect(await refreshJob(h()).run(new Date())).toBe(0);
      // Six and a half days later the token expires within a day: renewed.
      const soon = new Date(Date.now() + 6.5 * DAY_S * 1000);
      fake.calls.length = 0;
      // Two replicas' passes at the same moment: one renews it, the other finds it claimed.
      const passes = await Promise.all([refreshJob(h()).run(soon), refreshJob(h()).run(soon)]);
      expect(passes.sort()).toEqual([0, 1]);
      expect(tokenCalls().map((c) => [c.path, c.query.grant_type])).toEqual([
        ['/auth/api/v2/token/refresh', 'refresh_token'],
      ]);
      const after = await h().app.connections.shopApi(userId, shopId, new Date());
      expect(after.access.accessToken).not.toBe(before.access.accessToken);
      expect(fake.byAccess.has(after.access.accessToken)).toBe(true);
      expect(fake.byAccess.has(before.access.accessToken)).toBe(false);
      const shopsOfPlatform = await after.client.getAuthorizedShops(after.access.accessToken);
      expect(shopsOfPlatform).toHaveLength(2);
    });

    it('a call answered "expired token" is renewed and sent once more', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const seller = newSeller();
      const started = await connect(h(), token);
      await callback(h(), { code: authorize(seller), state: started.state }, started.cookie);
      const shopId = (await shopList(h(), token)).list[0]!.id;
      // The platform's clock says the token has expired although ours does not know it yet.
      const [grant] = [...fake.byAccess.values()].filter((g) => g.seller === seller);
      grant!.accessExpiresAt = Math.floor(Date.now() / 1000) - 1;
      fake.calls.length = 0;
      const listed = await h().app.connections.withShopApi(tokens.user.id, shopId, (api) =>
        api.client.getAuthorizedShops(api.access.accessToken),
      );
      expect(listed).toHaveLength(2);
      expect(fake.calls.map((c) => c.path)).toEqual([
        '/api/authorization/202309/shops',
        '/auth/api/v2/token/refresh',
        '/api/authorization/202309/shops',
      ]);
    });

    it('a revoked authorization marks the connection and its shops "Reconnect"; calls stop', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const seller = newSeller();
      const started = await connect(h(), token);
      await callback(h(), { code: authorize(seller), state: started.state }, started.cookie);
      const shopId = (await shopList(h(), token)).list[0]!.id;
      // The seller deauthorizes the app on the platform: its tokens no longer exist there.
      for (const [key, grant] of fake.byRefresh)
        if (grant.seller === seller) fake.byRefresh.delete(key);
      for (const [key, grant] of fake.byAccess)
        if (grant.seller === seller) fake.byAccess.delete(key);

      const soon = new Date(Date.now() + 6.5 * DAY_S * 1000);
      expect(await refreshJob(h()).run(soon)).toBe(0);
      const [connection] = await connections(h(), token);
      expect(connection).toMatchObject({
        status: 'revoked',
        needsReconnect: true,
        errorCode: 'authorization_revoked',
      });
      expect(connection!.shopIds).toContain(shopId);
      fake.calls.length = 0;
      const refused = await h()
        .app.connections.shopApi(tokens.user.id, shopId, new Date())
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TikTokShopError);
      expect(refused).toMatchObject({ reason: 'authorization_revoked', next: 'reconnect' });
      expect(fake.calls).toEqual([]);

      // Connecting again renews the same connection: active, the shops served again.
      const again = await connect(h(), token);
      const renewed = await callback(
        h(),
        { code: authorize(seller), state: again.state },
        again.cookie,
      );
      expect(renewed.result).toMatchObject({ outcome: 'connected', bound: 0, already: 2 });
      const list = await connections(h(), token);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: connection!.id,
        status: 'active',
        needsReconnect: false,
        errorCode: null,
      });
    });

    it('a refresh token past its end makes the connection expired without asking the platform', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const started = await connect(h(), token);
      await callback(h(), { code: authorize(newSeller()), state: started.state }, started.cookie);
      fake.calls.length = 0;
      await refreshJob(h()).run(new Date(Date.now() + 366 * DAY_S * 1000));
      expect(tokenCalls()).toEqual([]);
      expect((await connections(h(), token))[0]).toMatchObject({
        status: 'expired',
        needsReconnect: true,
      });
    });

    it('tokens are in no answer and no log line, and sealed in the database', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const seller = newSeller();
      const started = await connect(h(), token);
      const code = authorize(seller);
      const back = await callback(h(), { code, state: started.state }, started.cookie);
      const shopId = (await shopList(h(), token)).list[0]!.id;
      await refreshJob(h()).run(new Date(Date.now() + 6.5 * DAY_S * 1000));
      await h().app.connections.withShopApi(tokens.user.id, shopId, (api) =>
        api.client.getAuthorizedShops(api.access.accessToken),
      );
      const answers = [
        started.raw,
        back.res.body,
        String(back.res.headers.location),
        JSON.stringify(await shopList(h(), token)),
        JSON.stringify(await connections(h(), token)),
        (await h().api.get(apiPaths.auth.me, { token })).body,
      ].map((a) => (typeof a === 'string' ? a : JSON.stringify(a)));
      // Every token the platform ever issued in this run, this seller's among them.
      const sellerTokens = [...fake.issued];
      expect(sellerTokens.length).toBeGreaterThan(2);
      const logs = h().logs.join('\n');
      expect(logs).toContain('oauth/callback');
      for (const secret of [...sellerTokens, code, started.state, APP_SECRET]) {
        // The connect answer carries the state in the authorization link, by design.
        for (const answer of secret === started.state ? answers.slice(1) : answers) {
          expect(answer).not.toContain(secret);
        }
        expect(logs).not.toContain(secret);
      }
      const rows = await h().app.db.select().from(platformConnections);
      const stored = JSON.stringify(rows);
      for (const secret of sellerTokens) expect(stored).not.toContain(secret);
      expect(rows[0]!.accessTokenSealed).toMatch(/^v1\./);
    });

    it('tokens that no longer open (APP_SECRET changed) make the connection "Reconnect", never a crash', async () => {
      const { token, tokens } = await signedIn(h());
      await grantPlan(h(), tokens.user.id, 'pro');
      const started = await connect(h(), token);
      await callback(h(), { code: authorize(newSeller()), state: started.state }, started.cookie);
      const shopId = (await shopList(h(), token)).list[0]!.id;
      const [row] = await h().app.db.select().from(platformConnections);
      // Sealed under another key: what a changed APP_SECRET leaves behind.
      const other = new SecretBox(
        'another-app-secret-that-is-long-enough-0123456789',
        'platform-tokens',
      );
      await h()
        .app.db.update(platformConnections)
        .set({
          accessTokenSealed: other.seal('TTP_x', 'ctx'),
          refreshTokenSealed: other.seal('TTP_y', 'ctx'),
        })
        .where(eq(platformConnections.id, row!.id));
      await expect(
        h().app.connections.shopApi(tokens.user.id, shopId, new Date()),
      ).rejects.toMatchObject({
        reason: 'authorization_revoked',
      });
      expect((await connections(h(), token))[0]).toMatchObject({
        status: 'revoked',
        needsReconnect: true,
      });
    });

    it('another account’s connections are not listed', async () => {
      const a = await signedIn(h());
      const b = await signedIn(h());
      await grantPlan(h(), a.tokens.user.id, 'pro');
      const started = await connect(h(), a.token);
      await callback(h(), { code: authorize(newSeller()), state: started.state }, started.cookie);
      expect(await connections(h(), a.token)).toHaveLength(1);
      expect(await connections(h(), b.token)).toEqual([]);
      const shopId = (await shopList(h(), a.token)).list[0]!.id;
      await expect(
        h().app.connections.shopApi(b.tokens.user.id, shopId, new Date()),
      ).rejects.toMatchObject({
        why: 'not_found',
      });
    });
  },
  { config },
);
