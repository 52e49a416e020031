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
});
