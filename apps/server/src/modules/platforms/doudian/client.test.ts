import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DoudianClient, DoudianError, type ShopAccess } from './index.ts';

/**
 * The client against a fake `fetch` that records every request and checks its signature with
 * its own code (the SDKs' recipe, written again here: sorted param_json as received, the five
 * parameters, HMAC-SHA256 keyed by the secret), so what the client signs is proved to be what
 * it sends.
 */

const APP_KEY = '7012345678901234567';
const APP_SECRET = 'test-secret-5c1d';
const NOW_MS = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const BASE = 'https://gateway.test/sandbox/doudian';

interface Received {
  path: string;
  method: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  /** The signature the fake platform computed from what arrived. */
  expectedSign: string;
}

type Answer = Response | ((req: Received, signal: AbortSignal | undefined) => Promise<Response>);

const received: Received[] = [];
const answers: Answer[] = [];

function serverSign(query: Record<string, string>, paramJson: string): string {
  const base =
    `${APP_SECRET}app_key${query.app_key}method${query.method}param_json${paramJson}` +
    `timestamp${query.timestamp}v${query.v}${APP_SECRET}`;
  return createHmac('sha256', APP_SECRET).update(base, 'utf8').digest('hex');
}

const fakeFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const query = Object.fromEntries(url.searchParams);
  const body = typeof init?.body === 'string' ? init.body : '';
  const req: Received = {
    path: url.pathname,
    method: init?.method ?? 'GET',
    query,
    headers,
    body,
    expectedSign: serverSign(query, body),
  };
  received.push(req);
  const next = answers.shift();
  if (!next) return json({ code: 20000, msg: 'no answer queued' }, 500);
  return typeof next === 'function' ? next(req, init?.signal ?? undefined) : next;
};

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
const ok = (data: unknown) =>
  json({ code: 10000, msg: 'success', sub_code: '', sub_msg: '', log_id: 'log-1', data });
const fail = (code: number, msg: string, subCode: string, subMsg: string) =>
  json({ code, msg, sub_code: subCode, sub_msg: subMsg, log_id: 'log-err', data: null });

function expectCalls(...next: Answer[]) {
  answers.push(...next);
}

afterEach(() => {
  received.length = 0;
  answers.length = 0;
});

const sleeps: number[] = [];
function client(overrides: Partial<ConstructorParameters<typeof DoudianClient>[0]> = {}) {
  sleeps.length = 0;
  return new DoudianClient({
    appKey: APP_KEY,
    appSecret: APP_SECRET,
    apiBase: BASE,
    fetch: fakeFetch,
    now: () => NOW_MS,
    // Back-off waits are recorded, not slept.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    timeoutMs: 5_000,
    ...overrides,
  });
}

const shop: ShopAccess = { accessToken: 'dd-access-token-1' };

async function failure(promise: Promise<unknown>): Promise<DoudianError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DoudianError) return error;
    throw error;
  }
  throw new Error('expected a DoudianError');
}

/** The body sorted again by the fake platform: what the client sent was already in order. */
function resorted(body: string): string {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sort((value as Record<string, unknown>)[key])]),
          )
        : value;
  return JSON.stringify(sort(JSON.parse(body)));
}

const ids = (count: number, from = 7_012_000_001) =>
  Array.from({ length: count }, (_, index) => String(from + index));

