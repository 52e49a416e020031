import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import * as affiliate from './affiliate.ts';
import * as loop from './loop.ts';
import {
  controlAnswer,
  controlRefusal,
  htmlAnswer,
  incoming,
  jsonAnswer,
  serveCall,
} from './answers.ts';
import { decide, getToken, refreshToken } from './auth.ts';
import { fixedBehaviourOf } from './behaviour.ts';
import { sandboxSellers, sellerByKey } from './catalogue.ts';
import { creatorsIn, marketplaceRegions, type CreatorTrait } from './creators.ts';
import { ttsErrors } from './errors.ts';
import { verifyApiCall, type ApiContext, type ApiSpec } from './gateway.ts';
import { isStorable, requestId } from './ids.ts';
import { pageLocale } from './locale.ts';
import { authorizePage, invalidPage, type InvalidReason } from './page.ts';
import * as repo from './repository.ts';
import type { TikTokShopSandbox } from './sandbox.ts';

const tags = ['sandbox'];
const optional = (description: string) => z.string().optional().describe(description);

/** The query every signed call carries ("Common parameters"). */
const signedQuery = {
  app_key: optional("The app's key"),
  timestamp: optional(
    'Unix time in seconds (10 digits), within 5 minutes before and 30 s after now',
  ),
  sign: optional('Hex HMAC-SHA256 of the request (see "Sign your API request")'),
};
const shopQuery = { ...signedQuery, shop_cipher: optional('The shop, from Get Authorized Shops') };
const accessHeader = z.looseObject({
  'x-tts-access-token': optional('The seller access token'),
});

/** The answers of a signed platform call. */
const apiResponses = {
  200: jsonAnswer('`code` 0 with `data`, or an affiliate refusal (160240xx, 500017xx, 16030xxx …)'),
  400: jsonAnswer(
    '36009004 invalid parameter, app key or timestamp; 106013 / 106011 shop cipher; 36009022 body format',
  ),
  401: jsonAnswer(
    '106001 bad signature; 36009004 unknown token; 105001 deauthorized; 105002 expired; 105005 missing scope; 101000 shop not authorized',
  ),
  429: jsonAnswer('36009002 rate limited (per app, shop and API)'),
};

const collaborationBody = z
  .looseObject({
    name: z.string().optional(),
    message: z.string().optional(),
    end_time: z.string().optional(),
    products: z
      .array(
        z.looseObject({ id: z.string().optional(), target_commission_rate: z.number().optional() }),
      )
      .optional(),
    creator_user_open_ids: z.array(z.string()).optional(),
    seller_contact_info: z.looseObject({ email: z.string().optional() }).optional(),
    free_sample_rule: z
      .looseObject({
        has_free_sample: z.boolean().optional(),
        is_sample_approval_exempt: z.boolean().optional(),
      })
      .optional(),
  })
  .describe('Create Target Collaboration (202508)');

/**
 * The platform's routes (authorization page, token endpoints, API gateway) and the
 * sandbox's control routes, in one encapsulated scope: bodies arrive as raw text (the
 * signature covers the exact bytes), and every failure answers in the platform's shape.
 */
