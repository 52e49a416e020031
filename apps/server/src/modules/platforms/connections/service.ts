import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  shopIdentityBody,
  SHOP_NAME_LENGTH_MAX,
  tiktokShopRequiredScopes,
  tiktokShopSiteName,
  type ConnectReason,
  type ConnectResult,
  type DoudianActivityPage,
  type PlatformConnection,
  type SendErrorCode,
  type ShopIdentityBody,
} from '@inviteflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { RevocationStore } from '../../../lib/revocations.ts';
import { SecretBox, SecretBoxError } from '../../../lib/secret-box.ts';
import {
  bindAuthorizedShop,
  findShopPlatformLink,
  shopsOfConnections,
  type PlatformShopLink,
} from '../../shops/index.ts';
import {
  TikTokShopError,
  TikTokShopUnavailableError,
  authorizationUrl,
  type ShopAccess,
  type TikTokShopClient,
  type TikTokShopPlatform,
} from '../tiktok-shop/index.ts';
import {
  DoudianError,
  DoudianUnavailableError,
  authorizationUrl as doudianAuthorizationUrl,
  type DoudianClient,
  type DoudianPlatform,
  type ShopAccess as DoudianShopAccess,
  type TokenGrant as DoudianTokenGrant,
} from '../doudian/index.ts';
import {
  claimDueRefreshes,
  claimRefresh,
  deleteExpiredOauthStates,
  findConnection,
  insertOauthState,
  lapsedConnections,
  listConnections,
  markConnection,
  noteMissingScope,
  releaseRefresh,
  saveRefreshed,
  takeOauthState,
  upsertConnection,
  type ConnectionRow,
} from './repository.ts';
import { PlatformCallLimiter } from './call-limiter.ts';

/**
 * A seller's connections to a platform by its authorization (OAuth): starting and completing
 * "Connect TikTok Shop", the tokens kept sealed and refreshed before they expire, and, for the
 * executor, a valid access token and shop cipher for a shop.
 */

export const PLATFORM_TIKTOK = 'tiktok';
/** 抖店: the shops' platform name (`douyin`), kept for its connections too. */
export const PLATFORM_DOUYIN = 'douyin';
/** A 抖店 shop's market: mainland China (中国站), its region code CN. */
export const DOUYIN_REGION = 'CN';
export const DOUYIN_SITE_NAME = '中国站';
/** How long a seller has to finish on the platform's page. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Access tokens live 7 days ("Authorization overview"); the job renews them a day ahead. */
export const REFRESH_AHEAD_MS = 24 * 3_600_000;
/** A token this close to its end is renewed before a call rather than used. */
export const USE_MARGIN_MS = 5 * 60_000;
/** How long a replica holds a connection's refresh (the platform call's deadline, and more). */
export const REFRESH_LEASE_MS = 2 * 60_000;
const REFRESH_BATCH = 50;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The sealed tokens' contexts: a ciphertext opens only in its own row and column. */
function tokenContext(row: { userId: number; platform: string; openId: string }, kind: string) {
  return `platform_connections:${row.userId}:${row.platform}:${row.openId}:${kind}`;
}

/** The shop a connection's authorization names, as My Shops binds it. */
export interface AuthorizedShopOutcome {
  platformShopId: string;
  shopId: number | null;
  outcome: 'bound' | 'alreadyBound' | 'refused';
  reason: ConnectReason | null;
}

/** What the executor gets for a shop: a client, the shop's access, and what was granted. */
export interface ShopApi {
  client: TikTokShopClient;
  access: ShopAccess;
  connectionId: number;
  grantedScopes: string[];
}

/** What the executor gets for a 抖店 shop: a client and the shop's access token. */
export interface DoudianShopApi {
  client: DoudianClient;
  access: DoudianShopAccess;
  connectionId: number;
}

/** A failure either platform's client throws: both classify it by the same fields. */
type PlatformError = TikTokShopError | DoudianError;
const isPlatformError = (error: unknown): error is PlatformError =>
  error instanceof TikTokShopError || error instanceof DoudianError;

/** The tokens a connection keeps sealed, whichever platform granted them. */
interface Tokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date;
  grantedScopes: string[];
}

/**
 * 抖店's `scope` is one string (the .NET SDK's token samples: "SCOPE"; comma separated when
 * several): kept as a list like TikTok's granted scopes.
 */
function doudianTokens(grant: DoudianTokenGrant): Tokens {
  return {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken,
    accessTokenExpiresAt: grant.accessTokenExpiresAt,
    refreshTokenExpiresAt: grant.refreshTokenExpiresAt,
    grantedScopes: grant.scope
      .split(/[\s,]+/)
      .map((scope) => scope.trim())
      .filter(Boolean),
  };
}

/** A shop that cannot be served through the platform's API (bound by hand, or gone). */
export class ShopNotConnectedError extends Error {
  constructor(
    readonly shopId: number,
    readonly why: 'not_found' | 'not_authorized',
  ) {
    super(
      `shop ${shopId} is ${why === 'not_found' ? 'not found' : 'not connected by authorization'}`,
    );
    this.name = 'ShopNotConnectedError';
  }
}