describe('抖店 client: transport and tokens', () => {
  it('sends token.create as the SDKs do: POST /token/create, signed query, param_json body', async () => {
    expectCalls(
      // shop_id beyond 2^53 in the raw answer: read as its digits.
      json(
        '{"code":10000,"msg":"success","sub_code":"","sub_msg":"","log_id":"l1","data":' +
          '{"access_token":"at-1","expires_in":604800,"refresh_token":"rt-1","scope":"SCOPE",' +
          '"shop_id":4463798901234567891,"shop_name":"沙箱小店","authority_id":"4463798901234567891"}}',
      ),
    );
    const grant = await client().createToken('auth-code-1');
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/sandbox/doudian/token/create');
    expect(req!.query).toEqual({
      app_key: APP_KEY,
      method: 'token.create',
      timestamp: String(NOW_MS / 1000),
      v: '2',
      sign_method: 'hmac-sha256',
      sign: req!.expectedSign,
    });
    expect(req!.query.timestamp).toMatch(/^\d{10}$/);
    expect(req!.query).not.toHaveProperty('access_token');
    expect(req!.headers['x-open-no-old-err-code']).toBe('1');
    expect(req!.headers['content-type']).toMatch(/^application\/json/);
    expect(req!.body).toBe('{"code":"auth-code-1","grant_type":"authorization_code"}');
    expect(grant).toEqual({
      accessToken: 'at-1',
      accessTokenExpiresAt: new Date(NOW_MS + 604_800_000),
      refreshToken: 'rt-1',
      refreshTokenExpiresAt: new Date(NOW_MS + 14 * 86_400_000),
      shopId: '4463798901234567891',
      shopName: '沙箱小店',
      scope: 'SCOPE',
      authorityId: '4463798901234567891',
    });
  });

  it('refreshes with grant_type refresh_token and reads an expiry given as a Unix time', async () => {
    expectCalls(
      ok({
        access_token: 'at-2',
        expires_in: NOW_MS / 1000 + 3600,
        refresh_token: 'rt-2',
        scope: '',
        shop_id: 12345,
        shop_name: 'SHOP',
      }),
    );
    const grant = await client().refreshToken('rt-1');
    expect(received[0]!.body).toBe('{"grant_type":"refresh_token","refresh_token":"rt-1"}');
    expect(received[0]!.query.method).toBe('token.refresh');
    expect(received[0]!.query.sign).toBe(received[0]!.expectedSign);
    expect(grant.accessTokenExpiresAt).toEqual(new Date(NOW_MS + 3_600_000));
    expect(grant.shopId).toBe('12345');
  });

  it('signs with md5 when told to, as the Java SDK does', async () => {
    expectCalls(
      ok({ access_token: 'a', expires_in: 1, refresh_token: 'r', shop_id: '1', shop_name: 'x' }),
    );
    await client({ signMethod: 'md5' }).createToken('c');
    expect(received[0]!.query.sign_method).toBe('md5');
    expect(received[0]!.query.sign).toMatch(/^[0-9a-f]{32}$/);
  });

  it('classifies token refusals: a used code or a dead refresh token is a lost authorization', async () => {
    expectCalls(
      fail(
        50001,
        '平台处理失败',
        'dop.token-generate-failed:code-expired',
        '生成token失败，code已经失效（code的有效期为10分钟）',
      ),
      fail(50001, '平台处理失败', 'dop.token-generate-failed:token-expired', 'token已过期'),
      fail(50002, '业务处理失败', 'isv.business-failed:31012', '刷新token失败，有并发请求'),
      fail(50001, '平台处理失败', 'dop.token-generate-failed:app-secret-invalid', 'secret'),
    );
    const used = await failure(client().createToken('old'));
    expect(used).toMatchObject({
      reason: 'authorization_revoked',
      next: 'reconnect',
      platformCode: 50001,
      subCode: 'dop.token-generate-failed:code-expired',
      requestId: 'log-err',
    });
    // The executor treats any refusal of a /token/ call as the authorization's.
    expect(used.operation).toBe('POST /token/create');
    expect(await failure(client().refreshToken('rt'))).toMatchObject({
      reason: 'authorization_revoked',
    });
    expect(await failure(client().refreshToken('rt'))).toMatchObject({
      reason: 'token_refresh_conflict',
      next: 'back_off',
    });
    expect(await failure(client().createToken('c'))).toMatchObject({
      reason: 'configuration',
      next: 'fix_configuration',
    });
  });
});