export function sandboxRoutes(sandbox: TikTokShopSandbox) {
  return async function routes(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.setErrorHandler(
      (error: { statusCode?: number; status?: number; message?: string }, request, reply) => {
        // Fastify's own errors carry statusCode; the server's (its text-input refusals) status.
        const given = error.statusCode ?? error.status;
        const status = given && given >= 400 && given < 500 ? given : 500;
        const detail = error.statusCode
          ? (error.message ?? '')
          : 'The request holds text that cannot be stored (a NUL character or a lone surrogate).';
        if (status === 500)
          request.log.error({ err: error }, 'tiktok-shop sandbox: unexpected failure');
        return reply
          .status(status)
          .type('application/json; charset=utf-8')
          .send(
            JSON.stringify({
              code: status === 500 ? 36009003 : ttsErrors.invalidParam.code,
              message:
                status === 500
                  ? 'Internal error. Please try again. If the issue persists after multiple attempts, please contact platform support.'
                  : `${ttsErrors.invalidParam.message} ${detail}`.trim(),
              request_id: requestId(sandbox.now()),
              data: null,
            }),
          );
      },
    );
    // Bodies are read by hand (their exact text is signed); schemas describe them.
    const config = { public: true };

    // --- authorization page -------------------------------------------------------------
    const authorizePath = '/open/authorize';
    const languageHref = (request: FastifyRequest, locale: string) => {
      const url = new URL(request.raw.url ?? '/', 'http://sandbox.invalid');
      url.searchParams.set('lang', locale === 'zh-CN' ? 'en-US' : 'zh-CN');
      return `${url.pathname}${url.search}`;
    };
    const page = (reply: FastifyReply, status: number, html: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(html);

    app.get(
      authorizePath,
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop: the authorization page',
          description:
            'Marked 沙箱 / SANDBOX. The seller picks a sandbox seller (a local US shop, or a cross-border seller with GB and ES shops), sees the scopes, and authorizes or declines. zh-CN or en-US by `lang` or Accept-Language.',
          querystring: z.looseObject({
            service_id: optional("The app's service id"),
            state: optional('Echoed to the redirect URL'),
            lang: optional('zh-CN or en-US'),
          }),
          response: {
            200: htmlAnswer('The authorization page'),
            400: htmlAnswer('No such app, or no state'),
          },
        },
      },
      async (request, reply) => {
        const call = incoming(request, sandbox);
        const query = new Map(call.query.slice().reverse());
        const locale = pageLocale(query.get('lang'), request.headers['accept-language']);
        const serviceId = query.get('service_id') ?? '';
        const state = query.get('state') ?? '';
        const found =
          serviceId && isStorable(call.query)
            ? await repo.appByServiceId(sandbox.db, serviceId)
            : undefined;
        const reason: InvalidReason | null = !found ? 'serviceId' : !state ? 'state' : null;
        await sandbox.record({
          at: sandbox.now(),
          method: 'GET',
          path: call.apiPath,
          query: Object.fromEntries(call.query),
          body: undefined,
          httpStatus: reason ? 400 : 200,
          code: null,
          appKey: found?.appKey ?? null,
          shopId: null,
        });
        if (reason)
          return page(reply, 400, invalidPage(locale, reason, languageHref(request, locale)));
        return page(
          reply,
          200,
          authorizePage(locale, {
            action: `${sandbox.basePath}${authorizePath}`,
            serviceId,
            state,
            appName: 'InviteFlow',
            languageHref: languageHref(request, locale),
          }),
        );
      },
    );

    app.post(
      authorizePath,
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "Sandbox TikTok Shop: the seller's decision",
          description:
            "Authorize: to the app's redirect URL with `code` (single use, 30 minutes) and `state`. Decline: with `code=null&error=auth_denied&state=…`.",
          consumes: ['application/x-www-form-urlencoded'],
          body: z.looseObject({
            service_id: optional("The app's service id"),
            state: optional('Echoed to the redirect URL'),
            seller: optional('The sandbox seller chosen'),
            scope: z
              .union([z.string(), z.array(z.string())])
              .optional()
              .describe('The scopes granted'),
            decision: optional('allow or deny'),
            lang: optional('zh-CN or en-US'),
          }),
          response: {
            302: z.undefined().meta({
              description: "To the app's redirect URL",
              headers: {
                location: { type: 'string', description: 'The redirect URL with code and state' },
              },
            }),
            400: htmlAnswer('No such app, no state, no seller or no decision'),
          },
        },
      },
      async (request, reply) => {
        const call = incoming(request, sandbox);
        const form = new URLSearchParams(call.rawBody ?? '');
        const locale = pageLocale(
          form.get('lang') ?? undefined,
          request.headers['accept-language'],
        );
        const serviceId = form.get('service_id') ?? '';
        const state = form.get('state') ?? '';
        const decision = form.get('decision');
        const sellerKey = form.get('seller') ?? '';
        const found =
          serviceId && isStorable(call.rawBody ?? '')
            ? await repo.appByServiceId(sandbox.db, serviceId)
            : undefined;
        const reason: InvalidReason | null = !found
          ? 'serviceId'
          : !state
            ? 'state'
            : decision !== 'allow' && decision !== 'deny'
              ? 'decision'
              : decision === 'allow' && !sellerByKey(sellerKey)
                ? 'seller'
                : null;
        const location = reason
          ? null
          : await decide(sandbox, {
              serviceId,
              state,
              sellerKey,
              scopes: form.getAll('scope'),
              allow: decision === 'allow',
            });
        await sandbox.record({
          at: sandbox.now(),
          method: 'POST',
          path: call.apiPath,
          query: {},
          body: {
            service_id: serviceId,
            state,
            seller: sellerKey,
            scope: form.getAll('scope'),
            decision,
          },
          httpStatus: reason ? 400 : 302,
          code: null,
          appKey: found?.appKey ?? null,
          shopId: null,
        });
        if (!location)
          return page(
            reply,
            400,
            invalidPage(
              locale,
              reason!,
              `${call.fullPath}?lang=${locale === 'zh-CN' ? 'en-US' : 'zh-CN'}`,
            ),
          );
        return reply.redirect(location, 302);
      },
    );

    // --- token endpoints (the auth host) ----------------------------------------------
    const tokenResponses = {
      200: jsonAnswer(
        '`code` 0 with the tokens; 36004005 unknown, used or expired code or refresh token; 36004001 refresh token expired',
      ),
      400: jsonAnswer(
        '36009004: a parameter is missing or wrong, or the app key or secret is wrong',
      ),
    };
    app.get(
      '/api/v2/token/get',
      {
        config,
        exposeHeadRoute: false,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop: Get Access Token',
          querystring: z.looseObject({
            app_key: optional("The app's key"),
            app_secret: optional("The app's secret"),
            auth_code: optional('The code from the redirect'),
            grant_type: optional('authorized_code'),
          }),
          response: tokenResponses,
        },
      },
      (request, reply) =>
        serveCall(sandbox, request, reply, (call) => getToken(sandbox, call.query)),
    );
    app.get(
      '/api/v2/token/refresh',
      {
        config,
        exposeHeadRoute: false,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop: Refresh Access Token',
          querystring: z.looseObject({
            app_key: optional("The app's key"),
            app_secret: optional("The app's secret"),
            refresh_token: optional('The refresh token'),
            grant_type: optional('refresh_token'),
          }),
          response: tokenResponses,
        },
      },
      (request, reply) =>
        serveCall(sandbox, request, reply, (call) => refreshToken(sandbox, call.query)),
    );

    // --- the API gateway -----------------------------------------------------------------
    type Work = (ctx: ApiContext, params: Record<string, string>) => Promise<unknown>;
    const api = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      spec: ApiSpec,
      summary: string,
      work: Work,
      extra: { body?: z.ZodType; params?: z.ZodType; query?: Record<string, z.ZodType> } = {},
    ) =>
      app.route({
        method,
        url,
        config,
        // A HEAD is no call of the platform's.
        exposeHeadRoute: false,
        attachValidation: true,
        schema: {
          tags,
          summary: `Sandbox TikTok Shop: ${summary}`,
          description: `Needs scope \`${spec.scope}\`${spec.shop ? ' and `shop_cipher`' : ''}.`,
          headers: accessHeader,
          querystring: z.looseObject({ ...(spec.shop ? shopQuery : signedQuery), ...extra.query }),
          ...(extra.params ? { params: extra.params } : {}),
          ...(extra.body ? { body: extra.body } : {}),
          response: apiResponses,
        },
        handler: (request, reply) =>
          serveCall(sandbox, request, reply, async (call, seen) => {
            const ctx = await verifyApiCall(sandbox, call, spec);
            seen.shopId = ctx.shop?.id ?? null;
            return work(ctx, request.params as Record<string, string>);
          }),
      });

    const pageQuery = {
      page_size: optional('Page size'),
      page_token: optional('The next_page_token of the page before'),
    };
    const idParam = (name: string) => z.object({ [name]: z.string().describe('An id') });

    api(
      'GET',
      '/authorization/202309/shops',
      { scope: 'seller.authorization.info', shop: false },
      'Get Authorized Shops',
      (ctx) => affiliate.authorizedShops(sandbox, ctx),
    );
    api(
      'POST',
      '/affiliate_seller/202508/marketplace_creators/search',
      { scope: 'seller.creator_marketplace.read', shop: true },
      'Seller Search Creator on Marketplace',
      (ctx) => affiliate.searchCreators(sandbox, ctx),
      {
        query: pageQuery,
        body: z.looseObject({ keyword: z.string().optional() }).describe('Filters'),
      },
    );
    api(
      'POST',
      '/affiliate_seller/202508/target_collaborations',
      { scope: 'seller.affiliate_collaboration.write', shop: true },
      'Create Target Collaboration',
      (ctx) => affiliate.createTargetCollaboration(sandbox, ctx),
      { body: collaborationBody },
    );
    api(
      'POST',
      '/affiliate_seller/202508/target_collaborations/search',
      { scope: 'seller.affiliate_collaboration.read', shop: true },
      'Search Target Collaborations',
      (ctx) => affiliate.searchTargetCollaborations(sandbox, ctx),
      {
        query: pageQuery,
        body: z.looseObject({ collaboration_status: z.string().optional() }).describe('Filters'),
      },
    );
    api(
      'GET',
      '/affiliate_seller/202508/target_collaborations/:target_collaboration_id',
      { scope: 'seller.affiliate_collaboration.read', shop: true },
      'Query Target Collaboration Detail',
      (ctx, params) =>
        affiliate.targetCollaborationDetail(sandbox, ctx, params.target_collaboration_id ?? ''),
      { params: idParam('target_collaboration_id') },
    );
    api(
      'DELETE',
      '/affiliate_seller/202409/target_collaborations/:target_collaboration_id',
      { scope: 'seller.affiliate_collaboration.write', shop: true },
      'Remove Target Collaboration',
      (ctx, params) =>
        affiliate.removeTargetCollaboration(sandbox, ctx, params.target_collaboration_id ?? ''),
      { params: idParam('target_collaboration_id') },
    );
    api(
      'POST',
      '/affiliate_seller/202508/conversations',
      { scope: 'seller.affiliate_messages.write', shop: true },
      'Create Conversation with Creator',
      (ctx) => affiliate.createConversation(sandbox, ctx),
      { body: z.looseObject({ creator_open_id: z.string().optional() }).describe('The creator') },
    );
    api(
      'GET',
      '/affiliate_seller/202412/conversations',
      { scope: 'seller.affiliate_messages.write', shop: true },
      'Get Conversation List',
      (ctx) => affiliate.conversationList(sandbox, ctx),
      {
        query: {
          ...pageQuery,
          only_need_conversation_id: optional('true (default) or false'),
          conversation_status: optional('ALL (default), UNREAD or UNREPLIED'),
        },
      },
    );
    api(
      'POST',
      '/affiliate_seller/202412/conversations/:conversation_id/messages',
      { scope: 'seller.affiliate_messages.write', shop: true },
      'Send IM Message',
      (ctx, params) => affiliate.sendMessage(sandbox, ctx, params.conversation_id ?? ''),
      {
        params: idParam('conversation_id'),
        body: z.looseObject({ msg_type: z.string().optional(), content: z.string().optional() }),
      },
    );
    api(
      'GET',
      // "conversation", singular, as the reference spells this path.
      '/affiliate_seller/202412/conversation/:conversation_id/messages',
      { scope: 'seller.affiliate_messages.write', shop: true },
      'Get Message in the Conversation',
      (ctx, params) => affiliate.conversationMessages(sandbox, ctx, params.conversation_id ?? ''),
      { params: idParam('conversation_id'), query: pageQuery },
    );

    api(
      'POST',
      // "conversatons", as the reference spells this path.
      '/affiliate_seller/202412/conversatons/read',
      { scope: 'seller.affiliate_messages.write', shop: true },
      'Mark Conversation Read',
      (ctx) => affiliate.markConversationsRead(sandbox, ctx),
      {
        body: z
          .looseObject({ conversation_ids: z.array(z.union([z.string(), z.number()])).optional() })
          .describe('Up to 20 conversations'),
      },
    );
    api(
      'POST',
      '/affiliate_seller/202508/sample_applications/search',
      { scope: 'seller.affiliate_collaboration.read', shop: true },
      'Seller Search Sample Applications',
      (ctx) => loop.searchSampleApplications(sandbox, ctx),
      {
        query: pageQuery,
        body: z
          .looseObject({ status: z.string().optional(), product_id: z.string().optional() })
          .describe('Filters'),
      },
    );
    api(
      'POST',
      '/affiliate_seller/202507/sample_applications/:application_id/review',
      { scope: 'seller.affiliate_collaboration.write', shop: true },
      'Seller Review Sample Applications',
      (ctx, params) => loop.reviewSampleApplication(sandbox, ctx, params.application_id ?? ''),
      {
        params: idParam('application_id'),
        body: z
          .looseObject({
            review_result: z.string().optional(),
            reject_reason: z.string().optional(),
          })
          .describe('APPROVE or REJECT (with a reason)'),
      },
    );
    api(
      'POST',
      '/affiliate_seller/202409/sample_applications/:application_id/fulfillments/search',
      { scope: 'seller.affiliate_collaboration.read', shop: true },
      'Seller Search Sample Applications Fulfillments',
      (ctx, params) => loop.searchSampleFulfillments(sandbox, ctx, params.application_id ?? ''),
      {
        params: idParam('application_id'),
        body: z.looseObject({ content_format: z.string().optional() }).describe('Filters'),
      },
    );
    api(
      'POST',
      '/affiliate_seller/202410/orders/search',
      { scope: 'seller.affiliate_collaboration.read', shop: true },
      'Search Seller Affiliate Orders',
      (ctx) => loop.searchOrders(sandbox, ctx),
      {
        query: pageQuery,
        body: z
          .looseObject({
            create_time_ge: z.number().optional(),
            create_time_lt: z.number().optional(),
            program_id: z.string().optional(),
          })
          .describe('Filters'),
      },
    );

    await app.register(controlRoutes(sandbox), { prefix: '/control' });
  };
}

