import { DoudianClient, type DoudianClientOptions } from './client.ts';

/**
 * Which 抖店开放平台 stands behind the client, decided in one place: the app configured by
 * DOUDIAN_* (the real platform, or any implementation of the documented protocol), or, without
 * one, the embedded sandbox this server serves under `/sandbox/doudian` with the credentials the
 * sandbox module hands out.
 */

/** Where the embedded sandbox is mounted, below PUBLIC_URL. */
export const DOUDIAN_SANDBOX_PREFIX = '/sandbox/doudian';

/** The platform's gateway (official Go SDK DoudianOpConfig; .NET SDK DouyinShopEndpoints.DEFAULT). */
export const DOUDIAN_DEFAULT_API_BASE = 'https://openapi-fxg.jinritemai.com';

/**
 * The service authorization page of 抖店服务市场: `?service_id=…&state=…` (gaigeshen/doudian
 * src/main/java/me/gaigeshen/doudian/config/Constants.java AUTHORIZE_TEMPLATE_URL; the seller
 * comes back to the app's callback with `code` and `state`).
 */
export const DOUDIAN_DEFAULT_AUTHORIZE_URL = 'https://fuwu.jinritemai.com/authorize';

/**
 * What this module needs of the configuration: the shape `config.doudian` is given when
 * DOUDIAN_APP_KEY, DOUDIAN_APP_SECRET, DOUDIAN_SERVICE_ID, DOUDIAN_API_BASE and
 * DOUDIAN_AUTHORIZE_URL are read (config/index.ts, beside `tiktokShop`).
 */
export interface DoudianSettings {
  /** An app of our own is configured (key, secret and service id all given). */
  configured: boolean;
  appKey: string | null;
  appSecret: string | null;
  serviceId: string | null;
  apiBase: string;
  authorizeUrl: string;
}

/** The app credentials the sandbox module issues (its export, injected at merge). */
export interface SandboxApp {
  appKey: string;
  appSecret: string;
  serviceId: string;
}
export type SandboxAppSource = () => Promise<SandboxApp>;

export interface DoudianApp {
  /** `platform`: the configured app and addresses; `sandbox`: the embedded sandbox. */
  mode: 'platform' | 'sandbox';
  appKey: string;
  appSecret: string;
  serviceId: string;
  apiBase: string;
  authorizeUrl: string;
}

/** Neither an app configured nor a sandbox to fall back on: connecting is not possible. */
export class DoudianUnavailableError extends Error {
  constructor() {
    super('抖店 is not configured (DOUDIAN_APP_KEY…) and no sandbox is available');
    this.name = 'DoudianUnavailableError';
  }
}

/** The effective endpoints and credentials. */
export async function doudianEndpoints(
  settings: DoudianSettings,
  publicUrl: string,
  sandbox: SandboxAppSource | null,
): Promise<DoudianApp> {
  if (settings.configured && settings.appKey && settings.appSecret && settings.serviceId) {
    return {
      mode: 'platform',
      appKey: settings.appKey,
      appSecret: settings.appSecret,
      serviceId: settings.serviceId,
      apiBase: settings.apiBase.replace(/\/+$/, ''),
      authorizeUrl: settings.authorizeUrl,
    };
  }
  if (!sandbox) throw new DoudianUnavailableError();
  const credentials = await sandbox();
  const base = `${publicUrl.replace(/\/+$/, '')}${DOUDIAN_SANDBOX_PREFIX}`;
  return {
    mode: 'sandbox',
    ...credentials,
    apiBase: base,
    authorizeUrl: `${base}/authorize`,
  };
}

/** The seller's authorization link: `…/authorize?service_id=…&state=…` (state: our CSRF token). */
export function authorizationUrl(app: DoudianApp, state: string): string {
  const url = new URL(app.authorizeUrl);
  url.searchParams.set('service_id', app.serviceId);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Extra transport settings (deadlines, sign method, a test's fetch and clock). */
export type ClientTuning = Omit<DoudianClientOptions, 'appKey' | 'appSecret' | 'apiBase'>;

/**
 * The server's handle on 抖店: resolves the endpoints once (the sandbox's credentials live in
 * the database, read on first use) and builds clients on them.
 */
export class DoudianPlatform {
  private resolved: Promise<DoudianApp> | null = null;

  constructor(
    private readonly settings: DoudianSettings,
    private readonly publicUrl: string,
    private readonly sandbox: SandboxAppSource | null,
    private readonly tuning: ClientTuning = {},
  ) {}

  /** The app in force (cached; a failed resolution is tried again next time). */
  app(): Promise<DoudianApp> {
    if (!this.resolved) {
      this.resolved = doudianEndpoints(this.settings, this.publicUrl, this.sandbox).catch(
        (error: unknown) => {
          this.resolved = null;
          throw error;
        },
      );
    }
    return this.resolved;
  }

  /** A client of the app in force; `shop`: what a shop's client adds (its turn before each call). */
  async client(shop: Pick<ClientTuning, 'beforeSend'> = {}): Promise<DoudianClient> {
    const app = await this.app();
    return new DoudianClient({
      ...this.tuning,
      ...shop,
      appKey: app.appKey,
      appSecret: app.appSecret,
      apiBase: app.apiBase,
    });
  }
}
