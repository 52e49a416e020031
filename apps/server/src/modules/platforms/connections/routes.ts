import {
  apiPaths,
  CONNECT_PLATFORM_PARAM,
  connectResultParams,
  doudianCallbackQuery,
  doudianActivityPage,
  doudianActivityQuery,
  doudianConnectData,
  menuTree,
  platformConnectionList,
  tiktokShopCallbackQuery,
  tiktokShopConnectData,
  type ConnectPlatform,
  type ConnectResult,
  type MenuNode,
} from '@inviteflow/contract';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { responses } from '../../../lib/route-schemas.ts';
import { OAUTH_STATE_TTL_MS } from './service.ts';

const tags = ['platforms'];
const paths = apiPaths.platforms;

/** The console page the callback returns to: My Shops, wherever the menu puts it. */
function findPagePath(nodes: readonly MenuNode[], key: string): string | null {
  for (const node of nodes) {
    if (node.key === key && node.path) return node.path;
    const inner = node.children ? findPagePath(node.children, key) : null;
    if (inner) return inner;
  }
  return null;
}
const myShopsPath = findPagePath(menuTree, 'shop/list') ?? '/';

/**
 * The browser's half of a connect: a nonce in an HttpOnly cookie, sent back only to the
 * callback (its path), on the platform's top-level redirect (SameSite=Lax: a redirect from
 * another site is a top-level GET, which Lax lets through; Strict would not). A callback
 * carrying a state started in another browser (a link an attacker made with their own
 * account) finds no matching nonce and binds nothing.
 */
class ConnectCookie {
  readonly name: string;
  private readonly secure: boolean;

  /** `path`: the platform's callback, the only place the cookie is sent to. */
  constructor(
    publicUrl: string,
    private readonly path: string,
  ) {
    this.secure = new URL(publicUrl).protocol === 'https:';
    this.name = this.secure ? '__Secure-inviteflow_connect' : 'inviteflow_connect';
  }

  read(request: FastifyRequest): string | null {
    const header = request.headers.cookie;
    if (!header) return null;
    const value = parseCookie(header)[this.name];
    return value && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
  }

  set(reply: FastifyReply, nonce: string): void {
    this.write(reply, nonce, Math.floor(OAUTH_STATE_TTL_MS / 1000));
  }

  clear(reply: FastifyReply): void {
    this.write(reply, '', 0);
  }

  private write(reply: FastifyReply, value: string, maxAge: number) {
    reply.header(
      'set-cookie',
      stringifySetCookie({
        name: this.name,
        value,
        maxAge,
        ...(maxAge === 0 ? { expires: new Date(0) } : {}),
        path: this.path,
        httpOnly: true,
        secure: this.secure,
        sameSite: 'lax',
      }),
    );
  }
}

/** Back to My Shops with the outcome in the query (the page shows it). */
function outcomeLocation(
  publicUrl: string,
  result: ConnectResult,
  platform: ConnectPlatform,
): string {
  const url = new URL(`${publicUrl}${myShopsPath}`);
  if (platform !== 'tiktok') url.searchParams.set(CONNECT_PLATFORM_PARAM, platform);
  url.searchParams.set(connectResultParams.outcome, result.outcome);
  url.searchParams.set(connectResultParams.bound, String(result.bound));
  url.searchParams.set(connectResultParams.already, String(result.already));
  url.searchParams.set(connectResultParams.refused, String(result.refused));
  if (result.reason) url.searchParams.set(connectResultParams.reason, result.reason);
  return url.toString();
}

const shopParams = z.object({
  shopId: z.coerce
    .number({ error: 'validation.invalidField' })
    .int({ error: 'validation.invalidField' })
    .positive({ error: 'validation.invalidField' })
    .max(2_147_483_647, { error: 'validation.invalidField' }),
});

const toMyShops = z.undefined().meta({
  description: "To the console's My Shops page (`Location`), with the outcome in its query",
  headers: { location: { type: 'string', description: 'My Shops, with the outcome' } },
});

/**
 * What differs between the platforms' "Connect": the paths, the service's start and
 * completion (the app or the embedded sandbox, the client's token exchange and shop listing),
 * and the API document's words. Everything else (the browser cookie, the headers, the
 * redirect back to My Shops) is one registration for all.
 */
interface ConnectFlow {
  /** The platform as the outcome's query names it (TikTok, the default, is left out). */
  platform: ConnectPlatform;
  connectPath: string;
  callbackPath: string;
  start(
    userId: number,
    sessionId: string,
    now: Date,
  ): Promise<{ authorizeUrl: string; expiresAt: Date; browserNonce: string }>;
  complete(
    input: { code?: string; state?: string; error?: string; browserNonce: string | null },
    now: Date,
  ): Promise<{ result: ConnectResult }>;
  startedMessage: 'success.tiktokShopConnectStarted' | 'success.doudianConnectStarted';
  connectDoc: {
    summary: string;
    description: string;
    response: ReturnType<typeof responses>;
  };
  callbackDoc: {
    summary: string;
    description: string;
    querystring: typeof tiktokShopCallbackQuery | typeof doudianCallbackQuery;
  };
}

