import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { decide, tokenCreate, tokenRefresh } from './auth.ts';
import * as buyin from './buyin.ts';
import { DoudianRefusal } from './errors.ts';
import { verifyCall, type GatewayContext, type IncomingCall } from './gateway.ts';
import { pageLocale } from './locale.ts';
import { allianceGetOrderList, shopOrders } from './orders.ts';
import { authorizePage, invalidPage, type InvalidReason } from './page.ts';
import * as repo from './repository.ts';
import type { DoudianSandbox } from './sandbox.ts';
import { authorTrait, AUTHOR_COUNT, sandboxAuthor, shopSeed } from './world.ts';

const tags = ['sandbox'];
const optional = (description: string) => z.string().optional().describe(description);

/** The methods the sandbox gateway answers, each with its work. */
type Work = (sandbox: DoudianSandbox, ctx: GatewayContext) => Promise<unknown>;
const methods = new Map<string, Work>([
  ['token.create', tokenCreate],
  ['token.refresh', tokenRefresh],
  ['buyin.createOrUpdateOrienPlan', buyin.createOrUpdateOrienPlan],
  ['buyin.orienPlanAuthorsAdd', buyin.orienPlanAuthorsAdd],
  ['buyin.orienPlanAuthors', buyin.orienPlanAuthors],
  ['buyin.orienPlanAudit', buyin.orienPlanAudit],
  ['buyin.orienPlanList', buyin.orienPlanList],
  ['buyin.ShopActivityList', buyin.shopActivityList],
  ['buyin.applyActivities', buyin.applyActivities],
  ['alliance.getOrderList', allianceGetOrderList],
]);
export const sandboxMethods = [...methods.keys()];

/** The platform's answer shape (github:fudiwei/… DouyinShopResponse.cs; code 10000 success). */
const answerSchema = z
  .looseObject({
    code: z.number().int().describe('10000 on success, else the main code (30001, 40003, 50002 …)'),
    msg: z.string(),
    sub_code: z.string(),
    sub_msg: z.string(),
    log_id: z.string(),
    data: z.unknown(),
    err_no: z.number().int(),
    message: z.string(),
  })
  .describe("抖店开放平台's answer");
const jsonAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: answerSchema } },
});
const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string().describe('An HTML page') } },
});

/** `log_id` like the SDK sample's `202106081408160101311300265F00266E`: Shanghai time, then hex. */
function logId(now: Date): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000)
    .toISOString()
    .replace(/[-:T]/g, '')
    .slice(0, 14);
  let hex = '';
  for (let i = 0; i < 20; i++) hex += '0123456789ABCDEF'[Math.floor(Math.random() * 16)];
  return stamp + hex;
}

/** JSON with int64 values (BigInt) written as numbers of all their digits. */
function writeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? `\u0000big:${v.toString()}` : v,
  ).replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

function rawQuery(request: FastifyRequest): { path: string; pairs: Array<[string, string]> } {
  const raw = request.raw.url ?? '/';
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const pairs = q === -1 ? [] : [...new URLSearchParams(raw.slice(q + 1)).entries()];
  return { path, pairs };
}

function firstValues(pairs: Array<[string, string]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of pairs) if (!out.has(k)) out.set(k, v);
  return out;
}

/**
 * The platform's routes (authorization page, gateway) and the sandbox's control routes, in
 * one encapsulated scope: bodies arrive as raw text (param_json is signed as sent), and every
 * gateway answer is the platform's JSON with HTTP 200.
 */