export interface ConnectionsDeps {
  db: Database;
  /** Told which shops an authorization now serves (the executor lifts their authorization pause). */
  onAuthorized?: (userId: number, shopIds: number[]) => Promise<unknown>;
  platform: TikTokShopPlatform;
  /** 抖店开放平台 (its app or the embedded sandbox); absent: 抖店 shops cannot be connected. */
  doudian?: DoudianPlatform | null;
  appSecret: string;
  revocations: Pick<RevocationStore, 'isRevoked'>;
  log: FastifyBaseLogger;
  /**
   * Calls a second this process makes to one shop, per API (PLATFORM_CALLS_PER_SHOP_PER_SECOND;
   * the platform allows 50: keep replicas × this under it). Default 20.
   */
  callsPerShopPerSecond?: number;
}

const reasonOfBindRefusal: Record<string, ConnectReason> = {
  'error.shopLimitReached': 'limit_reached',
  'error.shopRebindTooSoon': 'rebind_too_soon',
  'error.shopBoundElsewhere': 'bound_elsewhere',
};

const result = (
  outcome: ConnectResult['outcome'],
  reason: ConnectReason | null,
  counts: Partial<Pick<ConnectResult, 'bound' | 'already' | 'refused'>> = {},
): ConnectResult => ({ outcome, bound: 0, already: 0, refused: 0, reason, ...counts });

/** What a log line may say of a platform failure: its class and the platform's code, never a token. */
function loggable(error: unknown) {
  if (isPlatformError(error)) {
    return {
      reason: error.reason,
      platformCode: error.platformCode,
      requestId: error.requestId,
      operation: error.operation,
    };
  }
  return { error: error instanceof Error ? error.name : 'unknown' };
}

/** A callback's query, and the browser's nonce from its cookie. */
type CallbackInput = { code?: string; state?: string; error?: string; browserNonce: string | null };

/** A shop an authorization names, as My Shops binds it. */
interface ShopToBind {
  body: ShopIdentityBody;
  link: PlatformShopLink;
}

/**
 * What an exchanged code gives: the connection to save, then the shops it serves as the
 * platform lists them (a failure there is the platform's), each made a shop to bind.
 */
interface Authorization<Shop> {
  connection: { openId: string; sellerName: string; sellerBaseRegion: string; tokens: Tokens };
  listShops: () => Promise<Shop[]>;
  toBind: (shop: Shop, connectionId: number) => ShopToBind;
}

/**
 * What differs between the platforms' "Connect": the app (or the embedded sandbox) and its
 * authorization page, and the client's token exchange and shop listing. The state, the
 * saving of the tokens and the binding under the plan's rules are one for all.
 */
interface ConnectFlow<App, Shop> {
  platform: string;
  /** How log lines name the platform. */
  label: string;
  app: () => Promise<App>;
  /** The platform can be neither reached nor played by a sandbox: the start answers 422. */
  unavailable: (error: unknown) => boolean;
  unavailableKey: 'error.tiktokShopUnavailable' | 'error.doudianUnavailable';
  authorizeUrl: (app: App, state: string) => string;
  /** The code exchanged for tokens; `refused` when the grant cannot be used at all. */
  exchange: (code: string) => Promise<Authorization<Shop> | { refused: ConnectResult }>;
}

/**
 * A TikTok shop an authorization names: the shop code of Seller Center is the shop's identity
 * here, as the extension reports it; a code our rules cannot hold falls back to the
 * platform's shop id.
 */
type AuthorizedTikTokShop = Awaited<ReturnType<TikTokShopClient['getAuthorizedShops']>>[number];

function tiktokShopToBind(shop: AuthorizedTikTokShop, connectionId: number): ShopToBind {
  const identity = shopIdentityBody.safeParse({
    platform: PLATFORM_TIKTOK,
    shopName: shop.name.slice(0, SHOP_NAME_LENGTH_MAX) || shop.code || shop.id,
    siteName: tiktokShopSiteName(shop.region, 'zh-CN'),
    shopCode: shop.code,
  });
  const body = identity.success
    ? identity.data
    : shopIdentityBody.parse({
        platform: PLATFORM_TIKTOK,
        shopName: shop.name.slice(0, SHOP_NAME_LENGTH_MAX) || shop.id,
        siteName: tiktokShopSiteName(shop.region, 'zh-CN'),
        shopCode: shop.id,
      });
  return {
    body,
    link: {
      platformShopId: shop.id,
      platformCipher: shop.cipher,
      platformRegion: shop.region,
      connectionId,
    },
  };
}

export class PlatformConnections {
  private readonly box: SecretBox;

  /** Renewals in flight in this process, by connection (see refreshNow). */
  private readonly renewals = new Map<number, Promise<ConnectionRow>>();

