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
        invitedCreators: 50,
        productCount: 2,
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
