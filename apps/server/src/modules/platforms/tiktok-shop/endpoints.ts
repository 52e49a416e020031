import type { Config } from '../../../config/index.ts';
import { TikTokShopClient, type TikTokShopClientOptions } from './client.ts';

/**
 * Which TikTok Shop stands behind the client, decided in one place: the app configured by
 * TIKTOK_SHOP_* (the real platform, its own sandbox, or any implementation of the documented
 * protocol), or, without one, the embedded sandbox this server serves under
 * `/sandbox/tiktok-shop` with the credentials the sandbox module hands out.
 */

/** Where the embedded sandbox is mounted, below PUBLIC_URL. */
export const TIKTOK_SHOP_SANDBOX_PREFIX = '/sandbox/tiktok-shop';

/** The app credentials the sandbox module issues (its export, injected until it is merged). */
export interface SandboxApp {
  appKey: string;
  appSecret: string;
  serviceId: string;
}
export type SandboxAppSource = () => Promise<SandboxApp>;

export interface TikTokShopApp {
  /** `platform`: the configured app and addresses; `sandbox`: the embedded sandbox. */
  mode: 'platform' | 'sandbox';
  appKey: string;
  appSecret: string;
  serviceId: string;
  apiBase: string;
  authBase: string;
  authorizeUrl: string;
}

/** Neither an app configured nor a sandbox to fall back on: connecting is not possible. */
export class TikTokShopUnavailableError extends Error {
  constructor() {
    super('TikTok Shop is not configured (TIKTOK_SHOP_APP_KEY…) and no sandbox is available');
    this.name = 'TikTokShopUnavailableError';
  }
}

/** The effective endpoints and credentials. */
export async function tiktokShopEndpoints(
  settings: Config['tiktokShop'],
  publicUrl: string,
  sandbox: SandboxAppSource | null,
): Promise<TikTokShopApp> {
  if (settings.configured) {
    return {
      mode: 'platform',
      appKey: settings.appKey!,
      appSecret: settings.appSecret!,
      serviceId: settings.serviceId!,
      apiBase: settings.apiBase,
      authBase: settings.authBase,
      authorizeUrl: settings.authorizeUrl,
    };
  }
  if (!sandbox) throw new TikTokShopUnavailableError();
  const credentials = await sandbox();
  const base = `${publicUrl.replace(/\/+$/, '')}${TIKTOK_SHOP_SANDBOX_PREFIX}`;
  return {
    mode: 'sandbox',
    ...credentials,
    apiBase: base,
    authBase: base,
    authorizeUrl: `${base}/open/authorize`,
  };
}

/**
 * The seller's authorization link: `…/open/authorize?service_id=…&state=…`
 * (developer-guide/get-started/authorization/authorization-guide-202309, "Generating an
 * authorization link"; the state is our CSRF token).
 */
export function authorizationUrl(app: TikTokShopApp, state: string): string {
  const url = new URL(app.authorizeUrl);
  url.searchParams.set('service_id', app.serviceId);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Extra transport settings (deadlines, a test's fetch and clock). */
export type ClientTuning = Omit<
  TikTokShopClientOptions,
  'appKey' | 'appSecret' | 'apiBase' | 'authBase'
>;

/**
 * The server's handle on TikTok Shop: resolves the endpoints once (the sandbox's credentials
 * live in the database, read on first use) and builds clients on them.
 */
export class TikTokShopPlatform {
  private resolved: Promise<TikTokShopApp> | null = null;

  constructor(
    private readonly settings: Config['tiktokShop'],
    private readonly publicUrl: string,
    private readonly sandbox: SandboxAppSource | null,
    private readonly tuning: ClientTuning = {},
  ) {}

  /** The app in force (cached; a failed resolution is tried again next time). */
  app(): Promise<TikTokShopApp> {
    if (!this.resolved) {
      this.resolved = tiktokShopEndpoints(this.settings, this.publicUrl, this.sandbox).catch(
        (error: unknown) => {
          this.resolved = null;
          throw error;
        },
      );
    }
    return this.resolved;
  }

  /** A client of the app in force; `shop`: what a shop's client adds (its turn before each call). */
  async client(shop: Pick<ClientTuning, 'beforeSend'> = {}): Promise<TikTokShopClient> {
    const app = await this.app();
    return new TikTokShopClient({
      ...this.tuning,
      ...shop,
      appKey: app.appKey,
      appSecret: app.appSecret,
      apiBase: app.apiBase,
      authBase: app.authBase,
    });
  }
}
