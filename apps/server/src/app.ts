// Both languages answer: the English catalogue joins the Chinese default.
import '@inviteflow/contract/en-US';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config/index.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { JobRunner, type Job } from './lib/jobs.ts';
import { PrettyLogStream } from './lib/pretty-log.ts';
import { REDACTED, serializeRequest } from './lib/request-log.ts';
import { ListCache, RedisDataVersions, memoryDataVersions } from './lib/list-cache.ts';
import { Limits, defaultLimitRules, type LimitRules } from './lib/limits.ts';
import { DatabaseRevocations, RedisRevocations, type RevocationStore } from './lib/revocations.ts';
import { TokenService } from './lib/tokens.ts';
import {
  MemoryEphemeralStore,
  RedisEphemeralStore,
  type EphemeralStore,
} from './lib/ephemeral-store.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { createSmsProvider, type SmsProvider } from './modules/auth/sms-provider.ts';
import { blacklistRoutes } from './modules/talents/blacklist-routes.ts';
import { extensionRoutes } from './modules/extension/routes.ts';
import { pagePackRoutes } from './modules/platforms/page-packs/index.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { inviteRoutes } from './modules/invite/routes.ts';
import { postMembershipNotices } from './modules/membership/notices.ts';
import { MembershipOrders } from './modules/membership/orders.ts';
import { expireOverdueOrders } from './modules/membership/orders-repository.ts';
import { planName } from './modules/membership/plans.ts';
import { membershipRoutes } from './modules/membership/routes.ts';
import { settlePayment } from './modules/membership/settle.ts';
import { paymentNotifyRoutes } from './modules/payments/notify-routes.ts';
import { sandboxGatewayRoutes } from './modules/payments/sandbox/routes.ts';
import { deliverDueNotifications } from './modules/payments/sandbox/trades.ts';
import { Payments } from './modules/payments/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { productTemplateRoutes, scriptTemplateRoutes } from './modules/templates/routes.ts';
import { talentFileRoutes, talentImportRoutes } from './modules/talents/file-routes.ts';
import { talentRoutes } from './modules/talents/routes.ts';
import { affiliateOrderRoutes } from './modules/affiliate-orders/index.ts';
import {
  sendRecordFileRoutes,
  sendRecordImportRoutes,
} from './modules/send-records/file-routes.ts';
import {
  hasCreatedRecords,
  runFollowUps,
  type TaskActionCompiler,
} from './modules/send-records/index.ts';
import { sendRecordRoutes } from './modules/send-records/routes.ts';
import { expireShopsBeyondLimits } from './modules/shops/service.ts';
import { shopRoutes } from './modules/shops/routes.ts';
import {
  doudianSandboxCredentials,
  registerDoudianSandbox,
} from './modules/platforms/doudian-sandbox/index.ts';
import {
  DoudianPlatform,
  type ClientTuning as DoudianClientTuning,
  type SandboxAppSource as DoudianSandboxAppSource,
} from './modules/platforms/doudian/index.ts';
import {
  registerTikTokShopSandbox,
  tiktokShopSandboxCredentials,
} from './modules/platforms/tiktok-shop-sandbox/index.ts';
import { profileRoutes } from './modules/user/routes.ts';
import { PlatformConnections, connectionRoutes } from './modules/platforms/connections/index.ts';
import {
  PlatformSync,
  sampleReviewer,
  syncKinds,
  tiktokConversationPlatform,
} from './modules/platforms/sync/index.ts';
import { conversationRoutes } from './modules/conversations/index.ts';
import { Samples, sampleRoutes } from './modules/samples/index.ts';
import {
  CreatorMarketplace,
  creatorMarketplaceRoutes,
} from './modules/platforms/creator-marketplace/index.ts';
import {
  PlatformActionExecutor,
  liftAuthorizationPauses,
  browserActionRoutes,
  adoptLegacyBrowserRecords,
  compileBrowserActions,
  compileTaskActions,
  followUpMessenger,
  lapseBrowserActions,
  platformActionRoutes,
  shopPauses,
} from './modules/platforms/actions/index.ts';
import {
  TikTokShopPlatform,
  type ClientTuning,
  type SandboxAppSource,
} from './modules/platforms/tiktok-shop/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { consoleStaticPlugin } from './plugins/console-static.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { recoverLapsedImports } from './modules/talents/import-journal.ts';
import { listCachePlugin } from './plugins/list-cache.ts';
import { securityPlugin } from './plugins/security.ts';
import { textInputPlugin } from './plugins/text-input.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    redis: Redis | null;
    tokens: TokenService;
    limits: Limits;
    revocations: RevocationStore;
    sms: SmsProvider;
    authService: AuthService;
    ephemeral: EphemeralStore;
    payments: Payments;
    membershipOrders: MembershipOrders;
    /** Background jobs; each callable directly (`jobs.find(name).run(now)`), scheduled by `start()`. */
    jobs: JobRunner;
    /** The time rules are decided at (leases, cool-downs, bind times); tests move it. */
    clock: Clock;
    /** TikTok Shop's Open API: the endpoints and credentials in force, and clients on them. */
    tiktokShop: TikTokShopPlatform;
    /** 抖店开放平台: the endpoints and credentials in force (its app or the sandbox), and clients. */
    doudian: DoudianPlatform;
    /** Shops connected by a platform's authorization (OAuth), their tokens and refresh. */
    connections: PlatformConnections;
    /** Runs the platform actions of shops connected by authorization (a job; tests drain it). */
    platformActions: PlatformActionExecutor;
    /** Reads what happened after invitations on connected shops (a job; tests run its passes). */
    platformSync: PlatformSync;
    /** Every route as registered (method, url, config, schema): the security suite walks it. */
    routeTable: readonly RouteOptions[];
  }
}