  /**
   * The one limiter of this process's calls to the platforms: every client built for a shop
   * (shopApi, doudianShopApi: whoever calls, the executor, the syncs or a route) waits its turn
   * here before each send, keyed by platform, shop and API (call-limiter.ts).
   */
  private readonly limiter: PlatformCallLimiter;

  constructor(private readonly deps: ConnectionsDeps) {
    this.box = new SecretBox(deps.appSecret, 'platform-tokens');
    this.limiter = new PlatformCallLimiter(deps.callsPerShopPerSecond ?? 20);
  }

  /** What a shop's client awaits before each send: its turn for that API. */
  private turn(platform: string, shop: string): (api: string) => Promise<void> {
    return (api) => this.limiter.take(`${platform}|${shop}|${api}`);
  }

  // -------------------------------------------------------------------------------------
  // Connect TikTok Shop
  // -------------------------------------------------------------------------------------

  /**
   * Starts a connect: a random state (stored hashed, single use, tied to the account, the
   * session and, through `browserNonce` kept in an HttpOnly cookie, the browser), and the
   * platform's authorization page for it.
   */
  async startTikTokShopConnect(userId: number, sessionId: string, now: Date) {
    return this.startConnect(this.tiktokFlow(), userId, sessionId, now);
  }

  /**
   * The platform's redirect back: takes the state (single use: a replay finds nothing),
   * checks it belongs to this browser and a live session, exchanges the code, saves the
   * connection, and binds every shop the authorization names under the plan's rules.
   * Never throws for what the seller or the platform did: the outcome says it.
   */
  async completeTikTokShopConnect(input: CallbackInput, now: Date) {
    return this.completeConnect(this.tiktokFlow(), input, now);
  }

  /** TikTok Shop's connect: its app (or the sandbox), Get Access Token, the authorized shops. */
  private tiktokFlow(): ConnectFlow<
    Awaited<ReturnType<TikTokShopPlatform['app']>>,
    AuthorizedTikTokShop
  > {
    return {
      platform: PLATFORM_TIKTOK,
      label: 'TikTok Shop',
      app: () => this.deps.platform.app(),
      unavailable: (error) => error instanceof TikTokShopUnavailableError,
      unavailableKey: 'error.tiktokShopUnavailable',
      authorizeUrl: authorizationUrl,
      exchange: async (code) => {
        const client = await this.deps.platform.client();
        const grant = await client.getAccessToken(code);
        // user_type 0 is a seller; 1 a creator, 3 a partner (Get Access Token).
        if (grant.userType !== null && grant.userType !== 0) {
          return { refused: result('failed', 'not_seller') };
        }
        return {
          connection: {
            openId: grant.openId,
            sellerName: grant.sellerName,
            sellerBaseRegion: grant.sellerBaseRegion,
            tokens: grant,
          },
          listShops: () => client.getAuthorizedShops(grant.accessToken),
          toBind: tiktokShopToBind,
        };
      },
    };
  }

  /**
   * A connect's state, whatever the platform: random, stored hashed, single use, tied to the
   * account, the session, the platform and, through `browserNonce` (an HttpOnly cookie), the
   * browser.
   */
  private async newState(userId: number, sessionId: string, platform: string, now: Date) {
    const state = randomBytes(32).toString('base64url');
    const browserNonce = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
    await insertOauthState(this.deps.db, {
      stateHash: sha256(state),
      userId,
      sessionId,
      platform,
      browserHash: sha256(browserNonce),
      createdAt: now,
      expiresAt,
    });
    return { state, expiresAt, browserNonce };
  }

  /**
   * Takes a callback's state (a replay finds nothing) and answers the account it was started
   * by, or the outcome when it is no good: unknown, of another platform, expired, opened in
   * another browser, or of a session that has ended.
   */
  private async takeState(
    input: { state?: string; browserNonce: string | null },
    platform: string,
    now: Date,
  ): Promise<{ userId: number } | { failed: ConnectResult }> {
    if (!input.state) return { failed: result('failed', 'state_invalid') };
    const state = await takeOauthState(this.deps.db, sha256(input.state));
    if (
      !state ||
      state.platform !== platform ||
      state.expiresAt <= now ||
      !input.browserNonce ||
      !sameHash(sha256(input.browserNonce), state.browserHash)
    ) {
      return { failed: result('failed', 'state_invalid') };
    }
    if (await this.deps.revocations.isRevoked(state.sessionId)) {
      return { failed: result('failed', 'session_ended') };
    }
    return { userId: state.userId };
  }

  /** Starts a connect on a platform: a new state and the platform's authorization page for it. */
  private async startConnect<App, Shop>(
    flow: ConnectFlow<App, Shop>,
    userId: number,
    sessionId: string,
    now: Date,
  ): Promise<{ authorizeUrl: string; expiresAt: Date; browserNonce: string }> {
    let app: App;
    try {
      app = await flow.app();
    } catch (error) {
      if (flow.unavailable(error)) throw new AppError(422, flow.unavailableKey);
      throw error;
    }
    const { state, ...started } = await this.newState(userId, sessionId, flow.platform, now);
    return { authorizeUrl: flow.authorizeUrl(app, state), ...started };
  }