function connectFlows(app: FastifyInstance): ConnectFlow[] {
  return [
    {
      platform: 'tiktok',
      connectPath: paths.tiktokShopConnect,
      callbackPath: paths.tiktokShopCallback,
      start: (...args) => app.connections.startTikTokShopConnect(...args),
      complete: (...args) => app.connections.completeTikTokShopConnect(...args),
      startedMessage: 'success.tiktokShopConnectStarted',
      connectDoc: {
        summary: 'Start "Connect TikTok Shop"',
        description:
          "Answers the platform's authorization page (`…/open/authorize?service_id=…&state=…`) " +
          'for the browser to open. The state is random, single use, valid ' +
          `${OAUTH_STATE_TTL_MS / 60_000} minutes, and tied to the caller's account, session and ` +
          'browser (an HttpOnly cookie set here, sent back only to the callback). With no TikTok ' +
          "Shop app configured the embedded sandbox's page is answered; 422 when neither exists.",
        response: responses(tiktokShopConnectData, {
          422: 'No TikTok Shop app is configured and no sandbox is available',
        }),
      },
      callbackDoc: {
        summary: 'TikTok Shop authorization callback (the platform redirects the browser here)',
        description:
          'Takes the state (a second use finds nothing), exchanges `code` for tokens, stores ' +
          'them encrypted, binds every shop the authorization names under the plan’s bind ' +
          'limit and next-bind-time rule, and sends the browser back to My Shops with the ' +
          `outcome (\`${connectResultParams.outcome}\`: connected / refused / denied / failed, ` +
          'counts and a reason). Never answers an error page: every outcome is a redirect.',
        querystring: tiktokShopCallbackQuery,
      },
    },
    {
      platform: 'douyin',
      connectPath: paths.doudianConnect,
      callbackPath: paths.doudianCallback,
      start: (...args) => app.connections.startDoudianConnect(...args),
      complete: (...args) => app.connections.completeDoudianConnect(...args),
      startedMessage: 'success.doudianConnectStarted',
      connectDoc: {
        summary: 'Start "Connect 抖店"',
        description:
          "Answers 抖店服务市场's service authorization page (`…/authorize?service_id=…&state=…`) " +
          'for the browser to open. The state is the same as for TikTok Shop: random, single use, ' +
          `valid ${OAUTH_STATE_TTL_MS / 60_000} minutes, tied to the caller's account, session and ` +
          'browser (an HttpOnly cookie set here, sent back only to the 抖店 callback). With no 抖店 ' +
          "app configured the embedded sandbox's page is answered; 422 when neither exists.",
        response: responses(doudianConnectData, {
          422: 'No 抖店 app is configured and no sandbox is available',
        }),
      },
      callbackDoc: {
        summary: '抖店 authorization callback (the platform redirects the browser here)',
        description:
          'Takes the state (a second use finds nothing), exchanges `code` by `token.create`, ' +
          'stores the shop’s tokens encrypted, binds the authorized shop (中国站) under the ' +
          'plan’s bind limit and next-bind-time rule, and sends the browser back to My Shops ' +
          `with the outcome (\`${connectResultParams.outcome}\`: connected / refused / denied / ` +
          'failed, counts and a reason). Never answers an error page: every outcome is a redirect.',
        querystring: doudianCallbackQuery,
      },
    },
  ];
}

/** A platform's "Connect": its start and the callback the platform sends the browser back to. */
function registerConnect(fastify: FastifyInstance, flow: ConnectFlow) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookie = new ConnectCookie(app.config.publicUrl, flow.callbackPath);

  app.post(flow.connectPath, { schema: { tags, ...flow.connectDoc } }, async (request, reply) => {
    const started = await flow.start(request.auth.userId, request.auth.sessionId, app.clock.now());
    cookie.set(reply, started.browserNonce);
    reply.header('cache-control', 'no-store');
    return ok(
      request,
      { authorizeUrl: started.authorizeUrl, expiresAt: started.expiresAt.toISOString() },
      flow.startedMessage,
    );
  });

  app.get(
    flow.callbackPath,
    {
      // The platform sends the browser here: no bearer token comes with it. The state (single
      // use, tied to an account, a live session and this browser's cookie) is the credential.
      config: { public: true },
      schema: {
        tags,
        ...flow.callbackDoc,
        security: [],
        response: { 302: toMyShops },
      },
    },
    async (request, reply) => {
      const { result } = await flow.complete(
        { ...request.query, browserNonce: cookie.read(request) },
        app.clock.now(),
      );
      cookie.clear(reply);
      // The URL that brought the browser here holds the code: no cache, no referrer.
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(outcomeLocation(app.config.publicUrl, result, flow.platform), 302);
    },
  );
}

/** Connecting shops by a platform's authorization, and the caller's connections. */
export async function connectionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.connections,
    {
      schema: {
        tags,
        summary: 'List the platform connections (authorizations) of the caller',
        description:
          'Who authorized, the scopes granted and missing, whether the seller must authorize ' +
          'again (`needsReconnect`: revoked, expired or a scope missing), and the shops each ' +
          'serves. Tokens are never part of an answer.',
        response: responses(platformConnectionList),
      },
    },
    async (request) => {
      const list = await app.connections.list(request.auth.userId);
      return ok(request, { list });
    },
  );

  for (const flow of connectFlows(app)) registerConnect(app, flow);

  app.get(
    paths.doudianActivities(':shopId'),
    {
      schema: {
        tags,
        summary: 'The 团长 activities a 抖店 shop may apply to',
        description:
          'Read from 抖店开放平台 (buyin.ShopActivityList, "可以报名的活动", cursor mode, 20 a page) ' +
          "with the shop's authorization, for the group leader activity form: each activity with " +
          'its 团长 and 百应ID (the talent of the application) and the lowest rates it asks. ' +
          "Another account's shop answers 404; a shop not connected by 抖店's authorization, or " +
          'whose authorization must be renewed, 422; 抖店 out of reach 503.',
        params: shopParams,
        querystring: doudianActivityQuery,
        response: responses(doudianActivityPage, {
          422: 'Not connected by 抖店 authorization, or the authorization must be renewed',
          503: '抖店 cannot be reached',
        }),
      },
    },
    async (request) =>
      ok(
        request,
        await app.connections.doudianActivities(
          request.auth.userId,
          request.params.shopId,
          request.query,
          app.clock.now(),
        ),
      ),
  );
}
