import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TikTokShopClient, TikTokShopError, type ShopAccess } from './index.ts';

/**
 * The client against a tiny HTTP server on 127.0.0.1 that records every request and checks
 * its signature with its own code (the document's steps, written again here), so what the
 * client signs is proved to be what it sends.
 */

interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
  /** The signature the server computed from what arrived. */
  expectedSign: string;
}

type Handler = (req: Received, res: ServerResponse) => void;

const APP_KEY = 'test-app-key';
const APP_SECRET = 'test-app-secret-9f2c';
const NOW_MS = 1_767_225_600_000; // 2026-01-01T00:00:00Z

/** The document's algorithm, independently: sorted k+v without sign/access_token, path, body. */
function serverSign(path: string, query: Record<string, string>, body: string): string {
  const keys = Object.keys(query)
    .filter((k) => k !== 'sign' && k !== 'access_token')
    .sort();
  let input = path;
  for (const key of keys) input += key + query[key];
  input = APP_SECRET + input + body + APP_SECRET;
  return createHmac('sha256', APP_SECRET).update(input).digest('hex');
}

let server: Server;
let base: string;
const received: Received[] = [];
const handlers: Handler[] = [];

function answer(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
const ok = (data: unknown) => ({ code: 0, message: 'Success', request_id: 'req-1', data });

/** The next requests are answered by these, in order. */
function expectCalls(...next: Handler[]) {
  handlers.push(...next);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const query = Object.fromEntries(url.searchParams);
      const path = decodeURIComponent(url.pathname);
      const entry: Received = {
        method: req.method ?? '',
        path,
        query,
        headers: req.headers,
        body,
        expectedSign: serverSign(path, query, body),
      };
      received.push(entry);
      const handler = handlers.shift();
      if (!handler) return answer(res, 500, { code: 1, message: 'no handler' });
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  received.length = 0;
  handlers.length = 0;
});

const sleeps: number[] = [];
function client(overrides: Partial<ConstructorParameters<typeof TikTokShopClient>[0]> = {}) {
  sleeps.length = 0;
  return new TikTokShopClient({
    appKey: APP_KEY,
    appSecret: APP_SECRET,
    apiBase: `${base}/open-api`,
    authBase: `${base}/auth`,
    now: () => NOW_MS,
    // Back-off waits are recorded, not slept: the test waits for requests, not the clock.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    timeoutMs: 5_000,
    ...overrides,
  });
}

const shop: ShopAccess = { accessToken: 'TTP_access_token_value', shopCipher: 'ROW_cipher+/=' };

async function failure(promise: Promise<unknown>): Promise<TikTokShopError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TikTokShopError) return error;
    throw error;
  }
  throw new Error('expected a TikTokShopError');
}

const validCollaboration = () => ({
  name: 'Spring launch',
  message: 'Hi {talentName}',
  endTime: new Date(NOW_MS + 30 * 86_400_000),
  products: [
    { id: '1729382476051234567', targetCommissionRate: 1500 },
    { id: '1729382476051234568', targetCommissionRate: 2050 },
  ],
  creatorOpenIds: ['uACafQAAAABmUU2qon4R0vUYvUVS3QC6', 'uACafQAAAABmUU2qon4R0vUYvUVS3QC7'],
  sellerContactEmail: 'seller@example.com',
  freeSample: { hasFreeSample: true, isSampleApprovalExempt: false },
});