  /**
   * A platform's redirect back, whatever the platform: the state taken, a decline said, the
   * code exchanged, the connection saved, and each shop the authorization names bound under
   * the plan's rules; the shops' actions that waited for it resume. Never throws for what the
   * seller or the platform did: the outcome says it.
   */
  private async completeConnect<App, Shop>(
    flow: ConnectFlow<App, Shop>,
    input: CallbackInput,
    now: Date,
  ): Promise<{ result: ConnectResult; shops: AuthorizedShopOutcome[] }> {
    const none = { shops: [] as AuthorizedShopOutcome[] };
    const taken = await this.takeState(input, flow.platform, now);
    if ('failed' in taken) return { result: taken.failed, ...none };
    // Declined on the platform's page: `code=null&error=auth_denied` (authorization overview).
    if (input.error || !input.code || input.code === 'null') {
      return { result: result('denied', null), ...none };
    }
    const userId = taken.userId;
    let exchanged: Authorization<Shop> | { refused: ConnectResult };
    try {
      exchanged = await flow.exchange(input.code);
    } catch (error) {
      this.deps.log.warn(
        { userId, ...loggable(error) },
        `${flow.label} authorization code refused`,
      );
      return { result: result('failed', 'platform_error'), ...none };
    }
    if ('refused' in exchanged) return { result: exchanged.refused, ...none };
    const { tokens, ...seller } = exchanged.connection;
    const key = { userId, platform: flow.platform, openId: seller.openId };
    const connection = await upsertConnection(
      this.deps.db,
      { ...key, ...seller, ...this.sealed(key, tokens) },
      now,
    );
    let authorized: Shop[];
    try {
      authorized = await exchanged.listShops();
    } catch (error) {
      this.deps.log.warn(
        { userId, ...loggable(error) },
        `${flow.label} authorized shops unreadable`,
      );
      return { result: result('failed', 'platform_error'), ...none };
    }
    if (authorized.length === 0) return { result: result('refused', 'no_shops'), ...none };

    const shops: AuthorizedShopOutcome[] = [];
    for (const shop of authorized) {
      const { body, link } = exchanged.toBind(shop, connection.id);
      shops.push(await this.bindAs(userId, body, link, now));
    }
    const bound = shops.filter((s) => s.outcome === 'bound').length;
    const already = shops.filter((s) => s.outcome === 'alreadyBound').length;
    const refused = shops.filter((s) => s.outcome === 'refused');
    const served = shops.flatMap((s) =>
      s.shopId !== null && s.outcome !== 'refused' ? [s.shopId] : [],
    );
    // The shops' actions that waited for this authorization resume.
    if (served.length && this.deps.onAuthorized) await this.deps.onAuthorized(userId, served);
    return {
      result: result(bound + already > 0 ? 'connected' : 'refused', refused[0]?.reason ?? null, {
        bound,
        already,
        refused: refused.length,
      }),
      shops,
    };
  }

  /** Binds a shop an authorization named, under the plan's rules; a refusal is an outcome. */
  private async bindAs(
    userId: number,
    body: ShopIdentityBody,
    link: PlatformShopLink,
    now: Date,
  ): Promise<AuthorizedShopOutcome> {
    try {
      const bound = await bindAuthorizedShop(this.deps.db, userId, body, link, now);
      return {
        platformShopId: link.platformShopId,
        shopId: bound.shop.id,
        outcome: bound.outcome,
        reason: null,
      };
    } catch (error) {
      const reason = error instanceof AppError ? reasonOfBindRefusal[error.messageKey] : undefined;
      if (!reason) throw error;
      return { platformShopId: link.platformShopId, shopId: null, outcome: 'refused', reason };
    }
  }

  // -------------------------------------------------------------------------------------
  // Connect 抖店
  // -------------------------------------------------------------------------------------

  private doudian(): DoudianPlatform {
    if (!this.deps.doudian) throw new DoudianUnavailableError();
    return this.deps.doudian;
  }

  /**
   * Starts a 抖店 connect: the same state as TikTok's (single use, tied to the account, the
   * session and the browser), and 抖店服务市场's authorization page for it
   * (`…/authorize?service_id=…&state=…`: github:minibear2021/doudian doudian/core.py
   * build_auth_url).
   */
  async startDoudianConnect(userId: number, sessionId: string, now: Date) {
    return this.startConnect(this.doudianFlow(), userId, sessionId, now);
  }

  /**
   * 抖店's redirect back (`code`, `state`; `error` when declined): the state taken as for
   * TikTok, the code exchanged by `token.create`, and the one shop the authorization is for
   * (抖店's tokens are per shop: `shop_id`, `shop_name`) bound as 中国站 under the plan's rules.
   */
  async completeDoudianConnect(input: CallbackInput, now: Date) {
    return this.completeConnect(this.doudianFlow(), input, now);
  }

