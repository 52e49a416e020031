import { Validator } from '@seriousme/openapi-schema-validator';
import { apiPaths, type ExtensionTokenData } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { describeApi, signedIn, uniquePhone, type Harness } from './support/harness.ts';
import { openPaymentPage, purchase, sandboxTrade } from './support/payments.ts';
import { routeEntries } from './security/support/route-table.ts';

/**
 * The API document at /api/docs (issue 15, F12): a standard OpenAPI 3.1 validator loads it
 * with every `$ref` resolved, and it lists every status each route answers, by number.
 * (The harness also fails any test whose answer's status the document does not list:
 * support/documented-answers.ts.)
 */

interface Operation {
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}
/** A type (not an interface): the validator takes any JSON object. */
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

async function served(h: Harness): Promise<OpenApiDocument> {
  const res = await h.app.inject({ method: 'GET', url: `${apiPaths.docs}/json` });
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApiDocument;
}

/** `/api/v1/talents/:id` → `/api/v1/talents/{id}`, as the document names paths. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operation(doc: OpenApiDocument, method: string, url: string): Operation {
  const found = doc.paths[documentPath(url)]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${url} is not in the API document`);
  return found;
}

describeApi('the API document', (h) => {
  it('is valid OpenAPI 3.1 for a standard validator, every $ref resolved', async () => {
    const doc = await served(h());
    const validator = new Validator();
    const result = await validator.validate(doc);
    // The errors are the test's message: which path, which keyword, which reference.
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Every reference points into the document (the recursive menu is a component now).
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs).toContain('#/components/schemas/MenuNode');
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas).toHaveProperty(ref.slice('#/components/schemas/'.length));
    }
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('lists, for every route, the statuses its configuration implies, each by number', async () => {
    const doc = await served(h());
    // Left out on purpose: HEAD (a GET's twin), the document's own pages, the CORS preflight.
    const hidden = new Set(
      h()
        .app.routeTable.filter((route) => (route.schema as { hide?: boolean } | undefined)?.hide)
        .map((route) => route.url),
    );
    const routes = routeEntries(h().app).filter(
      (route) => route.method !== 'HEAD' && !hidden.has(route.url),
    );
    expect(routes.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const route of routes) {
      const { responses } = operation(doc, route.method, route.url);
      const statuses = Object.keys(responses);
      const needs = (status: number, why: string) => {
        if (!statuses.includes(String(status)))
          missing.push(`${route.key}: ${status} (${why}) missing from ${statuses.join(', ')}`);
      };
      // A range says nothing about which statuses: each is listed by its number.
      for (const status of statuses) {
        if (!/^[1-5]\d\d$/.test(status)) missing.push(`${route.key}: a range, ${status}`);
        if (responses[status]!.description === 'Default Response')
          missing.push(`${route.key}: ${status} has no description`);
      }
      if (!statuses.some((status) => /^[23]\d\d$/.test(status)))
        missing.push(`${route.key}: no success answer`);
      if (!route.isPublic) {
        needs(401, 'needs a session');
        if (!route.extension) needs(403, "refuses the extension's token");
      }
      if (route.pathParams.length) needs(404, `names ${route.pathParams.join(', ')}`);
      if (route.schema.body || route.schema.querystring || route.pathParams.length)
        needs(400, 'reads input');
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        needs(400, 'a malformed body');
        needs(413, 'a body over the limit');
        needs(415, 'a body of another type');
      }
      needs(500, 'any route');
    }
    expect(missing).toEqual([]);
  });

  it('documents what the notify route and the sandbox gateway answer, not only 200', async () => {
    const doc = await served(h());
    const notify = operation(doc, 'POST', apiPaths.payments.alipayNotify);
    expect(notify.responses['200']!.content).toHaveProperty('text/plain');
    expect(JSON.stringify(notify.responses['200']!.content)).toContain('failure');
    expect(Object.keys(notify.responses)).toEqual(
      expect.arrayContaining(['200', '400', '413', '415', '500']),
    );
    const cashier = operation(doc, 'GET', apiPaths.sandbox.alipayGateway);
    expect(Object.keys(cashier.responses['400']!.content!)).toEqual(
      expect.arrayContaining(['text/html', 'application/json']),
    );
    // The cashier's query is documented parameter by parameter (it was a broken record).
    const parameters = (
      doc.paths[apiPaths.sandbox.alipayGateway]!.get as unknown as {
        parameters: { name: string }[];
      }
    ).parameters.map((p) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['app_id', 'sign', 'biz_content']));
    for (const url of [apiPaths.sandbox.pay, apiPaths.sandbox.cancel]) {
      const buttons = operation(doc, 'POST', url);
      expect(buttons.responses['303']).toBeDefined();
      expect(buttons.responses['404']!.content).toHaveProperty('text/html');
    }
  });

  describe('every answer provoked here is in the document, with its media type', () => {
    /** The answers of one request, checked against the operation of the route that answered. */
    async function expectDocumented(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      route: string,
      request: { url?: string; headers?: Record<string, string>; payload?: string | object },
      status: number,
    ) {
      const res = await h().app.inject({ method, url: request.url ?? route, ...request });
      expect(res.statusCode, `${method} ${route}: ${res.body.slice(0, 200)}`).toBe(status);
      const answer = operation(await served(h()), method, route).responses[String(status)];
      expect(answer, `${method} ${route} ${status} is not documented`).toBeDefined();
      const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!;
      if (res.body.length) expect(Object.keys(answer!.content ?? {})).toContain(mediaType);
      else expect(answer!.content).toBeUndefined();
      return res;
    }
    const json = (body: unknown) => ({
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

    it('failures of the JSON API: 400, 401, 403, 404, 409, 413, 415, 422, 429', async () => {
      const { token, user } = await signedIn(h());
      const bearer = { authorization: `Bearer ${token}` };
      await expectDocumented('GET', apiPaths.menu, {}, 401);
      const minted = await h().api.post<ExtensionTokenData>(
        apiPaths.auth.extensionToken,
        undefined,
        { token },
      );
      await expectDocumented(
        'GET',
        apiPaths.menu,
        { headers: { authorization: `Bearer ${minted.body.data.token}` } },
        403,
      );
      await expectDocumented(
        'GET',
        `${apiPaths.talents.list}/:id`,
        { url: `${apiPaths.talents.list}/987654`, headers: bearer },
        404,
      );
      await expectDocumented('POST', apiPaths.auth.login, json({}), 400);
      await expectDocumented(
        'POST',
        apiPaths.auth.login,
        { headers: { 'content-type': 'text/xml' }, payload: '<login/>' },
        415,
      );
      await expectDocumented(
        'POST',
        apiPaths.auth.login,
        json({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
        413,
      );
      // A second code for the same phone within the minute.
      const phone = uniquePhone();
      const send = json({ phoneNumber: phone, purpose: 'register' });
      await expectDocumented('POST', apiPaths.auth.sendSmsCode, send, 200);
      await expectDocumented('POST', apiPaths.auth.sendSmsCode, send, 429);
      // A taken username, said once the code is right.
      await expectDocumented(
        'POST',
        apiPaths.auth.register,
        json({
          username: user.username,
          phoneNumber: phone,
          code: h().sms.lastCode(phone),
          password: 'Secret-123',
          confirmPassword: 'Secret-123',
        }),
        409,
      );
      // A cancelled order cannot be cancelled again.
      const bought = await purchase(h(), token);
      const cancel = apiPaths.membership.cancel(bought.body.data.orderId);
      await expectDocumented(
        'POST',
        apiPaths.membership.cancel(':orderNo'),
        { url: cancel, headers: bearer },
        200,
      );
      await expectDocumented(
        'POST',
        apiPaths.membership.cancel(':orderNo'),
        { url: cancel, headers: bearer },
        422,
      );
    });

    it("the notify route's plain text and the sandbox's pages and redirects", async () => {
      const form = (fields: Record<string, string>) => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      const notified = await expectDocumented(
        'POST',
        apiPaths.payments.alipayNotify,
        form({ out_trade_no: 'nothing', sign: 'forged' }),
        200,
      );
      expect(notified.body).toBe('failure');
      await expectDocumented(
        'GET',
        apiPaths.sandbox.alipayGateway,
        { url: `${apiPaths.sandbox.alipayGateway}?app_id=x&sign=y` },
        400,
      );
      await expectDocumented('POST', apiPaths.sandbox.cancel, form({ trade_no: 'none' }), 404);
      await expectDocumented('POST', apiPaths.sandbox.pay, form({ trade_no: 'none' }), 404);

      const { token } = await signedIn(h());
      const bought = await purchase(h(), token);
      const page = await openPaymentPage(h(), bought.body.data.paymentUrl);
      const url = new URL(bought.body.data.paymentUrl);
      await expectDocumented(
        'GET',
        apiPaths.sandbox.alipayGateway,
        { url: `${url.pathname}${url.search}` },
        page.statusCode,
      );
      const trade = await sandboxTrade(h(), bought.body.data.orderId);
      const back = await expectDocumented(
        'POST',
        apiPaths.sandbox.cancel,
        form({ trade_no: trade!.tradeNo }),
        303,
      );
      expect(back.headers.location).toContain(bought.body.data.orderId);
    });
  });
});