describe('抖店 client: 定向计划', () => {
  it('creates a plan: sorted param_json with the product id as its digits, the token in the query', async () => {
    expectCalls(ok({ plan_id: '7301234567890123456' }));
    const plan = await client().createOrienPlan(shop, {
      productId: '3482204602722574252',
      cosRatio: 20,
      endTime: new Date(NOW_MS + 30 * 86_400_000),
      allowApply: true,
      auditApplications: true,
    });
    expect(plan).toEqual({ planId: '7301234567890123456' });
    const [req] = received;
    expect(req!.path).toBe('/sandbox/doudian/buyin/createOrUpdateOrienPlan');
    expect(req!.query.method).toBe('buyin.createOrUpdateOrienPlan');
    expect(req!.query.access_token).toBe('dd-access-token-1');
    expect(req!.query.sign).toBe(req!.expectedSign);
    const end = NOW_MS / 1000 + 30 * 86_400;
    expect(req!.body).toBe(
      `{"is_create":true,"plan":{"apply_type":2,"audit_type":2,"cos_ratio":20,"end_time":${end},` +
        `"product_id":3482204602722574252,"restricted_type":1}}`,
    );
  });

  it('treats a creation answered without a plan id as not known', async () => {
    expectCalls(ok({}));
    const error = await failure(
      client().createOrienPlan(shop, {
        productId: '1',
        cosRatio: 5,
        endTime: new Date(NOW_MS + 86_400_000),
      }),
    );
    expect(error).toMatchObject({ reason: 'unreadable', scope: 'unknown', next: 'reconcile' });
  });

  it('updates a plan by its id, without product or application settings', async () => {
    expectCalls(ok({ plan_id: '' }));
    const result = await client().updateOrienPlan(shop, '7301', {
      cosRatio: 0,
      endTime: new Date(NOW_MS + 86_400_000),
    });
    expect(result.planId).toBe('7301');
    expect(received[0]!.body).toBe(
      `{"is_create":false,"plan":{"cos_ratio":0,"end_time":${NOW_MS / 1000 + 86_400},"orien_plan_id":"7301"}}`,
    );
  });

  it('refuses what no page allows before sending', async () => {
    const c = client();
    const base = { productId: '1', cosRatio: 20, endTime: new Date(NOW_MS + 1000) };
    for (const bad of [
      { ...base, cosRatio: 81 },
      { ...base, cosRatio: 12.5 },
      { ...base, endTime: new Date(NOW_MS - 1000) },
      { ...base, productId: '12ab' },
      { ...base, productId: '99999999999999999999' },
    ]) {
      expect(await failure(c.createOrienPlan(shop, bad))).toMatchObject({
        reason: 'invalid_request',
        scope: 'request',
      });
    }
    expect(received).toHaveLength(0);
  });

  it('maps the plan errors of the method page: the same plan exists, the shop closed, a bad product', async () => {
    expectCalls(
      fail(50002, '业务处理失败', 'isv.business-failed:4111', '存在同样佣金率和截止时间的计划'),
      fail(50002, '业务处理失败', 'isv.business-failed:4102', '商家已被关闭推广，无法使用平台功能'),
      fail(40004, '非法的参数', 'isv.parameter-invalid:4106', '无效商品ID'),
      fail(50002, '业务处理失败', 'isv.business-failed:99999', '店铺未加入精选联盟'),
    );
    const input = { productId: '1', cosRatio: 20, endTime: new Date(NOW_MS + 86_400_000) };
    expect(await failure(client().createOrienPlan(shop, input))).toMatchObject({
      reason: 'plan_exists',
      scope: 'request',
      next: 'reconcile',
    });
    expect(await failure(client().createOrienPlan(shop, input))).toMatchObject({
      reason: 'shop_ineligible',
      scope: 'call',
      next: 'pause_shop',
      standardCode: 'shop_ineligible',
    });
    expect(await failure(client().createOrienPlan(shop, input))).toMatchObject({
      reason: 'product_invalid',
      standardCode: 'product_not_owned',
    });
    expect(await failure(client().createOrienPlan(shop, input))).toMatchObject({
      reason: 'shop_ineligible',
      platformMessage: '业务处理失败: 店铺未加入精选联盟',
    });
  });

  it('adds 20 达人 in one call and turns success_ids / failed_ids into one outcome each', async () => {
    const buyinIds = ids(19);
    buyinIds.push('7012999999999999999'); // beyond 2^53: compared as digits, never rounded
    const failedBig = '7012999999999999999';
    expectCalls(
      json(
        '{"code":10001,"msg":"请求部分失败","sub_code":"","sub_msg":"","log_id":"l2","data":{' +
          `"success_ids":[${buyinIds.slice(0, 16).join(',')}],` +
          `"failed_ids":[{"buyin_id":${buyinIds[16]},"error_code":22,"error_msg":"不存在"},` +
          `{"buyin_id":${buyinIds[17]},"error_code":23,"error_msg":"达人已在计划中"},` +
          `{"buyin_id":${failedBig},"error_code":24,"error_msg":"达人不满足条件"}]}}`,
      ),
    );
    const outcomes = await client().addOrienPlanAuthors(shop, '7301', buyinIds);
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toBe(`{"buyin_ids":[${buyinIds.join(',')}],"orien_plan_id":"7301"}`);
    expect(received[0]!.query.sign).toBe(received[0]!.expectedSign);
    expect(outcomes).toHaveLength(20);
    expect(outcomes.slice(0, 16).every((outcome) => outcome.status === 'added')).toBe(true);
    expect(outcomes[16]).toEqual({
      buyinId: buyinIds[16],
      status: 'failed',
      reason: 'author_not_found',
      standardCode: 'talent_not_found',
      errorCode: 22,
      message: '不存在',
    });
    expect(outcomes[17]).toMatchObject({ status: 'failed', standardCode: 'already_invited' });
    // Named in neither list: not known.
    expect(outcomes[18]).toEqual({ buyinId: buyinIds[18], status: 'unknown' });
    expect(outcomes[19]).toMatchObject({
      buyinId: failedBig,
      status: 'failed',
      reason: 'author_rejected',
      standardCode: 'talent_ineligible',
    });
  });

  it('refuses 21 百应IDs, duplicates and non-ids before sending anything', async () => {
    const c = client();
    expect(await failure(c.addOrienPlanAuthors(shop, '7301', ids(21)))).toMatchObject({
      reason: 'invalid_request',
      platformMessage: '1 to 20 百应IDs per call',
    });
    expect(await failure(c.addOrienPlanAuthors(shop, '7301', []))).toMatchObject({
      reason: 'invalid_request',
    });
    expect(await failure(c.addOrienPlanAuthors(shop, '7301', ['1', '1']))).toMatchObject({
      reason: 'invalid_request',
    });
    expect(await failure(c.addOrienPlanAuthors(shop, '7301', ['uid_abc']))).toMatchObject({
      reason: 'invalid_request',
    });
    expect(received).toHaveLength(0);
  });

  it('maps a whole-call refusal of orienPlanAuthorsAdd: a stale plan fails, 4121 is not known', async () => {
    expectCalls(
      fail(40004, '非法的参数', 'isv.parameter-invalid:4114', '无效定向计划ID'),
      fail(50002, '业务处理失败', 'isv.business-failed:4121', '定向计划添加达人失败'),
    );
    expect(await failure(client().addOrienPlanAuthors(shop, '1', ids(2)))).toMatchObject({
      reason: 'plan_not_found',
      scope: 'request',
    });
    expect(await failure(client().addOrienPlanAuthors(shop, '1', ids(2)))).toMatchObject({
      reason: 'platform_internal',
      scope: 'unknown',
      next: 'reconcile',
    });
  });

  it("reads a plan's authors (for reconciliation) and refuses a page larger than 40", async () => {
    expectCalls(
      ok({
        total: 1,
        orien_plan_authors: [
          {
            apply_id: 1,
            orien_plan_id: '7301',
            buyin_id: 7012000001,
            user_name: '达人昵称',
            apply_time: 1767225600,
            apply_suc_time: 1767225600,
            audit_status: 1,
            apply_info: '',
            contact_phone: '',
            end_time: 1769817600,
          },
        ],
      }),
    );
    const page = await client().listOrienPlanAuthors(shop, {
      planId: '7301',
      buyinId: '7012000001',
      auditStatus: 1,
    });
    expect(received[0]!.body).toBe(
      '{"audit_status":1,"buyin_id":7012000001,"orien_plan_id":"7301","page":1,"page_size":20}',
    );
    expect(page).toEqual({
      total: 1,
      authors: [
        {
          applyId: '1',
          buyinId: '7012000001',
          userName: '达人昵称',
          auditStatus: 1,
          applyTime: new Date(1767225600_000),
          joinedAt: new Date(1767225600_000),
          applyInfo: '',
          contactPhone: '',
          endTime: new Date(1769817600_000),
        },
      ],
    });
    expect(
      await failure(client().listOrienPlanAuthors(shop, { planId: '7301', pageSize: 41 })),
    ).toMatchObject({ reason: 'invalid_request' });
  });

  it('settles unknown 达人 by reading the plan in every audit status', async () => {
    expectCalls(
      ok({ total: 0, orien_plan_authors: [] }),
      ok({ total: 1, orien_plan_authors: [{ buyin_id: 7012000001, user_name: 'a' }] }),
      ok({ total: 0, orien_plan_authors: [] }),
      ok({ total: 0, orien_plan_authors: [] }),
      ok({ total: 0, orien_plan_authors: [] }),
    );
    const found = await client().planHasAuthors(shop, '7301', ['7012000001', '7012000002']);
    expect(found).toEqual(
      new Map([
        ['7012000001', true],
        ['7012000002', false],
      ]),
    );
    expect(received.map((req) => JSON.parse(req.body).audit_status)).toEqual([1, 2, 1, 2, 3]);
  });

  it("pages a plan's applications by status and name, with what the review needs", async () => {
    // The .NET SDK's sample answer (ModelSamples/Buyin/OrientPlan/BuyinOrientPlanAuthorsResponse.json).
    expectCalls(
      ok({
        total: 100,
        orien_plan_authors: [
          {
            apply_id: 1,
            orien_plan_id: '123321',
            buyin_id: 11111,
            user_name: '达人昵称',
            apply_time: 1625480546,
            apply_suc_time: 1625480546,
            audit_status: 2,
            apply_info: '申请加入',
            contact_phone: '18003888888',
            end_time: 1625480546,
          },
        ],
      }),
    );
    const page = await client().listOrienPlanAuthors(shop, {
      planId: '123321',
      auditStatus: 2,
      userName: ' 达人昵称 ',
      page: 3,
      pageSize: 40,
    });
    expect(received[0]!.path).toBe('/sandbox/doudian/buyin/orienPlanAuthors');
    expect(received[0]!.body).toBe(
      '{"audit_status":2,"orien_plan_id":"123321","page":3,"page_size":40,"user_name":"达人昵称"}',
    );
    expect(page.total).toBe(100);
    expect(page.authors[0]).toMatchObject({
      applyId: '1',
      auditStatus: 2,
      applyInfo: '申请加入',
      contactPhone: '18003888888',
    });
    expect(
      await failure(client().listOrienPlanAuthors(shop, { planId: '123321', page: 0 })),
    ).toMatchObject({ reason: 'invalid_request' });
    expect(received).toHaveLength(1);
  });

  it('reviews an application with buyin.orienPlanAudit: approve 1, reject 2, remove 3', async () => {
    expectCalls(
      ok({}),
      ok({}),
      ok(null),
      fail(40004, '非法的参数', 'isv.parameter-invalid:4117', '无效申请ID'),
    );
    await client().auditOrienPlanApplication(shop, '16295', 'approve');
    await client().auditOrienPlanApplication(shop, '16296', 'reject');
    await client().auditOrienPlanApplication(shop, '16297', 'remove');
    const unknown = await failure(client().auditOrienPlanApplication(shop, '9', 'approve'));
    // The .NET SDK's sample request: `{"audit_action": 1, "apply_id": 16295}` (a long).
    expect(received.map((req) => [req.path, req.query.method, req.body])).toEqual([
      [
        '/sandbox/doudian/buyin/orienPlanAudit',
        'buyin.orienPlanAudit',
        '{"apply_id":16295,"audit_action":1}',
      ],
      [
        '/sandbox/doudian/buyin/orienPlanAudit',
        'buyin.orienPlanAudit',
        '{"apply_id":16296,"audit_action":2}',
      ],
      [
        '/sandbox/doudian/buyin/orienPlanAudit',
        'buyin.orienPlanAudit',
        '{"apply_id":16297,"audit_action":3}',
      ],
      [
        '/sandbox/doudian/buyin/orienPlanAudit',
        'buyin.orienPlanAudit',
        '{"apply_id":9,"audit_action":1}',
      ],
    ]);
    for (const req of received) expect(req.query.sign).toBe(req.expectedSign);
    expect(unknown).toMatchObject({
      reason: 'invalid_request',
      subCode: 'isv.parameter-invalid:4117',
    });
    // Not an id, or not a decision: refused before anything is sent.
    expect(await failure(client().auditOrienPlanApplication(shop, 'x1', 'approve'))).toMatchObject({
      reason: 'invalid_request',
    });
    expect(
      await failure(
        client().auditOrienPlanApplication(shop, '1', 'accept' as unknown as 'approve'),
      ),
    ).toMatchObject({ reason: 'invalid_request' });
    expect(received).toHaveLength(4);
  });

  it('finds existing plans of a product (orienPlanList groups them by product)', async () => {
    expectCalls(
      ok({
        total: 1,
        orien_plans: [
          {
            product_id: 3482204602722574252n.toString(),
            orien_plans: [
              {
                orien_plan_id: '7301',
                product_id: '3482204602722574252',
                plan_status: 1,
                cos_ratio: 20,
                end_time: 1769817600,
                kol_num: 3,
              },
            ],
          },
        ],
      }),
    );
    const { plans } = await client().findOrienPlans(shop, { productId: '3482204602722574252' });
    expect(received[0]!.body).toBe('{"page":1,"page_size":20,"product_id":3482204602722574252}');
    expect(plans).toEqual([
      {
        planId: '7301',
        productId: '3482204602722574252',
        status: 1,
        cosRatio: 20,
        endTime: new Date(1769817600_000),
        authorCount: 3,
      },
    ]);
  });
});