export type { Clock };

export type App = FastifyInstance;

export interface BuildOptions {
  config: Config;
  /** An open, migrated database. The app does not close it: its owner does. */
  database: DatabaseHandle;
  redis?: Redis | null;
  limitRules?: Partial<LimitRules>;
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
  clock?: Clock;
  /**
   * The embedded TikTok Shop sandbox's app credentials, used when no TikTok Shop app is
   * configured (the sandbox module provides them; null: no sandbox, connecting is refused).
   */
  tiktokShopSandbox?: SandboxAppSource | null;
  /** TikTok Shop transport settings (deadlines; a test's clock). */
  tiktokShopTuning?: ClientTuning;
  /** The embedded 抖店 sandbox's app credentials when no 抖店 app is configured (null: none). */
  doudianSandbox?: DoudianSandboxAppSource | null;
  /** 抖店 transport settings (deadlines; a test's clock). */
  doudianTuning?: DoudianClientTuning;
}

/** Paths whose values must never reach a log line. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.oldPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.access_token',
  '*.refresh_token',
  '*.token',
];

/**
 * The server's logger: pino's JSON lines, secrets redacted, written to `stream` when one is
 * given (the pretty log for a person: `PrettyLogStream`), else to stdout as JSON.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: redactedLogPaths, censor: REDACTED },
    // The URL of a one-time download link holds its token: logged without it.
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

/** The logger `config` asks for: JSON lines, or the pretty log on this process's stdout. */
export function configuredLogger(config: Config): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') return loggerOptions(config.logLevel);
  const color = config.logColor ?? Boolean(process.stdout.isTTY);
  return loggerOptions(config.logLevel, new PrettyLogStream(process.stdout, { color }));
}

const MINUTE_MS = 60_000;
/** The platform token refresh job's period: far inside the day it renews tokens ahead. */
const PLATFORM_TOKEN_REFRESH_EVERY_MS = 10 * MINUTE_MS;
/** Due platform actions are picked up within this (a task's first call follows its creation soon). */
const PLATFORM_ACTIONS_EVERY_MS = 1_000;
/** Due platform syncs are looked for this often (each kind has its own period per shop). */
const PLATFORM_SYNC_EVERY_MS = 5_000;
/** The job that rolls back imports whose process died (main.ts runs it at start on PGlite). */
export const IMPORT_RECOVERY_JOB = 'import-recovery';