  /** 抖店's connect: its app (or the sandbox), token.create, and the one shop it names. */
  private doudianFlow(): ConnectFlow<Awaited<ReturnType<DoudianPlatform['app']>>, null> {
    return {
      platform: PLATFORM_DOUYIN,
      label: '抖店',
      app: () => this.doudian().app(),
      unavailable: (error) => error instanceof DoudianUnavailableError,
      unavailableKey: 'error.doudianUnavailable',
      authorizeUrl: doudianAuthorizationUrl,
      exchange: async (code) => {
        const grant = await (await this.doudian().client()).createToken(code);
        if (!grant.shopId) return { refused: result('refused', 'no_shops') };
        const shopName = grant.shopName.trim().slice(0, SHOP_NAME_LENGTH_MAX) || grant.shopId;
        return {
          connection: {
            openId: grant.shopId,
            sellerName: grant.shopName,
            sellerBaseRegion: DOUYIN_REGION,
            tokens: doudianTokens(grant),
          },
          // 抖店's tokens are per shop: the one shop is the grant's.
          listShops: async () => [null],
          toBind: (_shop, connectionId) => ({
            body: shopIdentityBody.parse({
              platform: PLATFORM_DOUYIN,
              shopName,
              siteName: DOUYIN_SITE_NAME,
              shopCode: grant.shopId,
            }),
            // 抖店 has no shop cipher: a shop's access token is the shop's alone.
            link: {
              platformShopId: grant.shopId,
              platformCipher: '',
              platformRegion: DOUYIN_REGION,
              connectionId,
            },
          }),
        };
      },
    };
  }

  private sealed(key: { userId: number; platform: string; openId: string }, grant: Tokens) {
    return {
      accessTokenSealed: this.box.seal(grant.accessToken, tokenContext(key, 'access')),
      refreshTokenSealed: this.box.seal(grant.refreshToken, tokenContext(key, 'refresh')),
      accessTokenExpiresAt: grant.accessTokenExpiresAt,
      refreshTokenExpiresAt: grant.refreshTokenExpiresAt,
      grantedScopes: grant.grantedScopes,
    };
  }

  // -------------------------------------------------------------------------------------
  // What My Shops shows
  // -------------------------------------------------------------------------------------

  async list(userId: number): Promise<PlatformConnection[]> {
    const rows = await listConnections(this.deps.db, userId);
    const shops = await shopsOfConnections(
      this.deps.db,
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toConnection(row, shops));
  }

  /**
   * The caller's shops served by an active authorization of `platform` that granted `scope`
   * (the conversations module asks which shops can open a conversation, issue 19).
   */
  async shopsGranted(userId: number, platform: 'tiktok' | 'douyin', scope: string) {
    const connections = await this.list(userId);
    return connections
      .filter((c) => c.platform === platform && c.status === 'active')
      .filter((c) => c.grantedScopes.includes(scope))
      .flatMap((c) => c.shopIds);
  }

  // -------------------------------------------------------------------------------------
  // For the executor
  // -------------------------------------------------------------------------------------

  /**
   * A connection of one of the caller's shops on `platform` with an access token that works,
   * renewed first if it is about to expire. Throws ShopNotConnectedError for a shop not bound
   * by that platform's authorization, and the platform's error (`authorization_revoked`:
   * reconnect; `token_expired`: another replica is renewing it, try again shortly) when there
   * is no usable token.
   */
  private async usable(userId: number, shopId: number, platform: string, now: Date) {
    const link = await findShopPlatformLink(this.deps.db, userId, shopId);
    if (!link) throw new ShopNotConnectedError(shopId, 'not_found');
    if (
      link.platform !== platform ||
      !link.connectionId ||
      (platform === PLATFORM_TIKTOK && !link.platformCipher)
    ) {
      throw new ShopNotConnectedError(shopId, 'not_authorized');
    }
    let row = await findConnection(this.deps.db, userId, link.connectionId);
    if (!row || row.platform !== platform)
      throw new ShopNotConnectedError(shopId, 'not_authorized');
    if (row.status !== 'active') throw lost(row);
    if (row.accessTokenExpiresAt.getTime() - now.getTime() <= USE_MARGIN_MS) {
      row = await this.refreshNow(row, now);
    }
    return { link, row, accessToken: await this.openToken(row, 'access', now) };
  }

  /** A TikTok shop's access: a client, a valid access token and the shop cipher. */
  async shopApi(userId: number, shopId: number, now: Date): Promise<ShopApi> {
    const { link, row, accessToken } = await this.usable(userId, shopId, PLATFORM_TIKTOK, now);
    return {
      // The platform counts per shop (its id), whichever account's row calls for it.
      client: await this.deps.platform.client({
        beforeSend: this.turn(PLATFORM_TIKTOK, link.platformShopId ?? `shop:${shopId}`),
      }),
      access: { accessToken, shopCipher: link.platformCipher! },
      connectionId: row.id,
      grantedScopes: row.grantedScopes,
    };
  }