export function sandboxRoutes(sandbox: DoudianSandbox) {
  return async function routes(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    // Every refusal in the sandbox's own shape (`code`, `msg`, `sub_code`, `sub_msg`): the
    // server's text-input check (a NUL, a lone surrogate) and Fastify's errors would otherwise
    // be answered in our API's envelope, which the sandbox's answer schemas do not describe.
    app.setErrorHandler(
      (error: { statusCode?: number; status?: number; message?: string }, request, reply) => {
        const given = error.statusCode ?? error.status;
        const status = given && given >= 400 && given < 500 ? given : 500;
        if (status === 500)
          request.log.error({ err: error }, 'doudian sandbox: unexpected failure');
        const detail = error.statusCode
          ? (error.message ?? '')
          : 'The request holds text that cannot be stored (a NUL character or a lone surrogate).';
        return reply
          .status(status)
          .type('application/json; charset=utf-8')
          .send(
            JSON.stringify({
              code: status === 500 ? 20000 : 40004,
              msg: status === 500 ? '服务异常，请稍后重试' : '参数错误',
              sub_code: status === 500 ? 'isp.service-error' : 'isv.parameter-invalid',
              sub_msg: detail,
              data: null,
            }),
          );
      },
    );
    const config = { public: true };
    const base = sandbox.basePath;

    // --- the authorization page (fuwu.jinritemai.com/authorize?service_id=…&state=…) ------
    const languageHref = (request: FastifyRequest, locale: string) => {
      const url = new URL(request.raw.url ?? '/', 'http://sandbox.invalid');
      url.searchParams.set('lang', locale === 'zh-CN' ? 'en-US' : 'zh-CN');
      return `${url.pathname}${url.search}`;
    };
    const page = (reply: FastifyReply, status: number, html: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(html);
    const recordPage = (
      path: string,
      httpMethod: string,
      params: unknown,
      status: number,
      appKey: string | null,
      shopId: string | null,
    ) =>
      sandbox.record({
        at: sandbox.now(),
        httpMethod,
        path,
        apiMethod: null,
        query: {},
        params,
        code: null,
        subCode: null,
        httpStatus: status,
        appKey,
        shopId,
      });

    app.get(
      '/authorize',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: '抖店 sandbox: the service authorization page',
          description:
            'Marked 沙箱 / SANDBOX. The seller picks one of the sandbox shops and authorizes or declines. zh-CN or en-US by `lang` or Accept-Language.',
          querystring: z.looseObject({
            service_id: optional("The app's service id in the service market"),
            state: optional('Echoed to the redirect URL'),
            lang: optional('zh-CN or en-US'),
          }),
          response: {
            200: htmlAnswer('The page'),
            400: htmlAnswer('No such service, or no state'),
          },
        },
      },
      async (request, reply) => {
        const q = firstValues(rawQuery(request).pairs);
        const locale = pageLocale(q.get('lang'), request.headers['accept-language']);
        const serviceId = q.get('service_id') ?? '';
        const state = q.get('state') ?? '';
        const found = /^\d{1,19}$/.test(serviceId)
          ? await repo.appByServiceId(sandbox.db, serviceId)
          : undefined;
        const reason: InvalidReason | null = !found ? 'serviceId' : !state ? 'state' : null;
        await recordPage(
          '/authorize',
          'GET',
          { service_id: serviceId, state },
          reason ? 400 : 200,
          found?.appKey ?? null,
          null,
        );
        if (reason)
          return page(reply, 400, invalidPage(locale, reason, languageHref(request, locale)));
        return page(
          reply,
          200,
          authorizePage(locale, {
            action: `${base}/authorize`,
            serviceId,
            state,
            appName: 'InviteFlow',
            languageHref: languageHref(request, locale),
          }),
        );
      },
    );

    app.post(
      '/authorize',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "抖店 sandbox: the seller's decision",
          description:
            "Authorize: to the app's redirect URL with `code` (single use, 10 minutes) and `state`. Decline: with `error=access_denied&state=…`.",
          consumes: ['application/x-www-form-urlencoded'],
          body: z.looseObject({
            service_id: optional("The app's service id"),
            state: optional('Echoed to the redirect URL'),
            shop_id: optional('The sandbox shop chosen'),
            decision: optional('allow or deny'),
            lang: optional('zh-CN or en-US'),
          }),
          response: {
            302: z.undefined().meta({
              description: "To the app's redirect URL",
              headers: { location: { type: 'string', description: 'With code and state' } },
            }),
            400: htmlAnswer('No such service, no state, no shop or no decision'),
          },
        },
      },
      async (request, reply) => {
        const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
        const locale = pageLocale(
          form.get('lang') ?? undefined,
          request.headers['accept-language'],
        );
        const serviceId = form.get('service_id') ?? '';
        const state = form.get('state') ?? '';
        const decision = form.get('decision');
        const shopId = form.get('shop_id') ?? '';
        const found = /^\d{1,19}$/.test(serviceId)
          ? await repo.appByServiceId(sandbox.db, serviceId)
          : undefined;
        const reason: InvalidReason | null = !found
          ? 'serviceId'
          : !state
            ? 'state'
            : decision !== 'allow' && decision !== 'deny'
              ? 'decision'
              : decision === 'allow' && !shopSeed(shopId)
                ? 'shop'
                : null;
        const location =
          reason || !found
            ? null
            : await decide(sandbox, { app: found, shopId, state, allow: decision === 'allow' });
        await recordPage(
          '/authorize',
          'POST',
          { service_id: serviceId, state, shop_id: shopId, decision },
          reason ? 400 : 302,
          found?.appKey ?? null,
          shopSeed(shopId) ? shopId : null,
        );
        if (reason || !location)
          return page(
            reply,
            400,
            invalidPage(locale, reason ?? 'serviceId', languageHref(request, locale)),
          );
        return reply.redirect(location, 302);
      },
    );

    // --- the gateway: /{group}/{name}?method=group.name&app_key&… ------------------------
    const gatewaySchema = {
      tags,
      summary: '抖店 sandbox: the API gateway',
      description: `Common parameters in the query (method, app_key, access_token, timestamp, v=2, sign_method md5|hmac-sha256, sign), param_json in the query or as the POST body. Methods: ${sandboxMethods.join(', ')}.`,
      params: z.object({ group: z.string(), name: z.string() }),
      querystring: z.looseObject({
        method: optional('The API method, e.g. buyin.orienPlanAuthorsAdd'),
        app_key: optional("The app's key (19 digits)"),
        access_token: optional("The shop's access token (not for token.*)"),
        param_json: optional('The business parameters as JSON with sorted keys (else the body)'),
        timestamp: optional('yyyy-MM-dd HH:mm:ss (GMT+8) or Unix seconds, within 10 minutes'),
        v: optional('2'),
        sign_method: optional('md5 (default) or hmac-sha256'),
        sign: optional('The signature'),
      }),
      response: {
        200: jsonAnswer('`code` 10000 with `data`, or a refusal (`code`, `sub_code`, `sub_msg`)'),
        400: jsonAnswer('Text that cannot be stored (a NUL character, a lone surrogate)'),
      },
    };
    const gateway = async (request: FastifyRequest, reply: FastifyReply) => {
      const { path, pairs } = rawQuery(request);
      const call: IncomingCall = {
        httpMethod: request.method,
        path: base && path.startsWith(`${base}/`) ? path.slice(base.length) : path,
        query: firstValues(pairs),
        body: typeof request.body === 'string' ? request.body : '',
      };
      await sandbox.delay();
      const now = sandbox.now();
      let payload: Record<string, unknown>;
      let ctx: GatewayContext | null = null;
      try {
        ctx = await verifyCall(sandbox, call, new Set(methods.keys()));
        const data = await methods.get(ctx.method)!(sandbox, ctx);
        payload = { code: 10000, msg: 'success', sub_code: '', sub_msg: '', data };
      } catch (error) {
        if (!(error instanceof DoudianRefusal)) throw error;
        const e = error.error;
        payload = {
          code: e.code,
          msg: e.msg,
          sub_code: e.subCode,
          sub_msg: error.detail ? `${e.subMsg}：${error.detail}` : e.subMsg,
          data: {},
        };
      }
      const code = payload.code as number;
      // err_no / message: the older fields the .NET SDK still reads (0 on success).
      payload = {
        ...payload,
        log_id: logId(now),
        err_no: code === 10000 ? 0 : code,
        message: code === 10000 ? 'success' : (payload.sub_msg as string),
      };
      let params: unknown = ctx?.params;
      if (params === undefined) {
        try {
          params = JSON.parse(call.query.get('param_json') ?? (call.body || 'null')) as unknown;
        } catch {
          params = { raw: (call.query.get('param_json') ?? call.body).slice(0, 2000) };
        }
      }
      await sandbox.record({
        at: now,
        httpMethod: call.httpMethod,
        path: call.path,
        apiMethod: call.query.get('method') ?? null,
        query: Object.fromEntries(call.query),
        params: params ?? null,
        code,
        subCode: (payload.sub_code as string) || null,
        httpStatus: 200,
        appKey: call.query.get('app_key') ?? null,
        shopId:
          ctx?.authorization?.shopId ??
          (ctx?.method.startsWith('token.') && code === 10000
            ? String((payload.data as { shop_id?: number }).shop_id ?? '') || null
            : null),
      });
      return reply.status(200).type('application/json; charset=utf-8').send(writeJson(payload));
    };
    app.post('/:group/:name', { config, attachValidation: true, schema: gatewaySchema }, gateway);
    app.get('/:group/:name', { config, attachValidation: true, schema: gatewaySchema }, gateway);

    await app.register(controlRoutes(sandbox), { prefix: '/control' });
  };
}

