import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../../src/app.ts';
import { describeApi, signedIn, testConfig, type Harness } from '../support/harness.ts';
import { multipartBody } from '../support/talents.ts';
import { fillPath, routeEntries, type RouteEntry } from './support/route-table.ts';

/**
 * F1 of the hardening issue: the auth hook decided on the raw `request.url` while the router
 * matched the decoded path, so `/api/%761/...` ran private handlers without a session. Every
 * private route of the route table, spelled every way a router may still take for it, must
 * answer 401 (or 404 where the spelling is another path) and run nothing: no body parsed
 * (so no upload spooled), no handler, nothing logged but the request itself.
 */

/** Any value for a path parameter: the session is checked before the route looks at it. */
const anyParams = { id: 1, taskId: 1, shopId: 1, orderNo: 'M1', exportId: 'e1', token: 't' };

const encodeChar = (char: string) =>
  `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

interface Spelling {
  name: string;
  url: string;
  /** The router takes it for the same route: it must be 401, not 404. */
  sameRoute: boolean;
}

/**
 * Spellings of one path. Static segments (not the filled parameters) get a letter or digit
 * percent-encoded, all their characters encoded, a doubled slash, a case change and a
 * `;`-suffix; the whole path a trailing slash and a leading double slash.
 */
function spellingsOf(template: string): Spelling[] {
  const templateSegments = template.split('/').slice(1);
  const filled = fillPath(template, anyParams).split('/').slice(1);
  const join = (segments: string[]) => `/${segments.join('/')}`;
  const out: Spelling[] = [
    { name: 'trailing slash', url: `${join(filled)}/`, sameRoute: true },
    { name: 'leading double slash', url: `/${join(filled)}`, sameRoute: false },
    { name: 'upper case', url: join(filled).toUpperCase(), sameRoute: false },
    { name: ';-suffix', url: `${join(filled)};x`, sameRoute: false },
  ];
  templateSegments.forEach((segment, i) => {
    if (segment.startsWith(':') || segment === '') return;
    const with_ = (replacement: string) => join(filled.map((s, j) => (j === i ? replacement : s)));
    const alnum = [...segment].findIndex((c) => /[A-Za-z0-9]/.test(c));
    if (alnum >= 0) {
      const chars = [...segment];
      chars[alnum] = encodeChar(chars[alnum]!);
      out.push({
        name: `one character encoded in "${segment}"`,
        url: with_(chars.join('')),
        sameRoute: true,
      });
      const digit = [...segment].findIndex((c) => /[0-9]/.test(c));
      if (digit >= 0 && digit !== alnum) {
        const withDigit = [...segment];
        withDigit[digit] = encodeChar(withDigit[digit]!);
        out.push({
          name: `a digit encoded in "${segment}"`,
          url: with_(withDigit.join('')),
          sameRoute: true,
        });
      }
    }
    out.push({
      name: `every character encoded in "${segment}"`,
      url: with_([...segment].map((c) => (/[A-Za-z0-9]/.test(c) ? encodeChar(c) : c)).join('')),
      sameRoute: true,
    });
    out.push({
      name: `"${segment}" capitalised`,
      url: with_(segment[0]!.toUpperCase() + segment.slice(1)),
      sameRoute: false,
    });
    out.push({ name: `;-suffix on "${segment}"`, url: with_(`${segment};x`), sameRoute: false });
    if (i > 0)
      out.push({
        name: `double slash before "${segment}"`,
        url: join(filled.map((s, j) => (j === i ? `/${s}` : s))),
        sameRoute: false,
      });
  });
  return out;
}

interface Observed {
  app: App;
  /** Requests that got as far as reading their body. */
  parsed: string[];
  logs: Array<{ msg?: string; level?: number; reqId?: string }>;
}

/** The real app on the test's database, watched: which requests reached their body, what was logged. */
async function observedApp(h: Harness): Promise<Observed> {
  const logs: Observed['logs'] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        logs.push(JSON.parse(line) as Observed['logs'][number]);
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ REDIS_KEY_PREFIX: `inviteflow-test:spellings:${process.pid}` }),
    database: h.database.handle,
    sms: h.sms,
    logger: { ...(loggerOptions('trace') as object), stream },
  });
  const parsed: string[] = [];
  // Runs before any body is read or a content-type parser (multipart spooling) runs. An
  // unknown path runs it too, for the not-found answer, which has no body to read.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.is404) parsed.push(`${request.method} ${request.url}`);
    return payload;
  });
  await app.ready();
  return { app, parsed, logs };
}

const requestLogMessages = new Set(['incoming request', 'request completed']);

describeApi('security: private routes under every spelling', (h) => {
  it('every route outside /api/v1 is declared public, and these are all of them', () => {
    const outside = routeEntries(h().app)
      .filter((r) => !r.url.startsWith('/api/v1/'))
      .map((r) => `${r.key}${r.isPublic ? '' : ' (private)'}`)
      .sort();
    expect(outside).toEqual(
      [
        'GET /api/health',
        'HEAD /api/health',
        // The API document and its UI (swagger-ui's routes, public by scope).
        ...[
          '',
          '/json',
          '/yaml',
          '/static/index.html',
          '/static/swagger-initializer.js',
          '/static/*',
        ].flatMap((path) => [`GET /api/docs${path}`, `HEAD /api/docs${path}`]),
        // The CORS preflight: browsers send it before any credential.
        'OPTIONS *',
        // The sandbox gateway plays Alipay, which holds no session of ours.
        'GET /sandbox/alipay/gateway.do',
        'HEAD /sandbox/alipay/gateway.do',
        'POST /sandbox/alipay/gateway.do',
        'POST /sandbox/alipay/pay',
        'POST /sandbox/alipay/cancel',
        // The sandbox TikTok Shop plays the platform (no TikTok Shop app configured): its
        // authorization page, token endpoints and API answer by signature and tokens of
        // its own; its control routes hold no secret.
        ...[
          'GET /open/authorize',
          'HEAD /open/authorize',
          'POST /open/authorize',
          'GET /api/v2/token/get',
          'GET /api/v2/token/refresh',
          'GET /authorization/202309/shops',
          'POST /affiliate_seller/202508/marketplace_creators/search',
          'POST /affiliate_seller/202508/target_collaborations',
          'POST /affiliate_seller/202508/target_collaborations/search',
          'GET /affiliate_seller/202508/target_collaborations/:target_collaboration_id',
          'DELETE /affiliate_seller/202409/target_collaborations/:target_collaboration_id',
          'POST /affiliate_seller/202508/conversations',
          'GET /affiliate_seller/202412/conversations',
          'POST /affiliate_seller/202412/conversations/:conversation_id/messages',
          'GET /affiliate_seller/202412/conversation/:conversation_id/messages',
          'POST /affiliate_seller/202412/conversatons/read',
          'POST /affiliate_seller/202508/sample_applications/search',
          'POST /affiliate_seller/202507/sample_applications/:application_id/review',
          'POST /affiliate_seller/202409/sample_applications/:application_id/fulfillments/search',
          'POST /affiliate_seller/202410/orders/search',
          'GET /control/calls',
          'GET /control/shops',
          'GET /control/creators',
          'GET /control/clock',
          'POST /control/clock/advance',
          'GET /control/plan',
          'PUT /control/settings',
          'PUT /control/shops/:shop_id/limits',
          'POST /control/shops/:shop_id/connected-creators',
          'POST /control/sellers/:seller_key/revoke',
          'POST /control/sellers/:seller_key/expire-tokens',
        ].map((route) => route.replace(' /', ' /sandbox/tiktok-shop/')),
        // The sandbox 抖店 open platform likewise (no 抖店 app configured).
        ...[
          'GET /authorize',
          'HEAD /authorize',
          'POST /authorize',
          'GET /:group/:name',
          'HEAD /:group/:name',
          'POST /:group/:name',
          'GET /control/calls',
          'HEAD /control/calls',
          'GET /control/shops',
          'HEAD /control/shops',
          'GET /control/authors',
          'HEAD /control/authors',
          'GET /control/orders',
          'HEAD /control/orders',
          'PUT /control/settings',
          'PUT /control/shops/:shop_id/limits',
          'POST /control/shops/:shop_id/revoke',
          'POST /control/shops/:shop_id/expire-tokens',
        ].map((route) => route.replace(' /', ' /sandbox/doudian/')),
      ].sort(),
    );
  });

  it('answers 401 or 404 to every spelling of every private route, and runs nothing', async () => {
    const { app, parsed, logs } = await observedApp(h());
    try {
      const routes = routeEntries(app).filter((r) => !r.isPublic);
      expect(routes.length).toBeGreaterThan(90);
      const problems: string[] = [];
      let requests = 0;
      const attempt = async (route: RouteEntry, spelling: Spelling, multipart: boolean) => {
        requests += 1;
        const body = multipart
          ? // 2 MB: a spooled upload would be seen on disk and in the parse hook.
            multipartBody({ content: Buffer.alloc(2 * 1024 * 1024, 'a'), filename: 'x.csv' }, {})
          : route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
            ? { payload: '{}', headers: { 'content-type': 'application/json' } }
            : { payload: undefined, headers: {} };
        const res = await app.inject({
          method: route.method,
          url: spelling.url,
          headers: { ...body.headers, 'accept-language': 'en-US' },
          payload: body.payload,
        });
        const where = `${route.key} as ${spelling.url} (${spelling.name}${multipart ? ', multipart' : ''})`;
        const allowed = spelling.sameRoute ? [401] : [401, 404];
        if (!allowed.includes(res.statusCode)) problems.push(`${where}: ${res.statusCode}`);
      };
      for (const route of routes) {
        for (const spelling of spellingsOf(route.url)) {
          await attempt(route, spelling, false);
          if (route.method === 'POST') await attempt(route, spelling, true);
        }
      }
      console.info(
        `[spellings ${h().kind}] ${routes.length} private routes, ${requests} unauthenticated requests: 401 or 404`,
      );
      expect(problems).toEqual([]);
      // Nothing got as far as its body: no upload spooled, no handler ran.
      expect(parsed).toEqual([]);
      // Nothing was logged for them but the requests themselves (no handler's line, no error).
      const other = logs.filter(
        (line) =>
          line.reqId !== undefined &&
          (!requestLogMessages.has(line.msg ?? '') || (line.level ?? 0) >= 40),
      );
      expect(other).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('the spellings reach the route: with a session, an encoded path runs the handler', async () => {
    // The control: the encoded spellings above are the same route (401 there was the
    // session's doing, not a 404 in disguise), so a signed-in call on one answers 200.
    const { token } = await signedIn(h());
    const res = await h().app.inject({
      method: 'GET',
      url: '/api/%761/membership/plans',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const anonymous = await h().app.inject({ method: 'GET', url: '/%61pi/v1/membership/plans' });
    expect(anonymous.statusCode).toBe(401);
  });
});
