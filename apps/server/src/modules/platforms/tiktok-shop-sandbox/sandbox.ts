import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../db/client.ts';
import { defaultShopLimits, sellerByKey, type ShopLimits } from './catalogue.ts';
import { storable } from './ids.ts';
import { WindowRateLimiter } from './rate-limit.ts';
import * as loop from './loop.ts';
import * as repo from './repository.ts';

export interface Clock {
  now(): Date;
}

/** What tests and the bench may change while the sandbox runs (control route, or in code). */
export interface TikTokShopSandboxSettings {
  /** Added before every platform answer (the bench uses ~50 ms). */
  latencyMs: number;
  /** Calls per second per app, shop and API; the platform's default is 50. */
  rateLimitPerSecond: number;
  /** Access tokens live seven days ("default expiration time set to seven days"). */
  accessTokenTtlSeconds: number;
  /** The documents give no number; public integrations report a year (README.md). */
  refreshTokenTtlSeconds: number;
  /** "The auth_code expires in 30 minutes and can only be used once." */
  authCodeTtlSeconds: number;
}

export const defaultSandboxSettings: TikTokShopSandboxSettings = {
  latencyMs: 0,
  rateLimitPerSecond: 50,
  accessTokenTtlSeconds: 7 * 24 * 3600,
  refreshTokenTtlSeconds: 365 * 24 * 3600,
  authCodeTtlSeconds: 30 * 60,
};

/** Where our server serves the sandbox (DESIGN.md "Platforms", issue 16). */
export const TIKTOK_SHOP_SANDBOX_BASE = '/sandbox/tiktok-shop';

export interface TikTokShopSandboxOptions {
  /** The database the sandbox keeps its state in (its own sandbox_tts_* tables). */
  db: Database;
  /** The path prefix every sandbox route lives under ('' standalone at the root). */
  basePath?: string;
  /** The sandbox app's configured redirect URL (ours: PUBLIC_URL/api/v1/platforms/tiktok-shop/oauth/callback). */
  redirectUrl: string;
  /**
   * The clock the sandbox clock runs from (ours: the server's); the sandbox adds its own
   * offset (`advanceClock`), read by every rule (token expiry, quota weeks, creators).
   */
  clock?: Clock;
  settings?: Partial<TikTokShopSandboxSettings>;
  /** The quota and limits the sandbox shops start with. */
  shopLimits?: Partial<ShopLimits>;
}

/** One call the sandbox received, secrets left out. */
export interface SandboxCall {
  id: number;
  at: Date;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  httpStatus: number;
  code: number | null;
  appKey: string | null;
  shopId: string | null;
}

export interface SandboxCallFilter {
  /** Only calls recorded after this id (the last one a test saw). */
  afterId?: number;
  /** Only calls whose path starts with this (`/affiliate_seller/202508/target_collaborations`). */
  pathPrefix?: string;
  limit?: number;
}

/** The sandbox app's credentials: our server's TIKTOK_SHOP_* defaults in the embedded mode. */
export interface TikTokShopSandboxCredentials {
  appKey: string;
  appSecret: string;
  serviceId: string;
}

export interface SandboxClockState {
  /** The sandbox's now. */
  now: Date;
  /** How far it runs ahead of the clock it was given. */
  offsetSeconds: number;
}

/** Query keys never written to the record of calls. */
const secretKeys = new Set(['app_secret', 'access_token', 'auth_code', 'refresh_token', 'code']);

/**
 * The sandbox's state and knobs. Its routes (routes.ts) read and change the database
 * through repository.ts; this object holds what lives in the process: the settings, the
 * rate-limit windows, the clock.
 */
export class TikTokShopSandbox {
  readonly db: Database;
  readonly basePath: string;
  readonly redirectUrl: string;
  readonly clock: Clock;
  readonly settings: TikTokShopSandboxSettings;
  readonly shopLimits: ShopLimits;
  readonly limiter = new WindowRateLimiter();
  /** Apps and shops by key: read on every call, and what the gateway needs of them never changes. */
  private readonly apps = new Map<string, repo.SandboxApp>();
  private readonly shopsByCipher = new Map<string, repo.SandboxShop>();

  constructor(options: TikTokShopSandboxOptions) {
    this.db = options.db;
    this.basePath = (options.basePath ?? TIKTOK_SHOP_SANDBOX_BASE).replace(/\/$/, '');
    this.redirectUrl = options.redirectUrl;
    this.clock = options.clock ?? { now: () => new Date() };
    this.settings = { ...defaultSandboxSettings, ...options.settings };
    this.shopLimits = { ...defaultShopLimits, ...options.shopLimits };
  }

  /** How far the sandbox clock runs ahead of the clock it was given (ms). */
  private offsetMs = 0;

  /**
   * The sandbox's now: the given clock plus the offset tests and the controls move forward.
   * Every rule of the sandbox's world reads it: token and code expiry, quota weeks, daily
   * limits, collaboration ends, and what the creators have done by now (behaviour.ts).
   */
  now(): Date {
    return new Date(this.clock.now().getTime() + this.offsetMs);
  }

  /**
   * The given clock, unmoved: what a caller's signed `timestamp` is checked against (callers
   * sign with their real time) and what the rate-limit windows count in.
   */
  wallNow(): Date {
    return this.clock.now();
  }