  /** A 抖店 shop's access: a client and the shop's valid access token. */
  async doudianShopApi(userId: number, shopId: number, now: Date): Promise<DoudianShopApi> {
    const { link, row, accessToken } = await this.usable(userId, shopId, PLATFORM_DOUYIN, now);
    return {
      client: await this.doudian().client({
        beforeSend: this.turn(PLATFORM_DOUYIN, link.platformShopId ?? `shop:${shopId}`),
      }),
      access: { accessToken },
      connectionId: row.id,
    };
  }

  /**
   * Runs `call` with the shop's access. A token the platform calls expired (105002) is renewed
   * and the call sent once more (the gateway refused it before any work); a revoked
   * authorization marks the connection (its shops show "Reconnect"); a missing scope is noted
   * on it. `requiredScopes`: refused before any call when the authorization lacks one.
   */
  async withShopApi<T>(
    userId: number,
    shopId: number,
    call: (api: ShopApi) => Promise<T>,
    options: { now?: () => Date; requiredScopes?: readonly string[] } = {},
  ): Promise<T> {
    const now = options.now ?? (() => new Date());
    const api = await this.shopApi(userId, shopId, now());
    const missing = (options.requiredScopes ?? []).filter((s) => !api.grantedScopes.includes(s));
    if (missing.length > 0) {
      const error = new TikTokShopError({
        reason: 'scope_missing',
        operation: 'shop access',
        platformMessage: `missing scopes: ${missing.join(', ')}`,
      });
      await this.noteFailure(userId, api.connectionId, error, now());
      throw error;
    }
    return this.withApi(userId, api, (at) => this.shopApi(userId, shopId, at), call, now);
  }

  /**
   * Runs `call` with a 抖店 shop's access, as withShopApi: an access token the gateway calls
   * expired (isv.access-token-expired) is renewed by token.refresh and the call sent once more;
   * a lost authorization (dop.authorization-no-existed) marks the connection.
   */
  /**
   * The 团长 activities a 抖店 shop connected by authorization may apply to
   * (buyin.ShopActivityList, apply_status 2, cursor mode), for the create form's picker.
   * Another account's shop answers 404; a shop not connected by 抖店's authorization 422; an
   * authorization to renew 422 (reconnect); the platform out of reach 503.
   */
  async doudianActivities(
    userId: number,
    shopId: number,
    query: { keyword?: string; cursor?: string },
    now: Date,
  ): Promise<DoudianActivityPage> {
    try {
      const page = await this.withDoudianShopApi(
        userId,
        shopId,
        (api) =>
          api.client.listShopActivities(api.access, {
            applyStatus: 2,
            keyword: query.keyword,
            cursor: query.cursor,
            pageSize: 20,
          }),
        { now: () => now },
      );
      return {
        nextCursor: page.nextCursor,
        list: page.activities.map((a) => ({
          activityId: a.activityId,
          name: a.name,
          institutionName: a.institutionName,
          colonelBuyinId: a.colonelBuyinId,
          applyStartTime: a.applyStartTime,
          applyEndTime: a.applyEndTime,
          minCommissionRate: a.minCommissionRate,
          minServiceRate: a.minServiceRate,
        })),
      };
    } catch (error) {
      if (error instanceof ShopNotConnectedError) {
        if (error.why === 'not_found') throw new AppError(404, 'error.notFound');
        throw new AppError(422, 'error.doudianShopNotConnected');
      }
      if (error instanceof DoudianError) {
        this.deps.log.warn({ userId, ...loggable(error) }, '抖店 activity list failed');
        if (error.next === 'reconnect') throw new AppError(422, 'error.doudianReconnect');
        if (error.next === 'pause_shop') {
          throw new AppError(422, 'error.doudianShopIneligible', {
            reason: error.platformMessage,
          });
        }
        throw new AppError(503, 'error.doudianActivitiesUnavailable');
      }
      throw error;
    }
  }

  async withDoudianShopApi<T>(
    userId: number,
    shopId: number,
    call: (api: DoudianShopApi) => Promise<T>,
    options: { now?: () => Date } = {},
  ): Promise<T> {
    const now = options.now ?? (() => new Date());
    const api = await this.doudianShopApi(userId, shopId, now());
    return this.withApi(userId, api, (at) => this.doudianShopApi(userId, shopId, at), call, now);
  }

  private async withApi<A extends { connectionId: number; access: { accessToken: string } }, T>(
    userId: number,
    first: A,
    again: (now: Date) => Promise<A>,
    call: (api: A) => Promise<T>,
    now: () => Date,
  ): Promise<T> {
    let api = first;
    try {
      return await call(api);
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      if (error.reason === 'token_expired') {
        const row = await findConnection(this.deps.db, userId, api.connectionId);
        if (!row) throw error;
        // Renewed meanwhile (another call, another replica): its new token is used as it is.
        const current = row.status === 'active' ? await this.openToken(row, 'access', now()) : null;
        if (current === null || current === api.access.accessToken) {
          await this.refreshNow(row, now(), { force: true });
        }
        api = await again(now());
        try {
          return await call(api);
        } catch (retried) {
          if (isPlatformError(retried))
            await this.noteFailure(userId, api.connectionId, retried, now());
          throw retried;
        }
      }
      await this.noteFailure(userId, api.connectionId, error, now());
      throw error;
    }
  }

