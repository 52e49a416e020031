/**
 * Run by bench/memory.ts in a process of its own, with the server's Node arguments:
 *
 *   node <serverNodeArgs> --import tsx bench/support/memory-stages.ts <dataDir> <consoleDir> [password]
 *
 * Goes through what the server's start does, one stage at a time, and prints one JSON line
 * per stage: the process's resident memory (RSS, from /proc) and V8's own figures after a
 * full garbage collection, so each stage's cost is the difference from the one before.
 * Ends with a line `{"password": ...}` when it created the demo account.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const [dataDir, consoleDir, knownPassword] = process.argv.slice(2);
if (!dataDir || !consoleDir) throw new Error('usage: memory-stages.ts <dataDir> <consoleDir>');

function procStatus(field: string): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
    readFileSync('/proc/self/status', 'utf8'),
  );
  return match ? Number(match[1]) * 1024 : 0;
}

function stage(name: string) {
  gc();
  const usage = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({
      stage: name,
      rss: procStatus('VmRSS'),
      peak: procStatus('VmHWM'),
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      // WebAssembly memories count here (not in arrayBuffers): PGlite's is most of it.
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
    })}\n`,
  );
}

stage('node');

const [{ apiPaths }, { buildApp }, { loadConfig }, { openDatabase }, demoAccount] =
  await Promise.all([
    import('@inviteflow/contract'),
    import('../../apps/server/src/app.ts'),
    import('../../apps/server/src/config/index.ts'),
    import('../../apps/server/src/db/client.ts'),
    import('../../apps/server/src/demo-account.ts'),
  ]);
stage('modules');

const config = loadConfig({
  DATA_DIR: dataDir,
  CONSOLE_DIR: consoleDir,
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
});
const database = await openDatabase(config.database);
await database.migrate();
stage('pglite');

const demo = await demoAccount.ensureDemoAccount(database.db);
stage('demo');

const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
stage('app');

const { port } = app.server.address() as { port: number };
const url = `http://127.0.0.1:${port}`;
const page = await (await fetch(`${url}/`)).text();
const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
for (const path of ['/login', ...assets, `${apiPaths.docs}/`, `${apiPaths.docs}/json`]) {
  await (
    await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br, gzip' } })
  ).arrayBuffer();
}
stage('static');

const password = demo?.password ?? knownPassword;
const login = (await (
  await fetch(`${url}${apiPaths.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password }),
  })
).json()) as { data: { access_token: string } | null };
const token = login.data?.access_token;
if (!token) throw new Error('the demo account did not sign in');
for (const path of [
  apiPaths.auth.me,
  apiPaths.menu,
  apiPaths.talents.list,
  apiPaths.sendRecords.list,
  apiPaths.membership.info,
]) {
  await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).text();
}
stage('requests');

await new Promise((resolve) => setTimeout(resolve, 5_000));
stage('idle');

await app.close();
await database.close();
if (demo?.password) process.stdout.write(`${JSON.stringify({ password: demo.password })}\n`);