describe('TikTok Shop client: transport', () => {
  it('signs Get Authorized Shops as documented: app_key, timestamp in seconds, token in the header', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          shops: [
            {
              id: '7000714532876273420',
              name: 'Maomao US',
              region: 'us',
              seller_type: 'CROSS_BORDER',
              cipher: 'GCP_XF90ig',
              code: 'CNUS1',
            },
            {
              id: '7000714532876273421',
              name: 'Maomao GB',
              region: 'GB',
              seller_type: 'CROSS_BORDER',
              cipher: 'GCP_XF91ig',
              code: 'CNGB1',
            },
          ],
        }),
      ),
    );
    const shops = await client().getAuthorizedShops('TTP_access_token_value');
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe('GET');
    // The base URL's own path is part of the signed path.
    expect(req!.path).toBe('/open-api/authorization/202309/shops');
    expect(req!.query).toEqual({
      app_key: APP_KEY,
      timestamp: String(NOW_MS / 1000),
      sign: req!.expectedSign,
    });
    expect(req!.query.timestamp).toMatch(/^\d{10}$/);
    expect(req!.headers['x-tts-access-token']).toBe('TTP_access_token_value');
    expect(req!.body).toBe('');
    expect(shops).toEqual([
      {
        id: '7000714532876273420',
        name: 'Maomao US',
        region: 'US',
        sellerType: 'CROSS_BORDER',
        cipher: 'GCP_XF90ig',
        code: 'CNUS1',
      },
      {
        id: '7000714532876273421',
        name: 'Maomao GB',
        region: 'GB',
        sellerType: 'CROSS_BORDER',
        cipher: 'GCP_XF91ig',
        code: 'CNGB1',
      },
    ]);
  });

  it('sends Create Target Collaboration 202508 with the documented fields, the body signed as sent', async () => {
    expectCalls((_req, res) =>
      answer(res, 200, ok({ target_collaboration: { id: '7365861555575916210' } })),
    );
    const result = await client().createTargetCollaboration(shop, validCollaboration());
    expect(result).toEqual({ id: '7365861555575916210' });
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/open-api/affiliate_seller/202508/target_collaborations');
    expect(req!.headers['content-type']).toBe('application/json');
    // The cipher's + / = arrive intact (encoded in the URL, signed decoded).
    expect(req!.query.shop_cipher).toBe('ROW_cipher+/=');
    expect(req!.query.sign).toBe(req!.expectedSign);
    expect(JSON.parse(req!.body)).toEqual({
      name: 'Spring launch',
      message: 'Hi {talentName}',
      end_time: String(NOW_MS / 1000 + 30 * 86_400),
      products: [
        { id: '1729382476051234567', target_commission_rate: 1500 },
        { id: '1729382476051234568', target_commission_rate: 2050 },
      ],
      creator_user_open_ids: [
        'uACafQAAAABmUU2qon4R0vUYvUVS3QC6',
        'uACafQAAAABmUU2qon4R0vUYvUVS3QC7',
      ],
      seller_contact_info: { email: 'seller@example.com' },
      free_sample_rule: { has_free_sample: true, is_sample_approval_exempt: false },
    });
  });

  it('sends conversations (202508, creator_open_id) and the three message types (202412)', async () => {
    expectCalls(
      (_req, res) => answer(res, 200, ok({ conversation_id: '1234567890', is_new: true })),
      (_req, res) => answer(res, 200, ok({ message_id: 'm1' })),
      (_req, res) => answer(res, 200, ok({ message_id: 'm2' })),
      (_req, res) => answer(res, 200, ok({ message_id: 'm3' })),
    );
    const c = client();
    const conversation = await c.createConversation(shop, 'creator-open-1');
    expect(conversation).toEqual({ conversationId: '1234567890', isNew: true });
    await c.sendMessage(shop, '1234567890', { type: 'TEXT', text: 'Hello "creator"' });
    await c.sendMessage(shop, '1234567890', {
      type: 'PRODUCT_CARD',
      productId: '1729382476051234567',
    });
    expect(
      await c.sendMessage(shop, '1234567890', {
        type: 'TARGET_COLLABORATION_CARD',
        targetCollaborationId: '7365861555575916210',
      }),
    ).toEqual({ messageId: 'm3' });
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /open-api/affiliate_seller/202508/conversations',
      'POST /open-api/affiliate_seller/202412/conversations/1234567890/messages',
      'POST /open-api/affiliate_seller/202412/conversations/1234567890/messages',
      'POST /open-api/affiliate_seller/202412/conversations/1234567890/messages',
    ]);
    expect(JSON.parse(received[0]!.body)).toEqual({
      creator_open_id: 'creator-open-1',
      only_need_conversation_id: true,
    });
    expect(received.slice(1).map((r) => JSON.parse(r.body))).toEqual([
      { msg_type: 'TEXT', content: '{"content":"Hello \\"creator\\""}' },
      { msg_type: 'PRODUCT_CARD', content: '{"product_id":"1729382476051234567"}' },
      {
        msg_type: 'TARGET_COLLABORATION_CARD',
        content: '{"target_collaboration_id":"7365861555575916210"}',
      },
    ]);
    for (const r of received) expect(r.query.sign).toBe(r.expectedSign);
  });

  it('searches creators and target collaborations with the documented paging', async () => {
    expectCalls(
      (_req, res) =>
        answer(
          res,
          200,
          ok({
            creators: [
              {
                creator_open_id: 'open-1',
                username: 'jefree',
                nickname: 'Jefree',
                follower_count: 23241,
                selection_region: 'US',
                // The document's sample answer's fields (202508).
                avatar: { url: 'https://p16-sign.example/avatar.webp' },
                category_ids: ['60001'],
                avg_ec_live_uv: 1331,
                avg_ec_video_view_count: 112,
                gmv: { currency: 'USD', amount: '1232.90' },
                units_sold_range: {
                  minimum_amount: 100,
                  maximum_amount: 1000,
                  formatted_range: '100-1000',
                },
                top_follower_demographics: {
                  age_ranges: ['AGE_RANGE_18_24', 'AGE_RANGE_25_34'],
                  major_gender: { gender: 'FEMALE', percentage: 6524 },
                },
              },
              // A creator who shares no precise data: a GMV range instead, no figures.
              {
                creator_open_id: 'open-2',
                username: 'quiet',
                gmv_range: {
                  currency: 'USD',
                  minimum_amount: '1.00',
                  maximum_amount: '100.34',
                  formatted_range: '$0-$100',
                },
              },
            ],
            next_page_token: 'b2Zmc2V0PTEw',
            search_key: 'k1Ch+/=',
          }),
        ),
      (_req, res) =>
        answer(
          res,
          200,
          ok({
            total_count: 1,
            target_collaborations: [
              {
                id: '789',
                name: 'Spring launch',
                start_time: 1715654330,
                end_time: 1718654330,
                creator_inivited_count: 50,
                product_count: 2,
              },
            ],
          }),
        ),
    );
    const c = client();
    const page = await c.searchCreators(shop, {
      keyword: 'jefree',
      pageSize: 12,
      followerCountMin: 1000,
      followerCountMax: 10000,
      ageRanges: ['AGE_RANGE_18_24'],
      gender: { gender: 'MALE', percentageAtLeast: 6000 },
      gmvRanges: ['GMV_RANGE_0_100'],
      unitsSoldRanges: ['UNITS_SOLD_RANGE_0_10'],
    });
    expect(page).toEqual({
      creators: [
        {
          openId: 'open-1',
          username: 'jefree',
          nickname: 'Jefree',
          followerCount: 23241,
          region: 'US',
          avatarUrl: 'https://p16-sign.example/avatar.webp',
          categoryIds: ['60001'],
          avgLiveUv: 1331,
          avgVideoViews: 112,
          gmv: { currency: 'USD', amount: '1232.90' },
          gmvRange: null,
          unitsSoldRange: '100-1000',
          topAgeRanges: ['AGE_RANGE_18_24', 'AGE_RANGE_25_34'],
          majorGender: { gender: 'FEMALE', percentage: 6524 },
        },
        {
          openId: 'open-2',
          username: 'quiet',
          nickname: '',
          followerCount: null,
          region: null,
          avatarUrl: null,
          categoryIds: [],
          avgLiveUv: null,
          avgVideoViews: null,
          gmv: null,
          gmvRange: '$0-$100',
          unitsSoldRange: null,
          topAgeRanges: [],
          majorGender: null,
        },
      ],
      nextPageToken: 'b2Zmc2V0PTEw',
      searchKey: 'k1Ch+/=',
    });
    expect(received[0]!.path).toBe('/open-api/affiliate_seller/202508/marketplace_creators/search');
    expect(received[0]!.query.page_size).toBe('12');
    expect(received[0]!.query).not.toHaveProperty('page_token');
    // The request body as the document's sample request has it.
    expect(JSON.parse(received[0]!.body)).toEqual({
      keyword: 'jefree',
      follower_demographics: {
        count_range: { count_ge: 1000, count_le: 10000 },
        age_ranges: ['AGE_RANGE_18_24'],
        gender_distribution: { gender: 'MALE', percentage_ge: 6000 },
      },
      gmv_ranges: ['GMV_RANGE_0_100'],
      units_sold_ranges: ['UNITS_SOLD_RANGE_0_10'],
    });

    const found = await c.searchTargetCollaborations(shop, {
      status: 'VALID',
      creatorOpenId: 'open-1',
      keyword: { type: 'TARGET_COLLABORATION_NAME', value: 'Spring launch' },
    });
    expect(found.collaborations).toEqual([
      {
        id: '789',
        name: 'Spring launch',
        message: null,
        startTime: new Date(1715654330_000),
        endTime: new Date(1718654330_000),
        updateTime: null,
        invitedCreators: 50,
        showcaseCreators: null,
        contentCreators: null,
        productCount: 2,
        type: null,
      },
    ]);
    expect(received[1]!.path).toBe(
      '/open-api/affiliate_seller/202508/target_collaborations/search',
    );
    expect(JSON.parse(received[1]!.body)).toEqual({
      collaboration_status: 'VALID',
      creator_user_open_id: 'open-1',
      search_param: { keyword_type: 'TARGET_COLLABORATION_NAME', keyword: 'Spring launch' },
    });
    for (const r of received) expect(r.query.sign).toBe(r.expectedSign);
  });

  it('exchanges an authorization code at the token host: unsigned GET with the documented parameters', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          access_token: 'TTP_new_access',
          access_token_expire_in: 1_767_830_400,
          refresh_token: 'TTP_new_refresh',
          refresh_token_expire_in: 1_798_761_600,
          open_id: '7010736057180325637',
          seller_name: 'Jjj test shop',
          seller_base_region: 'ID',
          user_type: 0,
          granted_scopes: [
            'seller.affiliate_collaboration.read',
            'seller.affiliate_collaboration.write',
          ],
        }),
      ),
    );
    const grant = await client().getAccessToken('TTP_FeBoANmHP3yqdoUI9fZOCw');
    const [req] = received;
    expect(req!.method).toBe('GET');
    expect(req!.path).toBe('/auth/api/v2/token/get');
    expect(req!.query).toEqual({
      app_key: APP_KEY,
      app_secret: APP_SECRET,
      auth_code: 'TTP_FeBoANmHP3yqdoUI9fZOCw',
      grant_type: 'authorized_code',
    });
    expect(req!.headers).not.toHaveProperty('x-tts-access-token');
    expect(grant).toEqual({
      accessToken: 'TTP_new_access',
      accessTokenExpiresAt: new Date(1_767_830_400_000),
      refreshToken: 'TTP_new_refresh',
      refreshTokenExpiresAt: new Date(1_798_761_600_000),
      openId: '7010736057180325637',
      sellerName: 'Jjj test shop',
      sellerBaseRegion: 'ID',
      userType: 0,
      grantedScopes: [
        'seller.affiliate_collaboration.read',
        'seller.affiliate_collaboration.write',
      ],
    });
  });

  it('refreshes at /api/v2/token/refresh; a refused refresh says nothing of the secrets it sent', async () => {
    expectCalls((_req, res) =>
      answer(res, 200, { code: 36004005, message: 'can not find related auth record', data: {} }),
    );
    const error = await failure(client().refreshAccessToken('TTP_old_refresh_secret'));
    expect(received[0]!.path).toBe('/auth/api/v2/token/refresh');
    expect(received[0]!.query).toMatchObject({
      refresh_token: 'TTP_old_refresh_secret',
      grant_type: 'refresh_token',
    });
    expect(error).toMatchObject({
      reason: 'authorization_revoked',
      scope: 'call',
      next: 'reconnect',
      platformCode: 36004005,
    });
    const said = `${error.message} ${JSON.stringify(error)} ${error.stack}`;
    expect(said).not.toContain('TTP_old_refresh_secret');
    expect(said).not.toContain(APP_SECRET);
  });
});