  private async noteFailure(
    userId: number,
    connectionId: number,
    error: PlatformError,
    now: Date,
  ): Promise<void> {
    const detail = { code: error.standardCode, message: error.platformMessage || error.reason };
    if (error.reason === 'authorization_revoked') {
      await markConnection(this.deps.db, userId, connectionId, 'revoked', detail, now);
      this.deps.log.warn(
        { userId, connectionId, ...loggable(error) },
        'platform authorization revoked',
      );
    } else if (error.reason === 'scope_missing') {
      await noteMissingScope(this.deps.db, userId, connectionId, detail, now);
    }
  }

  /**
   * Renews a connection's tokens now, under the refresh claim. Answers the row with tokens
   * that work; throws `token_expired` (retryable) when another replica holds the claim, and
   * `authorization_revoked` when the platform refuses the refresh token.
   */
  /**
   * A renewal of a connection's tokens, one at a time per connection in this process: calls
   * that find the token expired while another of this process renews it (the platform syncs
   * read a shop's kinds side by side) wait for its tokens instead of failing on its claim.
   * Another replica's claim still answers "another process is renewing" (a short back-off).
   */
  private refreshNow(
    row: ConnectionRow,
    now: Date,
    options: { force?: boolean } = {},
  ): Promise<ConnectionRow> {
    const running = this.renewals.get(row.id);
    if (running) return running;
    const renewal = this.refreshOnce(row, now, options).finally(() => this.renewals.delete(row.id));
    this.renewals.set(row.id, renewal);
    return renewal;
  }

  private async refreshOnce(
    row: ConnectionRow,
    now: Date,
    options: { force?: boolean },
  ): Promise<ConnectionRow> {
    const claimed = await claimRefresh(this.deps.db, row.userId, row.id, now, REFRESH_LEASE_MS);
    if (!claimed) {
      const current = await findConnection(this.deps.db, row.userId, row.id);
      if (current && current.status !== 'active') throw lost(current);
      // Renewed meanwhile by the replica that held the claim: use its tokens.
      if (
        current &&
        !options.force &&
        current.accessTokenExpiresAt.getTime() - now.getTime() > USE_MARGIN_MS
      ) {
        return current;
      }
      throw platformError(row.platform, {
        reason: 'token_expired',
        operation: 'token refresh',
        platformMessage: 'another process is renewing the token',
      });
    }
    const renewed = await this.refreshClaimed(claimed, now);
    if (!renewed) throw lost((await findConnection(this.deps.db, row.userId, row.id)) ?? row);
    return renewed;
  }

  /** The platform's refresh of a connection's tokens: its new tokens and whose they are. */
  private async refreshGrant(
    row: ConnectionRow,
    refreshToken: string,
  ): Promise<{ tokens: Tokens; openId: string }> {
    if (row.platform === PLATFORM_DOUYIN) {
      // token.refresh (github:minibear2021/doudian doudian/core.py _refresh_token): the
      // answer names the shop it is for.
      const grant = await (await this.doudian().client()).refreshToken(refreshToken);
      return { tokens: doudianTokens(grant), openId: grant.shopId };
    }
    const client = await this.deps.platform.client();
    const grant = await client.refreshAccessToken(refreshToken);
    return { tokens: grant, openId: grant.openId };
  }

  /**
   * Refreshes a claimed connection. Answers the renewed row, or null when the connection
   * stopped working (marked expired or revoked). A failure that says nothing about the
   * authorization (network, platform down) releases the claim and is thrown.
   */
  private async refreshClaimed(row: ConnectionRow, now: Date): Promise<ConnectionRow | null> {
    if (row.refreshTokenExpiresAt <= now) {
      await markConnection(
        this.deps.db,
        row.userId,
        row.id,
        'expired',
        { code: 'authorization_revoked', message: 'refresh token expired' },
        now,
      );
      return null;
    }
    let refreshToken: string;
    try {
      refreshToken = await this.openToken(row, 'refresh', now);
    } catch {
      return null;
    }
    let grant: { tokens: Tokens; openId: string };
    try {
      grant = await this.refreshGrant(row, refreshToken);
    } catch (error) {
      if (isPlatformError(error) && error.next === 'reconnect') {
        await markConnection(
          this.deps.db,
          row.userId,
          row.id,
          'revoked',
          { code: error.standardCode, message: error.platformMessage || error.reason },
          now,
        );
        this.deps.log.warn(
          { userId: row.userId, connectionId: row.id, ...loggable(error) },
          'platform authorization revoked at refresh',
        );
        return null;
      }
      const code: SendErrorCode = isPlatformError(error) ? error.standardCode : 'network';
      await releaseRefresh(
        this.deps.db,
        row.userId,
        row.id,
        { code, message: isPlatformError(error) ? error.reason : 'refresh failed' },
        now,
      );
      throw error;
    }
    if (grant.openId !== row.openId) {
      // A refresh token answering for another seller (or shop): keep nothing of it.
      await releaseRefresh(this.deps.db, row.userId, row.id, null, now);
      throw platformError(row.platform, {
        reason: 'unreadable',
        operation: 'token refresh',
        platformMessage: 'the refresh answered for another seller',
      });
    }
    return (
      (await saveRefreshed(
        this.deps.db,
        row.userId,
        row.id,
        this.sealed(row, grant.tokens),
        now,
      )) ?? null
    );
  }

