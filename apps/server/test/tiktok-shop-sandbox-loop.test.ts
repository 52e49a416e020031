import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  sandboxCreator,
  sandboxCreatorPlan,
  sandboxProductId,
  sandboxSellers,
  tiktokShopSandboxCredentials,
  TIKTOK_SHOP_SANDBOX_BASE,
  type TikTokShopSandbox,
} from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, type Harness } from './support/harness.ts';

/**
 * The sandbox TikTok Shop after an invitation: its clock, its creators answering over
 * sandbox time, sample applications, their review and fulfilment, affiliate orders and
 * creators' replies. Driven as a client drives the platform, with a signer written here from
 * the "Sign your API request" page (as tiktok-shop-sandbox.test.ts does).
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
/** Wednesday 2027-03-10 12:00 UTC. */
const START = new Date('2027-03-10T12:00:00Z');
const startSeconds = Math.floor(START.getTime() / 1000);
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const ALL_SCOPES = [
  'seller.authorization.info',
  'seller.creator_marketplace.read',
  'seller.affiliate_collaboration.read',
  'seller.affiliate_collaboration.write',
  'seller.affiliate_messages.write',
];

function sandboxOf(h: Harness): TikTokShopSandbox {
  return h.app.tiktokShopSandbox!;
}

/**
 * The clock fixed at START, no rate limit (every call falls in the same second), and access
 * tokens that outlive the weeks a test moves through.
 */
function begin(h: Harness) {
  h.app.clock.now = () => new Date(START);
  sandboxOf(h).configure({ rateLimitPerSecond: 100_000, accessTokenTtlSeconds: 365 * DAY });
}

interface Answer<T> {
  status: number;
  code: number;
  message: string;
  data: T;
}

