import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config/index.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
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
import { blacklistRoutes } from './modules/blacklist/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { productTemplateRoutes, scriptTemplateRoutes } from './modules/templates/routes.ts';
import { talentFileRoutes, talentImportRoutes } from './modules/talents/file-routes.ts';
import { talentRoutes } from './modules/talents/routes.ts';
import { profileRoutes } from './modules/user/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { consoleStaticPlugin } from './plugins/console-static.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';

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
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  config: Config;
  /** An open, migrated database. The app does not close it: its owner does. */
  database: DatabaseHandle;
  redis?: Redis | null;
  limitRules?: Partial<LimitRules>;
  sms?: SmsProvider;
  /** Prefix of every Redis key this app writes (tests isolate themselves with it). */
  redisKeyPrefix?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Paths whose values must never reach a log line. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.oldPassword',
  '*.newPassword',
  '*.code',
  '*.access_token',
  '*.refresh_token',
  '*.token',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: redactedLogPaths, censor: '[redacted]' } };
}

/** Builds the whole API (and the console's static files) on the given database. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const redis = options.redis ?? null;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Query strings like ?ids=1&ids=2 arrive as arrays; no prototype tricks.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('tokens', new TokenService(config.appSecret));
  const prefix = options.redisKeyPrefix ?? 'inviteflow';
  app.decorate(
    'limits',
    new Limits({ ...defaultLimitRules, ...options.limitRules }, redis, `${prefix}:limit`),
  );
  app.decorate<RevocationStore>(
    'revocations',
    redis ? new RedisRevocations(redis, `${prefix}:revoked`) : new DatabaseRevocations(database.db),
  );
  app.decorate<EphemeralStore>(
    'ephemeral',
    redis ? new RedisEphemeralStore(redis, `${prefix}:ephemeral`) : new MemoryEphemeralStore(),
  );
  app.decorate('sms', options.sms ?? createSmsProvider(config.sms, app.log));
  app.decorate('authService', new AuthService(app));

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
  });
  await app.register(docsPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(menuRoutes);
  await app.register(scriptTemplateRoutes);
  await app.register(productTemplateRoutes);
  await app.register(talentRoutes);
  await app.register(talentFileRoutes);
  await app.register(talentImportRoutes);
  await app.register(blacklistRoutes);

  await app.register(consoleStaticPlugin, { consoleDir: config.consoleDir });
  return app;
}
