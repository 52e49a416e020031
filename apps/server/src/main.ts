import path from 'node:path';
import { Redis } from 'ioredis';
import { IMPORT_RECOVERY_JOB, buildApp } from './app.ts';
import { ConfigError, loadConfigFromProcess, type Config } from './config/index.ts';
import { openDatabase } from './db/client.ts';
import {
  demoAccountLines,
  ensureDemoAccount,
  takeLegacyDemoPassword,
  type DemoAccount,
} from './demo-account.ts';
import { holdPidFile } from './lib/pid-file.ts';
import { lapseAllImports } from './lib/sheets/import-runs.ts';

function banner(config: Config, demo: DemoAccount | null): string {
  const lines = [
    '',
    `  InviteFlow is running: ${config.publicUrl}`,
    `  Sign in at ${config.publicUrl}/login`,
  ];
  if (demo) lines.push(...demoAccountLines(demo).map((line) => `  ${line}`));
  lines.push(
    `  Or register at ${config.publicUrl}/register: verification codes appear in this log ([sms:console]).`,
    `  API documentation: ${config.publicUrl}/api/docs`,
    `  Database: ${config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL'}` +
      `; limits and revocation: ${config.redisUrl ? 'Redis' : config.database.kind === 'pglite' ? 'in process' : 'in process (set REDIS_URL to share across replicas)'}`,
    `  Payments: ${config.payment.provider === 'sandbox' ? `the built-in SANDBOX gateway (${config.publicUrl}/sandbox/alipay/gateway.do); no real money` : 'Alipay'}`,
    `  TikTok Shop: ${config.tiktokShop.configured ? `the app ${config.tiktokShop.appKey} at ${config.tiktokShop.apiBase}` : `the built-in SANDBOX platform (${config.publicUrl}/sandbox/tiktok-shop); "Connect TikTok Shop" on My Shops`}`,
    '',
  );
  return lines.join('\n');
}

async function main() {
  let config: Config;
  try {
    config = loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config.database);
  // PGlite has no lock of its own: tools that open its files (npm run reset-demo-password)
  // see from this file that the server has them open.
  const releasePidFile =
    config.database.kind === 'pglite' ? holdPidFile(path.join(config.dataDir, 'server.pid')) : null;
  await database.migrate();
  let redis: Redis | null = null;
  if (config.redisUrl) {
    // No offline queue: a command while Redis is away fails fast instead of piling up.
    // Commands issued in one tick (the revocation checks of concurrent requests) travel
    // in one write.
    redis = new Redis(config.redisUrl, {
      lazyConnect: true,
      enableAutoPipelining: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    await redis.connect();
  }
  // Older versions kept the demo password in plain text under DATA_DIR: gone at any start.
  const legacyPassword = takeLegacyDemoPassword(config.dataDir);
  const demo = config.demoAccount ? await ensureDemoAccount(database.db, legacyPassword) : null;
  if (database.db.capabilities.exclusive) {
    // PGlite belongs to this process alone: an import found running was left by one that died.
    await lapseAllImports(database.db);
  }
  const app = await buildApp({ config, database, redis });
  if (database.db.capabilities.exclusive) {
    // Rolled back before the first request, so no one sees it half-written.
    const recovery = app.jobs.jobs.find((job) => job.name === IMPORT_RECOVERY_JOB)!;
    await recovery.run(new Date());
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await redis?.quit();
      await database.close();
      releasePidFile?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.jobs.start();
  process.stdout.write(`${banner(config, demo)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `InviteFlow failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