/** Numbers in a control body: non-negative integers up to a bound. */
function count(body: Record<string, unknown>, key: string, max: number): number | undefined | null {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    return null;
  return value;
}

function jsonBody(request: FastifyRequest): Record<string, unknown> | null {
  const text = typeof request.body === 'string' ? request.body : '';
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!isStorable(parsed)) return null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const traits: Array<Exclude<CreatorTrait, null>> = [
  'excluded',
  'overFollowerLimit',
  'linkedToShop',
];

/**
 * The sandbox's own controls, for tests and the sandbox UI (never the platform's): the
 * record of calls, settings (latency, rate limit, token lifetimes), shop quotas, creators
 * marked as connected, a seller's authorization revoked or its tokens expired early.
 * They hold no secret and answer none.
 */
function controlRoutes(sandbox: TikTokShopSandbox) {
  return async function control(app: FastifyInstance) {
    const config = { public: true };
    const ok = jsonAnswer('`code` 0 with `data`');
    const bad = jsonAnswer('36009004: a parameter is wrong');
    const missing = jsonAnswer('36009004: no such shop or seller');

    app.get(
      '/calls',
      {
        config,
        exposeHeadRoute: false,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop control: the calls received',
          querystring: z.looseObject({
            after_id: optional('Only calls after this id'),
            path_prefix: optional('Only calls whose path starts with this'),
            limit: optional('At most this many (1-10000, default 1000)'),
          }),
          response: { 200: ok, 400: bad },
        },
      },
      async (request, reply) => {
        const pairs = incoming(request, sandbox).query;
        if (!isStorable(pairs))
          return controlRefusal(reply, sandbox, 400, 'The query holds a NUL or a lone surrogate.');
        const q = new Map(pairs.slice().reverse());
        const afterText = q.get('after_id');
        const limitText = q.get('limit');
        const afterId =
          afterText === undefined
            ? undefined
            : /^\d{1,15}$/.test(afterText)
              ? Number(afterText)
              : NaN;
        const limit =
          limitText === undefined
            ? undefined
            : /^\d{1,5}$/.test(limitText)
              ? Number(limitText)
              : NaN;
        if (Number.isNaN(afterId) || Number.isNaN(limit))
          return controlRefusal(reply, sandbox, 400, 'after_id and limit are whole numbers.');
        const calls = await sandbox.calls({ afterId, limit, pathPrefix: q.get('path_prefix') });
        return controlAnswer(reply, sandbox, { calls });
      },
    );

    app.get(
      '/shops',
      {
        config,
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop control: sellers, shops, limits and products',
          response: { 200: ok },
        },
      },
      async (_request, reply) => {
        const shops = await sandbox.shops();
        const withProducts = await Promise.all(
          shops.map(async (s) => ({
            id: s.id,
            seller_key: s.sellerKey,
            name: s.name,
            region: s.region,
            seller_type: s.sellerType,
            cipher: s.cipher,
            code: s.code,
            time_zone: s.timeZone,
            weekly_quota: s.weeklyQuota,
            starter_pack_remaining: s.starterPackRemaining,
            daily_collaboration_limit: s.dailyCollaborationLimit,
            daily_creator_limit: s.dailyCreatorLimit,
            follower_limit: s.followerLimit,
            products: (await sandbox.products(s.id)).map((p) => ({
              id: p.id,
              title: p.title,
              status: p.status,
              currency: p.currency,
              min_price: p.minPrice,
              max_price: p.maxPrice,
            })),
          })),
        );
        return controlAnswer(reply, sandbox, {
          sellers: sandboxSellers.map((s) => ({
            key: s.key,
            name: s.name,
            base_region: s.baseRegion,
            seller_type: s.sellerType,
          })),
          shops: withProducts,
        });
      },
    );

    app.get(
      '/creators',
      {
        config,
        exposeHeadRoute: false,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop control: creators of a region (special ones by trait)',
          querystring: z.looseObject({
            region: optional('US, GB or ES'),
            trait: optional('excluded, overFollowerLimit or linkedToShop'),
            limit: optional('At most this many (default 20, up to 6000)'),
          }),
          response: { 200: ok, 400: bad },
        },
      },
      async (request, reply) => {
        const q = new Map(incoming(request, sandbox).query.slice().reverse());
        const region = q.get('region') ?? 'US';
        if (!Object.hasOwn(marketplaceRegions, region))
          return controlRefusal(reply, sandbox, 400, 'region is US, GB or ES.');
        const trait = q.get('trait');
        const limitText = q.get('limit') ?? '20';
        if (
          !(region in marketplaceRegions) ||
          (trait !== undefined && !traits.includes(trait as never)) ||
          !/^\d{1,4}$/.test(limitText) ||
          Number(limitText) > 6000
        )
          return controlRefusal(
            reply,
            sandbox,
            400,
            'region is US, GB or ES; trait excluded, overFollowerLimit or linkedToShop; limit 0-6000.',
          );
        const list = creatorsIn(region)
          .filter((c) => (trait ? c.trait === trait : true))
          .slice(0, Number(limitText))
          .map((c) => ({
            n: c.n,
            creator_open_id: c.openId,
            username: c.username,
            nickname: c.nickname,
            follower_count: c.followerCount,
            trait: c.trait,
            behaviour: fixedBehaviourOf(c.n),
          }));
        return controlAnswer(reply, sandbox, { creators: list });
      },
    );

    app.put(
      '/settings',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop control: latency, rate limit, token lifetimes',
          body: z.looseObject({
            latency_ms: z.number().optional(),
            rate_limit_per_second: z.number().optional(),
            access_token_ttl_seconds: z.number().optional(),
            refresh_token_ttl_seconds: z.number().optional(),
            auth_code_ttl_seconds: z.number().optional(),
          }),
          response: { 200: ok, 400: bad },
        },
      },
      async (request, reply) => {
        const body = jsonBody(request);
        const year = 366 * 24 * 3600;
        const values = body && {
          latencyMs: count(body, 'latency_ms', 10_000),
          rateLimitPerSecond: count(body, 'rate_limit_per_second', 100_000),
          accessTokenTtlSeconds: count(body, 'access_token_ttl_seconds', year),
          refreshTokenTtlSeconds: count(body, 'refresh_token_ttl_seconds', 5 * year),
          authCodeTtlSeconds: count(body, 'auth_code_ttl_seconds', 24 * 3600),
        };
        if (!values || Object.values(values).some((v) => v === null))
          return controlRefusal(
            reply,
            sandbox,
            400,
            'Each setting is a whole number in its range (latency_ms up to 10000).',
          );
        const changes = Object.fromEntries(
          Object.entries(values).filter(([, v]) => v !== undefined),
        );
        return controlAnswer(reply, sandbox, { settings: sandbox.configure(changes) });
      },
    );

    const shopParams = z.object({ shop_id: z.string().describe('A sandbox shop id') });
    app.put(
      '/shops/:shop_id/limits',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "Sandbox TikTok Shop control: a shop's quota and limits",
          params: shopParams,
          body: z.looseObject({
            weekly_quota: z.number().optional(),
            starter_pack: z.number().optional(),
            daily_collaboration_limit: z.number().optional(),
            daily_creator_limit: z.number().optional(),
            follower_limit: z.number().optional(),
          }),
          response: { 200: ok, 400: bad, 404: missing },
        },
      },
      async (request, reply) => {
        const { shop_id: shopId } = request.params as { shop_id: string };
        const body = jsonBody(request);
        const big = 1_000_000_000;
        const values = body && {
          weeklyQuota: count(body, 'weekly_quota', big),
          starterPack: count(body, 'starter_pack', big),
          dailyCollaborationLimit: count(body, 'daily_collaboration_limit', big),
          dailyCreatorLimit: count(body, 'daily_creator_limit', big),
          followerLimit: count(body, 'follower_limit', 1_000_000_000_000),
        };
        if (!values || Object.values(values).some((v) => v === null))
          return controlRefusal(reply, sandbox, 400, 'Each limit is a whole number from 0.');
        if (!(await repo.shopById(sandbox.db, shopId)))
          return controlRefusal(reply, sandbox, 404, `No sandbox shop ${shopId}.`);
        const changes = Object.fromEntries(
          Object.entries(values).filter(([, v]) => v !== undefined),
        );
        const shop = await sandbox.setShopLimits(shopId, changes);
        return controlAnswer(reply, sandbox, { shop });
      },
    );

    app.post(
      '/shops/:shop_id/connected-creators',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop control: creators who answered the shop (no quota)',
          params: shopParams,
          body: z.looseObject({ creator_open_ids: z.array(z.string()).optional() }),
          response: { 200: ok, 400: bad, 404: missing },
        },
      },
      async (request, reply) => {
        const { shop_id: shopId } = request.params as { shop_id: string };
        const body = jsonBody(request);
        const ids = body?.creator_open_ids;
        if (
          !Array.isArray(ids) ||
          ids.length > 10_000 ||
          ids.some((id) => typeof id !== 'string' || id.length > 200)
        )
          return controlRefusal(
            reply,
            sandbox,
            400,
            'creator_open_ids is a list of up to 10000 open ids.',
          );
        if (!(await repo.shopById(sandbox.db, shopId)))
          return controlRefusal(reply, sandbox, 404, `No sandbox shop ${shopId}.`);
        await sandbox.connectCreators(shopId, [...new Set(ids as string[])]);
        return controlAnswer(reply, sandbox, { connected: new Set(ids).size });
      },
    );

    const clockAnswer = () => {
      const state = sandbox.clockState();
      return {
        now: Math.floor(state.now.getTime() / 1000),
        now_iso: state.now.toISOString(),
        offset_seconds: state.offsetSeconds,
      };
    };
    app.get(
      '/clock',
      {
        config,
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: "Sandbox TikTok Shop control: the sandbox's now",
          response: { 200: ok },
        },
      },
      async (_request, reply) => controlAnswer(reply, sandbox, clockAnswer()),
    );
    app.post(
      '/clock/advance',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: 'Sandbox TikTok Shop control: move the sandbox clock forward',
          description:
            'What the creators planned for that time happens (answers, replies, samples, content, orders). The clock never moves back.',
          body: z.looseObject({
            seconds: z.number().optional().describe('How far (0 to a year)'),
          }),
          response: { 200: ok, 400: bad },
        },
      },
      async (request, reply) => {
        const body = jsonBody(request);
        const by = body ? count(body, 'seconds', 366 * 24 * 3600) : null;
        if (by === null || by === undefined)
          return controlRefusal(reply, sandbox, 400, 'seconds is a whole number up to a year.');
        sandbox.advanceClock(by);
        return controlAnswer(reply, sandbox, clockAnswer());
      },
    );
    app.get(
      '/plan',
      {
        config,
        exposeHeadRoute: false,
        attachValidation: true,
        schema: {
          tags,
          summary: "Sandbox TikTok Shop control: what a creator will do (the seeds' plan)",
          querystring: z.looseObject({
            collaboration_id: optional('A target collaboration'),
            creator_open_id: optional('A creator invited to it'),
            conversation_id: optional('Or a conversation'),
          }),
          response: { 200: ok, 400: bad, 404: missing },
        },
      },
      async (request, reply) => {
        const q = new Map(incoming(request, sandbox).query.slice().reverse());
        if (!isStorable([...q]))
          return controlRefusal(reply, sandbox, 400, 'The query holds a NUL or a lone surrogate.');
        const conversationId = q.get('conversation_id');
        const time = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
        if (conversationId) {
          const plan = await sandbox.replyPlan(conversationId);
          if (!plan) return controlRefusal(reply, sandbox, 404, 'No such conversation.');
          return controlAnswer(reply, sandbox, {
            reply_due_at: time(plan.replyDueAt),
            next_reply_after_seconds: plan.nextReplyAfterSeconds,
          });
        }
        const collaborationId = q.get('collaboration_id');
        const creatorOpenId = q.get('creator_open_id');
        if (!collaborationId || !creatorOpenId)
          return controlRefusal(
            reply,
            sandbox,
            400,
            'collaboration_id and creator_open_id, or conversation_id.',
          );
        const plan = await sandbox.creatorPlan(collaborationId, creatorOpenId);
        if (!plan)
          return controlRefusal(reply, sandbox, 404, 'No such creator in that collaboration.');
        return controlAnswer(reply, sandbox, {
          answer: plan.answer,
          answered_at: time(plan.answeredAt),
          sample: plan.sample
            ? {
                application_id: plan.sample.id,
                at: time(plan.sample.at),
                product_id: plan.sample.productId,
              }
            : null,
          content: plan.content
            ? {
                id: plan.content.id,
                at: time(plan.content.at),
                product_id: plan.content.productId,
                format: plan.content.format,
              }
            : null,
          orders: plan.orders.map((o) => ({
            id: o.id,
            at: time(o.at),
            product_id: o.productId,
            quantity: o.quantity,
            cancelled: o.cancelled,
          })),
        });
      },
    );

    const sellerParams = z.object({
      seller_key: z.string().describe('local-us, global-cn or us-1 … us-9999'),
    });
    const knownSeller = (key: string) => Boolean(sellerByKey(key));
    app.post(
      '/sellers/:seller_key/revoke',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "Sandbox TikTok Shop control: the seller removes the app's access",
          params: sellerParams,
          response: { 200: ok, 404: missing },
        },
      },
      async (request, reply) => {
        const { seller_key: key } = request.params as { seller_key: string };
        if (!knownSeller(key))
          return controlRefusal(reply, sandbox, 404, `No sandbox seller ${key}.`);
        return controlAnswer(reply, sandbox, { revoked: await sandbox.revoke(key) });
      },
    );

    app.post(
      '/sellers/:seller_key/expire-tokens',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          summary: "Sandbox TikTok Shop control: end the seller's tokens early",
          params: sellerParams,
          body: z.looseObject({
            in_seconds: z
              .number()
              .optional()
              .describe('Expire this many seconds from now (default 0)'),
            refresh_token: z.boolean().optional().describe('The refresh token too'),
          }),
          response: { 200: ok, 400: bad, 404: missing },
        },
      },
      async (request, reply) => {
        const { seller_key: key } = request.params as { seller_key: string };
        const body = jsonBody(request);
        const inSeconds = body ? count(body, 'in_seconds', 366 * 24 * 3600) : null;
        const refresh = body?.refresh_token;
        if (inSeconds === null || (refresh !== undefined && typeof refresh !== 'boolean'))
          return controlRefusal(
            reply,
            sandbox,
            400,
            'in_seconds is a whole number of seconds; refresh_token a boolean.',
          );
        if (!knownSeller(key))
          return controlRefusal(reply, sandbox, 404, `No sandbox seller ${key}.`);
        const changed = await sandbox.expireTokens(key, {
          inSeconds,
          refreshToken: refresh === true,
        });
        return controlAnswer(reply, sandbox, { changed });
      },
    );
  };
}