  /**
   * A sealed token, opened. One that no longer opens (APP_SECRET changed, or the row was
   * altered) can never be used again: the connection is marked revoked, so the seller sees
   * "Reconnect", and the call fails as a lost authorization.
   */
  private async openToken(row: ConnectionRow, kind: 'access' | 'refresh', now: Date) {
    try {
      return this.box.open(
        kind === 'access' ? row.accessTokenSealed : row.refreshTokenSealed,
        tokenContext(row, kind),
      );
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      await markConnection(
        this.deps.db,
        row.userId,
        row.id,
        'revoked',
        {
          code: 'authorization_revoked',
          message: 'stored tokens unreadable (APP_SECRET changed?)',
        },
        now,
      );
      this.deps.log.error(
        { userId: row.userId, connectionId: row.id },
        'platform tokens do not open with this APP_SECRET: the seller must connect again',
      );
      throw lost({ ...row, status: 'revoked' });
    }
  }

  // -------------------------------------------------------------------------------------
  // The job
  // -------------------------------------------------------------------------------------

  /**
   * One pass of the refresh job: connections whose access token expires within a day are
   * renewed (each claimed first, so replicas share the work and never spend a refresh token
   * twice); those whose refresh token ran out become `expired`; expired states are forgotten.
   * Answers how many connections it renewed.
   */
  async refreshDue(now: Date): Promise<number> {
    for (const lapsed of await lapsedConnections(this.deps.db, now, REFRESH_BATCH)) {
      await markConnection(
        this.deps.db,
        lapsed.userId,
        lapsed.id,
        'expired',
        { code: 'authorization_revoked', message: 'refresh token expired' },
        now,
      );
    }
    await deleteExpiredOauthStates(this.deps.db, now);
    const due = await claimDueRefreshes(
      this.deps.db,
      now,
      new Date(now.getTime() + REFRESH_AHEAD_MS),
      REFRESH_LEASE_MS,
      REFRESH_BATCH,
    );
    let renewed = 0;
    for (const row of due) {
      try {
        if (await this.refreshClaimed(row, now)) renewed += 1;
      } catch (error) {
        // Kept for the next pass (the claim was released); the reason is on the row.
        this.deps.log.warn(
          { userId: row.userId, connectionId: row.id, ...loggable(error) },
          'platform token refresh failed; retried next pass',
        );
      }
    }
    return renewed;
  }
}

/** An error of the connection's platform, as its client would throw it. */
function platformError(
  platform: string,
  details: {
    reason: 'token_expired' | 'authorization_revoked' | 'unreadable';
    operation: string;
    platformMessage: string;
  },
): PlatformError {
  return platform === PLATFORM_DOUYIN ? new DoudianError(details) : new TikTokShopError(details);
}

function lost(row: ConnectionRow): PlatformError {
  return platformError(row.platform, {
    reason: 'authorization_revoked',
    operation: 'shop access',
    platformMessage: row.status === 'expired' ? 'authorization expired' : 'authorization revoked',
  });
}

export function toConnection(
  row: ConnectionRow,
  shops: ReadonlyArray<{ id: number; connectionId: number }>,
): PlatformConnection {
  // 抖店 grants an app's permission packages as a whole: no scope of its own to miss.
  const missingScopes =
    row.platform === PLATFORM_TIKTOK
      ? tiktokShopRequiredScopes.filter((s) => !row.grantedScopes.includes(s))
      : [];
  const status = row.status as PlatformConnection['status'];
  const errorCode = (row.errorCode as SendErrorCode | null) ?? null;
  return {
    id: row.id,
    platform: row.platform === PLATFORM_DOUYIN ? 'douyin' : 'tiktok',
    sellerName: row.sellerName,
    sellerBaseRegion: row.sellerBaseRegion,
    status,
    grantedScopes: row.grantedScopes,
    missingScopes,
    needsReconnect:
      status !== 'active' ||
      missingScopes.length > 0 ||
      errorCode === 'authorization_scope_missing',
    accessTokenExpiresAt: row.accessTokenExpiresAt.toISOString(),
    refreshTokenExpiresAt: row.refreshTokenExpiresAt.toISOString(),
    errorCode,
    shopIds: shops.filter((s) => s.connectionId === row.id).map((s) => s.id),
    connectedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