const nonNegative = z.number().int().min(0).max(1_000_000_000);

/** The sandbox's own controls, for tests and the sandbox UI (never the platform's). */
function controlRoutes(sandbox: DoudianSandbox) {
  return async function control(app: FastifyInstance) {
    const config = { public: true };
    const ok = (reply: FastifyReply, data: unknown) =>
      reply
        .type('application/json; charset=utf-8')
        .send(writeJson({ code: 0, msg: 'success', data }));
    const refuse = (reply: FastifyReply, status: 400 | 404, msg: string) =>
      reply
        .status(status)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ code: status, msg, data: null }));
    const controlAnswer = {
      description: 'The control answer',
      content: {
        'application/json': {
          schema: z.looseObject({ code: z.number(), msg: z.string(), data: z.unknown() }),
        },
      },
    };
    const bodyOf = (request: FastifyRequest): unknown => {
      try {
        return typeof request.body === 'string' && request.body
          ? (JSON.parse(request.body) as unknown)
          : {};
      } catch {
        return null;
      }
    };

    app.get(
      '/calls',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: '抖店 sandbox control: the calls received',
          querystring: z.looseObject({
            after_id: optional('Only calls after this id'),
            method: optional('Only this API method'),
            limit: optional('At most this many (1–10000)'),
          }),
          response: { 200: controlAnswer, 400: controlAnswer },
        },
      },
      async (request, reply) => {
        const q = firstValues(rawQuery(request).pairs);
        const afterId = q.get('after_id');
        const limit = q.get('limit');
        if ((afterId && !/^\d{1,15}$/.test(afterId)) || (limit && !/^\d{1,5}$/.test(limit)))
          return refuse(reply, 400, 'after_id and limit are whole numbers.');
        const calls = await sandbox.calls({
          afterId: afterId ? Number(afterId) : undefined,
          apiMethod: q.get('method') || undefined,
          limit: limit ? Number(limit) : undefined,
        });
        return ok(reply, { calls });
      },
    );

    app.get(
      '/shops',
      {
        config,
        schema: {
          tags,
          summary: '抖店 sandbox control: shops, their limits and products, the 团长 activities',
          response: { 200: controlAnswer },
        },
      },
      async (_request, reply) => {
        const shops = await sandbox.shops();
        const withProducts = await Promise.all(
          shops.map(async (s) => ({ ...s, products: await sandbox.products(s.id) })),
        );
        return ok(reply, { shops: withProducts });
      },
    );

    app.get(
      '/authors',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: '抖店 sandbox control: 达人 with their 百应IDs (special ones by trait)',
          querystring: z.looseObject({
            trait: optional('closed_to_plans, restricted, no_cooperation or none'),
            limit: optional('At most this many (default 100)'),
          }),
          response: { 200: controlAnswer, 400: controlAnswer },
        },
      },
      async (request, reply) => {
        const q = firstValues(rawQuery(request).pairs);
        const trait = q.get('trait');
        const limit = Math.min(Number(q.get('limit') ?? 100) || 100, AUTHOR_COUNT);
        if (trait && !['closed_to_plans', 'restricted', 'no_cooperation', 'none'].includes(trait))
          return refuse(
            reply,
            400,
            'trait is closed_to_plans, restricted, no_cooperation or none.',
          );
        const authors = [];
        for (let n = 1; n <= AUTHOR_COUNT && authors.length < limit; n++) {
          const t = authorTrait(n);
          if (!trait || (trait === 'none' ? t === null : t === trait))
            authors.push(sandboxAuthor(n));
        }
        return ok(reply, { authors });
      },
    );

    app.get(
      '/orders',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "抖店 sandbox control: a shop's seeded alliance orders paid so far (their ids)",
          querystring: z.looseObject({ shop_id: optional('The sandbox shop') }),
          response: { 200: controlAnswer, 404: controlAnswer },
        },
      },
      async (request, reply) => {
        const shopId = firstValues(rawQuery(request).pairs).get('shop_id') ?? '';
        if (!shopSeed(shopId)) return refuse(reply, 404, `No sandbox shop ${shopId}.`);
        return ok(reply, { orders: await shopOrders(sandbox, shopId) });
      },
    );

    app.put(
      '/settings',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: '抖店 sandbox control: latency, rate limit, token lifetimes, denied methods',
          body: z.looseObject({}),
          response: { 200: controlAnswer, 400: controlAnswer },
        },
      },
      async (request, reply) => {
        const parsed = z
          .object({
            latency_ms: z.number().int().min(0).max(60_000).optional(),
            rate_limit_per_second: nonNegative.optional(),
            access_token_ttl_seconds: nonNegative.optional(),
            refresh_token_ttl_seconds: nonNegative.optional(),
            auth_code_ttl_seconds: nonNegative.optional(),
            denied_methods: z.array(z.string().max(100)).max(50).optional(),
          })
          .strict()
          .safeParse(bodyOf(request));
        if (!parsed.success) return refuse(reply, 400, 'Unknown setting or a value out of range.');
        const b = parsed.data;
        const settings = sandbox.configure({
          ...(b.latency_ms !== undefined ? { latencyMs: b.latency_ms } : {}),
          ...(b.rate_limit_per_second !== undefined
            ? { rateLimitPerSecond: b.rate_limit_per_second }
            : {}),
          ...(b.access_token_ttl_seconds !== undefined
            ? { accessTokenTtlSeconds: b.access_token_ttl_seconds }
            : {}),
          ...(b.refresh_token_ttl_seconds !== undefined
            ? { refreshTokenTtlSeconds: b.refresh_token_ttl_seconds }
            : {}),
          ...(b.auth_code_ttl_seconds !== undefined
            ? { authCodeTtlSeconds: b.auth_code_ttl_seconds }
            : {}),
          ...(b.denied_methods !== undefined ? { deniedMethods: b.denied_methods } : {}),
        });
        return ok(reply, { settings });
      },
    );

    const shopParams = z.object({ shop_id: z.string().describe('The sandbox shop') });
    app.put(
      '/shops/:shop_id/limits',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "抖店 sandbox control: a shop's alliance state and limits",
          params: shopParams,
          body: z.looseObject({}),
          response: { 200: controlAnswer, 400: controlAnswer, 404: controlAnswer },
        },
      },
      async (request, reply) => {
        const shopId = (request.params as { shop_id: string }).shop_id;
        const parsed = z
          .object({
            in_alliance: z.boolean().optional(),
            promotion_closed: z.boolean().optional(),
            daily_author_limit: nonNegative.optional(),
            plan_author_limit: nonNegative.optional(),
          })
          .strict()
          .safeParse(bodyOf(request));
        if (!parsed.success) return refuse(reply, 400, 'Unknown limit or a value out of range.');
        if (!shopSeed(shopId)) return refuse(reply, 404, `No sandbox shop ${shopId}.`);
        const b = parsed.data;
        const shop = await sandbox.setShopLimits(shopId, {
          ...(b.in_alliance !== undefined ? { inAlliance: b.in_alliance } : {}),
          ...(b.promotion_closed !== undefined ? { promotionClosed: b.promotion_closed } : {}),
          ...(b.daily_author_limit !== undefined ? { dailyAuthorLimit: b.daily_author_limit } : {}),
          ...(b.plan_author_limit !== undefined ? { planAuthorLimit: b.plan_author_limit } : {}),
        });
        return ok(reply, { shop });
      },
    );

    app.post(
      '/shops/:shop_id/revoke',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "抖店 sandbox control: the shop closes the app's authorization",
          params: shopParams,
          response: { 200: controlAnswer, 400: controlAnswer, 404: controlAnswer },
        },
      },
      async (request, reply) => {
        const shopId = (request.params as { shop_id: string }).shop_id;
        if (!shopSeed(shopId)) return refuse(reply, 404, `No sandbox shop ${shopId}.`);
        return ok(reply, { revoked: await sandbox.revoke(shopId) });
      },
    );

    app.post(
      '/shops/:shop_id/expire-tokens',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "抖店 sandbox control: end the shop's tokens early",
          params: shopParams,
          body: z.looseObject({}),
          response: { 200: controlAnswer, 400: controlAnswer, 404: controlAnswer },
        },
      },
      async (request, reply) => {
        const shopId = (request.params as { shop_id: string }).shop_id;
        const parsed = z
          .object({ in_seconds: nonNegative.optional(), refresh_token: z.boolean().optional() })
          .strict()
          .safeParse(bodyOf(request));
        if (!parsed.success)
          return refuse(reply, 400, 'in_seconds is a whole number; refresh_token a boolean.');
        if (!shopSeed(shopId)) return refuse(reply, 404, `No sandbox shop ${shopId}.`);
        const expired = await sandbox.expireTokens(shopId, {
          inSeconds: parsed.data.in_seconds,
          refreshToken: parsed.data.refresh_token,
        });
        return ok(reply, { expired });
      },
    );
  };
}
