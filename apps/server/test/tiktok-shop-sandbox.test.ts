import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import {
  buildTikTokShopSandbox,
  sandboxCreator,
  sandboxProductId,
  sandboxSellers,
  sandboxSignature,
  tiktokShopSandboxCredentials,
  TIKTOK_SHOP_SANDBOX_BASE,
  type TikTokShopSandbox,
} from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, type Harness } from './support/harness.ts';

/**
 * The sandbox TikTok Shop, driven as a client would drive the platform, with a signer
 * written here from TikTok's "Sign your API request" page (not from any client code):
 * sorted query pairs without `sign` and `access_token`, after the path, then the body, the
 * app secret on both ends, HMAC-SHA256 keyed by the secret, hex.
 */
function docSign(secret: string, path: string, query: Record<string, string>, body = ''): string {
  const keys = Object.keys(query)
    .filter((k) => k !== 'sign' && k !== 'access_token')
    .sort();
  const input = secret + path + keys.map((k) => k + query[k]).join('') + body + secret;
  return createHmac('sha256', secret).update(input).digest('hex');
}

const BASE = TIKTOK_SHOP_SANDBOX_BASE;
const US = sandboxSellers[0]!.shops[0]!;
const GB = sandboxSellers[1]!.shops[0]!;
const ES = sandboxSellers[1]!.shops[1]!;
/** Wednesday 2027-03-10 12:00 UTC (04:00 in Los Angeles, noon in London). */
const START = new Date('2027-03-10T12:00:00Z');

function setClock(h: Harness, at: Date) {
  h.app.clock.now = () => new Date(at.getTime());
}
function sandboxOf(h: Harness): TikTokShopSandbox {
  return h.app.tiktokShopSandbox!;
}

interface Answer<T = Record<string, unknown>> {
  status: number;
  code: number;
  message: string;
  data: T;
  raw: Record<string, unknown>;
}

async function answer<T>(res: { statusCode: number; body: string }): Promise<Answer<T>> {
  const raw = JSON.parse(res.body) as Record<string, unknown>;
  return {
    status: res.statusCode,
    code: raw.code as number,
    message: raw.message as string,
    data: raw.data as T,
    raw,
  };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  access_token_expire_in: number;
  refresh_token_expire_in: number;
  open_id: string;
  seller_name: string;
  seller_base_region: string;
  user_type: number;
  granted_scopes: string[];
}

