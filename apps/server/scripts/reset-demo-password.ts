/**
 * npm run reset-demo-password
 *
 * Gives the demo account a new random password and prints it, once: only its hash is
 * stored. Every session of the account ends and its sign-in locks lift. Runs on the
 * configured database (PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL); on
 * PGlite the server must be stopped first, since two processes cannot share its files.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfigFromProcess, type Config } from '../src/config/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { RESET_DEMO_PASSWORD_COMMAND, resetDemoPassword } from '../src/demo-account.ts';
import { holdPidFile, livePidIn } from '../src/lib/pid-file.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let releasePidFile: (() => void) | null = null;
  if (config.database.kind === 'pglite') {
    const pidFile = path.join(config.dataDir, 'server.pid');
    const running = livePidIn(pidFile);
    if (running !== null) {
      fail(
        `The server is running on ${config.dataDir} (process ${running}): stop it first ` +
          `(Ctrl+C in its terminal), then run ${RESET_DEMO_PASSWORD_COMMAND} again.\n` +
          `(If no server is running, delete ${pidFile}.)`,
      );
    }
    releasePidFile = holdPidFile(pidFile);
  }

  const database = await openDatabase(config.database);
  let redis: Redis | null = null;
  try {
    await database.migrate();
    if (config.redisUrl) {
      // Sessions are revoked and sign-in locks lifted where the servers look for them.
      redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
    }
    const app = await buildApp({ config, database, redis, logger: false });
    try {
      await app.ready();
      const demo = await resetDemoPassword(app);
      if (demo) {
        process.stdout.write(
          `New password of the demo account ${demo.username} (or phone ${demo.phoneNumber}): ${demo.password}\n` +
            `Shown only this once (only its hash is kept). Every session of the account was signed out.\n`,
        );
      } else {
        process.stderr.write(
          `There is no demo account in this database: it is created at the first start on an ` +
            `empty database (DEMO_ACCOUNT=${config.demoAccount}).\n`,
        );
        process.exitCode = 1;
      }
    } finally {
      await app.close();
    }
  } finally {
    await redis?.quit();
    await database.close();
    releasePidFile?.();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Could not reset the demo password: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
