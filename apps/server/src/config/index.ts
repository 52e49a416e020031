import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../server-root.ts';

/**
 * All configuration, read from the environment once at start and validated here.
 * Nothing else reads process.env (STYLE.md habit 7).
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'REDIS_KEY_PREFIX: 1-64 letters, digits, ":", "_" or "-"')
    .default('inviteflow'),
  LIST_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default('false'),
  CONSOLE_DIR: z.string().optional(),
  SMS_PROVIDER: z.enum(['console', 'aliyun']).default('console'),
  SMS_GLOBAL_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'alipay']).default('sandbox'),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().optional(),
  // TikTok Shop's Open API (issue 16): the app registered in Partner Center, and the addresses
  // of the platform. Without the three credentials the embedded sandbox stands behind them.
  TIKTOK_SHOP_APP_KEY: z.string().trim().min(1).optional(),
  TIKTOK_SHOP_APP_SECRET: z.string().trim().min(1).optional(),
  TIKTOK_SHOP_SERVICE_ID: z.string().trim().min(1).optional(),
  // https://partner.tiktokshop.com/docv2/page/sign-your-api-request (the API host);
  // https://partner.tiktokshop.com/docv2/page/authorization-overview-202407 (token host,
  // authorization page). Any implementation of the documented protocol may stand behind them.
  TIKTOK_SHOP_API_BASE: z.string().url().default('https://open-api.tiktokglobalshop.com'),
  TIKTOK_SHOP_AUTH_BASE: z.string().url().default('https://auth.tiktok-shops.com'),
  TIKTOK_SHOP_AUTHORIZE_URL: z
    .string()
    .url()
    .default('https://services.tiktokshop.com/open/authorize'),
  // 抖店开放平台 (issue 17): the tool app registered on op.jinritemai.com (app key, app secret)
  // and its service in the service market (service id). Without the three the embedded
  // sandbox stands behind them. Gateway: https://op.jinritemai.com/docs/guide-docs/10/23
  // ("API调用指南": https://openapi-fxg.jinritemai.com); authorization page
  // https://fuwu.jinritemai.com/authorize?service_id=…&state=… (github:minibear2021/doudian
  // doudian/core.py build_auth_url).
  DOUDIAN_APP_KEY: z.string().trim().min(1).optional(),
  DOUDIAN_APP_SECRET: z.string().trim().min(1).optional(),
  DOUDIAN_SERVICE_ID: z.string().trim().min(1).optional(),
  DOUDIAN_API_BASE: z.string().url().default('https://openapi-fxg.jinritemai.com'),
  DOUDIAN_AUTHORIZE_URL: z.string().url().default('https://fuwu.jinritemai.com/authorize'),
  // The executor of platform actions (modules/platforms/actions): actions run at once by a
  // replica, and calls a second to one shop by a replica (TikTok Shop allows 50 per API per
  // app and shop: keep replicas × this under it).
  PLATFORM_ACTIONS_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(32),
  // Page packs stopped by configuration (issue 17): comma-separated `<pack id>@<version>` or
  // `<pack id>` (every version). A stopped pack hands out no browser action; an operator can
  // also stop one at run time (PUT /api/v1/admin/page-packs/:packId/switch).
  PAGE_PACKS_STOPPED: z
    .string()
    .regex(/^[a-z0-9.@,\s-]*$/, 'PAGE_PACKS_STOPPED: comma-separated <pack id>[@<version>]')
    .default(''),
  // Packs shipped stopped until verified on a live shop (page-packs DEFAULT_STOPPED) that the
  // operators verified with docs/platforms.md's checklist, same form. PAGE_PACKS_STOPPED and
  // the run-time switch win over it.
  PAGE_PACKS_STARTED: z
    .string()
    .regex(/^[a-z0-9.@,\s-]*$/, 'PAGE_PACKS_STARTED: comma-separated <pack id>[@<version>]')
    .default(''),
  PLATFORM_CALLS_PER_SHOP_PER_SECOND: z.coerce.number().min(0.1).max(50).default(20),
  // How often each connected shop's platform syncs read (issue 19); unset: each sync's own
  // period (a minute or more). Shorter for a demonstration or a browser test.
  PLATFORM_SYNC_PERIOD_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  DEMO_ACCOUNT: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  // https://no-color.org: any value turns colours off; FORCE_COLOR (not 0) turns them on.
  NO_COLOR: z.string().optional(),
  FORCE_COLOR: z.string().optional(),
});

/** `a@1, b` → { a: {1}, b: null (every version) }. */
function parsePackVersions(value: string): Map<string, Set<number> | null> {
  const out = new Map<string, Set<number> | null>();
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [id, version] = item.split('@') as [string, string | undefined];
    if (version === undefined) out.set(id, null);
    else if (out.get(id) !== null) {
      const versions = out.get(id) ?? new Set<number>();
      versions.add(Number(version));
      out.set(id, versions);
    }
  }
  return out;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where PGlite keeps its files and where the embedded default keeps its generated secret. */
  dataDir: string;
  /** `embedded`: PGlite in process, limits in memory. `postgres`: the production path. */
  database:
    { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolMax: number };
  redisUrl: string | null;
  /**
   * Starts every Redis key the server writes: deployments (or test runs) sharing one
   * Redis keep apart.
   */
  redisKeyPrefix: string;
  /** Memory for cached list and count answers per process, in MB; 0 turns the cache off. */
  listCacheMb: number;
  /** Master secret; token and code keys are derived from it. */
  appSecret: string;
  publicUrl: string;
  corsOrigins: string[];
  /**
   * Which peers may say who the client is (X-Forwarded-For), as Fastify's `trustProxy`
   * takes it: `false` (none: the socket's address is the client), a number of proxy hops
   * in front of the server, or the proxies' addresses and CIDR ranges. Never `true`:
   * trusting every hop takes the left-most address, which the client writes.
   */
  trustProxy: false | number | string[];
  consoleDir: string;
  sms:
    | { provider: 'console' }
    | {
        provider: 'aliyun';
        accessKeyId: string;
        accessKeySecret: string;
        signName: string;
        templateCode: string;
        /** The template of notices (the phone number changed); takes a `phone` parameter. */
        noticeTemplateCode: string;
        endpoint: string;
      };
  /** The ceiling on SMS sends per hour for the whole server (every phone, every address). */
  smsGlobalMaxPerHour: number;
  /**
   * How memberships are paid. `sandbox`: the embedded gateway served by this server
   * (keys generated once and kept in the database). `alipay`: Alipay page pay with the
   * merchant's app id and keys (PEM, PKCS#1 private key as the SDK signs with it).
   */
  payment:
    | { provider: 'sandbox' }
    | {
        provider: 'alipay';
        appId: string;
        privateKey: string;
        alipayPublicKey: string;
        gateway: string;
        sellerId: string | null;
      };
  /**
   * TikTok Shop's Open API. `configured`: an app of our own (key, secret, service id) talks
   * to the addresses given; otherwise the credentials are null and the embedded sandbox
   * serves the platform (see `tiktokShopEndpoints` in modules/platforms/tiktok-shop, the
   * one place that decides which endpoints and credentials are in force).
   */
  tiktokShop: {
    configured: boolean;
    appKey: string | null;
    appSecret: string | null;
    serviceId: string | null;
    /** Base of the signed Open API calls (`/authorization/202309/shops`, `/affiliate_seller/…`). */
    apiBase: string;
    /** Base of the token calls (`/api/v2/token/get`, `/api/v2/token/refresh`). */
    authBase: string;
    /** The seller's authorization page (`?service_id=…&state=…`). */
    authorizeUrl: string;
  };
  /**
   * 抖店开放平台. `configured`: a tool app of our own (key, secret, service id) talks to the
   * addresses given; otherwise the credentials are null and the embedded sandbox
   * (modules/platforms/doudian-sandbox, under /sandbox/doudian) serves the platform.
   */
  doudian: {
    configured: boolean;
    appKey: string | null;
    appSecret: string | null;
    serviceId: string | null;
    /** Base of the gateway (`/token/create`, `/buyin/…` with `method=…` in the query). */
    apiBase: string;
    /** The seller's authorization page in the service market (`?service_id=…&state=…`). */
    authorizeUrl: string;
  };
  /** The executor of platform actions: its concurrency, per replica. */
  platformActions: { concurrency: number };
  /**
   * Every call of this replica to the platforms (the executor's, the syncs', the routes'): at
   * most this many a second per shop and API (platforms/connections/call-limiter.ts).
   */
  platformCalls: { callsPerShopPerSecond: number };
  /** The platform syncs' period per shop and kind (null: each kind's own). */
  platformSync: { periodMs: number | null };
  /**
   * Page packs stopped, and packs shipped stopped but started, by configuration: pack id →
   * versions (null: every version).
   */
  pagePacks: {
    stopped: ReadonlyMap<string, ReadonlySet<number> | null>;
    started: ReadonlyMap<string, ReadonlySet<number> | null>;
  };
  demoAccount: boolean;
  logLevel: string;
  /**
   * `pretty`: a line a person reads (one per request) on the terminal, the embedded
   * default's. `json`: pino's JSON lines, one object per event, for log collectors (the
   * production path: DATABASE_URL or NODE_ENV=production).
   */
  logFormat: 'json' | 'pretty';
  /** Colours in the pretty log: null leaves it to whether the output is a terminal. */
  logColor: boolean | null;
}