describe('TikTok Shop client: failures', () => {
  it('a conflict creates nothing and names the pairs (code 16024022, or a success without an id)', async () => {
    const conflicts = [
      {
        creator_user_open_id: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6',
        product_id: '1729382476051234567',
      },
    ];
    expectCalls(
      (_req, res) =>
        answer(res, 200, {
          code: 16024022,
          message: 'This invitation has exist creator and product, please check conflict pair.',
          data: { target_collaboration_conflicts: conflicts },
        }),
      (_req, res) => answer(res, 200, ok({ target_collaboration_conflicts: conflicts })),
    );
    const c = client();
    for (let i = 0; i < 2; i++) {
      const error = await failure(c.createTargetCollaboration(shop, validCollaboration()));
      expect(error).toMatchObject({
        reason: 'collaboration_conflict',
        scope: 'creator',
        standardCode: 'collaboration_conflict',
        conflicts: [
          { creatorOpenId: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6', productId: '1729382476051234567' },
        ],
      });
    }
    expect(received).toHaveLength(2);
  });

  it('backs off a throttled call and sends it again, freshly signed; gives up with rate_limited', async () => {
    const throttled: Handler = (_req, res) =>
      answer(res, 429, { code: 36009002, message: 'Too many requests' });
    expectCalls(throttled, throttled, (_req, res) => answer(res, 200, ok({ message_id: 'm1' })));
    let clock = NOW_MS;
    const c = client({ now: () => (clock += 1000) });
    expect(await c.sendMessage(shop, '42', { type: 'TEXT', text: 'hi' })).toEqual({
      messageId: 'm1',
    });
    expect(received).toHaveLength(3);
    // 500 ms, then 1000 ms (random 0.5: three quarters of each doubled base).
    expect(sleeps).toEqual([375, 750]);
    expect(new Set(received.map((r) => r.query.timestamp)).size).toBe(3);
    for (const r of received) expect(r.query.sign).toBe(r.expectedSign);

    received.length = 0;
    // Without a JSON body, HTTP 429 alone says it; Retry-After is honoured.
    const bare: Handler = (_req, res) => {
      res.writeHead(429, { 'retry-after': '7' });
      res.end('slow down');
    };
    expectCalls(bare, bare);
    const error = await failure(
      client({ rateLimitRetries: 1 }).sendMessage(shop, '42', { type: 'TEXT', text: 'hi' }),
    );
    expect(received).toHaveLength(2);
    expect(sleeps).toEqual([7000]);
    expect(error).toMatchObject({
      reason: 'rate_limited',
      scope: 'call',
      next: 'back_off',
      retryAfterMs: 7000,
      standardCode: 'rate_limited',
    });
  });

  it('an expired token, a missing scope and a bad signature stop the call, never retried here', async () => {
    expectCalls(
      (_req, res) => answer(res, 401, { code: 105002, message: 'Expired credentials.' }),
      (_req, res) => answer(res, 403, { code: 105005, message: 'Access denied.' }),
      (_req, res) =>
        answer(res, 401, {
          code: 106001,
          message: 'Invalid credentials. The sign query parameter is invalid.',
        }),
    );
    const c = client();
    const expired = await failure(c.getAuthorizedShops('t'));
    const scope = await failure(c.getAuthorizedShops('t'));
    const signature = await failure(c.getAuthorizedShops('t'));
    expect(received).toHaveLength(3);
    expect(expired).toMatchObject({
      reason: 'token_expired',
      next: 'refresh_token',
      standardCode: 'login_expired',
      httpStatus: 401,
    });
    expect(scope).toMatchObject({
      reason: 'scope_missing',
      next: 'reconnect',
      standardCode: 'authorization_scope_missing',
    });
    expect(signature).toMatchObject({
      reason: 'bad_signature',
      next: 'fix_configuration',
      standardCode: 'platform_configuration',
    });
  });

  it('an outcome it cannot know: timeout, reset connection, 5xx, unreadable answer', async () => {
    expectCalls(
      () => {
        /* never answers: the deadline ends it */
      },
      (_req, res) => res.socket?.destroy(),
      (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>Bad Gateway</html>');
      },
      (_req, res) => answer(res, 200, '{"code":0,"data":{"target_coll'),
      (_req, res) =>
        answer(res, 200, { code: 36009003, message: 'Internal error. Please try again.' }),
    );
    const c = client({ timeoutMs: 300 });
    const reasons = [];
    for (let i = 0; i < 5; i++) {
      const error = await failure(c.createTargetCollaboration(shop, validCollaboration()));
      expect(error.scope).toBe('unknown');
      expect(error.next).toBe('reconcile');
      expect(error.standardCode).toBe('network');
      reasons.push(error.reason);
    }
    expect(reasons).toEqual([
      'timeout',
      'connection_failed',
      'server_error',
      'unreadable',
      'platform_internal',
    ]);
    // Each reached the platform once: none was sent again.
    expect(received).toHaveLength(5);
  });

  it('a refused connection is a call that never left: back off, nothing to reconcile', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      client({ apiBase: `http://127.0.0.1:${port}` }).getAuthorizedShops('t'),
    );
    expect(error).toMatchObject({ reason: 'unreachable', scope: 'call', next: 'back_off' });
  });

  it('refuses an answer that is not as documented (zod), and believes no success under an error status', async () => {
    expectCalls(
      // A shop without its cipher.
      (_req, res) =>
        answer(res, 200, ok({ shops: [{ id: '1', name: 'A', region: 'US', code: 'C' }] })),
      // A creator without its open id.
      (_req, res) => answer(res, 200, ok({ creators: [{ username: 'x' }] })),
      // The token answer with the expiry as text.
      (_req, res) =>
        answer(
          res,
          200,
          ok({
            access_token: 'a',
            access_token_expire_in: 'soon',
            refresh_token: 'r',
            refresh_token_expire_in: 1,
            open_id: 'o',
          }),
        ),
      // No code at all.
      (_req, res) => answer(res, 200, { message: 'ok', data: {} }),
      (_req, res) => answer(res, 500, ok({ shops: [] })),
    );
    const c = client();
    const errors = [
      await failure(c.getAuthorizedShops('t')),
      await failure(c.searchCreators(shop, { keyword: 'x' })),
      await failure(c.getAccessToken('code')),
      await failure(c.getAuthorizedShops('t')),
      await failure(c.getAuthorizedShops('t')),
    ];
    expect(errors.map((e) => e.reason)).toEqual([
      'unreadable',
      'unreadable',
      'unreadable',
      'unreadable',
      'server_error',
    ]);
    expect(errors[0]!.platformMessage).toMatch(/shops\.0\.cipher/);
  });

  it('refuses what no page allows before sending anything', async () => {
    const c = client();
    const tooMany = {
      ...validCollaboration(),
      creatorOpenIds: Array.from({ length: 51 }, (_, i) => `open-${i}`),
    };
    const products = Array.from({ length: 101 }, (_, i) => ({
      id: `p${i}`,
      targetCommissionRate: 1000,
    }));
    const cases = [
      c.createTargetCollaboration(shop, tooMany),
      c.createTargetCollaboration(shop, { ...validCollaboration(), products }),
      c.createTargetCollaboration(shop, {
        ...validCollaboration(),
        products: [{ id: 'p', targetCommissionRate: 99 }],
      }),
      c.createTargetCollaboration(shop, {
        ...validCollaboration(),
        products: [{ id: 'p', targetCommissionRate: 8001 }],
      }),
      c.createTargetCollaboration(shop, {
        ...validCollaboration(),
        endTime: new Date(NOW_MS - 1000),
      }),
      c.createTargetCollaboration(shop, { ...validCollaboration(), creatorOpenIds: ['a', 'a'] }),
      c.sendMessage(shop, '../shops', { type: 'TEXT', text: 'x' }),
      c.searchCreators(shop, { pageSize: 15 as 12 }),
    ];
    for (const pending of cases) {
      expect(await failure(pending)).toMatchObject({ reason: 'invalid_request', scope: 'request' });
    }
    expect(received).toHaveLength(0);
    // The limits themselves pass: 50 creators, 100 products, 1.00 % and 80.00 %.
    expectCalls((_req, res) => answer(res, 200, ok({ target_collaboration: { id: '1' } })));
    await c.createTargetCollaboration(shop, {
      ...validCollaboration(),
      creatorOpenIds: Array.from({ length: 50 }, (_, i) => `open-${i}`),
      products: Array.from({ length: 100 }, (_, i) => ({
        id: `p${i}`,
        targetCommissionRate: i % 2 ? 100 : 8000,
      })),
    });
    expect(received).toHaveLength(1);
  });
});