/**
 * TRUST_PROXY as Fastify takes it. Addresses and ranges go as they are (proxy-addr trusts
 * exactly those peers). A hop count becomes a function trusting the nearest `hops`
 * addresses, whoever they are: Fastify itself now ignores a bare number (it cannot check
 * the peer), so the count is honoured only here, and the README says to use it only when
 * clients cannot reach the server but through the proxies.
 */
function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address, hop) => hop < hops;
}

/**
 * The background jobs, each safe with several replicas: unpaid orders expire after
 * their window, pending orders are reconciled with the gateway, membership expiry
 * messages are posted, shops beyond a lapsed plan's limit expire, send records whose
 * claim lapsed return to pending, imports whose process died are rolled back, and the
 * sandbox gateway retries its notifications.
 */
function backgroundJobs(app: FastifyInstance): Job[] {
  const jobs: Job[] = [
    { name: 'expire-orders', everyMs: MINUTE_MS, run: (now) => expireOverdueOrders(app.db, now) },
    {
      name: 'reconcile-orders',
      everyMs: MINUTE_MS,
      run: (now) => app.membershipOrders.reconcileDue(now),
    },
    {
      name: 'membership-notices',
      everyMs: 10 * MINUTE_MS,
      run: (now) => postMembershipNotices(app.db, now),
    },
    {
      name: 'shop-expiry',
      everyMs: 10 * MINUTE_MS,
      run: (now) => expireShopsBeyondLimits(app.db, now),
    },
    {
      // Records of the retired record-by-record claim (before issue 17) get browser actions.
      name: 'legacy-browser-records',
      everyMs: MINUTE_MS,
      run: async (now) => {
        const accounts = await adoptLegacyBrowserRecords(app.db, now);
        await app.listCache.changed(accounts);
        return accounts.length;
      },
    },
    {
      // Browser actions whose browser went away: back to pending, or unknown when started.
      name: 'browser-leases',
      everyMs: MINUTE_MS,
      run: async (now) => {
        const accounts = await lapseBrowserActions(app.db, now);
        await app.listCache.changed(accounts);
        return accounts.length;
      },
    },
    {
      name: 'platform-token-refresh',
      everyMs: PLATFORM_TOKEN_REFRESH_EVERY_MS,
      run: (now) => app.connections.refreshDue(now),
    },
    {
      // Each pass runs every due action (a pass still running skips the next tick).
      name: 'platform-actions',
      everyMs: PLATFORM_ACTIONS_EVERY_MS,
      run: () => app.platformActions.drain(() => app.clock.now()),
    },
    {
      name: 'platform-sync',
      everyMs: PLATFORM_SYNC_EVERY_MS,
      run: () => app.platformSync.runDue(),
    },
    {
      // Follow-ups for non-responders (issue 19): due creators messaged through the platform
      // (send-records' job, platforms' messenger).
      name: 'follow-ups',
      everyMs: MINUTE_MS,
      run: (now) => runFollowUps(app.db, followUpMessenger(app.connections), now),
    },
    {
      name: IMPORT_RECOVERY_JOB,
      everyMs: MINUTE_MS,
      run: async (now) => {
        const accounts = await recoverLapsedImports(app.db, now, () => app.clock.now());
        await app.listCache.changed(accounts);
        return accounts.length;
      },
    },
  ];
  if (app.config.payment.provider === 'sandbox') {
    jobs.push({
      name: 'sandbox-notifications',
      everyMs: MINUTE_MS,
      run: (now) => deliverDueNotifications(app, now),
    });
  }
  return jobs;
}