describe('抖店 client: 团长活动', () => {
  it('lists the activities the shop may join, in cursor mode', async () => {
    expectCalls(
      ok({
        data: [
          {
            activity_id: 7012345678901234567n.toString(),
            activity_name: '春季团长招商',
            institution_name: '某某团长',
            institution_id: 55,
            colonel_buyin_id: 7012000099,
            apply_start_time: '2026-01-01 00:00:00',
            apply_end_time: '2026-01-31 23:59:59',
            commission_rate: 20,
            service_rate: 5,
            apply_status: 0,
            activity_kind: 1,
          },
        ],
        next_cursor: 'c2',
      }),
    );
    const page = await client().listShopActivities(shop, { applyStatus: 2, keyword: '春季' });
    expect(received[0]!.path).toBe('/sandbox/doudian/buyin/ShopActivityList');
    expect(received[0]!.query.method).toBe('buyin.ShopActivityList');
    expect(received[0]!.body).toBe(
      '{"apply_status":2,"inst_acti_name":"春季","page_size":20,"retrieve_mode":1}',
    );
    expect(page).toEqual({
      nextCursor: 'c2',
      activities: [
        {
          activityId: '7012345678901234567',
          name: '春季团长招商',
          institutionName: '某某团长',
          institutionId: '55',
          colonelBuyinId: '7012000099',
          applyStartTime: '2026-01-01 00:00:00',
          applyEndTime: '2026-01-31 23:59:59',
          minCommissionRate: 20,
          minServiceRate: 5,
          applied: false,
          kind: 1,
        },
      ],
    });
  });

  it('applies products to an activity: rates as two-decimal strings, one outcome per product', async () => {
    expectCalls(
      ok({
        total: 3,
        result: [
          {
            product_id: 3482204602722574252n.toString(),
            is_success: true,
            error_code: 0,
            error_msg: 'success',
          },
          { product_id: 11, is_success: false, error_code: 1001, error_msg: '佣金率低于活动要求' },
        ],
      }),
    );
    const outcomes = await client().applyActivities(shop, {
      activityId: '7012345678901234567',
      serviceRatio: 20.5,
      phoneNumber: '13800000000',
      products: [
        { productId: '3482204602722574252', activityPriceFen: 1990, commissionRatio: 30 },
        {
          productId: '11',
          activityPriceFen: 990,
          commissionRatio: 12.25,
          promotionStock: 100,
          giftInfo: '无赠品',
          promotionStep: '满减',
          monthsOfProtection: 0,
        },
        { productId: '12', activityPriceFen: 500, commissionRatio: 10 },
      ],
    });
    const [req] = received;
    expect(req!.query.sign).toBe(req!.expectedSign);
    // Sorted at every depth: sorting it again (ids quoted so JSON.parse keeps them) changes nothing.
    const quoted = req!.body.replace(/:(\d{16,})/g, ':"$1"');
    expect(resorted(quoted)).toBe(quoted);
    expect(req!.body).toBe(
      '{"activity_id":7012345678901234567,"phone_number":"13800000000","products":[' +
        '{"activity_price":1990,"product_activity_ratio":"30.00","product_id":3482204602722574252},' +
        '{"activity_price":990,"gift_info":"无赠品","months_of_protection":0,"product_activity_ratio":"12.25",' +
        '"product_id":11,"promotion_step":"满减","promotion_stock":100},' +
        '{"activity_price":500,"product_activity_ratio":"10.00","product_id":12}],' +
        '"service_rate":20,"service_ratio":"20.50"}',
    );
    expect(outcomes).toEqual([
      { productId: '3482204602722574252', status: 'applied', errorCode: 0, message: '' },
      { productId: '11', status: 'failed', errorCode: 1001, message: '佣金率低于活动要求' },
      { productId: '12', status: 'unknown', errorCode: null, message: '' },
    ]);
  });

  it('refuses applications no page allows, and maps a closed activity', async () => {
    const c = client();
    const base = {
      activityId: '1',
      serviceRatio: 10,
      phoneNumber: '13800000000',
      products: [{ productId: '1', activityPriceFen: 100, commissionRatio: 20 }],
    };
    for (const bad of [
      { ...base, serviceRatio: 10.005 },
      { ...base, products: [{ ...base.products[0]!, commissionRatio: 81 }] },
      { ...base, serviceRatio: 40, products: [{ ...base.products[0]!, commissionRatio: 50 }] },
      {
        ...base,
        products: [{ ...base.products[0]!, giftInfo: '一二三四五六七八九十一二三四五六' }],
      },
      { ...base, products: [{ ...base.products[0]!, activityPriceFen: 0 }] },
      { ...base, products: [] },
      { ...base, phoneNumber: '' },
    ]) {
      expect(await failure(c.applyActivities(shop, bad))).toMatchObject({
        reason: 'invalid_request',
      });
    }
    expect(received).toHaveLength(0);
    expectCalls(
      fail(
        50002,
        '业务处理失败',
        'isv.business-failed:110110',
        '活动报名时间已结束，不支持继续报名',
      ),
    );
    expect(await failure(c.applyActivities(shop, base))).toMatchObject({
      reason: 'activity_closed',
      scope: 'request',
      next: 'fail_records',
    });
  });
});