async function connect(h: Harness, scopes = ALL_SCOPES): Promise<string> {
  const creds = await tiktokShopSandboxCredentials(h.app.db);
  const form = new URLSearchParams({
    service_id: creds.serviceId,
    state: 's',
    decision: 'allow',
    seller: 'local-us',
  });
  for (const scope of scopes) form.append('scope', scope);
  const decided = await h.app.inject({
    method: 'POST',
    url: `${BASE}/open/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const code = new URL(decided.headers.location as string).searchParams.get('code')!;
  const res = await h.app.inject({
    method: 'GET',
    url: `${BASE}/api/v2/token/get`,
    query: {
      app_key: creds.appKey,
      app_secret: creds.appSecret,
      auth_code: code,
      grant_type: 'authorized_code',
    },
  });
  return (JSON.parse(res.body) as { data: { access_token: string } }).data.access_token;
}

async function api<T = Record<string, unknown>>(
  h: Harness,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  token: string,
  options: { query?: Record<string, string>; body?: unknown } = {},
): Promise<Answer<T>> {
  const creds = await tiktokShopSandboxCredentials(h.app.db);
  // Signed with the caller's real time: the server's clock, not the sandbox's.
  const query: Record<string, string> = {
    app_key: creds.appKey,
    timestamp: String(Math.floor(h.app.clock.now().getTime() / 1000)),
    shop_cipher: US.cipher,
    ...options.query,
  };
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  query.sign = docSign(creds.appSecret, `${BASE}${path}`, query, body);
  const res = await h.app.inject({
    method,
    url: `${BASE}${path}`,
    query,
    headers: {
      'x-tts-access-token': token,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
  const raw = JSON.parse(res.body) as Answer<T>;
  return { status: res.statusCode, code: raw.code, message: raw.message, data: raw.data };
}

async function control<T = Record<string, unknown>>(
  h: Harness,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const res = await h.app.inject({
    method,
    url: `${BASE}/control${path}`,
    ...(body === undefined
      ? {}
      : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.statusCode, data: (JSON.parse(res.body) as { data: T }).data };
}

const advance = (h: Harness, seconds: number) => control(h, 'POST', '/clock/advance', { seconds });

/** Ordinary creators (no trait) from number `from`, plus the fixed ones asked for. */
function creators(from: number, count: number): string[] {
  const out: string[] = [];
  for (let n = from; out.length < count; n++) {
    const c = sandboxCreator('US', n);
    if (c.trait === null) out.push(c.openId);
  }
  return out;
}
const fixed = (n: number) => sandboxCreator('US', n).openId;

async function createCollaboration(
  h: Harness,
  token: string,
  openIds: string[],
  options: { freeSample?: boolean; exempt?: boolean; name?: string; days?: number } = {},
): Promise<string> {
  const res = await api<{ target_collaboration: { id: string } }>(
    h,
    'POST',
    '/affiliate_seller/202508/target_collaborations',
    token,
    {
      body: {
        name: options.name ?? 'Spring picks',
        message: 'Hi!',
        end_time: String(
          Math.floor(sandboxOf(h).now().getTime() / 1000) + (options.days ?? 30) * DAY,
        ),
        products: [
          { id: sandboxProductId(US, 1), target_commission_rate: 1500 },
          { id: sandboxProductId(US, 2), target_commission_rate: 2000 },
        ],
        creator_user_open_ids: openIds,
        seller_contact_info: { email: 'team@sunny.example' },
        free_sample_rule: {
          has_free_sample: options.freeSample ?? false,
          is_sample_approval_exempt: options.exempt ?? false,
        },
      },
    },
  );
  expect(res.code, res.message).toBe(0);
  return res.data.target_collaboration.id;
}

interface Plan {
  answer: 'ACCEPT' | 'DECLINE' | 'NONE';
  answered_at: number | null;
  sample: { application_id: string; at: number; product_id: string } | null;
  content: { id: string; at: number } | null;
  orders: Array<{ id: string; at: number; cancelled: boolean }>;
}

const planOf = async (h: Harness, collaborationId: string, openId: string) => {
  const res = await control<Plan>(
    h,
    'GET',
    `/plan?collaboration_id=${collaborationId}&creator_open_id=${encodeURIComponent(openId)}`,
  );
  expect(res.status).toBe(200);
  return res.data;
};

interface DetailCreator {
  creator_open_id: string;
  showcase_product_count: number;
  content_product_count: number;
  collaboration_status: string;
}
interface Detail {
  target_collaboration: {
    creator_invited_count: number;
    showcase_creator_count: number;
    content_creator_count: number;
    creators: DetailCreator[];
  };
}

const detailOf = async (h: Harness, token: string, id: string) => {
  const res = await api<Detail>(
    h,
    'GET',
    `/affiliate_seller/202508/target_collaborations/${id}`,
    token,
  );
  expect(res.code, res.message).toBe(0);
  return res.data.target_collaboration;
};

describeApi('sandbox TikTok Shop: creators over sandbox time', (h) => {
  it('keeps its own clock, moved forward only, and every rule reads it', async () => {
    begin(h());
    const sandbox = sandboxOf(h());
    sandbox.configure({ accessTokenTtlSeconds: 7 * DAY });
    expect(
      (await control<{ now: number; offset_seconds: number }>(h(), 'GET', '/clock')).data,
    ).toMatchObject({ now: startSeconds, offset_seconds: 0 });
    const token = await connect(h());
    expect((await advance(h(), 2 * HOUR)).data).toMatchObject({
      now: startSeconds + 2 * HOUR,
      offset_seconds: 2 * HOUR,
    });
    expect(sandbox.now().getTime()).toBe(START.getTime() + 2 * HOUR * 1000);
    expect((await advance(h(), -5)).status).toBe(400);
    expect((await control(h(), 'POST', '/clock/advance', {})).status).toBe(400);
    expect(() => sandbox.advanceClock(-1)).toThrow();
    // Signed with the caller's real time, calls still pass the timestamp window.
    expect(
      (
        await api(h(), 'GET', '/affiliate_seller/202412/conversations', token, {
          query: { page_size: '10' },
        })
      ).code,
    ).toBe(0);
    // The access token lives 7 days of sandbox time.
    sandbox.advanceClock(7 * DAY);
    const expired = await api(h(), 'GET', '/affiliate_seller/202412/conversations', token, {
      query: { page_size: '10' },
    });
    expect([expired.status, expired.code]).toEqual([401, 105002]);
    // A collaboration's end_time is checked against the sandbox's now.
    const fresh = await connect(h());
    const res = await api(h(), 'POST', '/affiliate_seller/202508/target_collaborations', fresh, {
      body: {
        name: 'Too soon',
        end_time: String(startSeconds + 3 * DAY),
        products: [{ id: sandboxProductId(US, 1), target_commission_rate: 1500 }],
        creator_user_open_ids: [fixed(1)],
        seller_contact_info: { email: 'team@sunny.example' },
        free_sample_rule: { has_free_sample: false, is_sample_approval_exempt: false },
      },
    });
    expect([res.code, res.message]).toEqual([36009004, expect.stringContaining('end_time')]);
  });

  it('creators accept, decline or never answer as their seeds say, seen as the clock moves', async () => {
    begin(h());
    const token = await connect(h());
    const invited = [fixed(1), fixed(2), fixed(3), ...creators(5, 47)];
    const id = await createCollaboration(h(), token, invited, { days: 10 });

    const plans = new Map<string, Plan>();
    for (const openId of invited) plans.set(openId, await planOf(h(), id, openId));
    expect(plans.get(fixed(1))).toMatchObject({
      answer: 'ACCEPT',
      answered_at: startSeconds + 4 * MINUTE,
    });
    expect(plans.get(fixed(2))).toMatchObject({
      answer: 'DECLINE',
      answered_at: startSeconds + 5 * MINUTE,
    });
    expect(plans.get(fixed(3))).toMatchObject({ answer: 'NONE', answered_at: null, orders: [] });

    /** The detail at the sandbox's now, checked creator by creator against the plans. */
    const expectAsPlanned = async () => {
      const now = Math.floor(sandboxOf(h()).now().getTime() / 1000);
      const detail = await detailOf(h(), token, id);
      let accepted = 0;
      let declined = 0;
      let content = 0;
      for (const c of detail.creators) {
        const plan = plans.get(c.creator_open_id)!;
        const answered = plan.answered_at !== null && plan.answered_at <= now;
        const isAccepted = plan.answer === 'ACCEPT' && answered;
        const isDeclined = plan.answer === 'DECLINE' && answered;
        const posted = plan.content !== null && plan.content.at <= now;
        accepted += isAccepted ? 1 : 0;
        declined += isDeclined ? 1 : 0;
        content += posted ? 1 : 0;
        expect(c, c.creator_open_id).toMatchObject({
          showcase_product_count: isAccepted ? 2 : 0,
          content_product_count: posted ? 1 : 0,
          collaboration_status: isDeclined ? 'DELETED' : 'NORMAL',
        });
      }
      expect(detail).toMatchObject({
        creator_invited_count: 50 - declined,
        showcase_creator_count: accepted,
        content_creator_count: content,
      });
      return { accepted, declined, content };
    };

    expect(await expectAsPlanned()).toEqual({ accepted: 0, declined: 0, content: 0 });
    const accepted = async () =>
      (
        await api<{ total_count: number }>(
          h(),
          'POST',
          '/affiliate_seller/202508/target_collaborations/search',
          token,
          { body: { collaboration_status: 'VALID', creator_accept_status: 'ACCEPT' } },
        )
      ).data.total_count;
    expect(await accepted()).toBe(0);

    await advance(h(), 10 * MINUTE);
    const early = await expectAsPlanned();
    expect(early.accepted).toBeGreaterThanOrEqual(1);
    expect(early.declined).toBeGreaterThanOrEqual(1);
    expect(await accepted()).toBe(1);
    const detail = await detailOf(h(), token, id);
    const entry = (openId: string) => detail.creators.find((c) => c.creator_open_id === openId)!;
    expect(entry(fixed(1)).showcase_product_count).toBe(2);
    expect(entry(fixed(2)).collaboration_status).toBe('DELETED');
    expect(entry(fixed(3)).showcase_product_count).toBe(0);

    await advance(h(), 3 * HOUR);
    const later = await expectAsPlanned();
    expect(later.accepted + later.declined).toBeGreaterThan(early.accepted + early.declined);

    // Past the end: the collaboration is completed; those who never answered stayed NORMAL.
    await advance(h(), 11 * DAY);
    await expectAsPlanned();
    const completed = await api<{ target_collaborations: Array<{ id: string }> }>(
      h(),
      'POST',
      '/affiliate_seller/202508/target_collaborations/search',
      token,
      { body: { collaboration_status: 'COMPLETED' } },
    );
    expect(completed.data.target_collaborations.map((c) => c.id)).toEqual([id]);
    expect(entry(fixed(3)).collaboration_status).toBe('NORMAL');
  });

  it('the same seeds give the same plans, and other ids other plans', () => {
    const facts = (collaborationId: string) => ({
      shopId: US.id,
      collaborationId,
      startTime: START,
      endTime: new Date(START.getTime() + 30 * DAY * 1000),
      hasFreeSample: true,
      products: [
        {
          id: sandboxProductId(US, 1),
          targetCommissionRate: 1500,
          shopAdsCommissionRate: null,
          price: '9.99',
          currency: 'USD',
        },
      ],
    });
    const people = Array.from({ length: 400 }, (_, i) => sandboxCreator('US', 100 + i));
    const first = people.map((c) => sandboxCreatorPlan(facts('7300000000000000001'), c));
    const again = people.map((c) => sandboxCreatorPlan(facts('7300000000000000001'), c));
    const other = people.map((c) => sandboxCreatorPlan(facts('7300000000000000002'), c));
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    // The documented shares, roughly: 40 % accept, 20 % decline.
    const share = (answer: string) =>
      first.filter((p) => p.answer === answer).length / first.length;
    expect(share('ACCEPT')).toBeGreaterThan(0.3);
    expect(share('ACCEPT')).toBeLessThan(0.5);
    expect(share('DECLINE')).toBeGreaterThan(0.12);
    expect(share('DECLINE')).toBeLessThan(0.28);
    for (const plan of first) {
      if (plan.answer !== 'ACCEPT')
        expect(plan.sample ?? plan.content ?? plan.orders[0]).toBeFalsy();
      for (const order of plan.orders)
        expect(order.at.getTime()).toBeGreaterThanOrEqual(plan.content!.at.getTime());
    }
  });

  it('sample applications: searched with their fields and paging, reviewed once, then shipped and fulfilled', async () => {
    begin(h());
    const token = await connect(h());
    const invited = [fixed(1), ...creators(5, 49)];
    const id = await createCollaboration(h(), token, invited, { freeSample: true });
    const search = (body: Record<string, unknown> = {}, query: Record<string, string> = {}) =>
      api<{
        total_count: number;
        next_page_token?: string;
        sample_applications: Array<Record<string, unknown> & { id: string; status: string }>;
      }>(h(), 'POST', '/affiliate_seller/202508/sample_applications/search', token, {
        body,
        query,
      });
    expect((await search()).data).toEqual({ total_count: 0, sample_applications: [] });

    await advance(h(), 11 * MINUTE);
    const plan = await planOf(h(), id, fixed(1));
    const first = await search({ creator_user_oepn_id: fixed(1) });
    expect(first.code, first.message).toBe(0);
    const creator = sandboxCreator('US', 1);
    expect(first.data.sample_applications).toEqual([
      {
        id: plan.sample!.application_id,
        commission_rate: plan.sample!.product_id === sandboxProductId(US, 1) ? '0.15' : '0.2',
        status: 'PENDING',
        available_quantity: 50,
        approve_expiration_time: plan.sample!.at + 3 * DAY,
        is_approvable: true,
        disapprovable_reasons: [],
        creator: expect.objectContaining({
          creator_open_id: creator.openId,
          username: creator.username,
          follower_count: creator.followerCount,
        }),
        product: expect.objectContaining({ id: plan.sample!.product_id }),
      },
    ]);

    // Two days later more creators have asked; paged 2 by 2, newest first, nothing twice.
    await advance(h(), 2 * DAY);
    const all = await search({}, { page_size: '50' });
    expect(all.data.total_count).toBeGreaterThan(3);
    const seen: string[] = [];
    let token2: string | undefined;
    do {
      const page = await search({}, { page_size: '2', ...(token2 ? { page_token: token2 } : {}) });
      expect(page.code, page.message).toBe(0);
      expect(page.data.total_count).toBe(all.data.total_count);
      seen.push(...page.data.sample_applications.map((a) => a.id));
      token2 = page.data.next_page_token;
    } while (token2);
    expect(seen).toEqual(all.data.sample_applications.map((a) => a.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await search({ status: 'PENDING' })).data.total_count).toBe(all.data.total_count);
    expect((await search({ target_collabration_id: '1' })).data.total_count).toBe(0);
    expect((await search({}, { page_size: '51' })).code).toBe(36009004);
    expect((await search({ status: 'LOST' })).code).toBe(36009004);
    expect((await search({}, { page_token: 'b2Zmc2V0PTAK' })).code).toBe(0);

    const review = (appId: string, body: unknown, as = token) =>
      api(h(), 'POST', `/affiliate_seller/202507/sample_applications/${appId}/review`, as, {
        body,
      });
    const appId = plan.sample!.application_id;
    expect((await review(appId, { review_result: 'REJECT' })).code).toBe(36009004);
    expect((await review(appId, { review_result: 'MAYBE' })).code).toBe(36009004);
    expect((await review('123', { review_result: 'APPROVE' })).code).toBe(36009004);
    const readOnly = await connect(
      h(),
      ALL_SCOPES.filter((s) => s !== 'seller.affiliate_collaboration.write'),
    );
    expect((await review(appId, { review_result: 'APPROVE' }, readOnly)).code).toBe(105005);
    const approved = await review(appId, { review_result: 'APPROVE' });
    expect([approved.code, approved.data]).toEqual([0, {}]);
    expect((await review(appId, { review_result: 'REJECT', reject_reason: 'OTHER' })).code).toBe(
      36009004,
    );
    const other = all.data.sample_applications.find((a) => a.id !== appId)!;
    expect(
      (await review(other.id, { review_result: 'REJECT', reject_reason: 'NOT_MATCH' })).code,
    ).toBe(0);

    const statusOf = async (applicationId: string) =>
      (await search({}, { page_size: '50' })).data.sample_applications.find(
        (a) => a.id === applicationId,
      )!;
    expect(await statusOf(appId)).toMatchObject({
      status: 'AWAITING_SHIPMENT',
      fulfillment_status: 'PENDING',
      is_approvable: false,
      order_id: expect.stringMatching(/^\d{18}$/),
    });
    expect((await statusOf(other.id)).status).toBe('REJECT_CANCELLED');
    const noRead = await connect(
      h(),
      ALL_SCOPES.filter((s) => s !== 'seller.affiliate_collaboration.read'),
    );
    expect(
      (
        await api(h(), 'POST', '/affiliate_seller/202508/sample_applications/search', noRead, {
          body: {},
        })
      ).code,
    ).toBe(105005);

    const fulfillments = () =>
      api<{ fulfillments: Array<{ content: Record<string, unknown> }> }>(
        h(),
        'POST',
        `/affiliate_seller/202409/sample_applications/${appId}/fulfillments/search`,
        token,
        { body: {} },
      );
    expect((await fulfillments()).data).toEqual({ fulfillments: [] });
    await advance(h(), DAY);
    expect((await statusOf(appId)).status).toBe('SHIPPED');
    await advance(h(), 3 * DAY);
    // The creator posts once the sample has arrived: then COMPLETED, with the content.
    const after = await statusOf(appId);
    const nowSeconds = Math.floor(sandboxOf(h()).now().getTime() / 1000);
    const contentAt = Math.max(plan.content!.at, nowSeconds);
    expect(after.status).toBe(contentAt <= nowSeconds ? 'COMPLETED' : 'CONTENT_PENDING');
    await advance(h(), 5 * DAY);
    expect(await statusOf(appId)).toMatchObject({
      status: 'COMPLETED',
      fulfillment_status: 'SUCCEED',
    });
    const done = await fulfillments();
    expect(done.data.fulfillments).toHaveLength(1);
    expect(done.data.fulfillments[0]!.content).toMatchObject({
      id: plan.content!.id,
      paid_order_count: expect.any(Number),
    });
    // A PENDING application nobody reviewed expires after 3 days.
    const pending = all.data.sample_applications.filter((a) => a.id !== appId && a.id !== other.id);
    expect((await statusOf(pending[0]!.id)).status).toBe('OVERDUE_CANCELLED');
  });

  it('affiliate orders: searched by time range and program, paged without loss, only once made', async () => {
    begin(h());
    const token = await connect(h());
    const invited = [fixed(1), ...creators(5, 49)];
    const id = await createCollaboration(h(), token, invited, { days: 20 });
    const planned = (await Promise.all(invited.map((c) => planOf(h(), id, c)))).flatMap(
      (p) => p.orders,
    );
    expect(planned.length).toBeGreaterThan(20);
    type Order = {
      id: string;
      create_time: number;
      status: string;
      skus: Array<Record<string, unknown>>;
    };
    const search = (body: Record<string, unknown>, query: Record<string, string> = {}) =>
      api<{ orders: Order[]; total_count: number; next_page_token?: string }>(
        h(),
        'POST',
        '/affiliate_seller/202410/orders/search',
        token,
        { body, query: { page_size: '100', ...query } },
      );
    expect((await search({})).data).toEqual({ orders: [], total_count: 0 });

    await advance(h(), 8 * DAY);
    const now = startSeconds + 8 * DAY;
    const due = planned.filter((o) => o.at <= now);
    expect(due.length).toBeGreaterThan(5);
    expect(due.length).toBeLessThan(planned.length);
    /** Every page of a search, page_size 7. */
    const everything = async (body: Record<string, unknown>) => {
      const out: Order[] = [];
      let pageToken: string | undefined;
      let total = -1;
      do {
        const page = await search(body, {
          page_size: '7',
          ...(pageToken ? { page_token: pageToken } : {}),
        });
        expect(page.code, page.message).toBe(0);
        total = page.data.total_count;
        out.push(...page.data.orders);
        pageToken = page.data.next_page_token;
      } while (pageToken);
      expect(out).toHaveLength(total);
      return out;
    };
    const got = await everything({});
    expect(got.map((o) => o.id).sort()).toEqual(due.map((o) => o.id).sort());
    const times = got.map((o) => o.create_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const from = startSeconds + 2 * DAY;
    const to = startSeconds + 4 * DAY;
    const ranged = await everything({ create_time_ge: from, create_time_lt: to });
    expect(ranged.map((o) => o.id).sort()).toEqual(
      due
        .filter((o) => o.at >= from && o.at < to)
        .map((o) => o.id)
        .sort(),
    );
    expect((await everything({ program_id: id })).length).toBe(due.length);
    expect((await everything({ program_id: '7300000000000000000' })).length).toBe(0);
    const one = got.find((o) => o.status !== 'CANCELLED')!;
    expect(one.skus[0]).toMatchObject({
      target_collaboration_id: id,
      product_id: expect.stringMatching(/^\d{19}$/),
      commission_rate: expect.stringMatching(/^(1500|2000)$/),
      price: { amount: expect.any(String), currency: 'USD' },
    });
    expect(one.status).toBe(one.create_time + 4 * DAY <= now ? 'COMPLETED' : 'PROCESSING');

    expect((await search({}, { page_size: '101' })).code).toBe(36009004);
    expect((await search({}, { page_token: 'bm9wZQ==' })).code).toBe(36009004);
    expect((await search({ create_time_ge: to, create_time_lt: from })).code).toBe(36009004);
    expect((await search({ create_time_ge: 'soon' })).code).toBe(36009004);
    const noRead = await connect(
      h(),
      ALL_SCOPES.filter((s) => s !== 'seller.affiliate_collaboration.read'),
    );
    expect(
      (
        await api(h(), 'POST', '/affiliate_seller/202410/orders/search', noRead, {
          body: {},
          query: { page_size: '10' },
        })
      ).code,
    ).toBe(105005);

    // Removing the collaboration: what was made stays, nothing more comes.
    const removed = await api(
      h(),
      'DELETE',
      `/affiliate_seller/202409/target_collaborations/${id}`,
      token,
    );
    expect(removed.code, removed.message).toBe(0);
    await advance(h(), 10 * DAY);
    expect((await everything({})).length).toBe(due.length);
  });

  it('creators reply in conversations: unread until marked read, UNREAD and UNREPLIED', async () => {
    begin(h());
    const token = await connect(h());
    const open = async (openId: string) =>
      (
        await api<{ conversation_id: string }>(
          h(),
          'POST',
          '/affiliate_seller/202508/conversations',
          token,
          {
            body: { creator_open_id: openId },
          },
        )
      ).data.conversation_id;
    const talker = await open(fixed(4));
    const silent = await open(fixed(3));
    const send = (conversation: string, text: string) =>
      api(h(), 'POST', `/affiliate_seller/202412/conversations/${conversation}/messages`, token, {
        body: { msg_type: 'TEXT', content: JSON.stringify({ content: text }) },
      });
    expect((await send(talker, 'Hello!')).code).toBe(0);
    expect((await send(silent, 'Hello!')).code).toBe(0);
    expect(
      (await control<{ reply_due_at: number }>(h(), 'GET', `/plan?conversation_id=${talker}`)).data
        .reply_due_at,
    ).toBe(startSeconds + 3 * MINUTE);
    type Listed = { id: string; unread_count: number; creator_im_id: string };
    const list = async (status?: string) =>
      (
        await api<{ conversations: Listed[] }>(
          h(),
          'GET',
          '/affiliate_seller/202412/conversations',
          token,
          {
            query: {
              page_size: '20',
              only_need_conversation_id: 'false',
              ...(status ? { conversation_status: status } : {}),
            },
          },
        )
      ).data.conversations;
    const messages = async (conversation: string) =>
      (
        await api<{
          messages: Array<{ message_body: { type: string; content: string; sender_id: string } }>;
        }>(h(), 'GET', `/affiliate_seller/202412/conversation/${conversation}/messages`, token, {
          query: { page_size: '20' },
        })
      ).data.messages;
    expect((await list()).map((c) => c.unread_count)).toEqual([0, 0]);
    expect(await list('UNREAD')).toEqual([]);
    expect(await messages(talker)).toHaveLength(1);

    await advance(h(), 4 * MINUTE);
    const history = await messages(talker);
    expect(history).toHaveLength(2);
    const listed = await list();
    const talkerRow = listed.find((c) => c.id === talker)!;
    expect(talkerRow.unread_count).toBe(1);
    expect(history[0]!.message_body).toMatchObject({
      type: 'TEXT',
      sender_id: talkerRow.creator_im_id,
    });
    expect(history[1]!.message_body.sender_id).not.toBe(talkerRow.creator_im_id);
    expect((await list('UNREAD')).map((c) => c.id)).toEqual([talker]);
    expect((await list('UNREPLIED')).map((c) => c.id)).toEqual([talker]);
    expect(await messages(silent)).toHaveLength(1);
    expect(
      (
        await api(h(), 'GET', '/affiliate_seller/202412/conversations', token, {
          query: { page_size: '20', conversation_status: 'SOMETIMES' },
        })
      ).code,
    ).toBe(36009004);

    const read = await api<{ failed_conversation_ids: string[] }>(
      h(),
      'POST',
      '/affiliate_seller/202412/conversatons/read',
      token,
      { body: { conversation_ids: [talker, '1234'] } },
    );
    expect([read.code, read.data]).toEqual([0, { failed_conversation_ids: ['1234'] }]);
    expect(await list('UNREAD')).toEqual([]);
    expect((await list()).find((c) => c.id === talker)!.unread_count).toBe(0);
    expect((await send(talker, 'Great, here is the card')).code).toBe(0);
    expect(await list('UNREPLIED')).toEqual([]);
    // Replies come a day later than never: the silent creator stays silent.
    await advance(h(), 3 * DAY);
    expect(await messages(silent)).toHaveLength(1);
    expect((await list('UNREAD')).map((c) => c.id)).toEqual([talker]);
  });
});
