import { createHash, createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  DOUDIAN_SANDBOX_BASE,
  doudianSandboxActivities,
  doudianSandboxAuthor,
  doudianSandboxBuyinId,
  doudianSandboxCredentials,
  doudianSandboxProductId,
  doudianSandboxShops,
  doudianSandboxSignature,
  type DoudianSandbox,
} from '../src/modules/platforms/doudian-sandbox/index.ts';
import { describeApi, type Harness } from './support/harness.ts';

/**
 * The sandbox 抖店开放平台, driven as a client would drive the platform, with a signer
 * written here from the "API调用指南" (op.jinritemai.com/docs/guide-docs/10/23), not from any
 * client code: param_json with its keys sorted and no spaces, then
 * secret + "app_key"… "method"… "param_json"… "timestamp"… "v"… + secret, MD5 or
 * HMAC-SHA256 keyed by the secret, lowercase hex.
 */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  // int64 ids (19-digit product ids) as JSON numbers of all their digits, as documented.
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

function docSign(
  secret: string,
  f: { app_key: string; method: string; param_json: string; timestamp: string; v: string },
  signMethod: 'md5' | 'hmac-sha256',
): string {
  const text = `${secret}app_key${f.app_key}method${f.method}param_json${f.param_json}timestamp${f.timestamp}v${f.v}${secret}`;
  return signMethod === 'md5'
    ? createHash('md5').update(text).digest('hex')
    : createHmac('sha256', secret).update(text).digest('hex');
}

const BASE = DOUDIAN_SANDBOX_BASE;
const HOME = doudianSandboxShops[0]!.id;
const BEAUTY = doudianSandboxShops[1]!.id;
/** Wednesday 2027-03-10 12:00 in Shanghai. */
const START = new Date('2027-03-10T04:00:00Z');

function sandboxOf(h: Harness): DoudianSandbox {
  return h.app.doudianSandbox!;
}

/** Shanghai wall time, as the guide's `timestamp` example. */
function wallTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

interface Answer<T = Record<string, unknown>> {
  code: number;
  msg: string;
  sub_code: string;
  sub_msg: string;
  log_id: string;
  data: T;
}

interface CallOptions {
  token?: string;
  signMethod?: 'md5' | 'hmac-sha256';
  /** Seconds added to the timestamp. */
  skew?: number;
  /** Unix seconds instead of the wall-clock text. */
  unixTimestamp?: boolean;
  sign?: string;
  /** param_json in the query (GET) rather than as the POST body. */
  inQuery?: boolean;
  omit?: string[];
  query?: Record<string, string>;
}

async function api<T = Record<string, unknown>>(
  h: Harness,
  method: string,
  params: unknown,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const creds = await doudianSandboxCredentials(h.app.db);
  const at = new Date(h.app.clock.now().getTime() + (options.skew ?? 0) * 1000);
  const paramJson = sortedJson(params);
  const query: Record<string, string> = {
    method,
    app_key: creds.appKey,
    timestamp: options.unixTimestamp ? String(Math.floor(at.getTime() / 1000)) : wallTime(at),
    v: '2',
    sign_method: options.signMethod ?? 'hmac-sha256',
    ...(options.token ? { access_token: options.token } : {}),
    ...(options.inQuery ? { param_json: paramJson } : {}),
    ...options.query,
  };
  query.sign =
    options.sign ??
    docSign(
      creds.appSecret,
      {
        app_key: query.app_key!,
        method: query.method!,
        param_json: paramJson,
        timestamp: query.timestamp!,
        v: query.v!,
      },
      (query.sign_method as 'md5' | 'hmac-sha256') ?? 'md5',
    );
  for (const key of options.omit ?? []) delete query[key];
  const res = await h.app.inject({
    method: options.inQuery ? 'GET' : 'POST',
    url: `${BASE}/${method.replace(/\./g, '/')}`,
    query,
    ...(options.inQuery
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: paramJson }),
  });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body) as Answer<T>;
}

