import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../db/client.ts';
import * as repo from './repository.ts';
import { storable } from './json.ts';
import { defaultShopLimits, shopSeed, type ShopLimits } from './world.ts';

export interface Clock {
  now(): Date;
}

/** What tests and the bench may change while the sandbox runs (control route, or in code). */
export interface DoudianSandboxSettings {
  /** Added before every platform answer. */
  latencyMs: number;
  /** Calls per second per app, shop and method (0: no limit); beyond it 60000. Chosen. */
  rateLimitPerSecond: number;
  /** Chosen: 7 days (the SDK sample's `expires_in` 530808 is a token some days old). */
  accessTokenTtlSeconds: number;
  /** Chosen: 14 days. */
  refreshTokenTtlSeconds: number;
  /** "code的有效期为10分钟" (dop.token-generate-failed:code-expired). */
  authCodeTtlSeconds: number;
  /** Methods the sandbox app holds no permission for (30001 isv.app-permissions-insufficient). */
  deniedMethods: string[];
}

export const defaultSandboxSettings: DoudianSandboxSettings = {
  latencyMs: 0,
  rateLimitPerSecond: 50,
  accessTokenTtlSeconds: 7 * 24 * 3600,
  refreshTokenTtlSeconds: 14 * 24 * 3600,
  authCodeTtlSeconds: 10 * 60,
  deniedMethods: [],
};

/** Where our server serves the sandbox (DESIGN.md "Platforms", issue 17). */
export const DOUDIAN_SANDBOX_BASE = '/sandbox/doudian';

export interface DoudianSandboxOptions {
  db: Database;
  /** The path prefix every sandbox route lives under ('' standalone at the root). */
  basePath?: string;
  /** The sandbox app's redirect URL (ours: PUBLIC_URL/api/v1/platforms/doudian/oauth/callback). */
  redirectUrl: string;
  clock?: Clock;
  settings?: Partial<DoudianSandboxSettings>;
  shopLimits?: Partial<ShopLimits>;
}

/** One call the sandbox received, secrets left out. */
export interface SandboxCall {
  id: number;
  at: Date;
  httpMethod: string;
  path: string;
  /** The `method` parameter (`buyin.orienPlanAuthorsAdd`), when one came. */
  apiMethod: string | null;
  query: Record<string, string>;
  /** The business parameters (param_json parsed), or the authorization form. */
  params: unknown;
  code: number | null;
  subCode: string | null;
  httpStatus: number;
  appKey: string | null;
  shopId: string | null;
}

export interface SandboxCallFilter {
  afterId?: number;
  /** Only calls of this `method` (`buyin.orienPlanAuthorsAdd`). */
  apiMethod?: string;
  limit?: number;
}

export interface DoudianSandboxCredentials {
  appKey: string;
  appSecret: string;
  serviceId: string;
}

/** Query keys never written to the record of calls. */
const secretKeys = new Set([
  'access_token',
  'sign',
  'code',
  'refresh_token',
  'app_secret',
  'param_json',
]);

/**
 * The sandbox's state and knobs. Its routes read and change the database through
 * repository.ts; this object holds what lives in the process: settings, rate windows, clock.
 */
export class DoudianSandbox {
  readonly db: Database;
  readonly basePath: string;
  readonly redirectUrl: string;
  readonly clock: Clock;
  readonly settings: DoudianSandboxSettings;
  readonly shopLimits: ShopLimits;
  private windows = new Map<string, { second: number; used: number }>();

  constructor(options: DoudianSandboxOptions) {
    this.db = options.db;
    this.basePath = (options.basePath ?? DOUDIAN_SANDBOX_BASE).replace(/\/$/, '');
    this.redirectUrl = options.redirectUrl;
    this.clock = options.clock ?? { now: () => new Date() };
    this.settings = { ...defaultSandboxSettings, ...options.settings };
    this.shopLimits = { ...defaultShopLimits, ...options.shopLimits };
  }

  now(): Date {
    return this.clock.now();
  }

  /** Seeds the shops and products and creates the sandbox app (idempotent). */
  async prepare(): Promise<void> {
    await repo.seedWorld(this.db, this.shopLimits);
    await repo.sandboxApp(this.db);
  }

  async credentials(): Promise<DoudianSandboxCredentials> {
    const app = await repo.sandboxApp(this.db);
    return { appKey: app.appKey, appSecret: app.appSecret, serviceId: app.serviceId };
  }

  configure(changes: Partial<DoudianSandboxSettings>): DoudianSandboxSettings {
    Object.assign(this.settings, changes);
    this.windows.clear();
    return { ...this.settings, deniedMethods: [...this.settings.deniedMethods] };
  }

  /** One call of the window (app, shop, method, second): false when the limit is reached. */
  take(key: string, atMs: number): boolean {
    const limit = this.settings.rateLimitPerSecond;
    if (limit <= 0) return true;
    const second = Math.floor(atMs / 1000);
    const window = this.windows.get(key);
    if (!window || window.second !== second) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(key, { second, used: 1 });
      return true;
    }
    if (window.used >= limit) return false;
    window.used += 1;
    return true;
  }

  async delay(): Promise<void> {
    if (this.settings.latencyMs > 0) await sleep(this.settings.latencyMs);
  }

  async record(call: Omit<SandboxCall, 'id'>): Promise<void> {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(call.query))
      if (!secretKeys.has(key)) query[key] = value;
    // token.create's `code` and token.refresh's `refresh_token` travel in the parameters.
    let params = call.params;
    if (params && typeof params === 'object' && !Array.isArray(params)) {
      params = { ...(params as Record<string, unknown>) };
      for (const key of secretKeys)
        if (key in (params as Record<string, unknown>))
          (params as Record<string, unknown>)[key] = '[redacted]';
    }
    await repo.insertCall(this.db, {
      ...call,
      query: storable(query),
      params: params === undefined ? null : storable(params),
    });
  }

  /** The calls received, oldest first. */
  async calls(filter: SandboxCallFilter = {}): Promise<SandboxCall[]> {
    const rows = await repo.listCalls(this.db, {
      afterId: filter.afterId,
      apiMethod: filter.apiMethod,
      limit: Math.min(Math.max(filter.limit ?? 1000, 1), 10_000),
    });
    return rows.map((row) => ({ ...row, query: row.query as Record<string, string> }));
  }

  /** The shop closes the app's authorization: its tokens answer 30001, its refresh fails. */
  async revoke(shopId: string): Promise<number> {
    if (!shopSeed(shopId)) throw new Error(`no sandbox shop ${shopId}`);
    return repo.revokeShop(this.db, shopId, this.now());
  }

  /** Ends the shop's access tokens `inSeconds` from now (0: now), and refresh tokens if asked. */
  async expireTokens(
    shopId: string,
    options: { inSeconds?: number; refreshToken?: boolean } = {},
  ): Promise<number> {
    if (!shopSeed(shopId)) throw new Error(`no sandbox shop ${shopId}`);
    const at = new Date(this.now().getTime() + (options.inSeconds ?? 0) * 1000);
    return repo.expireShopTokens(this.db, shopId, at, options.refreshToken === true);
  }

  async shops() {
    return repo.allShops(this.db);
  }

  async products(shopId: string) {
    return repo.productsOfShop(this.db, shopId);
  }

  async setShopLimits(shopId: string, limits: Partial<ShopLimits>) {
    return repo.updateShop(this.db, shopId, limits);
  }
}
