import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  shopIdentityBody,
  SHOP_NAME_LENGTH_MAX,
  tiktokShopRequiredScopes,
  tiktokShopSiteName,
  type ConnectReason,
  type ConnectResult,
  type PlatformConnection,
  type SendErrorCode,
} from '@inviteflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { RevocationStore } from '../../../lib/revocations.ts';
import { SecretBox, SecretBoxError } from '../../../lib/secret-box.ts';
import { bindAuthorizedShop, findShopPlatformLink, shopsOfConnections } from '../../shops/index.ts';
import {
  TikTokShopError,
  TikTokShopUnavailableError,
  authorizationUrl,
  type ShopAccess,
  type TikTokShopClient,
  type TikTokShopPlatform,
  type TokenGrant,
} from '../tiktok-shop/index.ts';
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

/**
 * A seller's connections to a platform by its authorization (OAuth): starting and completing
 * "Connect TikTok Shop", the tokens kept sealed and refreshed before they expire, and, for the
 * executor, a valid access token and shop cipher for a shop.
 */

export const PLATFORM_TIKTOK = 'tiktok';
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
  appSecret: string;
  revocations: Pick<RevocationStore, 'isRevoked'>;
  log: FastifyBaseLogger;
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
  if (error instanceof TikTokShopError) {
    return {
      reason: error.reason,
      platformCode: error.platformCode,
      requestId: error.requestId,
      operation: error.operation,
    };
  }
  return { error: error instanceof Error ? error.name : 'unknown' };
}

export class PlatformConnections {
  private readonly box: SecretBox;

  constructor(private readonly deps: ConnectionsDeps) {
    this.box = new SecretBox(deps.appSecret, 'platform-tokens');
  }

  // -------------------------------------------------------------------------------------
  // Connect TikTok Shop
  // -------------------------------------------------------------------------------------

  /**
   * Starts a connect: a random state (stored hashed, single use, tied to the account, the
   * session and, through `browserNonce` kept in an HttpOnly cookie, the browser), and the
   * platform's authorization page for it.
   */
  async startTikTokShopConnect(
    userId: number,
    sessionId: string,
    now: Date,
  ): Promise<{ authorizeUrl: string; expiresAt: Date; browserNonce: string }> {
    let app;
    try {
      app = await this.deps.platform.app();
    } catch (error) {
      if (error instanceof TikTokShopUnavailableError) {
        throw new AppError(422, 'error.tiktokShopUnavailable');
      }
      throw error;
    }
    const state = randomBytes(32).toString('base64url');
    const browserNonce = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
    await insertOauthState(this.deps.db, {
      stateHash: sha256(state),
      userId,
      sessionId,
      platform: PLATFORM_TIKTOK,
      browserHash: sha256(browserNonce),
      createdAt: now,
      expiresAt,
    });
    return { authorizeUrl: authorizationUrl(app, state), expiresAt, browserNonce };
  }