  /** Moves the sandbox clock forward (never back): what was planned for that time happens. */
  advanceClock(seconds: number): SandboxClockState {
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new Error('the sandbox clock only moves forward');
    this.offsetMs += Math.round(seconds * 1000);
    return this.clockState();
  }

  clockState(): SandboxClockState {
    return { now: this.now(), offsetSeconds: this.offsetMs / 1000 };
  }

  /** Seeds the fixed sellers, shops and products and creates the sandbox app (idempotent). */
  async prepare(): Promise<void> {
    await repo.seedCatalogue(this.db, this.shopLimits);
    await repo.sandboxApp(this.db);
  }

  /** The app of an app key (remembered: an app never changes). */
  async app(appKey: string): Promise<repo.SandboxApp | undefined> {
    const known = this.apps.get(appKey);
    if (known) return known;
    const found = await repo.appByKey(this.db, appKey);
    if (found && this.apps.size < 100) this.apps.set(appKey, found);
    return found;
  }

  /**
   * The shop of a cipher, for who owns it, its region and time zone (remembered). Its
   * quota and limits are read from its locked row where they decide.
   */
  async shopByCipher(cipher: string): Promise<repo.SandboxShop | undefined> {
    const known = this.shopsByCipher.get(cipher);
    if (known) return known;
    const found = await repo.shopByCipher(this.db, cipher);
    if (found) this.shopsByCipher.set(cipher, found);
    return found;
  }

  async credentials(): Promise<TikTokShopSandboxCredentials> {
    const app = await repo.sandboxApp(this.db);
    return { appKey: app.appKey, appSecret: app.appSecret, serviceId: app.serviceId };
  }

  configure(changes: Partial<TikTokShopSandboxSettings>): TikTokShopSandboxSettings {
    Object.assign(this.settings, changes);
    this.limiter.reset();
    return { ...this.settings };
  }

  async delay(): Promise<void> {
    if (this.settings.latencyMs > 0) await sleep(this.settings.latencyMs);
  }

  /** Appends one call to the record (the query without secrets). */
  async record(call: Omit<SandboxCall, 'id'>): Promise<void> {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(call.query)) {
      if (!secretKeys.has(key)) query[key] = value;
    }
    await repo.insertCall(this.db, {
      ...call,
      query: storable(query) as Record<string, string>,
      body: call.body === undefined ? null : storable(call.body),
    });
  }

  /** The calls received, oldest first. */
  async calls(filter: SandboxCallFilter = {}): Promise<SandboxCall[]> {
    const rows = await repo.listCalls(this.db, {
      afterId: filter.afterId,
      pathPrefix: filter.pathPrefix,
      limit: Math.min(Math.max(filter.limit ?? 1000, 1), 10_000),
    });
    return rows.map((row) => ({ ...row, query: row.query as Record<string, string> }));
  }

  /** The seller removes the app's access: its tokens answer 105001, its refresh 36004005. */
  async revoke(sellerKey: string): Promise<number> {
    if (!sellerByKey(sellerKey)) throw new Error(`no sandbox seller ${sellerKey}`);
    return repo.revokeSeller(this.db, sellerKey, this.now());
  }

  /**
   * Ends the seller's tokens early: access tokens expire `inSeconds` from now (0: now), and
   * the refresh token too when asked.
   */
  async expireTokens(
    sellerKey: string,
    options: { inSeconds?: number; refreshToken?: boolean } = {},
  ): Promise<number> {
    if (!sellerByKey(sellerKey)) throw new Error(`no sandbox seller ${sellerKey}`);
    const at = new Date(this.now().getTime() + (options.inSeconds ?? 0) * 1000);
    return repo.expireSellerTokens(this.db, sellerKey, {
      accessAt: at,
      refreshAt: options.refreshToken ? at : null,
    });
  }

  async shops() {
    return repo.allShops(this.db);
  }

  async products(shopId: string) {
    return repo.productsOfShop(this.db, shopId);
  }

  async setShopLimits(shopId: string, limits: Partial<ShopLimits>) {
    return repo.updateShop(this.db, shopId, {
      ...(limits.weeklyQuota !== undefined ? { weeklyQuota: limits.weeklyQuota } : {}),
      ...(limits.starterPack !== undefined ? { starterPackRemaining: limits.starterPack } : {}),
      ...(limits.dailyCollaborationLimit !== undefined
        ? { dailyCollaborationLimit: limits.dailyCollaborationLimit }
        : {}),
      ...(limits.dailyCreatorLimit !== undefined
        ? { dailyCreatorLimit: limits.dailyCreatorLimit }
        : {}),
      ...(limits.followerLimit !== undefined ? { followerLimit: limits.followerLimit } : {}),
    });
  }

  /** The creators answered the shop: contacting them again uses no quota. */
  async connectCreators(shopId: string, creatorOpenIds: string[]): Promise<void> {
    await repo.markConnected(this.db, shopId, creatorOpenIds);
  }

  /**
   * What a creator invited to a collaboration will do (answer, sample, content, orders), as
   * planned when the collaboration was created: for tests. Undefined when the creator is not
   * in that collaboration.
   */
  async creatorPlan(collaborationId: string, creatorOpenId: string) {
    return loop.creatorPlanOf(this, collaborationId, creatorOpenId);
  }

  /** When the creator's next reply in a conversation comes, and what the rule drew for it. */
  async replyPlan(conversationId: string) {
    return loop.replyPlanOf(this, conversationId);
  }
}