/** Builds the whole API (and the console's static files) on the given database. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const redis = options.redis ?? null;
  const app = Fastify({
    logger: options.logger ?? configuredLogger(config),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Query strings like ?ids=1&ids=2 arrive as arrays; no prototype tricks.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('tokens', new TokenService(config.appSecret));
  const prefix = config.redisKeyPrefix;
  app.decorate(
    'limits',
    new Limits(
      {
        ...defaultLimitRules,
        smsGlobalHour: { ...defaultLimitRules.smsGlobalHour, points: config.smsGlobalMaxPerHour },
        ...options.limitRules,
      },
      redis,
      `${prefix}:limit`,
    ),
  );
  app.decorate<RevocationStore>(
    'revocations',
    redis
      ? new RedisRevocations(redis, new DatabaseRevocations(database.db), prefix)
      : new DatabaseRevocations(database.db),
  );
  app.decorate<EphemeralStore>(
    'ephemeral',
    redis ? new RedisEphemeralStore(redis, `${prefix}:ephemeral`) : new MemoryEphemeralStore(),
  );
  app.decorate('sms', options.sms ?? createSmsProvider(config.sms, app.log));
  app.decorate<Clock>('clock', options.clock ?? { now: () => new Date() });
  app.decorate(
    'authService',
    new AuthService({
      db: database.db,
      tokens: app.tokens,
      limits: app.limits,
      revocations: app.revocations,
      sms: app.sms,
      clock: app.clock,
      log: app.log,
    }),
  );
  app.decorate('payments', new Payments({ db: database.db, config }));
  app.decorate(
    'membershipOrders',
    new MembershipOrders({ db: database.db, payments: app.payments, log: app.log }),
  );
  app.decorate(
    'tiktokShop',
    new TikTokShopPlatform(
      config.tiktokShop,
      config.publicUrl,
      // The composition root joins the client to the sandbox: neither module imports the other.
      options.tiktokShopSandbox ??
        (config.tiktokShop.configured ? null : () => tiktokShopSandboxCredentials(database.db)),
      // Calls are signed at the server's time (the clock tests move, which the sandboxes check
      // a call's timestamp against), unless a test tunes it.
      { now: () => app.clock.now().getTime(), ...options.tiktokShopTuning },
    ),
  );
  app.decorate(
    'doudian',
    new DoudianPlatform(
      config.doudian,
      config.publicUrl,
      options.doudianSandbox ??
        (config.doudian.configured ? null : () => doudianSandboxCredentials(database.db)),
      { now: () => app.clock.now().getTime(), ...options.doudianTuning },
    ),
  );
  app.decorate(
    'connections',
    new PlatformConnections({
      db: database.db,
      platform: app.tiktokShop,
      doudian: app.doudian,
      appSecret: config.appSecret,
      revocations: app.revocations,
      log: app.log,
      onAuthorized: (userId, shopIds) => liftAuthorizationPauses(database.db, userId, shopIds),
      callsPerShopPerSecond: config.platformCalls.callsPerShopPerSecond,
    }),
  );
  app.decorate(
    'platformActions',
    new PlatformActionExecutor(
      {
        db: database.db,
        connections: app.connections,
        log: app.log,
        changed: (userIds) => app.listCache.changed(userIds),
      },
      config.platformActions,
    ),
  );
  app.decorate(
    'platformSync',
    new PlatformSync({
      db: database.db,
      kinds: syncKinds({
        db: database.db,
        connections: app.connections,
        log: app.log,
        changed: (userIds) => app.listCache.changed(userIds),
      }),
      log: app.log,
      now: () => app.clock.now(),
      periodMs: config.platformSync.periodMs,
    }),
  );
  // The sync kinds the shops trigger makes cursors from, and a repair of the cursors once at
  // start-up (shops connected before the trigger); from then on binding and unbinding keep them.
  app.addHook('onReady', async () => {
    const repaired = await app.platformSync.prepare();
    if (repaired.made || repaired.dropped) app.log.info(repaired, 'platform sync cursors repaired');
  });
  app.decorate('jobs', new JobRunner(app.log, backgroundJobs(app), () => app.clock.now()));
  // Stopped before the app closes its routes: no pass runs on a closing database.
  app.addHook('onClose', async () => app.jobs.stop());

  // Kept before any route exists, so the table is complete.
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });

  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
  });
  await app.register(docsPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin);
  await app.register(listCachePlugin, {
    cache: new ListCache(
      // Without Redis, only a lone process (PGlite) may keep versions to itself.
      redis
        ? new RedisDataVersions(redis, `${prefix}:data-version`)
        : database.db.capabilities.exclusive
          ? memoryDataVersions(database)
          : null,
      config.listCacheMb * 1024 * 1024,
      app.log,
    ),
  });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes, { hasCreatedRecords });
  await app.register(menuRoutes);
  await app.register(scriptTemplateRoutes);
  await app.register(productTemplateRoutes);
  await app.register(talentRoutes);
  await app.register(affiliateOrderRoutes);
  await app.register(talentFileRoutes);
  await app.register(talentImportRoutes);
  await app.register(blacklistRoutes);
  await app.register(membershipRoutes);
  // Membership uses payments (the gateway) and posts to the message box; the two take what they
  // need of membership here instead of importing it, so no module imports back (no cycle).
  await app.register(paymentNotifyRoutes, {
    settle: (expected, report) => settlePayment(app.db, expected, report),
  });
  await app.register(messageRoutes, { planName });
  await app.register(inviteRoutes);
  // The sandbox gateway exists only in sandbox mode: with real Alipay it is not reachable.
  if (config.payment.provider === 'sandbox') await app.register(sandboxGatewayRoutes);
  // Platforms uses shops and send-records (a shop's authorization, the records' lifecycle); the
  // two take what they need of platforms here instead of importing it, so the dependency between
  // them goes one way: My Shops shows a shop's pause, and a task's actions are compiled in the
  // transaction that writes it (send-records' TaskActionCompiler).
  await app.register(shopRoutes, { pauses: shopPauses });
  const compiler: TaskActionCompiler = { api: compileTaskActions, browser: compileBrowserActions };
  await app.register(sendRecordRoutes, { compiler });
  await app.register(sendRecordFileRoutes);
  await app.register(sendRecordImportRoutes, { compiler });
  await app.register(extensionRoutes);
  // No TikTok Shop app configured: the server plays the platform itself (embedded default, tests).
  if (!config.tiktokShop.configured) await registerTikTokShopSandbox(app);
  // No 抖店 app configured: the server plays 抖店开放平台 itself (embedded default, tests).
  if (!config.doudian.configured) await registerDoudianSandbox(app);
  await app.register(connectionRoutes);
  await app.register(creatorMarketplaceRoutes, {
    marketplace: new CreatorMarketplace({
      db: database.db,
      connections: app.connections,
      ephemeral: app.ephemeral,
    }),
  });
  await app.register(platformActionRoutes);
  // Samples (issue 19) imports nothing of platforms: its review reaches the platform by this port.
  await app.register(sampleRoutes, {
    samples: new Samples(
      database.db,
      sampleReviewer(app.connections, () => app.clock.now()),
    ),
  });
  await app.register(browserActionRoutes);
  await app.register(pagePackRoutes);
  // Conversations (issue 19) send through TikTok Shop: the module takes the platform's calls
  // from here (a port, as send-records' compiler), so it imports nothing of platforms.
  await app.register(conversationRoutes, {
    platform: tiktokConversationPlatform(app.connections),
    // Every TikTok Shop conversation call needs this scope (Create Conversation with Creator
    // 202508's page: "scope": seller.affiliate_messages.write; see tiktok-shop/client.ts).
    messagingShops: (userId) =>
      app.connections.shopsGranted(userId, 'tiktok', 'seller.affiliate_messages.write'),
  });

  await app.register(consoleStaticPlugin, { consoleDir: config.consoleDir });
  return app;
}