/** The seller's way through the authorization page: the redirect the browser follows. */
async function decide(
  h: Harness,
  form: { seller?: string; decision: 'allow' | 'deny'; scopes?: string[]; state?: string },
) {
  const creds = await tiktokShopSandboxCredentials(h.app.db);
  const body = new URLSearchParams({
    service_id: creds.serviceId,
    state: form.state ?? 'state-123',
    decision: form.decision,
    ...(form.seller ? { seller: form.seller } : {}),
  });
  for (const scope of form.scopes ?? [
    'seller.authorization.info',
    'seller.creator_marketplace.read',
    'seller.affiliate_collaboration.read',
    'seller.affiliate_collaboration.write',
    'seller.affiliate_messages.write',
  ])
    body.append('scope', scope);
  const res = await h.app.inject({
    method: 'POST',
    url: `${BASE}/open/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
  return {
    status: res.statusCode,
    location: res.headers.location as string | undefined,
    body: res.body,
  };
}

async function tokenCall(h: Harness, which: 'get' | 'refresh', query: Record<string, string>) {
  const res = await h.app.inject({
    method: 'GET',
    url: `${BASE}/api/v2/token/${which}`,
    query,
  });
  return answer<Tokens>(res);
}

/** Authorizes a seller and exchanges the code: the tokens. */
async function connect(h: Harness, seller: string, scopes?: string[]): Promise<Tokens> {
  const decided = await decide(h, { seller, decision: 'allow', scopes });
  expect(decided.status).toBe(302);
  const code = new URL(decided.location!).searchParams.get('code')!;
  const creds = await tiktokShopSandboxCredentials(h.app.db);
  const got = await tokenCall(h, 'get', {
    app_key: creds.appKey,
    app_secret: creds.appSecret,
    auth_code: code,
    grant_type: 'authorized_code',
  });
  expect(got.code, got.message).toBe(0);
  return got.data;
}

interface CallOptions {
  token?: string;
  shop?: { cipher: string };
  query?: Record<string, string>;
  body?: unknown;
  /** Seconds added to the signed timestamp. */
  skew?: number;
  /** Replaces the computed signature. */
  sign?: string;
  /** Signs the path below the base (as a client with a base URL might). */
  signApiPath?: boolean;
  omit?: string[];
}

async function api<T = Record<string, unknown>>(
  h: Harness,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const creds = await tiktokShopSandboxCredentials(h.app.db);
  const query: Record<string, string> = {
    app_key: creds.appKey,
    timestamp: String(Math.floor(h.app.clock.now().getTime() / 1000) + (options.skew ?? 0)),
    ...(options.shop ? { shop_cipher: options.shop.cipher } : {}),
    ...options.query,
  };
  for (const key of options.omit ?? []) delete query[key];
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const signedPath = options.signApiPath ? path : `${BASE}${path}`;
  if (!options.omit?.includes('sign'))
    query.sign = options.sign ?? docSign(creds.appSecret, signedPath, query, body);
  const res = await h.app.inject({
    method,
    url: `${BASE}${path}`,
    query,
    headers: {
      ...(options.token ? { 'x-tts-access-token': options.token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
  return answer<T>(res);
}

function collaboration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Spring picks',
    message: 'Hi! We love your videos.',
    end_time: String(Math.floor(START.getTime() / 1000) + 30 * 86400),
    products: [{ id: sandboxProductId(US, 1), target_commission_rate: 1500 }],
    creator_user_open_ids: [sandboxCreator('US', 1).openId],
    seller_contact_info: { email: 'team@sunny.example' },
    free_sample_rule: { has_free_sample: false, is_sample_approval_exempt: false },
    ...overrides,
  };
}

const TC = '/affiliate_seller/202508/target_collaborations';
const usCreators = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sandboxCreator('US', from + i))
    .filter((c) => c.trait === null)
    .map((c) => c.openId);

describeApi('sandbox TikTok Shop', (h) => {
  it("signs as the documents' worked example does, and checks requests that way", async () => {
    // "Sign your API request": app_secret e59af819cc, GET /authorization/202309/shops with
    // app_key 29a39d and timestamp 1623812664 sign to b596b7…2dc8
    // (partner.tiktokshop.com/docv2/page/sign-your-api-request, mirrored in
    // github:lazykern/ecommerce-api-docs data/raw/tiktok/developer-guide/tiktok-shop-api-concepts/sign-your-api-request.json).
    const worked = 'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8';
    const query = { app_key: '29a39d', timestamp: '1623812664' };
    expect(docSign('e59af819cc', '/authorization/202309/shops', query)).toBe(worked);
    expect(
      sandboxSignature('e59af819cc', '/authorization/202309/shops', Object.entries(query), ''),
    ).toBe(worked);
    // sign and access_token stay out; the body goes in.
    expect(
      sandboxSignature(
        'e59af819cc',
        '/authorization/202309/shops',
        [...Object.entries(query), ['sign', 'x'], ['access_token', 'y']],
        '',
      ),
    ).toBe(worked);
    expect(sandboxSignature('s', '/p', [['a', '1']], '{"x":1}')).toBe(
      docSign('s', '/p', { a: '1' }, '{"x":1}'),
    );

    setClock(h(), START);
    const tokens = await connect(h(), 'local-us');
    const ok = await api(h(), 'GET', '/authorization/202309/shops', { token: tokens.access_token });
    expect(ok.code, ok.message).toBe(0);
    // The path below the base signs too (a client whose base URL carries the prefix).
    const apiPath = await api(h(), 'GET', '/authorization/202309/shops', {
      token: tokens.access_token,
      signApiPath: true,
    });
    expect(apiPath.code).toBe(0);
    const bad = await api(h(), 'GET', '/authorization/202309/shops', {
      token: tokens.access_token,
      sign: docSign('not-the-secret', `${BASE}/authorization/202309/shops`, {}),
    });
    expect([bad.status, bad.code]).toEqual([401, 106001]);
    expect(bad.raw).toMatchObject({
      data: null,
      request_id: expect.stringMatching(/^\d{14}[0-9A-F]{20}$/),
    });
    // A body changed after signing no longer matches.
    const creds = await tiktokShopSandboxCredentials(h().app.db);
    const body = { creator_open_id: sandboxCreator('US', 1).openId };
    const q = {
      app_key: creds.appKey,
      timestamp: String(START.getTime() / 1000),
      shop_cipher: US.cipher,
    };
    const signedForOther = docSign(
      creds.appSecret,
      `${BASE}/affiliate_seller/202508/conversations`,
      q,
      JSON.stringify({ creator_open_id: 'someone-else' }),
    );
    const tampered = await api(h(), 'POST', '/affiliate_seller/202508/conversations', {
      token: tokens.access_token,
      shop: US,
      body,
      sign: signedForOther,
    });
    expect([tampered.status, tampered.code]).toEqual([401, 106001]);
  });

  it('draws the authorization page in Chinese and English, plainly marked sandbox', async () => {
    const creds = await tiktokShopSandboxCredentials(h().app.db);
    const url = `${BASE}/open/authorize?service_id=${creds.serviceId}&state=abc`;
    const zh = await h().app.inject({ method: 'GET', url });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('text/html');
    expect(zh.body).toContain('沙箱');
    expect(zh.body).toContain('选择一个沙箱卖家账号');
    expect(zh.body).toContain('Bright Living GB');
    expect(zh.body).toContain('Bright Living ES');
    expect(zh.body).toContain('Sunny Home Goods');
    const en = await h().app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body).toContain('SANDBOX');
    expect(en.body).toContain('Choose a sandbox seller account');
    expect(en.body).toContain('Cross-border seller');
    const byLang = await h().app.inject({ method: 'GET', url: `${url}&lang=en-US` });
    expect(byLang.body).toContain('Authorize');
    const unknown = await h().app.inject({
      method: 'GET',
      url: `${BASE}/open/authorize?service_id=000&state=abc`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('service_id is wrong');
    expect(unknown.body).toContain('SANDBOX');
    const noState = await h().app.inject({ method: 'GET', url: `${BASE}/open/authorize?service_id=${creds.serviceId}` });
    expect(noState.statusCode).toBe(400);
    expect(noState.body).toContain('缺少 state 参数');
  });

  it('authorizes: code and state to the redirect URL, a single-use short-lived code, then the tokens and the shops', async () => {
    setClock(h(), START);
    const denied = await decide(h(), { decision: 'deny', state: 'st-1' });
    expect(denied.status).toBe(302);
    const deniedUrl = new URL(denied.location!);
    expect(`${deniedUrl.origin}${deniedUrl.pathname}`).toBe(`${h().app.config.publicUrl}/api/v1/platforms/tiktok-shop/oauth/callback`);
    expect(Object.fromEntries(deniedUrl.searchParams)).toEqual({ code: 'null', error: 'auth_denied', state: 'st-1' });

    const allowed = await decide(h(), { seller: 'global-cn', decision: 'allow', state: 'st-2' });
    const back = new URL(allowed.location!);
    expect(back.searchParams.get('state')).toBe('st-2');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^TTP_/);

    const creds = await tiktokShopSandboxCredentials(h().app.db);
    const base = { app_key: creds.appKey, app_secret: creds.appSecret, grant_type: 'authorized_code' };
    const wrongSecret = await tokenCall(h(), 'get', { ...base, app_secret: 'nope', auth_code: code });
    expect([wrongSecret.status, wrongSecret.code]).toEqual([400, 36009004]);
    const wrongGrant = await tokenCall(h(), 'get', { ...base, grant_type: 'refresh_token', auth_code: code });
    expect(wrongGrant.code).toBe(36009004);
    const got = await tokenCall(h(), 'get', { ...base, auth_code: code });
    expect(got.code, got.message).toBe(0);
    const now = START.getTime() / 1000;
    expect(got.data).toMatchObject({
      access_token_expire_in: now + 7 * 86400,
      refresh_token_expire_in: now + 365 * 86400,
      seller_name: 'Shenzhen Bright Trading Co., Ltd.',
      seller_base_region: 'CN',
      user_type: 0,
      granted_scopes: [
        'seller.authorization.info',
        'seller.creator_marketplace.read',
        'seller.affiliate_collaboration.read',
        'seller.affiliate_collaboration.write',
        'seller.affiliate_messages.write',
      ],
    });
    expect(got.data.access_token).toMatch(/^TTP_/);
    expect(got.data.open_id).toBeTruthy();
    // Used once: the second exchange finds nothing.
    const again = await tokenCall(h(), 'get', { ...base, auth_code: code });
    expect([again.status, again.code]).toEqual([200, 36004005]);
    // Short-lived: 30 minutes.
    const late = new URL((await decide(h(), { seller: 'local-us', decision: 'allow' })).location!).searchParams.get('code')!;
    setClock(h(), new Date(START.getTime() + 30 * 60_000 + 1000));
    expect((await tokenCall(h(), 'get', { ...base, auth_code: late })).code).toBe(36004005);
    setClock(h(), START);

    const shops = await api<{ shops: Array<Record<string, string>> }>(h(), 'GET', '/authorization/202309/shops', {
      token: got.data.access_token,
    });
    expect(shops.code).toBe(0);
    expect(shops.data.shops).toEqual([
      { id: GB.id, name: 'Bright Living GB', region: 'GB', seller_type: 'CROSS_BORDER', cipher: GB.cipher, code: GB.code },
      { id: ES.id, name: 'Bright Living ES', region: 'ES', seller_type: 'CROSS_BORDER', cipher: ES.cipher, code: ES.code },
    ]);
    const local = await connect(h(), 'local-us');
    const usShops = await api<{ shops: Array<Record<string, string>> }>(h(), 'GET', '/authorization/202309/shops', {
      token: local.access_token,
    });
    expect(usShops.data.shops).toEqual([
      { id: US.id, name: 'Sunny Home Goods', region: 'US', seller_type: 'LOCAL', cipher: US.cipher, code: US.code },
    ]);
  });

  it('refuses as the platform does: app key, signature, timestamp window, token, scope, shop cipher', async () => {
    setClock(h(), START);
    const tokens = await connect(h(), 'local-us');
    const shops = '/authorization/202309/shops';
    const token = tokens.access_token;
    const expectRefusal = async (options: CallOptions, status: number, code: number, path = shops, method: 'GET' | 'POST' = 'GET') => {
      const res = await api(h(), method, path, options);
      expect([res.status, res.code], res.message).toEqual([status, code]);
      return res;
    };
    await expectRefusal({ token, query: { app_key: 'unknown' } }, 400, 36009004);
    const unsigned = await expectRefusal({ token, omit: ['sign'] }, 400, 36009004);
    expect(unsigned.message).toContain('signature');
    await expectRefusal({ token, omit: ['timestamp'] }, 400, 36009004);
    const old = await expectRefusal({ token, skew: -301 }, 400, 36009004);
    expect(old.message).toContain('5 minutes');
    expect((await api(h(), 'GET', shops, { token, skew: -299 })).code).toBe(0);
    const ahead = await expectRefusal({ token, skew: 31 }, 400, 36009004);
    expect(ahead.message).toContain('30 seconds');
    expect((await api(h(), 'GET', shops, { token, skew: 29 })).code).toBe(0);
    await expectRefusal({ token, query: { timestamp: '1623812664000' } }, 400, 36009004);
    await expectRefusal({}, 401, 36009004);
    await expectRefusal({ token: 'TTP_not-a-token' }, 401, 36009004);
    // A shop cipher where none is wanted, none where one is, one unknown, another seller's.
    await expectRefusal({ token, shop: US }, 400, 36009004);
    const search = '/affiliate_seller/202508/marketplace_creators/search';
    await expectRefusal({ token, query: { page_size: '20' }, body: {} }, 400, 106013, search, 'POST');
    await expectRefusal({ token, shop: { cipher: 'ROW_unknown' }, query: { page_size: '20' }, body: {} }, 400, 106011, search, 'POST');
    await expectRefusal({ token, shop: GB, query: { page_size: '20' }, body: {} }, 401, 101000, search, 'POST');

    // A token without the marketplace scope.
    const narrow = await connect(h(), 'global-cn', ['seller.authorization.info', 'seller.affiliate_collaboration.write']);
    expect(narrow.granted_scopes).toEqual(['seller.authorization.info', 'seller.affiliate_collaboration.write']);
    const noScope = await expectRefusal({ token: narrow.access_token, shop: GB, query: { page_size: '20' }, body: {} }, 401, 105005, search, 'POST');
    expect(noScope.message).toContain('scope');
  });

  it('expires and refreshes tokens, and a revoked authorization stops both', async () => {
    setClock(h(), START);
    const tokens = await connect(h(), 'local-us');
    const creds = await tiktokShopSandboxCredentials(h().app.db);
    const shops = '/authorization/202309/shops';
    // Seven days later the access token has expired.
    setClock(h(), new Date(START.getTime() + 7 * 86400_000));
    const expired = await api(h(), 'GET', shops, { token: tokens.access_token });
    expect([expired.status, expired.code]).toEqual([401, 105002]);
    const refreshed = await tokenCall(h(), 'refresh', {
      app_key: creds.appKey,
      app_secret: creds.appSecret,
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(refreshed.code, refreshed.message).toBe(0);
    expect(refreshed.data.access_token).not.toBe(tokens.access_token);
    expect(refreshed.data.access_token_expire_in).toBe(START.getTime() / 1000 + 14 * 86400);
    expect(refreshed.data.refresh_token).toBe(tokens.refresh_token);
    expect((await api(h(), 'GET', shops, { token: refreshed.data.access_token })).code).toBe(0);

    // A test shortens the expiry through the control route.
    const shortened = await h().app.inject({
      method: 'POST',
      url: `${BASE}/control/sellers/local-us/expire-tokens`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ in_seconds: 0 }),
    });
    expect(shortened.statusCode).toBe(200);
    expect((await api(h(), 'GET', shops, { token: refreshed.data.access_token })).code).toBe(105002);
    const refreshAgain = {
      app_key: creds.appKey,
      app_secret: creds.appSecret,
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
    };
    const third = await tokenCall(h(), 'refresh', refreshAgain);
    expect(third.code).toBe(0);

    // The refresh token expires too.
    await sandboxOf(h()).expireTokens('local-us', { refreshToken: true });
    expect((await tokenCall(h(), 'refresh', refreshAgain)).code).toBe(36004001);

    // Revoked: tokens answer 105001, refresh 36004005.
    const fresh = await connect(h(), 'local-us');
    const revoked = await h().app.inject({ method: 'POST', url: `${BASE}/control/sellers/local-us/revoke` });
    expect(JSON.parse(revoked.body)).toMatchObject({ code: 0, data: { revoked: 2 } });
    const after = await api(h(), 'GET', shops, { token: fresh.access_token });
    expect([after.status, after.code]).toEqual([401, 105001]);
    const refreshRevoked = await tokenCall(h(), 'refresh', { ...refreshAgain, refresh_token: fresh.refresh_token });
    expect(refreshRevoked.code).toBe(36004005);
    // Authorizing again works again.
    const back = await connect(h(), 'local-us');
    expect((await api(h(), 'GET', shops, { token: back.access_token })).code).toBe(0);
  });
});