async function authorize(h: Harness, form: Record<string, string>) {
  const creds = await doudianSandboxCredentials(h.app.db);
  const res = await h.app.inject({
    method: 'POST',
    url: `${BASE}/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ service_id: creds.serviceId, state: 's-1', ...form }).toString(),
  });
  return {
    status: res.statusCode,
    location: res.headers.location as string | undefined,
    body: res.body,
  };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  shop_id: number;
  shop_name: string;
}

async function connect(h: Harness, shopId = HOME): Promise<Tokens> {
  const decided = await authorize(h, { shop_id: shopId, decision: 'allow' });
  expect(decided.status).toBe(302);
  const code = new URL(decided.location!).searchParams.get('code')!;
  const got = await api<Tokens>(h, 'token.create', { code, grant_type: 'authorization_code' });
  expect(got.code, got.sub_msg).toBe(10000);
  return got.data;
}

const days = (n: number) => n * 86400;
const endIn = (h: Harness, d: number) => Math.floor(h.app.clock.now().getTime() / 1000) + days(d);

async function createPlan(h: Harness, token: string, plan: Record<string, unknown>) {
  return api<{ plan_id: string }>(
    h,
    'buyin.createOrUpdateOrienPlan',
    { is_create: true, plan },
    { token },
  );
}

/** Ordinary 达人 (no special trait), `count` of them from number `from`. */
function ordinary(from: number, count: number): number[] {
  const out: number[] = [];
  for (let n = from; out.length < count; n++) {
    if (doudianSandboxAuthor(n).trait === null) out.push(Number(doudianSandboxBuyinId(n)));
  }
  return out;
}

describeApi('sandbox 抖店开放平台', (h) => {
  const setClock = (at: Date) => {
    h().app.clock.now = () => new Date(at.getTime());
  };

  it('signs as the guide states, md5 or hmac-sha256, and checks requests that way', async () => {
    setClock(START);
    // An independent vector: the guide's algorithm computed here by hand must match the
    // sandbox's own (no vector is published with the guide or the SDKs' tests).
    const f = {
      appKey: '3409409348479354011',
      method: 'product.getGoodsCategory',
      paramJson: '{"cid":"12","page":"1"}',
      timestamp: '2020-09-15 14:48:13',
      v: '2',
    };
    const secret = 'c6f957da-1239-4343-84a1-c84e68915ff7';
    const plain = `${secret}app_key${f.appKey}method${f.method}param_json${f.paramJson}timestamp${f.timestamp}v2${secret}`;
    expect(doudianSandboxSignature(secret, f, 'md5')).toBe(
      createHash('md5').update(plain).digest('hex'),
    );
    expect(doudianSandboxSignature(secret, f, 'hmac-sha256')).toBe(
      createHmac('sha256', secret).update(plain).digest('hex'),
    );

    const tokens = await connect(h());
    const list = { apply_status: 2 };
    for (const signMethod of ['md5', 'hmac-sha256'] as const) {
      const ok = await api(h(), 'buyin.ShopActivityList', list, {
        token: tokens.access_token,
        signMethod,
      });
      expect(ok.code, ok.sub_msg).toBe(10000);
    }
    // sign_method omitted: md5, the default.
    const creds = await doudianSandboxCredentials(h().app.db);
    const byDefault = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      signMethod: 'md5',
      omit: ['sign_method'],
    });
    expect(byDefault.code).toBe(10000);
    // Unix seconds are read too, and param_json in the query of a GET.
    expect(
      (
        await api(h(), 'buyin.ShopActivityList', list, {
          token: tokens.access_token,
          unixTimestamp: true,
        })
      ).code,
    ).toBe(10000);
    expect(
      (
        await api(h(), 'buyin.ShopActivityList', list, {
          token: tokens.access_token,
          inQuery: true,
        })
      ).code,
    ).toBe(10000);

    const bad = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      sign: 'ab'.repeat(32),
    });
    expect([bad.code, bad.sub_code]).toEqual([40003, 'isv.signature-invalid']);
    expect(bad.log_id).toMatch(/^\d{14}[0-9A-F]{20}$/);
    expect(bad.data).toEqual({});
    const old = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      skew: -601,
    });
    expect(old.sub_code).toBe('isv.timestamp-invalid');
    const ahead = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      skew: 601,
    });
    expect(ahead.sub_code).toBe('isv.timestamp-invalid');
    const within = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      skew: -590,
    });
    expect(within.code).toBe(10000);
    const format = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      query: { timestamp: '2027/03/10 12:00' },
    });
    expect(format.sub_code).toBe('isv.timestamp-format-error');
    const noSign = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      omit: ['sign'],
    });
    expect([noSign.code, noSign.sub_code]).toEqual([40001, 'isv.signature-missing']);
    const noKey = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      omit: ['app_key'],
    });
    expect([noKey.code, noKey.sub_code]).toEqual([40001, 'isv.app-id-missing']);
    const v1 = await api(h(), 'buyin.ShopActivityList', list, {
      token: tokens.access_token,
      query: { v: '1' },
    });
    expect(v1.code).toBe(40003);
    // A parameter changed after signing.
    const query = {
      method: 'buyin.ShopActivityList',
      app_key: creds.appKey,
      timestamp: wallTime(START),
      v: '2',
      sign_method: 'md5',
      access_token: tokens.access_token,
    };
    const sign = docSign(creds.appSecret, { ...query, param_json: '{"apply_status":2}' }, 'md5');
    const tampered = await h().app.inject({
      method: 'POST',
      url: `${BASE}/buyin/ShopActivityList`,
      query: { ...query, sign },
      headers: { 'content-type': 'application/json' },
      payload: '{"apply_status":1}',
    });
    expect(JSON.parse(tampered.body).sub_code).toBe('isv.signature-invalid');
    const unknown = await api(h(), 'buyin.noSuchMethod', {}, { token: tokens.access_token });
    expect([unknown.code, unknown.sub_code]).toEqual([70000, 'isp.api-service-off']);
  });

  it('draws the authorization page in Chinese and English, plainly marked sandbox', async () => {
    const creds = await doudianSandboxCredentials(h().app.db);
    const url = `${BASE}/authorize?service_id=${creds.serviceId}&state=abc`;
    const zh = await h().app.inject({ method: 'GET', url });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('text/html');
    expect(zh.body).toContain('沙箱');
    expect(zh.body).toContain('选择一个沙箱店铺');
    expect(zh.body).toContain('沙箱家居旗舰店');
    expect(zh.body).toContain('沙箱美妆专营店');
    expect(zh.body).toContain('确认授权');
    const en = await h().app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.body).toContain('SANDBOX');
    expect(en.body).toContain('Choose a sandbox shop');
    expect(en.body).toContain('Sandbox Beauty Store');
    expect(en.body).toContain('Decline');
    const byLang = await h().app.inject({ method: 'GET', url: `${url}&lang=en-US` });
    expect(byLang.body).toContain('Authorize');
    const unknown = await h().app.inject({
      method: 'GET',
      url: `${BASE}/authorize?service_id=1&state=abc`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('service_id is wrong');
    expect(unknown.body).toContain('SANDBOX');
    const noState = await h().app.inject({
      method: 'GET',
      url: `${BASE}/authorize?service_id=${creds.serviceId}`,
    });
    expect(noState.statusCode).toBe(400);
    expect(noState.body).toContain('缺少 state 参数');
  });

  it('authorizes with code and state, exchanges a single-use ten-minute code, refreshes, expires and revokes', async () => {
    setClock(START);
    const denied = await authorize(h(), { shop_id: HOME, decision: 'deny', state: 'xyz' });
    expect(denied.status).toBe(302);
    const deniedUrl = new URL(denied.location!);
    expect(deniedUrl.pathname).toBe('/api/v1/platforms/doudian/oauth/callback');
    expect(deniedUrl.searchParams.get('error')).toBe('access_denied');
    expect(deniedUrl.searchParams.get('state')).toBe('xyz');
    expect(deniedUrl.searchParams.get('code')).toBeNull();
    expect((await authorize(h(), { decision: 'allow' })).status).toBe(400);

    const allowed = await authorize(h(), { shop_id: BEAUTY, decision: 'allow', state: 'st-9' });
    const url = new URL(allowed.location!);
    expect(url.searchParams.get('state')).toBe('st-9');
    const code = url.searchParams.get('code')!;
    const wrongGrant = await api(h(), 'token.create', { code, grant_type: 'authorization_self' });
    expect(wrongGrant.sub_code).toBe('dop.token-generate-failed:grant-type-invalid');
    const got = await api<Tokens>(h(), 'token.create', { code, grant_type: 'authorization_code' });
    expect(got.code).toBe(10000);
    expect(got.data).toMatchObject({
      shop_id: Number(BEAUTY),
      shop_name: '沙箱美妆专营店',
      expires_in: 7 * 86400,
    });
    expect(got.data.access_token).toMatch(/^[0-9a-f-]{36}$/);
    const again = await api(h(), 'token.create', { code, grant_type: 'authorization_code' });
    expect([again.code, again.sub_code]).toEqual([50001, 'dop.token-generate-failed:code-invalid']);

    const late = new URL(
      (await authorize(h(), { shop_id: HOME, decision: 'allow' })).location!,
    ).searchParams.get('code')!;
    setClock(new Date(START.getTime() + 601_000));
    const expiredCode = await api(h(), 'token.create', {
      code: late,
      grant_type: 'authorization_code',
    });
    expect(expiredCode.sub_code).toBe('dop.token-generate-failed:code-expired');

    // The access token expires after seven days; the refresh token gives new ones.
    const token = got.data.access_token;
    const list = { apply_status: 2 };
    setClock(new Date(START.getTime() + days(7) * 1000 + 1000));
    const expired = await api(h(), 'buyin.ShopActivityList', list, { token });
    expect([expired.code, expired.sub_code]).toEqual([40003, 'isv.access-token-expired']);
    const refreshed = await api<Tokens>(h(), 'token.refresh', {
      refresh_token: got.data.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(refreshed.code).toBe(10000);
    expect(refreshed.data.refresh_token).not.toBe(got.data.refresh_token);
    expect(
      (await api(h(), 'buyin.ShopActivityList', list, { token: refreshed.data.access_token })).code,
    ).toBe(10000);
    const oldRefresh = await api(h(), 'token.refresh', {
      refresh_token: got.data.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(oldRefresh.sub_code).toBe('dop.token-generate-failed:token-invalid');
    const unknownToken = await api(h(), 'buyin.ShopActivityList', list, { token: 'nope' });
    expect(unknownToken.sub_code).toBe('isv.access-token-no-existed');
    const noToken = await api(h(), 'buyin.ShopActivityList', list);
    expect(noToken.sub_code).toBe('isv.access-token-missing');

    // Control: expire early, then revoke.
    const ctl = await h().app.inject({
      method: 'POST',
      url: `${BASE}/control/shops/${BEAUTY}/expire-tokens`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(ctl.statusCode).toBe(200);
    expect(
      (await api(h(), 'buyin.ShopActivityList', list, { token: refreshed.data.access_token }))
        .sub_code,
    ).toBe('isv.access-token-expired');
    const again2 = await api<Tokens>(h(), 'token.refresh', {
      refresh_token: refreshed.data.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(again2.code).toBe(10000);
    await h().app.inject({ method: 'POST', url: `${BASE}/control/shops/${BEAUTY}/revoke` });
    const revoked = await api(h(), 'buyin.ShopActivityList', list, {
      token: again2.data.access_token,
    });
    expect([revoked.code, revoked.sub_code]).toEqual([30001, 'dop.authorization-no-existed']);
    const revokedRefresh = await api(h(), 'token.refresh', {
      refresh_token: again2.data.refresh_token,
      grant_type: 'refresh_token',
    });
    expect(revokedRefresh.sub_code).toBe('dop.token-generate-failed:no-authorization');
  });

  it('creates and updates 定向计划 with the documented fields, limits and errors', async () => {
    setClock(START);
    const { access_token: token } = await connect(h());
    const product = doudianSandboxProductId(HOME, 1);
    const end = endIn(h(), 30);
    const created = await createPlan(h(), token, {
      product_id: BigInt(product) as unknown as number,
      cos_ratio: 20,
      end_time: end,
      apply_type: 2,
      audit_type: 2,
      restricted_type: 2,
      author_level: 3,
    });
    expect(created.code, created.sub_msg).toBe(10000);
    expect(created.data.plan_id).toMatch(/^\d+$/);
    // The same commission and end time again: refused.
    const same = await createPlan(h(), token, {
      product_id: product,
      cos_ratio: 20,
      end_time: end,
    });
    expect([same.code, same.sub_code, same.sub_msg]).toEqual([
      50002,
      'isv.business-failed:4111',
      '存在同样佣金率和截止时间的计划',
    ]);
    expect(
      (await createPlan(h(), token, { product_id: product, cos_ratio: 21, end_time: end })).code,
    ).toBe(10000);
    // cos_ratio: a whole percent 0–80.
    for (const bad of [81, -1, 12.5]) {
      const r = await createPlan(h(), token, {
        product_id: product,
        cos_ratio: bad,
        end_time: end,
      });
      expect(r.sub_code).toBe('isv.parameter-invalid:4109');
    }
    expect(
      (await createPlan(h(), token, { product_id: product, cos_ratio: 80, end_time: end })).code,
    ).toBe(10000);
    expect(
      (await createPlan(h(), token, { product_id: product, cos_ratio: 0, end_time: end })).code,
    ).toBe(10000);
    const past = await createPlan(h(), token, {
      product_id: product,
      cos_ratio: 30,
      end_time: endIn(h(), -1),
    });
    expect(past.sub_code).toBe('isv.parameter-invalid:4107');
    const other = await createPlan(h(), token, {
      product_id: doudianSandboxProductId(BEAUTY, 1),
      cos_ratio: 30,
      end_time: end,
    });
    expect(other.sub_code).toBe('isv.parameter-invalid:4106');
    const offShelf = await createPlan(h(), token, {
      product_id: doudianSandboxProductId(HOME, 12),
      cos_ratio: 30,
      end_time: end,
    });
    expect(offShelf.sub_code).toBe('isv.parameter-invalid:4106');
    const noAudit = await createPlan(h(), token, {
      product_id: product,
      cos_ratio: 31,
      end_time: end,
      apply_type: 2,
    });
    expect(noAudit.sub_code).toBe('isv.parameter-invalid:257');

    // Update: raise now, unknown plan refused.
    const upd = await api(
      h(),
      'buyin.createOrUpdateOrienPlan',
      { is_create: false, plan: { orien_plan_id: created.data.plan_id, cos_ratio: 25 } },
      { token },
    );
    expect(upd.code, upd.sub_msg).toBe(10000);
    const missing = await api(
      h(),
      'buyin.createOrUpdateOrienPlan',
      { is_create: false, plan: { orien_plan_id: '123', cos_ratio: 25 } },
      { token },
    );
    expect(missing.sub_code).toBe('isv.parameter-invalid:4114');

    // The shop's alliance state.
    await h().app.inject({
      method: 'PUT',
      url: `${BASE}/control/shops/${HOME}/limits`,
      headers: { 'content-type': 'application/json' },
      payload: '{"in_alliance":false}',
    });
    const outside = await createPlan(h(), token, {
      product_id: product,
      cos_ratio: 40,
      end_time: end,
    });
    expect([outside.code, outside.sub_msg]).toEqual([50002, '店铺未加入联盟']);
    await h().app.inject({
      method: 'PUT',
      url: `${BASE}/control/shops/${HOME}/limits`,
      headers: { 'content-type': 'application/json' },
      payload: '{"in_alliance":true,"promotion_closed":true}',
    });
    const closed = await createPlan(h(), token, {
      product_id: product,
      cos_ratio: 40,
      end_time: end,
    });
    expect(closed.sub_code).toBe('isv.business-failed:4102');
    await h().app.inject({
      method: 'PUT',
      url: `${BASE}/control/shops/${HOME}/limits`,
      headers: { 'content-type': 'application/json' },
      payload: '{"promotion_closed":false}',
    });

    // A method the app holds no permission for.
    await h().app.inject({
      method: 'PUT',
      url: `${BASE}/control/settings`,
      headers: { 'content-type': 'application/json' },
      payload: '{"denied_methods":["buyin.createOrUpdateOrienPlan"]}',
    });
    const denied = await createPlan(h(), token, {
      product_id: product,
      cos_ratio: 40,
      end_time: end,
    });
    expect([denied.code, denied.sub_code]).toEqual([30001, 'isv.app-permissions-insufficient']);
    sandboxOf(h()).configure({ deniedMethods: [] });
  });

  it('adds up to 20 百应IDs a call, each succeeding or failing with its reason, and lists the plan', async () => {
    setClock(START);
    const { access_token: token } = await connect(h());
    const plan = await createPlan(h(), token, {
      product_id: doudianSandboxProductId(HOME, 2),
      cos_ratio: 15,
      end_time: endIn(h(), 10),
      restricted_type: 2,
      author_level: 3,
    });
    const planId = plan.data.plan_id;
    const add = (ids: Array<number | string>) =>
      api<{
        success_ids: number[];
        failed_ids: Array<{ buyin_id: number; error_code: number; error_msg: string }>;
      }>(h(), 'buyin.orienPlanAuthorsAdd', { orien_plan_id: planId, buyin_ids: ids }, { token });

    const tooMany = await add(ordinary(1, 21));
    expect([tooMany.code, tooMany.sub_code]).toEqual([40004, 'isv.parameter-invalid:257']);
    expect((await add([])).code).toBe(40004);

    // A batch of 20 with special ones: level below 3, closed, restricted, no cooperation, unknown.
    const good = ordinary(1, 40)
      .filter((id, i) => doudianSandboxAuthor(ordinaryIndex(id)).level >= 3 && i >= 0)
      .slice(0, 15);
    const low = ordinary(1, 40).find((id) => doudianSandboxAuthor(ordinaryIndex(id)).level < 3)!;
    const specials = [7, 17, 27].map((n) => Number(doudianSandboxBuyinId(n)));
    const batch = [...good, low, ...specials, 123];
    expect(batch).toHaveLength(20);
    const r = await add(batch);
    expect(r.code, r.sub_msg).toBe(10000);
    expect(r.data.success_ids).toEqual(good);
    expect(r.data.failed_ids.map((f) => [f.buyin_id, f.error_code])).toEqual([
      [low, 4134],
      [specials[0], 4131],
      [specials[1], 4132],
      [specials[2], 4133],
      [123, 22],
    ]);
    expect(r.data.failed_ids.at(-1)!.error_msg).toBe('不存在');

    // Sent again: each is already in the plan (a client reconciles with orienPlanAuthors).
    const again = await add(good.slice(0, 3));
    expect(again.data.success_ids).toEqual([]);
    expect(again.data.failed_ids.map((f) => f.error_code)).toEqual([4130, 4130, 4130]);

    const page1 = await api<{
      total: number;
      orien_plan_authors: Array<{
        buyin_id: number;
        audit_status: number;
        orien_plan_id: string;
        end_time: number;
      }>;
    }>(h(), 'buyin.orienPlanAuthors', { orien_plan_id: planId, page: 1, page_size: 10 }, { token });
    expect(page1.data.total).toBe(15);
    expect(page1.data.orien_plan_authors.map((a) => a.buyin_id)).toEqual(good.slice(0, 10));
    expect(page1.data.orien_plan_authors[0]).toMatchObject({
      audit_status: 1,
      orien_plan_id: planId,
      end_time: endIn(h(), 10),
    });
    const one = await api<{ total: number }>(
      h(),
      'buyin.orienPlanAuthors',
      { orien_plan_id: planId, buyin_id: good[3] },
      { token },
    );
    expect(one.data.total).toBe(1);
    expect(
      (
        await api(
          h(),
          'buyin.orienPlanAuthors',
          { orien_plan_id: planId, page_size: 41 },
          { token },
        )
      ).sub_code,
    ).toBe('isv.parameter-invalid:257');
    expect(
      (await api(h(), 'buyin.orienPlanAuthors', { orien_plan_id: '999' }, { token })).sub_code,
    ).toBe('isv.parameter-invalid:4114');

    // Limits: the plan's and the shop's day.
    await h().app.inject({
      method: 'PUT',
      url: `${BASE}/control/shops/${HOME}/limits`,
      headers: { 'content-type': 'application/json' },
      payload: '{"daily_author_limit":17}',
    });
    const more = ordinary(200, 40)
      .filter((id) => doudianSandboxAuthor(ordinaryIndex(id)).level >= 3)
      .slice(0, 4);
    const daily = await add(more);
    expect(daily.data.success_ids).toEqual(more.slice(0, 2));
    expect(daily.data.failed_ids.map((f) => f.error_code)).toEqual([4136, 4136]);
    setClock(new Date(START.getTime() + 86400_000));
    const nextDay = await add(more.slice(2));
    expect(nextDay.data.success_ids).toEqual(more.slice(2));
  });

  it('seeds 达人 applications to a plan open to them; orienPlanAudit approves, refuses or removes', async () => {
    setClock(START);
    const { access_token: token } = await connect(h());
    const reviewed = await createPlan(h(), token, {
      product_id: doudianSandboxProductId(HOME, 3),
      cos_ratio: 20,
      end_time: endIn(h(), 10),
      apply_type: 2,
      audit_type: 2,
    });
    const passing = await createPlan(h(), token, {
      product_id: doudianSandboxProductId(HOME, 4),
      cos_ratio: 20,
      end_time: endIn(h(), 10),
      apply_type: 2,
      audit_type: 1,
    });
    const closed = await createPlan(h(), token, {
      product_id: doudianSandboxProductId(HOME, 6),
      cos_ratio: 20,
      end_time: endIn(h(), 10),
    });
    expect([reviewed.code, passing.code, closed.code]).toEqual([10000, 10000, 10000]);
    interface Authors {
      total: number;
      orien_plan_authors: Array<{
        apply_id: number;
        buyin_id: number;
        audit_status: number;
        apply_time: number;
        apply_suc_time: number;
        apply_info: string;
        contact_phone: string;
      }>;
    }
    const list = (planId: string, status: number) =>
      api<Authors>(
        h(),
        'buyin.orienPlanAuthors',
        { orien_plan_id: planId, audit_status: status, page_size: 40 },
        { token },
      ).then((r) => r.data);
    const planId = reviewed.data.plan_id;
    expect((await list(planId, 2)).total).toBe(0);

    // Applications arrive over simulated time, each once, the same on every read.
    setClock(new Date(START.getTime() + 20 * 60_000));
    const early = (await list(planId, 2)).total;
    const dayLater = new Date(START.getTime() + 86_400_000);
    setClock(dayLater);
    const pending = await list(planId, 2);
    expect(pending.total).toBeGreaterThan(early);
    expect(pending.total).toBeGreaterThan(20);
    expect(await list(planId, 2)).toEqual(pending);
    const [a, b, c, d] = pending.orien_plan_authors;
    expect(a!.apply_time).toBeGreaterThan(START.getTime() / 1000);
    expect(a!.apply_time).toBeLessThanOrEqual(dayLater.getTime() / 1000);
    expect(a!).toMatchObject({ audit_status: 2, apply_suc_time: 0 });
    expect(a!.contact_phone).toMatch(/^1\d{10}$/);
    expect(a!.apply_info).not.toBe('');
    // audit_type 1: the applications pass without review; apply_type 1: nobody applies.
    expect((await list(passing.data.plan_id, 2)).total).toBe(0);
    expect((await list(passing.data.plan_id, 1)).total).toBeGreaterThan(20);
    expect((await list(closed.data.plan_id, 1)).total).toBe(0);
    expect((await list(closed.data.plan_id, 2)).total).toBe(0);

    const audit = (applyId: number, action?: number, accessToken = token) =>
      api(
        h(),
        'buyin.orienPlanAudit',
        { apply_id: applyId, ...(action ? { audit_action: action } : {}) },
        { token: accessToken },
      );
    // 1 通过 (the default), 2 拒绝, 3 删除达人.
    expect((await audit(a!.apply_id)).code).toBe(10000);
    expect((await audit(b!.apply_id, 2)).code).toBe(10000);
    expect((await audit(c!.apply_id, 3)).code).toBe(10000);
    const now = Math.floor(dayLater.getTime() / 1000);
    expect((await list(planId, 1)).orien_plan_authors).toEqual([
      expect.objectContaining({ buyin_id: a!.buyin_id, audit_status: 1, apply_suc_time: now }),
    ]);
    expect((await list(planId, 3)).orien_plan_authors.map((x) => x.buyin_id)).toEqual([
      b!.buyin_id,
    ]);
    expect((await list(planId, 2)).total).toBe(pending.total - 3);
    // The same decision again is no error; another decision is; a removed one is gone.
    expect((await audit(a!.apply_id, 1)).code).toBe(10000);
    expect((await audit(a!.apply_id, 2)).sub_code).toBe('isv.business-failed:4118');
    expect((await audit(b!.apply_id, 1)).sub_code).toBe('isv.business-failed:4118');
    expect((await audit(c!.apply_id, 1)).sub_code).toBe('isv.parameter-invalid:4117');
    expect((await audit(999_999_999, 1)).sub_code).toBe('isv.parameter-invalid:4117');
    expect((await audit(d!.apply_id, 4)).sub_code).toBe('isv.parameter-invalid:257');
    // Another shop's token cannot review this shop's applications.
    const beauty = await connect(h(), BEAUTY);
    expect((await audit(d!.apply_id, 1, beauty.access_token)).sub_code).toBe(
      'isv.parameter-invalid:4117',
    );
    // The removed 达人 does not apply again later; the plan counts only 达人 in force.
    setClock(new Date(START.getTime() + 3 * 86_400_000));
    const everyone = [
      ...(await list(planId, 1)).orien_plan_authors,
      ...(await list(planId, 2)).orien_plan_authors,
      ...(await list(planId, 3)).orien_plan_authors,
    ].map((x) => x.buyin_id);
    expect(everyone).not.toContain(c!.buyin_id);
    const plans = await api<{ orien_plans: Array<{ orien_plans: Array<{ kol_num: number }> }> }>(
      h(),
      'buyin.orienPlanList',
      { orien_plan_id: planId },
      { token },
    );
    expect(plans.data.orien_plans[0]!.orien_plans[0]!.kol_num).toBe(1);
  });

  it('sells seeded alliance orders of 达人 in force, read by id with alliance.getOrderList', async () => {
    setClock(START);
    const { access_token: token } = await connect(h());
    const product = doudianSandboxProductId(HOME, 5);
    const plan = await createPlan(h(), token, {
      product_id: product,
      cos_ratio: 25,
      end_time: endIn(h(), 30),
    });
    const members = ordinary(400, 20);
    const added = await api<{ success_ids: number[] }>(
      h(),
      'buyin.orienPlanAuthorsAdd',
      { orien_plan_id: plan.data.plan_id, buyin_ids: members },
      { token },
    );
    expect(added.data.success_ids).toEqual(members);
    const sold = async () => {
      const res = await h().app.inject({
        method: 'GET',
        url: `${BASE}/control/orders?shop_id=${HOME}`,
      });
      return (
        JSON.parse(res.body) as {
          data: { orders: Array<{ order_id: string; buyin_id: string; status: string }> };
        }
      ).data.orders;
    };
    expect(await sold()).toEqual([]);
    setClock(new Date(START.getTime() + 3 * 86_400_000));
    const orders = await sold();
    expect(orders.length).toBeGreaterThan(5);
    for (const o of orders) expect(members).toContain(Number(o.buyin_id));
    interface OrderList {
      code: string;
      code_msg: string;
      datas: Array<{
        order_id: string;
        product_id: string;
        shop_id: string;
        author_account: string;
        short_id: string;
        total_pay_amount: number;
        commission_rate: number;
        estimated_comission: number;
        real_comission: number;
        order_status: string;
        alliance_biz_type: string;
        phase_id: number;
      }>;
    }
    const read = (ids: unknown[], accessToken = token) =>
      api<OrderList>(h(), 'alliance.getOrderList', { order_ids: ids }, { token: accessToken });
    const five = orders.slice(0, 5).map((o) => o.order_id);
    const got = await read([...five.slice(0, 4), '4800000000000000999']);
    expect(got.code, got.sub_msg).toBe(10000);
    expect(got.data).toMatchObject({ code: '100000', code_msg: 'success' });
    // The unknown id is left out.
    expect(got.data.datas.map((x) => x.order_id)).toEqual(five.slice(0, 4));
    const price = 1990 + 5 * 1000;
    for (const x of got.data.datas) {
      const n = ordinaryIndex(Number(orders.find((o) => o.order_id === x.order_id)!.buyin_id));
      expect(x).toMatchObject({
        product_id: product,
        shop_id: HOME,
        author_account: doudianSandboxAuthor(n).nickname,
        short_id: doudianSandboxAuthor(n).shortId,
        commission_rate: 2500,
        alliance_biz_type: 'COMMON',
        phase_id: 1,
      });
      expect(x.total_pay_amount % price).toBe(0);
      expect(['支付成功', '确认收货', '退款']).toContain(x.order_status);
      expect(x.estimated_comission).toBe(
        x.order_status === '退款' ? 0 : Math.round((x.total_pay_amount * 2500) / 10_000),
      );
      expect(x.real_comission).toBe(0);
    }
    // A week on, the received ones are settled: the real commission is paid.
    setClock(new Date(START.getTime() + 12 * 86_400_000));
    // The first access token (7 days) has run out: the shop authorizes again.
    const later = await read(five, (await connect(h())).access_token);
    expect(later.data.datas).toHaveLength(5);
    for (const x of later.data.datas) {
      expect(['结算', '退款']).toContain(x.order_status);
      expect(x.real_comission).toBe(x.order_status === '结算' ? x.estimated_comission : 0);
    }
    // At most 5 ids; another shop reads none of them.
    const token2 = (await connect(h())).access_token;
    const six = orders.slice(0, 6).map((o) => o.order_id);
    expect((await read(six, token2)).sub_code).toBe('isv.parameter-invalid:257');
    expect((await read([], token2)).sub_code).toBe('isv.parameter-invalid:257');
    const beauty = await connect(h(), BEAUTY);
    expect((await read(five, beauty.access_token)).data.datas).toEqual([]);
  });

  it('lists 团长 activities and applies products with a service rate and a contact phone', async () => {
    setClock(START);
    const { access_token: token } = await connect(h());
    const open = await api<{
      data: Array<{
        activity_id: number;
        colonel_buyin_id: number;
        commission_rate: number;
        service_rate: number;
        apply_status: number;
      }>;
      total: number;
    }>(h(), 'buyin.ShopActivityList', { apply_status: 2, page: 1, page_size: 10 }, { token });
    expect(open.code).toBe(10000);
    expect(open.data.total).toBe(3);
    const first = doudianSandboxActivities[0]!;
    expect(open.data.data[0]).toMatchObject({
      colonel_buyin_id: Number(first.colonelBuyinId),
      commission_rate: 10,
      service_rate: 5,
      apply_status: 0,
    });
    const deep = await api(
      h(),
      'buyin.ShopActivityList',
      { apply_status: 2, page: 1001, page_size: 10 },
      { token },
    );
    expect(deep.sub_code).toBe('isv.parameter-invalid:8197');
    const cursor = await api<{ data: unknown[]; next_cursor: string }>(
      h(),
      'buyin.ShopActivityList',
      { apply_status: 2, retrieve_mode: 1, page_size: 2 },
      { token },
    );
    expect(cursor.data.data).toHaveLength(2);
    expect(cursor.data.next_cursor).toBe('2');

    const products = [1, 2, 3].map((n) => doudianSandboxProductId(HOME, n));
    const apply = (body: Record<string, unknown>) =>
      api<{
        total: number;
        result: Array<{
          product_id: number;
          is_success: boolean;
          error_code: number;
          error_msg: string;
        }>;
      }>(h(), 'buyin.applyActivities', body, { token });
    const applied = await apply({
      activity_id: first.activityId,
      service_ratio: '6.50',
      phone_number: '13912345678',
      products: [
        { product_id: products[0], activity_price: 1990, product_activity_ratio: '20.00' },
        { product_id: products[1], activity_price: 2990, product_activity_ratio: '5.00' },
        {
          product_id: doudianSandboxProductId(BEAUTY, 1),
          activity_price: 990,
          product_activity_ratio: '20.00',
        },
      ],
    });
    expect(applied.code, applied.sub_msg).toBe(10000);
    expect(applied.data.total).toBe(3);
    expect(applied.data.result.map((x) => [x.is_success, x.error_code])).toEqual([
      [true, 0],
      [false, 110112],
      [false, 4106],
    ]);
    // 19-digit product ids come back as JSON numbers of all their digits.
    const raw = (await sandboxOf(h()).calls({ apiMethod: 'buyin.applyActivities' })).at(-1)!;
    expect(raw.params).toMatchObject({ phone_number: '13912345678' });
    const twice = await apply({
      activity_id: first.activityId,
      service_ratio: '6.50',
      phone_number: '13912345678',
      products: [
        { product_id: products[0], activity_price: 1990, product_activity_ratio: '20.00' },
      ],
    });
    expect(twice.data.result[0]!.error_code).toBe(110111);
    expect(
      (
        await apply({
          activity_id: first.activityId,
          service_ratio: '6.5',
          phone_number: '13912345678',
          products: [],
        })
      ).sub_code,
    ).toBe('isv.business-failed:8192');
    expect(
      (
        await apply({
          activity_id: first.activityId,
          service_ratio: '6.50',
          phone_number: '123',
          products: [{ product_id: products[2], activity_price: 1 }],
        })
      ).sub_code,
    ).toBe('isv.business-failed:10001');
    const ended = await apply({
      activity_id: doudianSandboxActivities[3]!.activityId,
      service_ratio: '6.50',
      phone_number: '13912345678',
      products: [
        { product_id: products[2], activity_price: 1990, product_activity_ratio: '20.00' },
      ],
    });
    expect(ended.sub_code).toBe('isv.business-failed:110110');
    const mine = await api<{ total: number }>(
      h(),
      'buyin.ShopActivityList',
      { apply_status: 1 },
      { token },
    );
    expect(mine.data.total).toBe(1);
  });

  it('records every call without secrets, answers with the configured latency, and limits the rate', async () => {
    setClock(START);
    const sandbox = sandboxOf(h());
    const before = (await sandbox.calls()).at(-1)?.id ?? 0;
    const { access_token: token } = await connect(h());
    await api(h(), 'buyin.ShopActivityList', { apply_status: 2 }, { token });
    const calls = await sandbox.calls({ afterId: before });
    expect(calls.map((c) => c.apiMethod ?? c.path)).toEqual([
      '/authorize',
      'token.create',
      'buyin.ShopActivityList',
    ]);
    for (const c of calls) {
      expect(c.query.access_token).toBeUndefined();
      expect(c.query.sign).toBeUndefined();
    }
    expect(calls[1]!.params).toEqual({ code: '[redacted]', grant_type: 'authorization_code' });
    expect(calls[2]).toMatchObject({ code: 10000, shopId: HOME });
    const viaRoute = await h().app.inject({
      method: 'GET',
      url: `${BASE}/control/calls?after_id=${before}&method=token.create`,
    });
    expect(JSON.parse(viaRoute.body).data.calls).toHaveLength(1);

    sandbox.configure({ rateLimitPerSecond: 2 });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await api(h(), 'buyin.ShopActivityList', { apply_status: 2 }, { token })).code);
    expect(codes).toEqual([10000, 10000, 60000]);
    sandbox.configure({ rateLimitPerSecond: 50, latencyMs: 30 });
    const t0 = performance.now();
    await api(h(), 'buyin.ShopActivityList', { apply_status: 2 }, { token });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
    sandbox.configure({ latencyMs: 0 });
    const authors = await h().app.inject({
      method: 'GET',
      url: `${BASE}/control/authors?trait=closed_to_plans&limit=3`,
    });
    expect(
      JSON.parse(authors.body).data.authors.map((a: { buyinId: string }) => a.buyinId),
    ).toEqual([7, 57, 107].map(doudianSandboxBuyinId));
  });
});

/** The author number of an ordinary 百应ID (the sandbox generates them from numbers). */
function ordinaryIndex(id: number): number {
  for (let n = 1; n <= 3000; n++) if (Number(doudianSandboxBuyinId(n)) === id) return n;
  throw new Error(`no author ${id}`);
}