describe('抖店 client: errors of the gateway', () => {
  it('maps an expired or unknown token to a refresh, a bad signature to our configuration', async () => {
    expectCalls(
      fail(40003, '非法的参数', 'isv.access-token-expired', 'access_token已过期'),
      fail(40003, '非法的参数', 'isv.access-token-no-existed', 'access_token不存在'),
      fail(40003, '非法的参数', 'isv.signature-invalid', '签名校验失败'),
      fail(30001, '操作权限不足', 'dop.authorization-closed', '店铺授权已被关闭'),
      fail(30001, '操作权限不足', 'isv.app-permissions-insufficient', '应用无权限调用该接口'),
      fail(30002, '请求来源IP不可信，请检查IP白名单', '', ''),
    );
    const c = client();
    const list = () => c.listShopActivities(shop, { applyStatus: 2 });
    expect(await failure(list())).toMatchObject({
      reason: 'token_expired',
      scope: 'call',
      next: 'refresh_token',
      standardCode: 'login_expired',
    });
    expect(await failure(list())).toMatchObject({ reason: 'token_expired' });
    expect(await failure(list())).toMatchObject({
      reason: 'bad_signature',
      next: 'fix_configuration',
      standardCode: 'platform_configuration',
    });
    expect(await failure(list())).toMatchObject({
      reason: 'authorization_revoked',
      next: 'reconnect',
    });
    expect(await failure(list())).toMatchObject({ reason: 'configuration' });
    expect(await failure(list())).toMatchObject({ reason: 'configuration' });
  });

  it('waits out throttling (60000) and sends again; gives up with rate_limited after the retries', async () => {
    expectCalls(
      fail(60000, '触发限流，请稍后重试', '', ''),
      fail(60000, '触发限流，请稍后重试', '', ''),
      ok({ data: [], next_cursor: '' }),
    );
    const c = client({ backoffMs: 100 });
    const page = await c.listShopActivities(shop, { applyStatus: 1 });
    expect(page.activities).toEqual([]);
    expect(received).toHaveLength(3);
    expect(sleeps).toEqual([75, 150]);
    expectCalls(...Array.from({ length: 3 }, () => fail(60000, '触发限流，请稍后重试', '', '')));
    const limited = await failure(
      client({ rateLimitRetries: 2 }).listShopActivities(shop, { applyStatus: 1 }),
    );
    expect(limited).toMatchObject({
      reason: 'rate_limited',
      scope: 'call',
      next: 'back_off',
      standardCode: 'rate_limited',
    });
  });

  it('says "not known" for system errors, timeouts, broken connections and unreadable answers', async () => {
    expectCalls(
      fail(20000, '系统错误', 'isp.service-error:256', '服务打瞌睡了，请稍后再试'),
      fail(20001, '内部服务超时', '', ''),
      new Response('<html>502 Bad Gateway</html>', { status: 502 }),
      json('{"code":10000,"msg":"success","data":{"success_ids":"nope"}}'),
      async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      },
    );
    const add = () => client().addOrienPlanAuthors(shop, '7301', ids(1));
    for (const reason of [
      'platform_internal',
      'timeout',
      'server_error',
      'unreadable',
      'connection_failed',
    ]) {
      expect(await failure(add())).toMatchObject({ reason, scope: 'unknown', next: 'reconcile' });
    }
  });

  it('ends an exchange at its deadline (the fetch sees the abort)', async () => {
    expectCalls(
      (_req, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const error = await failure(
      client({ timeoutMs: 20 }).addOrienPlanAuthors(shop, '7301', ids(1)),
    );
    expect(error).toMatchObject({ reason: 'timeout', scope: 'unknown' });
  });

  it('tells a refused connection (nothing sent) from a broken one', async () => {
    expectCalls(async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    });
    expect(await failure(client().createToken('c'))).toMatchObject({
      reason: 'unreachable',
      scope: 'call',
      next: 'back_off',
    });
  });

  it('never puts the token into the error (the operation names the path only)', async () => {
    expectCalls(
      fail(40003, '非法的参数', 'isv.access-token-invalid', 'app_key和access_token不匹配'),
    );
    const error = await failure(client().listShopActivities(shop, { applyStatus: 2 }));
    expect(error.operation).toBe('POST /buyin/ShopActivityList');
    expect(error.message).not.toContain(shop.accessToken);
    expect(error.reason).toBe('authorization_revoked');
  });
});