  /**
   * The platform's redirect back: takes the state (single use: a replay finds nothing),
   * checks it belongs to this browser and a live session, exchanges the code, saves the
   * connection, and binds every shop the authorization names under the plan's rules.
   * Never throws for what the seller or the platform did: the outcome says it.
   */
  async completeTikTokShopConnect(
    input: { code?: string; state?: string; error?: string; browserNonce: string | null },
    now: Date,
  ): Promise<{ result: ConnectResult; shops: AuthorizedShopOutcome[] }> {
    const none = { shops: [] as AuthorizedShopOutcome[] };
    if (!input.state) return { result: result('failed', 'state_invalid'), ...none };
    const state = await takeOauthState(this.deps.db, sha256(input.state));
    if (
      !state ||
      state.platform !== PLATFORM_TIKTOK ||
      state.expiresAt <= now ||
      !input.browserNonce ||
      !sameHash(sha256(input.browserNonce), state.browserHash)
    ) {
      return { result: result('failed', 'state_invalid'), ...none };
    }
    if (await this.deps.revocations.isRevoked(state.sessionId)) {
      return { result: result('failed', 'session_ended'), ...none };
    }
    // Declined on the platform's page: `code=null&error=auth_denied` (authorization overview).
    if (input.error || !input.code || input.code === 'null') {
      return { result: result('denied', null), ...none };
    }
    const userId = state.userId;
    let client: TikTokShopClient;
    let grant: TokenGrant;
    try {
      client = await this.deps.platform.client();
      grant = await client.getAccessToken(input.code);
    } catch (error) {
      this.deps.log.warn({ userId, ...loggable(error) }, 'TikTok Shop authorization code refused');
      return { result: result('failed', 'platform_error'), ...none };
    }
    // user_type 0 is a seller; 1 a creator, 3 a partner (Get Access Token).
    if (grant.userType !== null && grant.userType !== 0) {
      return { result: result('failed', 'not_seller'), ...none };
    }
    const connection = await this.saveGrant(userId, grant, now);
    let authorized;
    try {
      authorized = await client.getAuthorizedShops(grant.accessToken);
    } catch (error) {
      this.deps.log.warn({ userId, ...loggable(error) }, 'TikTok Shop authorized shops unreadable');
      return { result: result('failed', 'platform_error'), ...none };
    }
    if (authorized.length === 0) return { result: result('refused', 'no_shops'), ...none };

    const shops: AuthorizedShopOutcome[] = [];
    for (const shop of authorized) {
      shops.push(await this.bindShop(userId, connection.id, shop, now));
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

  private async bindShop(
    userId: number,
    connectionId: number,
    shop: Awaited<ReturnType<TikTokShopClient['getAuthorizedShops']>>[number],
    now: Date,
  ): Promise<AuthorizedShopOutcome> {
    // The shop code of Seller Center is the shop's identity here, as the extension reports it;
    // a code our rules cannot hold falls back to the platform's shop id.
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
    try {
      const bound = await bindAuthorizedShop(
        this.deps.db,
        userId,
        body,
        {
          platformShopId: shop.id,
          platformCipher: shop.cipher,
          platformRegion: shop.region,
          connectionId,
        },
        now,
      );
      return {
        platformShopId: shop.id,
        shopId: bound.shop.id,
        outcome: bound.outcome,
        reason: null,
      };
    } catch (error) {
      const reason = error instanceof AppError ? reasonOfBindRefusal[error.messageKey] : undefined;
      if (!reason) throw error;
      return { platformShopId: shop.id, shopId: null, outcome: 'refused', reason };
    }
  }

  private async saveGrant(userId: number, grant: TokenGrant, now: Date): Promise<ConnectionRow> {
    const key = { userId, platform: PLATFORM_TIKTOK, openId: grant.openId };
    return upsertConnection(
      this.deps.db,
      {
        ...key,
        sellerName: grant.sellerName,
        sellerBaseRegion: grant.sellerBaseRegion,
        ...this.sealed(key, grant),
      },
      now,
    );
  }

  private sealed(key: { userId: number; platform: string; openId: string }, grant: TokenGrant) {
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

  // -------------------------------------------------------------------------------------
  // For the executor
  // -------------------------------------------------------------------------------------

  /**
   * A valid access token and the shop cipher of one of the caller's shops, renewed first if
   * it is about to expire. Throws ShopNotConnectedError for a shop not bound by
   * authorization, and a TikTokShopError (`authorization_revoked`: reconnect; `token_expired`:
   * another replica is renewing it, try again shortly) when there is no usable token.
   */
  async shopApi(userId: number, shopId: number, now: Date): Promise<ShopApi> {
    const link = await findShopPlatformLink(this.deps.db, userId, shopId);
    if (!link) throw new ShopNotConnectedError(shopId, 'not_found');
    if (link.platform !== PLATFORM_TIKTOK || !link.connectionId || !link.platformCipher) {
      throw new ShopNotConnectedError(shopId, 'not_authorized');
    }
    let row = await findConnection(this.deps.db, userId, link.connectionId);
    if (!row) throw new ShopNotConnectedError(shopId, 'not_authorized');
    if (row.status !== 'active') throw lost(row);
    if (row.accessTokenExpiresAt.getTime() - now.getTime() <= USE_MARGIN_MS) {
      row = await this.refreshNow(row, now);
    }
    return {
      client: await this.deps.platform.client(),
      access: {
        accessToken: await this.openToken(row, 'access', now),
        shopCipher: link.platformCipher,
      },
      connectionId: row.id,
      grantedScopes: row.grantedScopes,
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
    let api = await this.shopApi(userId, shopId, now());
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
    try {
      return await call(api);
    } catch (error) {
      if (!(error instanceof TikTokShopError)) throw error;
      if (error.reason === 'token_expired') {
        const row = await findConnection(this.deps.db, userId, api.connectionId);
        if (!row) throw error;
        // Renewed meanwhile (another call, another replica): its new token is used as it is.
        const current = row.status === 'active' ? await this.openToken(row, 'access', now()) : null;
        if (current === null || current === api.access.accessToken) {
          await this.refreshNow(row, now(), { force: true });
        }
        api = await this.shopApi(userId, shopId, now());
        try {
          return await call(api);
        } catch (again) {
          if (again instanceof TikTokShopError)
            await this.noteFailure(userId, api.connectionId, again, now());
          throw again;
        }
      }
      await this.noteFailure(userId, api.connectionId, error, now());
      throw error;
    }
  }

  private async noteFailure(
    userId: number,
    connectionId: number,
    error: TikTokShopError,
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
  private async refreshNow(
    row: ConnectionRow,
    now: Date,
    options: { force?: boolean } = {},
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
      throw new TikTokShopError({
        reason: 'token_expired',
        operation: 'token refresh',
        platformMessage: 'another process is renewing the token',
      });
    }
    const renewed = await this.refreshClaimed(claimed, now);
    if (!renewed) throw lost((await findConnection(this.deps.db, row.userId, row.id)) ?? row);
    return renewed;
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
    let grant: TokenGrant;
    try {
      const client = await this.deps.platform.client();
      grant = await client.refreshAccessToken(refreshToken);
    } catch (error) {
      if (error instanceof TikTokShopError && error.next === 'reconnect') {
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
      const code: SendErrorCode = error instanceof TikTokShopError ? error.standardCode : 'network';
      await releaseRefresh(
        this.deps.db,
        row.userId,
        row.id,
        { code, message: error instanceof TikTokShopError ? error.reason : 'refresh failed' },
        now,
      );
      throw error;
    }
    if (grant.openId !== row.openId) {
      // A refresh token answering for another seller: keep nothing of it.
      await releaseRefresh(this.deps.db, row.userId, row.id, null, now);
      throw new TikTokShopError({
        reason: 'unreadable',
        operation: 'token refresh',
        platformMessage: 'the refresh answered for another seller',
      });
    }
    return (
      (await saveRefreshed(this.deps.db, row.userId, row.id, this.sealed(row, grant), now)) ?? null
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

function lost(row: ConnectionRow): TikTokShopError {
  return new TikTokShopError({
    reason: 'authorization_revoked',
    operation: 'shop access',
    platformMessage: row.status === 'expired' ? 'authorization expired' : 'authorization revoked',
  });
}

export function toConnection(
  row: ConnectionRow,
  shops: ReadonlyArray<{ id: number; connectionId: number }>,
): PlatformConnection {
  const missingScopes = tiktokShopRequiredScopes.filter((s) => !row.grantedScopes.includes(s));
  const status = row.status as PlatformConnection['status'];
  const errorCode = (row.errorCode as SendErrorCode | null) ?? null;
  return {
    id: row.id,
    platform: 'tiktok',
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