/**
 * The reads (and the review) issue 19's sync makes. Each answer is its page's sample answer
 * (lazykern/ecommerce-api-docs data/raw/tiktok/api-reference/affiliate-seller/<page>.spec.json,
 * `response_body`), sometimes with one more entry the page's field notes allow.
 */
describe('TikTok Shop client: samples, orders, collaborations, conversations', () => {
  /** Every request signed as sent, with the token header and the shop's cipher. */
  function signedForShop(req: Received) {
    expect(req.query.sign).toBe(req.expectedSign);
    expect(req.query.app_key).toBe(APP_KEY);
    expect(req.query.timestamp).toBe(String(NOW_MS / 1000));
    expect(req.query.shop_cipher).toBe(shop.shopCipher);
    expect(req.headers['x-tts-access-token']).toBe(shop.accessToken);
  }

  it('Seller Search Sample Applications 202508: the documented filters (as spelled), paging, withheld figures', async () => {
    const sample = {
      id: '123456',
      commission_rate: '0.1',
      status: 'PENDING',
      order_id: '123456',
      available_quantity: 50,
      approve_expiration_time: 1728674995,
      shipment_expiration_time: 1728674995,
      tracking_number: '123456',
      fulfillment_status: 'ONGOING',
      is_approvable: true,
      disapprovable_reasons: ['Product out of stock'],
      partner_name: 'ABC',
      creator: {
        creator_open_id: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg',
        username: 'test.name',
        nickname: 'Test Name',
        follower_count: 200,
        avatar_url: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068xxxxx',
        gmv: { amount: '500', currency: 'USD' },
        content_count: 4,
        fulfillment_percentage: '60.50',
        ec_video_view: 1200,
      },
      product: {
        id: '123456',
        title: 'A women dress',
        sku_id: '123456',
        sku_image_url: 'https://p16-oec-va.ibyteimg.com/tos-malivaxxxxx',
        sku_name: 'Soft Cover',
      },
    };
    // "If the creator has not authorized the disclosure of this information, the field
    // returns an empty string."
    const withheld = {
      id: '123457',
      status: 'AWAITING_SHIPMENT',
      creator: { creator_open_id: 'open-2', gmv: '', content_count: '', ec_video_view: '' },
    };
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          next_page_token:
            'aDU2dHIzMlFhME5CUzJKUDhDdVJhTDM1WmJkeFVTVW9LTkRaSnNaZCtuWjJXVU5CSDhlaA==',
          total_count: 100,
          sample_applications: [sample, withheld],
        }),
      ),
    );
    const page = await client().searchSampleApplications(shop, {
      productId: '123456',
      productTitle: 'product name',
      creatorOpenId: '123456',
      username: 'test_tt_name',
      targetCollaborationId: '123456',
      orderId: '123456',
      status: 'PENDING',
      pageToken: 'b2Zmc2V0PTAK',
    });
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/open-api/affiliate_seller/202508/sample_applications/search');
    signedForShop(req!);
    expect(req!.query.page_size).toBe('50');
    expect(req!.query.page_token).toBe('b2Zmc2V0PTAK');
    // The page's sample request, its two misspelt fields included.
    expect(JSON.parse(req!.body)).toEqual({
      product_id: '123456',
      title: 'product name',
      creator_user_oepn_id: '123456',
      username: 'test_tt_name',
      target_collabration_id: '123456',
      order_id: '123456',
      status: 'PENDING',
    });
    expect(page.nextPageToken).toBe(
      'aDU2dHIzMlFhME5CUzJKUDhDdVJhTDM1WmJkeFVTVW9LTkRaSnNaZCtuWjJXVU5CSDhlaA==',
    );
    expect(page.total).toBe(100);
    expect(page.applications[0]).toEqual({
      id: '123456',
      status: 'PENDING',
      commissionRate: '0.1',
      orderId: '123456',
      availableQuantity: 50,
      approveExpiresAt: new Date(1728674995_000),
      shipmentExpiresAt: new Date(1728674995_000),
      trackingNumber: '123456',
      fulfillmentStatus: 'ONGOING',
      isApprovable: true,
      disapprovableReasons: ['Product out of stock'],
      partnerName: 'ABC',
      creator: {
        openId: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg',
        username: 'test.name',
        nickname: 'Test Name',
        followerCount: 200,
        avatarUrl: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068xxxxx',
        gmv: { amount: '500', currency: 'USD' },
        contentCount: 4,
        fulfillmentPercentage: '60.50',
        videoViews: 1200,
      },
      product: {
        id: '123456',
        title: 'A women dress',
        skuId: '123456',
        skuName: 'Soft Cover',
        skuImageUrl: 'https://p16-oec-va.ibyteimg.com/tos-malivaxxxxx',
      },
    });
    expect(page.applications[1]).toMatchObject({
      id: '123457',
      status: 'AWAITING_SHIPMENT',
      isApprovable: null,
      disapprovableReasons: [],
      approveExpiresAt: null,
      creator: { openId: 'open-2', gmv: null, contentCount: null, videoViews: null },
      product: { id: null },
    });
  });

  it('Seller Review Sample Applications 202507: APPROVE, and REJECT with its reason', async () => {
    expectCalls(
      (_req, res) => answer(res, 200, ok({})),
      (_req, res) => answer(res, 200, ok({})),
    );
    const c = client();
    await expect(
      c.reviewSampleApplication(shop, '8070747592760922552', { result: 'APPROVE' }),
    ).resolves.toBeUndefined();
    await c.reviewSampleApplication(shop, '8070747592760922552', {
      result: 'REJECT',
      reason: 'OUT_OF_STOCK',
    });
    for (const req of received) {
      expect(req.method).toBe('POST');
      expect(req.path).toBe(
        '/open-api/affiliate_seller/202507/sample_applications/8070747592760922552/review',
      );
      signedForShop(req);
    }
    expect(received.map((r) => JSON.parse(r.body))).toEqual([
      { review_result: 'APPROVE' },
      { review_result: 'REJECT', reject_reason: 'OUT_OF_STOCK' },
    ]);
  });

  it('Seller Search Sample Applications Fulfillments 202409: the content and its paid orders', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          fulfillments: [
            {
              product: { id: '123456', main_image_url: 'https://www.example.com' },
              content: {
                id: '123456',
                format: 'LIVE',
                url: 'https://www.example.com',
                view_count: 100,
                like_count: 123,
                comment_count: 10,
                paid_order_count: 1,
                page_link: 'https://www.example.com',
                description: 'abc def gh',
                create_time: 1723529426,
                live_end_time: 1723529426,
              },
            },
          ],
        }),
      ),
    );
    const fulfillments = await client().searchSampleFulfillments(shop, '123456', {
      contentFormat: 'LIVE',
    });
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe(
      '/open-api/affiliate_seller/202409/sample_applications/123456/fulfillments/search',
    );
    signedForShop(req!);
    expect(JSON.parse(req!.body)).toEqual({ content_format: 'LIVE' });
    expect(fulfillments).toEqual([
      {
        productId: '123456',
        productImageUrl: 'https://www.example.com',
        content: {
          id: '123456',
          format: 'LIVE',
          url: 'https://www.example.com',
          pageLink: 'https://www.example.com',
          description: 'abc def gh',
          viewCount: 100,
          likeCount: 123,
          commentCount: 10,
          paidOrderCount: 1,
          createTime: new Date(1723529426_000),
          liveEndTime: new Date(1723529426_000),
        },
      },
    ]);
  });

  it('Search Seller Affiliate Orders 202410: a time range and a program, paged by page_token', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          orders: [
            {
              id: '579125529499110202',
              delivery_time: 1723748656,
              create_time: 1722420186,
              status: 'COMPLETED',
              skus: [
                {
                  open_collaboration_id: '73661290629',
                  target_collaboration_id: '73661290629',
                  campaign_id: '73661290629',
                  creator_username: 'exampleTikTokCreatorUsername',
                  price: { amount: '1000', currency: 'VND' },
                  quantity: 1,
                  content_type: 'LIVE',
                  content_id: '7493990579714164574',
                  product_id: '1729503179457070324',
                  commission_model: 'Tiered commission',
                  commission_tier_setting: '3.0 OR 5.0',
                  commission_rate: '1000',
                  shop_ads_commission_rate: '5000',
                  estimated_commission_base: { amount: '1000', currency: 'VND' },
                  estimated_paid_shop_ads_commission: { amount: '1000', currency: 'VND' },
                  estimated_paid_commission: { amount: '20000', currency: 'VND' },
                  actual_commission_base: { amount: '50000', currency: 'VND' },
                  actual_paid_commission: { amount: '10000', currency: 'VND' },
                  actual_paid_shop_ads_commission: { amount: '20000', currency: 'VND' },
                  refunded_quantity: 1,
                  returned_quantity: 1,
                  estimated_cofunded_creator_bonus_amount: { amount: '100', currency: 'USD' },
                  actual_cofunded_creator_bonus_amount: { amount: '100', currency: 'USD' },
                },
              ],
            },
          ],
          next_page_token: 'WzE2OTUxMTY2NTQ2OTMsNTc2NDczNDg5ODYxNDEyMDI1XQ==',
          total_count: 10000,
        }),
      ),
    );
    const page = await client().searchAffiliateOrders(shop, {
      createdFrom: new Date(1719807456_000),
      createdBefore: new Date(1722485856_000),
      programId: '73661290629',
      pageToken: 'WzE2OTUxMTY2NTQ2OTMsNTc2NDczNDg5ODYxNDEyMDI1XQ==',
    });
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/open-api/affiliate_seller/202410/orders/search');
    signedForShop(req!);
    // page_size is required by the page: its default, 20, is sent.
    expect(req!.query.page_size).toBe('20');
    expect(req!.query.page_token).toBe('WzE2OTUxMTY2NTQ2OTMsNTc2NDczNDg5ODYxNDEyMDI1XQ==');
    expect(JSON.parse(req!.body)).toEqual({
      create_time_lt: 1722485856,
      create_time_ge: 1719807456,
      program_id: '73661290629',
    });
    expect(page).toEqual({
      orders: [
        {
          id: '579125529499110202',
          status: 'COMPLETED',
          createTime: new Date(1722420186_000),
          deliveryTime: new Date(1723748656_000),
          skus: [
            {
              productId: '1729503179457070324',
              targetCollaborationId: '73661290629',
              openCollaborationId: '73661290629',
              campaignId: '73661290629',
              creatorUsername: 'exampleTikTokCreatorUsername',
              price: { amount: '1000', currency: 'VND' },
              quantity: 1,
              refundedQuantity: 1,
              returnedQuantity: 1,
              contentType: 'LIVE',
              contentId: '7493990579714164574',
              commissionRate: 1000,
              estimatedCommissionBase: { amount: '1000', currency: 'VND' },
              estimatedPaidCommission: { amount: '20000', currency: 'VND' },
              actualCommissionBase: { amount: '50000', currency: 'VND' },
              actualPaidCommission: { amount: '10000', currency: 'VND' },
            },
          ],
        },
      ],
      nextPageToken: 'WzE2OTUxMTY2NTQ2OTMsNTc2NDczNDg5ODYxNDEyMDI1XQ==',
      total: 10000,
    });
  });

  it('Query Target Collaboration Detail 202508: the counts and each creator’s state', async () => {
    const documented = {
      username: '123456',
      nickname: '123456',
      avatar: { url: 'https://p16-sign-useast2a.tiktokcdn.com/avatar.webp' },
      selection_region: 'US',
      showcase_product_count: 2,
      content_product_count: 1,
      collaboration_status: 'NORMAL',
      product_effective_status: 'EFFECTIVE_ALL',
      creator_open_id: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg',
    };
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          target_collaboration: {
            id: '789078671231123124',
            name: 'target_collaboration',
            message: 'test',
            seller_contact_info: { email: 'test@bytedance.com' },
            start_time: 1715654330,
            end_time: 1715654330,
            update_time: 1715654330,
            creator_invited_count: 10,
            showcase_creator_count: 2,
            content_creator_count: 1,
            product_count: 30,
            free_sample_rule: { has_free_sample: true, is_sample_approval_exempt: true },
            products: [
              {
                id: '789078671231312312',
                main_image_url: 'https://p16-sign-useast2a.tiktokcdn.com/product.webp',
                title: 'Christmas Gift',
                original_price: {
                  currency: 'USD',
                  minimum_amount: '12.21',
                  maximum_amount: '100.00',
                },
                commission: {
                  rate: 3000,
                  effective_time: '1715654330',
                  currency: 'USD',
                  minimum_amount: '34.3',
                  maximum_amount: '55.7',
                  shop_ads_commission_rate: 100,
                },
                status: 'LIVE',
                commission_effective_status: 'EFFECTIVE_ALL',
                collaboration_status: 'NORMAL',
              },
            ],
            creators: [
              documented,
              // An entry in DELETED, nothing in the showcase: the page's third status.
              {
                username: 'gone',
                showcase_product_count: 0,
                content_product_count: 0,
                collaboration_status: 'DELETED',
                creator_open_id: 'open-deleted',
              },
            ],
            type: 'STANDARD',
          },
        }),
      ),
    );
    const detail = await client().getTargetCollaboration(shop, '789078671231123124');
    const [req] = received;
    expect(req!.method).toBe('GET');
    expect(req!.path).toBe(
      '/open-api/affiliate_seller/202508/target_collaborations/789078671231123124',
    );
    signedForShop(req!);
    expect(req!.body).toBe('');
    expect(detail).toEqual({
      id: '789078671231123124',
      name: 'target_collaboration',
      message: 'test',
      startTime: new Date(1715654330_000),
      endTime: new Date(1715654330_000),
      updateTime: new Date(1715654330_000),
      sellerContactEmail: 'test@bytedance.com',
      freeSample: { hasFreeSample: true, isSampleApprovalExempt: true },
      counts: { invitedCreators: 10, showcaseCreators: 2, contentCreators: 1, products: 30 },
      type: 'STANDARD',
      products: [
        {
          id: '789078671231312312',
          title: 'Christmas Gift',
          commissionRate: 3000,
          status: 'NORMAL',
          saleStatus: 'LIVE',
        },
      ],
      creators: [
        {
          openId: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg',
          username: '123456',
          nickname: '123456',
          status: 'NORMAL',
          showcaseProductCount: 2,
          contentProductCount: 1,
          productEffectiveStatus: 'EFFECTIVE_ALL',
        },
        {
          openId: 'open-deleted',
          username: 'gone',
          nickname: null,
          status: 'DELETED',
          showcaseProductCount: 0,
          contentProductCount: 0,
          productEffectiveStatus: null,
        },
      ],
    });
  });

  it('Search Target Collaborations 202508: acceptance and free-sample filters, the showcase and content counts', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          total_count: 100,
          next_page_token: 'b2Zmc2V0PTAK',
          target_collaborations: [
            {
              id: '789078671231123124',
              name: 'target_collaboration',
              message: 'test',
              start_time: 1715654330,
              end_time: 1715654330,
              update_time: 1715654330,
              creator_inivited_count: 10,
              showcase_creator_count: 2,
              content_creator_count: 1,
              product_count: 30,
              free_sample_rule: { has_free_sample: true, is_sample_approval_exempt: true },
              type: 'STANDARD',
            },
          ],
        }),
      ),
    );
    const found = await client().searchTargetCollaborations(shop, {
      status: 'ONGOING',
      creatorAcceptStatus: 'ACCEPT',
      freeSampleSetting: 'WITH_FREE_SAMPLE',
      keyword: { type: 'TARGET_COLLABORATION_NAME', value: 'test' },
      creatorOpenId: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg',
      pageSize: 50,
    });
    const [req] = received;
    signedForShop(req!);
    expect(req!.query.page_size).toBe('50');
    // The page's sample request.
    expect(JSON.parse(req!.body)).toEqual({
      creator_accept_status: 'ACCEPT',
      free_sample_setting: 'WITH_FREE_SAMPLE',
      search_param: { keyword_type: 'TARGET_COLLABORATION_NAME', keyword: 'test' },
      creator_user_open_id: 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg',
      collaboration_status: 'ONGOING',
    });
    expect(found).toEqual({
      collaborations: [
        {
          id: '789078671231123124',
          name: 'target_collaboration',
          message: 'test',
          startTime: new Date(1715654330_000),
          endTime: new Date(1715654330_000),
          updateTime: new Date(1715654330_000),
          invitedCreators: 10,
          showcaseCreators: 2,
          contentCreators: 1,
          productCount: 30,
          type: 'STANDARD',
        },
      ],
      nextPageToken: 'b2Zmc2V0PTAK',
      total: 100,
    });
  });

  it('Get Conversation List 202412: unread ones with all their fields, paged', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          has_more: true,
          next_page_token: 'b2Zmc2V0PTAK',
          conversations: [
            {
              id: '12345678',
              unread_count: 2,
              username: 'test_creator_name',
              avatar: 'https://p16-sign-useast2a.tiktokcdn.com/avatar.webp',
              creator_im_id: '12345678',
            },
          ],
        }),
      ),
    );
    const page = await client().listConversations(shop, {
      filter: 'UNREAD',
      pageSize: 20,
      pageToken: 'b2Zmc2V0PTAK',
    });
    const [req] = received;
    expect(req!.method).toBe('GET');
    expect(req!.path).toBe('/open-api/affiliate_seller/202412/conversations');
    signedForShop(req!);
    expect(req!.query).toMatchObject({
      page_size: '20',
      page_token: 'b2Zmc2V0PTAK',
      only_need_conversation_id: 'false',
      conversation_status: 'UNREAD',
    });
    expect(req!.body).toBe('');
    expect(page).toEqual({
      conversations: [
        {
          id: '12345678',
          unreadCount: 2,
          username: 'test_creator_name',
          avatarUrl: 'https://p16-sign-useast2a.tiktokcdn.com/avatar.webp',
          creatorImId: '12345678',
        },
      ],
      nextPageToken: 'b2Zmc2V0PTAK',
      hasMore: true,
    });
  });

  it('Get Message in the Conversation 202412: a page of messages with their index and sender', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          has_more: true,
          next_page_token: 'b2Zmc2V0PTAK',
          messages: [
            {
              conversation_index: '1735032460678899',
              message_body: {
                id: '7451907556216407553',
                conversation_id: '7451873679308620048',
                type: 'TEXT',
                content: '{"content": "simple text message"}',
                create_time: 1691411573,
                sender_id: '2368694990397660924',
              },
            },
          ],
        }),
      ),
    );
    const page = await client().getConversationMessages(shop, '7451873679308620048', {
      pageSize: 10,
      pageToken: 'b2Zmc2V0PTAK',
    });
    const [req] = received;
    expect(req!.method).toBe('GET');
    // "conversation", singular, on this page.
    expect(req!.path).toBe(
      '/open-api/affiliate_seller/202412/conversation/7451873679308620048/messages',
    );
    signedForShop(req!);
    expect(req!.query).toMatchObject({ page_size: '10', page_token: 'b2Zmc2V0PTAK' });
    expect(page).toEqual({
      messages: [
        {
          id: '7451907556216407553',
          type: 'TEXT',
          content: '{"content": "simple text message"}',
          createTime: new Date(1691411573_000),
          senderId: '2368694990397660924',
          conversationIndex: '1735032460678899',
        },
      ],
      nextPageToken: 'b2Zmc2V0PTAK',
      hasMore: true,
    });
  });

  it('Mark Conversation Read 202412 (path `conversatons`): ids as strings, the failed ones back', async () => {
    expectCalls((_req, res) => answer(res, 200, ok({ failed_conversation_ids: [123] })));
    const result = await client().markConversationsRead(shop, ['576486316948490000', '123']);
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/open-api/affiliate_seller/202412/conversatons/read');
    signedForShop(req!);
    expect(JSON.parse(req!.body)).toEqual({ conversation_ids: ['576486316948490000', '123'] });
    expect(result).toEqual({ failedConversationIds: ['123'] });
  });

  it('Get Latest Unread Messages 202412: the last minute’s unread messages', async () => {
    expectCalls((_req, res) =>
      answer(
        res,
        200,
        ok({
          newest_message_list: [
            {
              conversation_id: '12345',
              content: '{"content": "simple text message"}',
              type: 'TEXT',
              sender_id: '12345678',
              unread_message_count: 1,
            },
          ],
        }),
      ),
    );
    const latest = await client().getLatestUnreadMessages(shop);
    const [req] = received;
    expect(req!.method).toBe('GET');
    expect(req!.path).toBe('/open-api/affiliate_seller/202412/conversations/messages/list/newest');
    signedForShop(req!);
    expect(latest).toEqual([
      {
        conversationId: '12345',
        type: 'TEXT',
        content: '{"content": "simple text message"}',
        senderId: '12345678',
        unreadCount: 1,
      },
    ]);
  });

  it('maps each call’s documented error codes', async () => {
    const c = client();
    const cases: Array<{
      call: () => Promise<unknown>;
      code: number;
      message: string;
      httpStatus?: number;
      expected: Partial<TikTokShopError>;
    }> = [
      {
        call: () => c.searchSampleApplications(shop),
        code: 36009003,
        message: 'Internal error. Please try again.',
        expected: { reason: 'platform_internal', scope: 'unknown', next: 'reconcile' },
      },
      {
        // Seller Review Sample Applications 202507: its one listed code.
        call: () => c.reviewSampleApplication(shop, '8070747592760922552', { result: 'APPROVE' }),
        code: 16022020,
        message: "seller has no permission to operate agency's sample request",
        expected: { reason: 'not_accessible', scope: 'request', next: 'fail_records' },
      },
      {
        call: () => c.searchSampleFulfillments(shop, '123456'),
        code: 36009003,
        message: 'Internal error. Please try again.',
        expected: { reason: 'platform_internal', scope: 'unknown' },
      },
      {
        // The orders page lists no code of its own: a common one (missing scope).
        call: () => c.searchAffiliateOrders(shop, { createdFrom: new Date(NOW_MS - 86_400_000) }),
        code: 105005,
        message: 'Access denied.',
        httpStatus: 403,
        expected: { reason: 'scope_missing', scope: 'call', next: 'reconnect' },
      },
      {
        call: () => c.getTargetCollaboration(shop, '789078671231123124'),
        code: 50001700,
        message: 'seller cannot access this target collaboration',
        expected: { reason: 'not_accessible', scope: 'request' },
      },
      {
        call: () => c.searchTargetCollaborations(shop, { status: 'VALID' }),
        code: 105002,
        message: 'Expired credentials.',
        httpStatus: 401,
        expected: { reason: 'token_expired', next: 'refresh_token' },
      },
      {
        call: () => c.listConversations(shop, { filter: 'UNREPLIED' }),
        code: 36009003,
        message: 'Internal error. Please try again.',
        expected: { reason: 'platform_internal' },
      },
      {
        call: () => c.getConversationMessages(shop, '7451873679308620048'),
        code: 16032001,
        message: 'nvalid parameter Creator and Seller, please ensure Region mismatch.',
        expected: { reason: 'creator_ineligible', scope: 'creator' },
      },
      {
        call: () => c.markConversationsRead(shop, ['12345']),
        code: 16032001,
        message: 'nvalid parameter Creator and Seller, please ensure Region mismatch.',
        expected: { reason: 'creator_ineligible', scope: 'creator' },
      },
      {
        call: () => c.getLatestUnreadMessages(shop),
        code: 106011,
        message: 'invalid shop_cipher',
        httpStatus: 400,
        expected: { reason: 'authorization_revoked', next: 'reconnect' },
      },
    ];
    for (const item of cases) {
      expectCalls((_req, res) =>
        answer(res, item.httpStatus ?? 200, {
          code: item.code,
          message: item.message,
          request_id: 'req-e',
          data: {},
        }),
      );
      const error = await failure(item.call());
      expect(error).toMatchObject({
        ...item.expected,
        platformCode: item.code,
        requestId: 'req-e',
      });
    }
    // Each sent once: none of these is retried here.
    expect(received).toHaveLength(cases.length);
  });

  it('refuses what these pages do not allow before sending anything', async () => {
    const c = client();
    const cases = [
      c.searchSampleApplications(shop, { pageSize: 51 }),
      c.searchSampleApplications(shop, { pageSize: 0 }),
      c.reviewSampleApplication(shop, '../1', { result: 'APPROVE' }),
      c.reviewSampleApplication(shop, '1', { result: 'REJECT' } as unknown as {
        result: 'REJECT';
        reason: 'OTHER';
      }),
      c.searchSampleFulfillments(shop, 'a/b'),
      c.searchAffiliateOrders(shop, { pageSize: 101 }),
      c.searchAffiliateOrders(shop, {
        createdFrom: new Date(NOW_MS),
        createdBefore: new Date(NOW_MS - 1000),
      }),
      c.searchAffiliateOrders(shop, { createdFrom: new Date(Number.NaN) }),
      c.listConversations(shop, { pageSize: 51 }),
      c.markConversationsRead(shop, []),
      c.markConversationsRead(
        shop,
        Array.from({ length: 21 }, (_, i) => String(i + 1)),
      ),
      c.getConversationMessages(shop, '1', { pageSize: 21 }),
    ];
    for (const pending of cases) {
      expect(await failure(pending)).toMatchObject({ reason: 'invalid_request', scope: 'request' });
    }
    expect(received).toHaveLength(0);
    // The limits themselves pass: 50 applications, 100 orders, 50 conversations, 20 ids.
    expectCalls(
      (_req, res) => answer(res, 200, ok({})),
      (_req, res) => answer(res, 200, ok({})),
      (_req, res) => answer(res, 200, ok({})),
      (_req, res) => answer(res, 200, ok({})),
    );
    await c.searchSampleApplications(shop, { pageSize: 50 });
    await c.searchAffiliateOrders(shop, { pageSize: 100 });
    await c.listConversations(shop, { pageSize: 50 });
    await c.markConversationsRead(
      shop,
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );
    expect(received.map((r) => r.query.page_size)).toEqual(['50', '100', '50', undefined]);
    // Without filters, the bodies are empty objects (never absent: these are JSON POSTs).
    expect(received[0]!.body).toBe('{}');
    expect(received[1]!.body).toBe('{}');
  });
});