describe('抖店 client: alliance orders', () => {
  // The .NET SDK's sample (ModelSamples/Alliance/AllianceGetOrderListResponse.json).
  const sampleOrder = {
    order_id: '4790957107260097836',
    product_id: '3475285904548040556',
    author_account: '北三环小王子',
    short_id: '1068048',
    total_pay_amount: 31000,
    commission_rate: 300,
    estimated_comission: 810,
    real_comission: 0,
    order_status: '支付成功',
    shop_id: '1111115516',
    alliance_biz_type: 'COMMON',
    phase_id: 1,
  };

  it('reads up to 5 orders by id with alliance.getOrderList', async () => {
    expectCalls(ok({ code: '100000', code_msg: 'success', datas: [sampleOrder] }));
    const orders = await client().getAllianceOrders(shop, [
      '4790957107260097836',
      '4790957107260097837',
    ]);
    expect(received[0]!.path).toBe('/sandbox/doudian/alliance/getOrderList');
    expect(received[0]!.query.method).toBe('alliance.getOrderList');
    expect(received[0]!.query.sign).toBe(received[0]!.expectedSign);
    // Strings, as AllianceGetOrderListReq types them (`List<string> OrderIds`).
    expect(received[0]!.body).toBe('{"order_ids":["4790957107260097836","4790957107260097837"]}');
    // The second is not named in the answer: left out.
    expect(orders).toEqual([
      {
        orderId: '4790957107260097836',
        productId: '3475285904548040556',
        shopId: '1111115516',
        authorName: '北三环小王子',
        authorShortId: '1068048',
        payAmountFen: 31000,
        commissionRateBp: 300,
        estimatedCommissionFen: 810,
        realCommissionFen: 0,
        status: '支付成功',
        bizType: 'COMMON',
        phase: 1,
      },
    ]);
  });

  it('refuses more than 5 ids (nothing sent) and an answer whose own code is not 100000', async () => {
    expect(await failure(client().getAllianceOrders(shop, ids(6)))).toMatchObject({
      reason: 'invalid_request',
    });
    expect(await failure(client().getAllianceOrders(shop, []))).toMatchObject({
      reason: 'invalid_request',
    });
    expect(received).toHaveLength(0);
    expectCalls(ok({ code: '100001', code_msg: '参数错误', datas: [] }));
    expect(await failure(client().getAllianceOrders(shop, ['1']))).toMatchObject({
      reason: 'invalid_request',
      subCode: '100001',
      platformMessage: '参数错误',
    });
  });
});