export class ConfigError extends Error {}

/**
 * Reads the secret the embedded default keeps under DATA_DIR, creating it on
 * first start, so tokens survive restarts without any set-up.
 */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** proxy-addr's names for reserved ranges, accepted by Fastify's `trustProxy` beside addresses. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: `false` (or unset, or 0), a hop count, or a comma-separated list of the
 * proxies' addresses and ranges. `true` trusted every hop, so the left-most
 * X-Forwarded-For, written by the client, became its address (issue 15, F5): refused.
 */
function trustProxyConfig(value: string): Config['trustProxy'] {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') {
    throw new ConfigError(
      'TRUST_PROXY=true is no longer accepted: trusting every hop lets a client choose its own ' +
        'address with X-Forwarded-For. Give the number of proxies in front of the server ' +
        '(TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 16) throw new ConfigError('TRUST_PROXY: a hop count from 0 to 16');
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (!entries.length || wrong.length) {
    throw new ConfigError(
      `TRUST_PROXY: expected false, a hop count, or proxy addresses and CIDR ranges; not ${wrong.join(', ') || value}`,
    );
  }
  return entries;
}

/** Environment values often carry a PEM's line breaks as `\\n`. */
function keyText(value: string): string {
  return value.replace(/\\n/g, '\n').trim();
}

/** A key given as PEM, or as the bare base64 the Alipay key tool shows (DER). */
function readKey(value: string, kind: 'private' | 'public'): KeyObject {
  const text = keyText(value);
  if (text.startsWith('-----BEGIN')) {
    return kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
  }
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (kind === 'public') return createPublicKey({ key: der, format: 'der', type: 'spki' });
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

function paymentConfig(e: z.output<typeof envSchema>): Config['payment'] {
  if (e.PAYMENT_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  const missing = (['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const).filter(
    (key) => !e[key],
  );
  if (missing.length) throw new ConfigError(`PAYMENT_PROVIDER=alipay needs ${missing.join(', ')}`);
  let privateKey: KeyObject;
  let publicKey: KeyObject;
  try {
    privateKey = readKey(e.ALIPAY_PRIVATE_KEY!, 'private');
  } catch {
    throw new ConfigError('ALIPAY_PRIVATE_KEY is not a readable RSA private key (PEM or base64)');
  }
  try {
    publicKey = readKey(e.ALIPAY_PUBLIC_KEY!, 'public');
  } catch {
    throw new ConfigError('ALIPAY_PUBLIC_KEY is not a readable RSA public key (PEM or base64)');
  }
  if (privateKey.asymmetricKeyType !== 'rsa' || publicKey.asymmetricKeyType !== 'rsa') {
    throw new ConfigError('ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY must be RSA keys (RSA2)');
  }
  return {
    provider: 'alipay',
    appId: e.ALIPAY_APP_ID!.trim(),
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    alipayPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    gateway: e.ALIPAY_GATEWAY,
    sellerId: e.ALIPAY_SELLER_ID?.trim() || null,
  };
}

/** 抖店: all three credentials or none (none: the embedded sandbox), as for TikTok Shop. */
function doudianConfig(e: z.output<typeof envSchema>): Config['doudian'] {
  const names = ['DOUDIAN_APP_KEY', 'DOUDIAN_APP_SECRET', 'DOUDIAN_SERVICE_ID'] as const;
  const given = names.filter((name) => e[name]);
  if (given.length > 0 && given.length < names.length) {
    const missing = names.filter((name) => !e[name]);
    throw new ConfigError(
      `抖店 needs ${missing.join(', ')} beside ${given.join(', ')} (or none of them for the sandbox)`,
    );
  }
  return {
    configured: given.length === names.length,
    appKey: e.DOUDIAN_APP_KEY ?? null,
    appSecret: e.DOUDIAN_APP_SECRET ?? null,
    serviceId: e.DOUDIAN_SERVICE_ID ?? null,
    apiBase: e.DOUDIAN_API_BASE.replace(/\/+$/, ''),
    authorizeUrl: e.DOUDIAN_AUTHORIZE_URL,
  };
}

/**
 * TikTok Shop: all three credentials or none (none: the embedded sandbox). A half-set app
 * would fail at the first seller's authorization, so it is refused at start.
 */
function tiktokShopConfig(e: z.output<typeof envSchema>): Config['tiktokShop'] {
  const names = [
    'TIKTOK_SHOP_APP_KEY',
    'TIKTOK_SHOP_APP_SECRET',
    'TIKTOK_SHOP_SERVICE_ID',
  ] as const;
  const given = names.filter((name) => e[name]);
  if (given.length > 0 && given.length < names.length) {
    const missing = names.filter((name) => !e[name]);
    throw new ConfigError(
      `TikTok Shop needs ${missing.join(', ')} beside ${given.join(', ')} (or none of them for the sandbox)`,
    );
  }
  const trimBase = (url: string) => url.replace(/\/+$/, '');
  return {
    configured: given.length === names.length,
    appKey: e.TIKTOK_SHOP_APP_KEY ?? null,
    appSecret: e.TIKTOK_SHOP_APP_SECRET ?? null,
    serviceId: e.TIKTOK_SHOP_SERVICE_ID ?? null,
    apiBase: trimBase(e.TIKTOK_SHOP_API_BASE),
    authBase: trimBase(e.TIKTOK_SHOP_AUTH_BASE),
    authorizeUrl: e.TIKTOK_SHOP_AUTHORIZE_URL,
  };
}

/**
 * @param env the environment (process.env in production)
 * @param baseDir the directory relative paths are resolved against (where npm was run)
 */
export function loadConfig(env: Record<string, string | undefined>, baseDir = repoRoot): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const trustProxy = trustProxyConfig(e.TRUST_PROXY);
  const dataDir = path.resolve(baseDir, e.DATA_DIR);
  // The embedded default generates its secret; production must bring its own.
  if ((e.DATABASE_URL || e.NODE_ENV === 'production') && !e.APP_SECRET) {
    throw new ConfigError(
      'APP_SECRET (at least 32 characters) is required in production (DATABASE_URL or NODE_ENV=production)',
    );
  }

  let sms: Config['sms'] = { provider: 'console' };
  if (e.SMS_PROVIDER === 'aliyun') {
    const missing = (
      [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
        // The old number must hear of a phone change; without a template it could not.
        'ALIYUN_SMS_NOTICE_TEMPLATE_CODE',
      ] as const
    ).filter((key) => !e[key]);
    if (missing.length) throw new ConfigError(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
    sms = {
      provider: 'aliyun',
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: e.ALIYUN_SMS_SIGN_NAME!,
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE!,
      noticeTemplateCode: e.ALIYUN_SMS_NOTICE_TEMPLATE_CODE!,
      endpoint: e.ALIYUN_SMS_ENDPOINT,
    };
  }

  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    listCacheMb: e.LIST_CACHE_MB,
    appSecret: e.APP_SECRET ?? embeddedSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy,
    consoleDir: e.CONSOLE_DIR
      ? path.resolve(baseDir, e.CONSOLE_DIR)
      : path.join(repoRoot, 'apps/console/dist'),
    sms,
    smsGlobalMaxPerHour: e.SMS_GLOBAL_MAX_PER_HOUR,
    payment: paymentConfig(e),
    tiktokShop: tiktokShopConfig(e),
    doudian: doudianConfig(e),
    pagePacks: {
      stopped: parsePackVersions(e.PAGE_PACKS_STOPPED),
      started: parsePackVersions(e.PAGE_PACKS_STARTED),
    },
    platformActions: { concurrency: e.PLATFORM_ACTIONS_CONCURRENCY },
    platformCalls: { callsPerShopPerSecond: e.PLATFORM_CALLS_PER_SHOP_PER_SECOND },
    platformSync: {
      periodMs: e.PLATFORM_SYNC_PERIOD_SECONDS ? e.PLATFORM_SYNC_PERIOD_SECONDS * 1000 : null,
    },
    demoAccount: e.DEMO_ACCOUNT ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.DATABASE_URL || e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    logColor:
      e.NO_COLOR !== undefined && e.NO_COLOR !== ''
        ? false
        : e.FORCE_COLOR !== undefined && e.FORCE_COLOR !== '0'
          ? true
          : null,
  };
}

/** The directory a relative DATA_DIR means: where `npm start` was typed. */
export function launchDir(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

export function loadConfigFromProcess(): Config {
  return loadConfig(process.env, launchDir());
}
