/**
 * npm run tiktok-shop-sandbox -- [--port N] [--host 127.0.0.1] [--database-url URL | --data-dir DIR]
 *                                [--redirect-url URL] [--base-path /sandbox/tiktok-shop]
 *                                [--latency-ms N] [--rate-limit N]
 *                                [--weekly-quota N] [--starter-pack N] [--daily-collaborations N]
 *                                [--daily-creators N]
 *
 * The sandbox TikTok Shop alone, on its own port: for tests and benches that stop our
 * server while the "platform" must stay up. Its state lives in the given database (the
 * same one as the server's, so the server finds the sandbox app's credentials there);
 * without one, in an in-memory PGlite. Prints one JSON line when it listens: its URL, the
 * app key and service id (the secret stays in the database: tiktokShopSandboxCredentials).
 * Shop limits given here are what shops start with (the fixed ones when the database is
 * new, numbered sellers' `us-N` shops when they first authorize). Stops on SIGINT / SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { buildTikTokShopSandbox } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'redirect-url': {
      type: 'string',
      default: 'http://127.0.0.1:3000/api/v1/platforms/tiktok-shop/oauth/callback',
    },
    'base-path': { type: 'string', default: '' },
    'latency-ms': { type: 'string', default: '0' },
    'rate-limit': { type: 'string', default: '50' },
    'weekly-quota': { type: 'string' },
    'starter-pack': { type: 'string' },
    'daily-collaborations': { type: 'string' },
    'daily-creators': { type: 'string' },
  },
});

function whole(name: string, text: string | undefined, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be a whole number from 0 to ${max}`);
    process.exit(2);
  }
  return n;
}

const port = whole('port', values.port, 65535);
const latencyMs = whole('latency-ms', values['latency-ms'], 10_000);
const rateLimitPerSecond = whole('rate-limit', values['rate-limit'], 1_000_000);
const limit = (name: keyof typeof values) =>
  values[name] === undefined ? undefined : whole(name, values[name] as string, 1_000_000_000);
const shopLimits = Object.fromEntries(
  Object.entries({
    weeklyQuota: limit('weekly-quota'),
    starterPack: limit('starter-pack'),
    dailyCollaborationLimit: limit('daily-collaborations'),
    dailyCreatorLimit: limit('daily-creators'),
  }).filter(([, v]) => v !== undefined),
);
const database = values['database-url']
  ? openPostgres(values['database-url'], 10)
  : await openPglite(values['data-dir'] ?? null);
await database.migrate();
const { app, sandbox } = await buildTikTokShopSandbox({
  db: database.db,
  basePath: values['base-path'],
  redirectUrl: values['redirect-url']!,
  settings: { latencyMs, rateLimitPerSecond },
  shopLimits,
});
await app.listen({ host: values.host, port });
const address = app.server.address() as AddressInfo;
const creds = await sandbox.credentials();
console.log(
  JSON.stringify({
    url: `http://${values.host}:${address.port}${sandbox.basePath}`,
    appKey: creds.appKey,
    serviceId: creds.serviceId,
  }),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
