import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import {
  buildTikTokShopSandbox,
  numberedSeller,
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
    const en = await h().app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
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
    const noState = await h().app.inject({
      method: 'GET',
      url: `${BASE}/open/authorize?service_id=${creds.serviceId}`,
    });
    expect(noState.statusCode).toBe(400);
    expect(noState.body).toContain('缺少 state 参数');
  });

  it('authorizes: code and state to the redirect URL, a single-use short-lived code, then the tokens and the shops', async () => {
    setClock(h(), START);
    const denied = await decide(h(), { decision: 'deny', state: 'st-1' });
    expect(denied.status).toBe(302);
    const deniedUrl = new URL(denied.location!);
    expect(`${deniedUrl.origin}${deniedUrl.pathname}`).toBe(
      `${h().app.config.publicUrl}/api/v1/platforms/tiktok-shop/oauth/callback`,
    );
    expect(Object.fromEntries(deniedUrl.searchParams)).toEqual({
      code: 'null',
      error: 'auth_denied',
      state: 'st-1',
    });

    const allowed = await decide(h(), { seller: 'global-cn', decision: 'allow', state: 'st-2' });
    const back = new URL(allowed.location!);
    expect(back.searchParams.get('state')).toBe('st-2');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^TTP_/);

    const creds = await tiktokShopSandboxCredentials(h().app.db);
    const base = {
      app_key: creds.appKey,
      app_secret: creds.appSecret,
      grant_type: 'authorized_code',
    };
    const wrongSecret = await tokenCall(h(), 'get', {
      ...base,
      app_secret: 'nope',
      auth_code: code,
    });
    expect([wrongSecret.status, wrongSecret.code]).toEqual([400, 36009004]);
    const wrongGrant = await tokenCall(h(), 'get', {
      ...base,
      grant_type: 'refresh_token',
      auth_code: code,
    });
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
    const late = new URL(
      (await decide(h(), { seller: 'local-us', decision: 'allow' })).location!,
    ).searchParams.get('code')!;
    setClock(h(), new Date(START.getTime() + 30 * 60_000 + 1000));
    expect((await tokenCall(h(), 'get', { ...base, auth_code: late })).code).toBe(36004005);
    setClock(h(), START);

    const shops = await api<{ shops: Array<Record<string, string>> }>(
      h(),
      'GET',
      '/authorization/202309/shops',
      {
        token: got.data.access_token,
      },
    );
    expect(shops.code).toBe(0);
    expect(shops.data.shops).toEqual([
      {
        id: GB.id,
        name: 'Bright Living GB',
        region: 'GB',
        seller_type: 'CROSS_BORDER',
        cipher: GB.cipher,
        code: GB.code,
      },
      {
        id: ES.id,
        name: 'Bright Living ES',
        region: 'ES',
        seller_type: 'CROSS_BORDER',
        cipher: ES.cipher,
        code: ES.code,
      },
    ]);
    const local = await connect(h(), 'local-us');
    const usShops = await api<{ shops: Array<Record<string, string>> }>(
      h(),
      'GET',
      '/authorization/202309/shops',
      {
        token: local.access_token,
      },
    );
    expect(usShops.data.shops).toEqual([
      {
        id: US.id,
        name: 'Sunny Home Goods',
        region: 'US',
        seller_type: 'LOCAL',
        cipher: US.cipher,
        code: US.code,
      },
    ]);

    // Numbered sellers (us-1 … us-9999) for benches that need many shops: one US shop each,
    // in place once authorized, with the same catalogue and marketplace.
    const numbered = numberedSeller(42)!;
    const many = await connect(h(), 'us-42');
    expect(many.seller_name).toBe('Sandbox Seller US 0042');
    const own = await api<{ shops: Array<Record<string, string>> }>(
      h(),
      'GET',
      '/authorization/202309/shops',
      { token: many.access_token },
    );
    expect(own.data.shops).toEqual([
      expect.objectContaining({ id: numbered.shops[0]!.id, region: 'US', seller_type: 'LOCAL' }),
    ]);
    const invited = await api(h(), 'POST', TC, {
      token: many.access_token,
      shop: numbered.shops[0]!,
      body: collaboration({
        products: [{ id: sandboxProductId(numbered.shops[0]!, 1), target_commission_rate: 1000 }],
      }),
    });
    expect(invited.code, invited.message).toBe(0);
    expect((await decide(h(), { seller: 'us-10000', decision: 'allow' })).status).toBe(400);
  });

  it('refuses as the platform does: app key, signature, timestamp window, token, scope, shop cipher', async () => {
    setClock(h(), START);
    const tokens = await connect(h(), 'local-us');
    const shops = '/authorization/202309/shops';
    const token = tokens.access_token;
    const expectRefusal = async (
      options: CallOptions,
      status: number,
      code: number,
      path = shops,
      method: 'GET' | 'POST' = 'GET',
    ) => {
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
    await expectRefusal(
      { token, query: { page_size: '20' }, body: {} },
      400,
      106013,
      search,
      'POST',
    );
    await expectRefusal(
      { token, shop: { cipher: 'ROW_unknown' }, query: { page_size: '20' }, body: {} },
      400,
      106011,
      search,
      'POST',
    );
    await expectRefusal(
      { token, shop: GB, query: { page_size: '20' }, body: {} },
      401,
      101000,
      search,
      'POST',
    );

    // A token without the marketplace scope.
    const narrow = await connect(h(), 'global-cn', [
      'seller.authorization.info',
      'seller.affiliate_collaboration.write',
    ]);
    expect(narrow.granted_scopes).toEqual([
      'seller.authorization.info',
      'seller.affiliate_collaboration.write',
    ]);
    const noScope = await expectRefusal(
      { token: narrow.access_token, shop: GB, query: { page_size: '20' }, body: {} },
      401,
      105005,
      search,
      'POST',
    );
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
    expect((await api(h(), 'GET', shops, { token: refreshed.data.access_token })).code).toBe(
      105002,
    );
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
    const revoked = await h().app.inject({
      method: 'POST',
      url: `${BASE}/control/sellers/local-us/revoke`,
    });
    expect(JSON.parse(revoked.body)).toMatchObject({ code: 0, data: { revoked: 2 } });
    const after = await api(h(), 'GET', shops, { token: fresh.access_token });
    expect([after.status, after.code]).toEqual([401, 105001]);
    const refreshRevoked = await tokenCall(h(), 'refresh', {
      ...refreshAgain,
      refresh_token: fresh.refresh_token,
    });
    expect(refreshRevoked.code).toBe(36004005);
    // Authorizing again works again.
    const back = await connect(h(), 'local-us');
    expect((await api(h(), 'GET', shops, { token: back.access_token })).code).toBe(0);
  });

  it('creates a target collaboration exactly as sent, within the documented limits', async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'local-us');
    const create = (body: unknown) =>
      api<Record<string, unknown>>(h(), 'POST', TC, { token, shop: US, body });
    const refused = async (body: unknown, needle: string) => {
      const res = await create(body);
      expect([res.status, res.code], res.message).toEqual([400, 36009004]);
      expect(res.message).toContain(needle);
    };
    await refused(
      collaboration({ creator_user_open_ids: usCreators(1, 60).slice(0, 51) }),
      'creator_user_open_ids',
    );
    const products101 = Array.from({ length: 101 }, (_, i) => ({
      id: `9${i}`,
      target_commission_rate: 1000,
    }));
    await refused(collaboration({ products: products101 }), 'products');
    await refused(
      collaboration({ products: [{ id: sandboxProductId(US, 1), target_commission_rate: 99 }] }),
      'target_commission_rate',
    );
    await refused(
      collaboration({ products: [{ id: sandboxProductId(US, 1), target_commission_rate: 8001 }] }),
      'target_commission_rate',
    );
    await refused(collaboration({ name: 'x'.repeat(31) }), 'name');
    await refused(collaboration({ name: '' }), 'name');
    await refused(collaboration({ end_time: String(START.getTime() / 1000 - 1) }), 'end_time');
    await refused(collaboration({ end_time: START.getTime() / 1000 + 86400 }), 'end_time');
    await refused(collaboration({ seller_contact_info: { email: 'not-an-email' } }), 'email');
    await refused(
      collaboration({ free_sample_rule: { has_free_sample: true } }),
      'is_sample_approval_exempt',
    );
    await refused(collaboration({ creator_user_open_ids: [] }), 'creator_user_open_ids');
    expect(await sandboxOf(h()).calls({ pathPrefix: TC })).toHaveLength(11);

    // At the limits: 50 creators, 100 products would need 100 products; 30 characters (CJK too).
    const fifty = usCreators(1, 60).slice(0, 50);
    const name = '春季新品达人合作邀约'.repeat(3);
    const body = collaboration({
      name,
      creator_user_open_ids: fifty,
      products: [
        { id: sandboxProductId(US, 1), target_commission_rate: 100 },
        {
          id: sandboxProductId(US, 2),
          target_commission_rate: 8000,
          shop_ads_commission_rate: 1000,
        },
      ],
      free_sample_rule: { has_free_sample: true, is_sample_approval_exempt: true },
    });
    const made = await create(body);
    expect(made.code, made.message).toBe(0);
    const id = (made.data.target_collaboration as { id: string }).id;
    expect(id).toMatch(/^\d{19}$/);
    expect(made.data.target_collaboration_conflicts).toEqual([]);

    const detail = await api<{ target_collaboration: Record<string, unknown> }>(
      h(),
      'GET',
      `${TC}/${id}`,
      { token, shop: US },
    );
    expect(detail.code).toBe(0);
    const tc = detail.data.target_collaboration;
    expect(tc).toMatchObject({
      id,
      name,
      message: 'Hi! We love your videos.',
      seller_contact_info: { email: 'team@sunny.example' },
      start_time: START.getTime() / 1000,
      end_time: START.getTime() / 1000 + 30 * 86400,
      creator_invited_count: 50,
      product_count: 2,
      free_sample_rule: { has_free_sample: true, is_sample_approval_exempt: true },
    });
    expect(
      (tc.products as Array<{ id: string; commission: { rate: number } }>).map((p) => [
        p.id,
        p.commission.rate,
      ]),
    ).toEqual([
      [sandboxProductId(US, 1), 100],
      [sandboxProductId(US, 2), 8000],
    ]);
    expect(
      (tc.creators as Array<{ creator_open_id: string }>).map((c) => c.creator_open_id).sort(),
    ).toEqual([...fifty].sort());
    // Another shop cannot read it.
    const other = await connect(h(), 'global-cn');
    const foreign = await api(h(), 'GET', `${TC}/${id}`, { token: other.access_token, shop: GB });
    expect(foreign.code).toBe(50001700);

    // Found again by name, by product, by creator, by id; not by status COMPLETED.
    const search = (payload: unknown, query: Record<string, string> = {}) =>
      api<{
        total_count: number;
        target_collaborations: Array<Record<string, unknown>>;
        next_page_token?: string;
      }>(h(), 'POST', `${TC}/search`, { token, shop: US, body: payload, query });
    const byName = await search({
      collaboration_status: 'VALID',
      search_param: { keyword_type: 'TARGET_COLLABORATION_NAME', keyword: '春季新品' },
    });
    expect(byName.code, byName.message).toBe(0);
    expect(byName.data.total_count).toBe(1);
    expect(byName.data.target_collaborations[0]).toMatchObject({
      id,
      name,
      creator_inivited_count: 50,
      product_count: 2,
      type: 'STANDARD',
    });
    const byCreator = await search({
      collaboration_status: 'ONGOING',
      creator_user_open_id: fifty[49],
    });
    expect(byCreator.data.target_collaborations.map((t) => t.id)).toEqual([id]);
    const byProduct = await search({
      collaboration_status: 'VALID',
      search_param: { keyword_type: 'PRODUCT_ID', keyword: sandboxProductId(US, 2) },
    });
    expect(byProduct.data.total_count).toBe(1);
    const byId = await search({
      collaboration_status: 'VALID',
      search_param: { keyword_type: 'TARGET_COLLABORATION_ID', keyword: id },
    });
    expect(byId.data.total_count).toBe(1);
    expect((await search({ collaboration_status: 'COMPLETED' })).data.total_count).toBe(0);
    expect(
      (
        await search({
          collaboration_status: 'VALID',
          creator_user_open_id: sandboxCreator('US', 55).openId,
        })
      ).data.total_count,
    ).toBe(0);
    expect((await search({})).code).toBe(36009004);
    expect((await search({ collaboration_status: 'VALID' }, { page_size: '10' })).code).toBe(
      36009004,
    );
  });

  it('a conflict creates nothing: the pairs come back and the rest must be sent again', async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'local-us');
    const first = usCreators(1, 5);
    const made = await api(h(), 'POST', TC, {
      token,
      shop: US,
      body: collaboration({ creator_user_open_ids: first }),
    });
    expect(made.code).toBe(0);
    const quotaBefore = await sandboxOf(h()).shops();
    const overlapping = [first[1]!, ...usCreators(100, 4)];
    const conflict = await api<{
      target_collaboration_conflicts: unknown[];
      target_collaboration?: unknown;
    }>(h(), 'POST', TC, {
      token,
      shop: US,
      body: collaboration({
        name: 'Second wave',
        creator_user_open_ids: overlapping,
        products: [
          { id: sandboxProductId(US, 1), target_commission_rate: 1200 },
          { id: sandboxProductId(US, 3), target_commission_rate: 1200 },
        ],
      }),
    });
    expect([conflict.status, conflict.code]).toEqual([200, 16024022]);
    expect(conflict.data.target_collaboration).toBeUndefined();
    expect(conflict.data.target_collaboration_conflicts).toEqual([
      { creator_user_open_id: first[1], product_id: sandboxProductId(US, 1) },
    ]);
    // Nothing was created, and no quota was taken.
    const all = await api<{ total_count: number }>(h(), 'POST', `${TC}/search`, {
      token,
      shop: US,
      body: { collaboration_status: 'VALID' },
    });
    expect(all.data.total_count).toBe(1);
    expect(await sandboxOf(h()).shops()).toEqual(quotaBefore);
    // Without the conflicting creator it goes through; another product is no conflict.
    const rest = await api(h(), 'POST', TC, {
      token,
      shop: US,
      body: collaboration({
        name: 'Second wave',
        creator_user_open_ids: overlapping.slice(1),
        products: [{ id: sandboxProductId(US, 1), target_commission_rate: 1200 }],
      }),
    });
    expect(rest.code, rest.message).toBe(0);
    const otherProduct = await api(h(), 'POST', TC, {
      token,
      shop: US,
      body: collaboration({
        name: 'Third',
        creator_user_open_ids: [first[1]!],
        products: [{ id: sandboxProductId(US, 5), target_commission_rate: 1200 }],
      }),
    });
    expect(otherProduct.code).toBe(0);
    // Once a collaboration is removed, its pairs are free again.
    const firstId = (made.data as { target_collaboration: { id: string } }).target_collaboration.id;
    const removed = await api(
      h(),
      'DELETE',
      `/affiliate_seller/202409/target_collaborations/${firstId}`,
      { token, shop: US },
    );
    expect(removed.code).toBe(0);
    const again = await api(h(), 'POST', TC, {
      token,
      shop: US,
      body: collaboration({ name: 'Fourth', creator_user_open_ids: [first[0]!] }),
    });
    expect(again.code, again.message).toBe(0);
  });

  it('refuses creators, products and words the platform refuses, and a name in use', async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'local-us');
    const create = (overrides: Record<string, unknown>) =>
      api(h(), 'POST', TC, { token, shop: US, body: collaboration(overrides) });
    const expectCode = async (overrides: Record<string, unknown>, code: number) => {
      const res = await create(overrides);
      expect([res.status, res.code], res.message).toEqual([200, code]);
      return res;
    };
    const fine = sandboxCreator('US', 1).openId;
    const excluded = sandboxCreator('US', 7);
    expect(excluded.trait).toBe('excluded');
    const ex = await expectCode({ creator_user_open_ids: [fine, excluded.openId] }, 16024020);
    expect(ex.message).toContain(excluded.openId);
    await expectCode({ creator_user_open_ids: [sandboxCreator('US', 17).openId] }, 16024021);
    await expectCode({ creator_user_open_ids: [sandboxCreator('US', 27).openId] }, 16024016);
    await expectCode({ creator_user_open_ids: [sandboxCreator('GB', 1).openId] }, 50001702);
    await expectCode({ creator_user_open_ids: ['uACnobody'] }, 50001702);
    await expectCode(
      { products: [{ id: sandboxProductId(GB, 1), target_commission_rate: 1000 }] },
      16024008,
    );
    await expectCode({ products: [{ id: '1234', target_commission_rate: 1000 }] }, 16024008);
    await expectCode(
      { products: [{ id: sandboxProductId(US, 24), target_commission_rate: 1000 }] },
      50001702,
    );
    await expectCode({ message: 'Add me on WhatsApp for a bonus' }, 50001703);
    await expectCode({ name: '加微信返现' }, 50001703);
    // A shop with a lower follower limit refuses more creators.
    const popular = Array.from({ length: 40 }, (_, i) => sandboxCreator('US', i + 1)).find(
      (c) => c.trait === null && c.followerCount > 5000,
    )!;
    const limited = await h().app.inject({
      method: 'PUT',
      url: `${BASE}/control/shops/${US.id}/limits`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ follower_limit: 5000 }),
    });
    expect(JSON.parse(limited.body)).toMatchObject({
      code: 0,
      data: { shop: { followerLimit: 5000 } },
    });
    await expectCode({ creator_user_open_ids: [popular.openId] }, 16024021);
    await sandboxOf(h()).setShopLimits(US.id, { followerLimit: 1_000_000 });
    // None of these created anything.
    const all = await api<{ total_count: number }>(h(), 'POST', `${TC}/search`, {
      token,
      shop: US,
      body: { collaboration_status: 'VALID' },
    });
    expect(all.data.total_count).toBe(0);
    expect((await create({})).code).toBe(0);
    await expectCode({ creator_user_open_ids: [sandboxCreator('US', 2).openId] }, 98001004);
  });

  it('shares a weekly quota between invitations and new conversations, reset on Sunday at 00:00 shop time', async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'local-us');
    await sandboxOf(h()).setShopLimits(US.id, { weeklyQuota: 3, starterPack: 2 });
    const create = (name: string, creators: string[], product = 1) =>
      api(h(), 'POST', TC, {
        token,
        shop: US,
        body: collaboration({
          name,
          creator_user_open_ids: creators,
          products: [{ id: sandboxProductId(US, product), target_commission_rate: 1000 }],
        }),
      });
    const [a, b, c, d, e, f, g] = usCreators(1, 10);
    expect((await create('w1', [a!, b!, c!])).code).toBe(0);
    // The week's 3 are used; the one-time starter pack of 2 comes next.
    expect((await create('w2', [d!, e!], 2)).code).toBe(0);
    const shop = (await sandboxOf(h()).shops()).find((s) => s.id === US.id)!;
    expect(shop.starterPackRemaining).toBe(0);
    const none = await create('w3', [f!], 3);
    expect([none.status, none.code]).toEqual([200, 16024019]);
    // A creator contacted this week counts once; a connected creator never counts.
    expect((await create('w4', [a!, d!], 4)).code).toBe(0);
    await h().app.inject({
      method: 'POST',
      url: `${BASE}/control/shops/${US.id}/connected-creators`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ creator_open_ids: [g] }),
    });
    expect((await create('w5', [g!], 5)).code).toBe(0);
    // New conversations take from the same quota.
    const talk = await api(h(), 'POST', '/affiliate_seller/202508/conversations', {
      token,
      shop: US,
      body: { creator_open_id: f },
    });
    expect(talk.code).toBe(16030002);
    expect(
      (
        await api(h(), 'POST', '/affiliate_seller/202508/conversations', {
          token,
          shop: US,
          body: { creator_open_id: a },
        })
      ).code,
    ).toBe(0);

    // Saturday 23:59:59 in Los Angeles: still this week. Sunday 00:00: a new week.
    setClock(h(), new Date('2027-03-14T07:59:59Z'));
    expect((await create('w3', [f!], 3)).code).toBe(16024019);
    setClock(h(), new Date('2027-03-14T08:00:00Z'));
    const afterReset = await create('w3', [f!], 3);
    expect(afterReset.code, afterReset.message).toBe(0);
    // London's week turned over eight hours earlier: the GB shop's clock is its own.
    const gb = await connect(h(), 'global-cn');
    await sandboxOf(h()).setShopLimits(GB.id, { weeklyQuota: 1, starterPack: 0 });
    setClock(h(), new Date('2027-03-13T23:30:00Z'));
    const gbInvite = (name: string, n: number) =>
      api(h(), 'POST', TC, {
        token: gb.access_token,
        shop: GB,
        body: collaboration({
          name,
          creator_user_open_ids: [sandboxCreator('GB', n).openId],
          products: [{ id: sandboxProductId(GB, 1), target_commission_rate: 1000 }],
        }),
      });
    expect((await gbInvite('g1', 1)).code).toBe(0);
    expect((await gbInvite('g2', 2)).code).toBe(16024019);
    setClock(h(), new Date('2027-03-14T00:00:00Z'));
    expect((await gbInvite('g2', 2)).code).toBe(0);
  });

  it("keeps the shop's daily limits, reset at the shop's midnight", async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'local-us');
    await sandboxOf(h()).setShopLimits(US.id, { dailyCollaborationLimit: 2, dailyCreatorLimit: 3 });
    const create = (name: string, creators: string[]) =>
      api(h(), 'POST', TC, {
        token,
        shop: US,
        body: collaboration({ name, creator_user_open_ids: creators }),
      });
    const ids = usCreators(1, 10);
    expect((await create('d1', [ids[0]!, ids[1]!])).code).toBe(0);
    expect((await create('d2', [ids[2]!, ids[3]!])).code).toBe(16024035);
    expect((await create('d2', [ids[2]!])).code).toBe(0);
    expect((await create('d3', [ids[3]!])).code).toBe(16024034);
    // 2027-03-11 00:00 in Los Angeles (08:00 UTC).
    setClock(h(), new Date('2027-03-11T08:00:00Z'));
    expect((await create('d3', [ids[3]!])).code).toBe(0);
  });

  it('rate limits per app, shop and API with 429 and 36009002', async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'global-cn');
    const set = await h().app.inject({
      method: 'PUT',
      url: `${BASE}/control/settings`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ rate_limit_per_second: 2 }),
    });
    expect(JSON.parse(set.body)).toMatchObject({
      code: 0,
      data: { settings: { rateLimitPerSecond: 2 } },
    });
    const search = (shop: { cipher: string }) =>
      api(h(), 'POST', '/affiliate_seller/202508/marketplace_creators/search', {
        token,
        shop,
        query: { page_size: '12' },
        body: {},
      });
    expect((await search(GB)).code).toBe(0);
    expect((await search(GB)).code).toBe(0);
    const limited = await search(GB);
    expect([limited.status, limited.code]).toEqual([429, 36009002]);
    // Another shop and another API have windows of their own.
    expect((await search(ES)).code).toBe(0);
    expect(
      (
        await api(h(), 'POST', `${TC}/search`, {
          token,
          shop: GB,
          body: { collaboration_status: 'VALID' },
        })
      ).code,
    ).toBe(0);
    // The next second the window is open again.
    setClock(h(), new Date(START.getTime() + 1000));
    expect((await search(GB)).code).toBe(0);
  });

  it("searches the creator marketplace of the shop's region, page by page", async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'global-cn');
    type Page = {
      creators: Array<Record<string, unknown>>;
      next_page_token?: string;
      search_key: string;
    };
    const search = (shop: { cipher: string }, query: Record<string, string>, body: unknown = {}) =>
      api<Page>(h(), 'POST', '/affiliate_seller/202508/marketplace_creators/search', {
        token,
        shop,
        query,
        body,
      });
    const first = await search(GB, { page_size: '20' });
    expect(first.code, first.message).toBe(0);
    expect(first.data.creators).toHaveLength(20);
    expect(first.data.creators.every((c) => c.selection_region === 'GB')).toBe(true);
    expect(first.data.creators[0]).toMatchObject({
      creator_open_id: sandboxCreator('GB', 1).openId,
      username: sandboxCreator('GB', 1).username,
      nickname: sandboxCreator('GB', 1).nickname,
      follower_count: sandboxCreator('GB', 1).followerCount,
      gmv: { currency: 'GBP' },
    });
    expect(Buffer.from(first.data.next_page_token!, 'base64').toString()).toBe('offset=20');
    const second = await search(
      GB,
      { page_size: '20', page_token: first.data.next_page_token! },
      { search_key: first.data.search_key },
    );
    expect(second.data.creators[0]!.creator_open_id).toBe(sandboxCreator('GB', 21).openId);
    const seen = new Set(
      [...first.data.creators, ...second.data.creators].map((c) => c.creator_open_id),
    );
    expect(seen.size).toBe(40);
    expect((await search(GB, { page_size: '15' })).code).toBe(36009004);
    expect((await search(GB, {})).code).toBe(36009004);
    expect((await search(GB, { page_size: '12', page_token: 'garbage!' })).code).toBe(36009004);
    const target = sandboxCreator('ES', 321);
    const byName = await search(
      ES,
      { page_size: '12' },
      { keyword: target.username.toUpperCase() },
    );
    expect(byName.data.creators.map((c) => c.creator_open_id)).toEqual([target.openId]);
    expect(byName.data.next_page_token).toBeUndefined();
    const ranged = await search(
      ES,
      { page_size: '20' },
      { follower_demographics: { count_range: { count_ge: 100_000, count_le: 200_000 } } },
    );
    expect(ranged.data.creators.length).toBeGreaterThan(0);
    expect(
      ranged.data.creators.every(
        (c) => (c.follower_count as number) >= 100_000 && (c.follower_count as number) <= 200_000,
      ),
    ).toBe(true);
    // The whole region, to its last page (a second per page: 50 pages in one second would
    // meet the rate limit of 50 calls a second).
    let token_: string | undefined;
    let total = 0;
    let seconds = 0;
    do {
      setClock(h(), new Date(START.getTime() + ++seconds * 1000));
      const page = await search(ES, { page_size: '20', ...(token_ ? { page_token: token_ } : {}) });
      expect(page.code, page.message).toBe(0);
      total += page.data.creators.length;
      token_ = page.data.next_page_token;
    } while (token_);
    expect(total).toBe(1500);
  });

  it('opens a conversation with a creator and sends text and cards', async () => {
    setClock(h(), START);
    const { access_token: token } = await connect(h(), 'local-us');
    const creator = sandboxCreator('US', 3);
    const open = (body: unknown) =>
      api<Record<string, unknown>>(h(), 'POST', '/affiliate_seller/202508/conversations', {
        token,
        shop: US,
        body,
      });
    const opened = await open({
      creator_open_id: creator.openId,
      only_need_conversation_id: false,
    });
    expect(opened.code, opened.message).toBe(0);
    expect(opened.data).toMatchObject({
      is_new: true,
      username: creator.username,
      unread_count: 0,
    });
    const conversationId = opened.data.conversation_id as string;
    const again = await open({ creator_open_id: creator.openId });
    expect(again.data).toEqual({ conversation_id: conversationId });
    expect((await open({ creator_open_id: sandboxCreator('GB', 3).openId })).code).toBe(16032001);
    expect((await open({ creator_open_id: 'uACnobody' })).code).toBe(16030001);
    expect((await open({})).code).toBe(36009004);

    const tc = await api<{ target_collaboration: { id: string } }>(h(), 'POST', TC, {
      token,
      shop: US,
      body: collaboration({ creator_user_open_ids: [creator.openId] }),
    });
    const send = (msg_type: string, content: unknown) =>
      api<{ message_id: string }>(
        h(),
        'POST',
        `/affiliate_seller/202412/conversations/${conversationId}/messages`,
        {
          token,
          shop: US,
          body: {
            msg_type,
            content: typeof content === 'string' ? content : JSON.stringify(content),
          },
        },
      );
    const text = await send('TEXT', { content: 'Hello! Would you like to try our skillet?' });
    expect(text.code, text.message).toBe(0);
    expect(text.data.message_id).toMatch(/^\d{19}$/);
    expect((await send('PRODUCT_CARD', { product_id: sandboxProductId(US, 4) })).code).toBe(0);
    expect(
      (
        await send('TARGET_COLLABORATION_CARD', {
          target_collaboration_id: tc.data.target_collaboration.id,
        })
      ).code,
    ).toBe(0);
    expect((await send('TEXT', { content: 'Ping me on Telegram' })).code).toBe(50001703);
    expect((await send('PRODUCT_CARD', { product_id: sandboxProductId(GB, 4) })).code).toBe(
      16024008,
    );
    expect(
      (await send('TARGET_COLLABORATION_CARD', { target_collaboration_id: '7300000000000000000' }))
        .code,
    ).toBe(50001700);
    expect((await send('TEXT', 'not json')).code).toBe(36009004);
    expect((await send('VOICE', { content: 'x' })).code).toBe(36009004);
    const elsewhere = await api(
      h(),
      'POST',
      '/affiliate_seller/202412/conversations/1234/messages',
      {
        token,
        shop: US,
        body: { msg_type: 'TEXT', content: JSON.stringify({ content: 'hi' }) },
      },
    );
    expect(elsewhere.code).toBe(36009004);

    const history = await api<{
      messages: Array<{ conversation_index: string; message_body: Record<string, unknown> }>;
      has_more: boolean;
    }>(h(), 'GET', `/affiliate_seller/202412/conversation/${conversationId}/messages`, {
      token,
      shop: US,
      query: { page_size: '20' },
    });
    expect(history.code, history.message).toBe(0);
    expect(history.data.has_more).toBe(false);
    expect(history.data.messages.map((m) => [m.conversation_index, m.message_body.type])).toEqual([
      ['3', 'TARGET_COLLABORATION_CARD'],
      ['2', 'PRODUCT_CARD'],
      ['1', 'TEXT'],
    ]);
    expect(history.data.messages[2]!.message_body.content).toBe(
      JSON.stringify({ content: 'Hello! Would you like to try our skillet?' }),
    );
    const list = await api<{ conversations: Array<Record<string, unknown>> }>(
      h(),
      'GET',
      '/affiliate_seller/202412/conversations',
      {
        token,
        shop: US,
        query: { page_size: '10', only_need_conversation_id: 'false' },
      },
    );
    expect(list.data.conversations).toEqual([
      expect.objectContaining({ id: conversationId, username: creator.username }),
    ]);
  });

  it('records every call it received, without secrets, for tests to read', async () => {
    setClock(h(), START);
    const tokens = await connect(h(), 'local-us');
    const creds = await tiktokShopSandboxCredentials(h().app.db);
    const body = collaboration({ name: 'Recorded' });
    const made = await api(h(), 'POST', TC, { token: tokens.access_token, shop: US, body });
    expect(made.code).toBe(0);
    const calls = await sandboxOf(h()).calls();
    expect(calls.map((c) => `${c.method} ${c.path} ${c.httpStatus} ${c.code}`)).toEqual([
      'POST /open/authorize 302 null',
      'GET /api/v2/token/get 200 0',
      `POST ${TC} 200 0`,
    ]);
    const created = calls[2]!;
    expect(created).toMatchObject({ body, appKey: creds.appKey, shopId: US.id, at: START });
    expect(created.query).toMatchObject({
      app_key: creds.appKey,
      shop_cipher: US.cipher,
      timestamp: String(START.getTime() / 1000),
    });
    expect(created.query.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[1]!.query).toEqual({ app_key: creds.appKey, grant_type: 'authorized_code' });
    const everything = JSON.stringify(calls);
    for (const secret of [creds.appSecret, tokens.access_token, tokens.refresh_token])
      expect(everything).not.toContain(secret);
    // Nor in a log line (the token exchange sends the app secret in the query).
    for (const secret of [creds.appSecret, tokens.access_token, tokens.refresh_token])
      expect(h().logs.filter((line) => line.includes(secret))).toEqual([]);

    const read = await h().app.inject({
      method: 'GET',
      url: `${BASE}/control/calls?after_id=${calls[1]!.id}`,
    });
    const viaRoute = JSON.parse(read.body) as {
      code: number;
      data: { calls: Array<{ path: string; body: unknown }> };
    };
    expect(viaRoute.code).toBe(0);
    expect(viaRoute.data.calls.map((c) => c.path)).toEqual([TC]);
    expect(viaRoute.data.calls[0]!.body).toEqual(body);
    const filtered = await h().app.inject({
      method: 'GET',
      url: `${BASE}/control/calls?path_prefix=/api/v2`,
    });
    expect((JSON.parse(filtered.body) as { data: { calls: unknown[] } }).data.calls).toHaveLength(
      1,
    );
    expect(
      (await h().app.inject({ method: 'GET', url: `${BASE}/control/calls?after_id=x` })).statusCode,
    ).toBe(400);
  });

  it('answers with the configured latency, and runs standalone on its own port', async () => {
    setClock(h(), START);
    sandboxOf(h()).configure({ latencyMs: 60 });
    const started = performance.now();
    const slow = await tokenCall(h(), 'get', {});
    expect(slow.code).toBe(36009004);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    sandboxOf(h()).configure({ latencyMs: 0 });

    const { app, sandbox } = await buildTikTokShopSandbox({
      db: h().app.db,
      redirectUrl: 'http://127.0.0.1:9/callback',
      clock: { now: () => h().app.clock.now() },
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const creds = await sandbox.credentials();
      expect(creds).toEqual(await tiktokShopSandboxCredentials(h().app.db));
      const page = await fetch(
        `http://127.0.0.1:${port}/open/authorize?service_id=${creds.serviceId}&state=s&lang=en-US`,
      );
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('SANDBOX');
      const decided = await fetch(`http://127.0.0.1:${port}/open/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          service_id: creds.serviceId,
          state: 's',
          seller: 'global-cn',
          decision: 'allow',
          scope: 'seller.authorization.info',
        }).toString(),
      });
      const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
      expect(decided.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9\/callback\?code=/);
      const token = (await (
        await fetch(
          `http://127.0.0.1:${port}/api/v2/token/get?${new URLSearchParams({ app_key: creds.appKey, app_secret: creds.appSecret, auth_code: code, grant_type: 'authorized_code' })}`,
        )
      ).json()) as { code: number; data: { access_token: string } };
      expect(token.code).toBe(0);
      // At the root, the signed path is the API path itself.
      const query = {
        app_key: creds.appKey,
        timestamp: String(Math.floor(START.getTime() / 1000)),
      };
      const sign = docSign(creds.appSecret, '/authorization/202309/shops', query);
      const shops = (await (
        await fetch(
          `http://127.0.0.1:${port}/authorization/202309/shops?${new URLSearchParams({ ...query, sign })}`,
          {
            headers: { 'x-tts-access-token': token.data.access_token },
          },
        )
      ).json()) as { code: number; data: { shops: unknown[] } };
      expect(shops.code).toBe(0);
      expect(shops.data.shops).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});
