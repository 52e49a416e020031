/**
 * npm run bench:talents [-- --iterations N] [--skip-postgres] [--skip-pglite] [--skip-export] [--skip-lists]
 *                         [--pglite-shared-buffers MB]
 *
 * Server time (p50/p95/p99, through Fastify's inject, so routing, validation,
 * the query and serialization all count) of the talent list calls: the first
 * page, deep pages, every single filter, name search (Chinese and Latin
 * substrings) and combined filters, on PostgreSQL for a 1,000,000-talent account
 * among 5,000,000, and on PGlite for 100,000; goal: p95 at most 50 ms for every
 * page. The name field also finds a platform talent ID, exactly or by its start.
 * Then the totals of the same filters (asked once per filter beside the pages,
 * never per page): exact within the count budget, else a marked estimate.
 * Then the time and peak memory of exporting 100,000 rows through a real server
 * process (goal: under 300 MB). Exits non-zero when a goal is missed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiPaths, type TalentSortField } from '@inviteflow/contract';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { repoRoot } from '../src/server-root.ts';
import {
  openDatabase,
  openPglite,
  PGLITE_SHARED_BUFFERS_MB,
  type DatabaseHandle,
} from '../src/db/client.ts';
import { COUNT_BUDGET_MS } from '../src/lib/counting.ts';
import { encodeCursor } from '../src/lib/keyset.ts';
import { timeSorts } from '../src/modules/talents/cursor.ts';
import { userRepository } from '../src/modules/user/repository.ts';
import { seedLibrary } from './seed.ts';
import { serverNodeArgs } from '../src/node-args.ts';
import { ensureServerBuilt } from './build-server.ts';

const GOAL_P95_MS = 50;
const GOAL_EXPORT_RSS_MB = 300;
let exportMissed = 0;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

const { values: args } = parseArgs({
  options: {
    iterations: { type: 'string', default: '40' },
    'skip-postgres': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-export': { type: 'boolean', default: false },
    'skip-lists': { type: 'boolean', default: false },
    // PGlite's buffer cache (default: the server's, PGLITE_SHARED_BUFFERS_MB).
    'pglite-shared-buffers': { type: 'string' },
    'postgres-url': {
      type: 'string',
      default:
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/inviteflow_bench',
    },
  },
});
const iterations = Number(args.iterations);
const out = (line = '') => process.stdout.write(`${line}\n`);

interface Case {
  name: string;
  path: string;
  query: Record<string, string>;
}

interface Measured {
  /** CPU time of this process per request (mean, ms): steadier than wall time on a busy machine. */
  cpu: number;
  p50: number;
  p95: number;
  p99: number;
  rows: number;
  /** Totals only: false when the last answer was an estimate. */
  exact?: boolean;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function measure(app: App, token: string, c: Case): Promise<Measured> {
  const run = async () => {
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: c.path,
      query: c.query,
      headers: { authorization: `Bearer ${token}` },
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode} ${res.body}`);
    const data = (res.json() as { data: { list?: unknown[]; total?: number; exact?: boolean } })
      .data;
    return { elapsed, rows: data.list ? data.list.length : (data.total ?? 0), exact: data.exact };
  };
  for (let i = 0; i < 3; i++) await run(); // warm caches and JIT
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof run>> | undefined;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    last = await run();
    times.push(last.elapsed);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    cpu: (cpu.user + cpu.system) / 1000 / iterations,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rows: last?.rows ?? 0,
    exact: last?.exact,
  };
}

/** A cursor pointing `depth` rows into the owner's list in this sort: a deep page. */
async function deepCursor(
  db: DatabaseHandle,
  userId: number,
  sort: TalentSortField,
  depth: number,
): Promise<string> {
  const column = {
    addedAt: 'added_at',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    fansCount: 'fans_count',
    videoAvgViews: 'video_avg_views',
    videoGpmFen: 'video_gpm_fen',
    liveAvgViews: 'live_avg_views',
    liveGpmFen: 'live_gpm_fen',
    businessAmountFen: 'business_amount_fen',
    dealCount: 'deal_count',
  }[sort];
  const value = timeSorts.has(sort)
    ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `${column}::bigint`;
  // Setup only (not measured): find the boundary row the slow way, once.
  const [row] = await db.query<{ v: string | number; id: number }>(
    `select ${value} as v, id::bigint as id from talents where user_id = $1
     order by ${column} desc, id desc offset $2 limit 1`,
    [userId, depth],
  );
  if (!row) throw new Error(`no row at depth ${depth}`);
  const v = timeSorts.has(sort) ? String(row.v) : Number(row.v);
  return encodeCursor(sort, 'desc', 'next', { value: v, id: Number(row.id) });
}

function cases(
  deep: Record<string, string>,
  recentFrom: string,
): { pages: Case[]; totals: Case[] } {
  const list = apiPaths.talents.list;
  const count = apiPaths.talents.count;
  const filters: Array<[string, Record<string, string>]> = [
    ['name: 1 Chinese char (王)', { name: '王' }],
    ['name: 2 Chinese chars (小王)', { name: '小王' }],
    ['name: Chinese substring (美妆达人)', { name: '美妆达人' }],
    ['name: Latin, any case (LILY)', { name: 'LILY' }],
    ['name: rare (zzq, no match)', { name: 'zzq' }],
    // The same field finds a talent by its platform ID, exactly or by its start.
    ['name or ID: a Douyin ID, exact', { name: '__DOUYIN_ID__' }],
    ['name or ID: a TikTok ID, exact, any case', { name: '__TIKTOK_ID__' }],
    ['name or ID: the start of a Douyin ID', { name: '__DOUYIN_PREFIX__' }],
    ['name or ID: a start most TikTok IDs share (tt_)', { name: 'tt_' }],
    ['name or ID: digits no ID starts with', { name: '99999999' }],
    ['shop', { shopName: '__SHOP__' }],
    ['industry', { industry: 'beauty' }],
    ['label: tier (top)', { label: 'top' }],
    ['label: custom (宝妈)', { label: '宝妈' }],
    ['status: common (pending_contact)', { status: 'pending_contact' }],
    ['status: rare (blacklisted)', { status: 'blacklisted' }],
    ['contact method (email)', { contactMethod: 'email' }],
    ['platform (tiktok)', { platform: 'tiktok' }],
    ['fans 1k-5k', { fansMin: '1000', fansMax: '5000' }],
    ['fans 100k+', { fansMin: '100000' }],
    ['business amount 1k-10k', { businessAmountMinFen: '100000', businessAmountMaxFen: '1000000' }],
    ['deal count 10-100', { dealCountMin: '10', dealCountMax: '100' }],
    ['created in the last 30 days', { createdFrom: recentFrom }],
    ['added in the last 30 days', { addedFrom: recentFrom }],
    ['updated in the last 30 days', { updatedFrom: recentFrom }],
  ];
  const combined: Array<[string, Record<string, string>]> = [
    [
      'combined: status + fans 10k-50k + industry',
      { status: 'cooperating', fansMin: '10000', fansMax: '50000', industry: 'beauty' },
    ],
    [
      'combined: platform + label + added 30 days',
      { platform: 'douyin', label: 'top', addedFrom: recentFrom },
    ],
    [
      'combined: name 小 + status + shop',
      { name: '小', status: 'communicating', shopName: '__SHOP__' },
    ],
  ];
  const sorts: TalentSortField[] = ['addedAt', 'fansCount', 'businessAmountFen', 'updatedAt'];
  const pages: Case[] = [
    { name: 'first page (added, newest first)', path: list, query: {} },
    ...sorts.map((sort) => ({ name: `first page sorted by ${sort}`, path: list, query: { sort } })),
    ...Object.entries(deep).map(([label, cursor]) => ({
      name: `deep page: ${label}`,
      path: list,
      query: { sort: label.split(' ')[0]!, cursor },
    })),
    { name: 'jump: offset 10,000 (the deepest allowed)', path: list, query: { offset: '10000' } },
    { name: 'jump: last page (fromEnd)', path: list, query: { offset: '0', fromEnd: 'true' } },
    ...filters.map(([name, query]) => ({ name: `filter ${name}`, path: list, query })),
    ...combined.map(([name, query]) => ({ name, path: list, query })),
  ];
  const totals: Case[] = [
    { name: 'all (no filter)', path: count, query: {} },
    ...[...filters, ...combined].map(([name, query]) => ({ name, path: count, query })),
  ];
  return { pages, totals };
}

async function benchDatabase(
  label: string,
  db: DatabaseHandle,
  config: ReturnType<typeof loadConfig>,
  username: string,
  depth: number,
) {
  const owner = await userRepository.findByUsername(db.db, username);
  if (!owner) throw new Error(`no ${username} account`);
  const app = await buildApp({ config, database: db });
  await app.ready();
  const { access_token: token } = await db.db.transaction((tx) =>
    app.authService.sessions.start(tx, owner, { ip: '127.0.0.1', userAgent: 'bench' }),
  );
  const [{ n: mine } = { n: 0 }] = await db.query<{ n: number }>(
    'select count(*)::int as n from talents where user_id = $1',
    [owner.id],
  );
  const [{ n: all } = { n: 0 }] = await db.query<{ n: number }>(
    'select count(*)::int as n from talents',
  );
  const [{ shop } = { shop: '' }] = await db.query<{ shop: string }>(
    `select shop_name as shop from talents where user_id = $1 and shop_name <> '' limit 1`,
    [owner.id],
  );
  // Talent IDs of the account from the middle of its library (setup, not measured).
  const idOf = async (platform: string) => {
    const [row] = await db.query<{ id: string }>(
      `select platform_talent_id as id from talents where user_id = $1 and platform = $2
       order by id offset $3 limit 1`,
      [owner.id, platform, Math.floor(mine / 4)],
    );
    return row?.id ?? '';
  };
  const douyinId = await idOf('douyin');
  const placeholders: Record<string, string> = {
    __SHOP__: shop,
    __DOUYIN_ID__: douyinId,
    __TIKTOK_ID__: (await idOf('tiktok')).toUpperCase(),
    // Nine of eleven digits: the talents of about a hundred consecutive numbers.
    __DOUYIN_PREFIX__: douyinId.slice(0, 9),
  };
  out(
    `\n## ${label}: ${mine.toLocaleString('en-US')} talents in the account, ${all.toLocaleString('en-US')} in all (${iterations} runs each)\n`,
  );

  const deep: Record<string, string> = {};
  for (const sort of ['addedAt', 'fansCount', 'businessAmountFen'] as const) {
    deep[`${sort} at row ${depth.toLocaleString('en-US')}`] = await deepCursor(
      db,
      owner.id,
      sort,
      depth,
    );
  }
  const recentFrom = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
  const withShop = (c: Case): Case => ({
    ...c,
    query: Object.fromEntries(Object.entries(c.query).map(([k, v]) => [k, placeholders[v] ?? v])),
  });
  const { pages, totals } = cases(deep, recentFrom);

  out(`### Pages (goal: p95 ≤ ${GOAL_P95_MS} ms)\n`);
  out('| case | p50 ms | p95 ms | p99 ms | CPU ms | rows | goal |');
  out('|---|---:|---:|---:|---:|---:|---|');
  let missed = 0;
  for (const c of pages.map(withShop)) {
    const r = await measure(app, token, c);
    const ok = r.p95 <= GOAL_P95_MS;
    if (!ok) missed++;
    out(
      `| ${c.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.rows.toLocaleString('en-US')} | ${ok ? 'ok' : 'MISSED'} |`,
    );
  }
  out(
    `\n### Totals (asked once per filter beside the pages; exact within ${COUNT_BUDGET_MS} ms, else a marked estimate)\n`,
  );
  out('| filter | p50 ms | p95 ms | p99 ms | total | exact |');
  out('|---|---:|---:|---:|---:|---|');
  for (const c of totals.map(withShop)) {
    const r = await measure(app, token, c);
    out(
      `| ${c.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rows.toLocaleString('en-US')} | ${r.exact ? 'yes' : 'about'} |`,
    );
  }
  await app.close();
  return missed;
}

/** Exports `rows` talents through a real server process and reads its peak memory. */
async function benchExport(pgUrl: string, username: string, rows: number) {
  out(`\n## Export of ${rows.toLocaleString('en-US')} rows (a server process on PostgreSQL)\n`);
  const port = 3900 + Math.floor(Math.random() * 90);
  const entry = await ensureServerBuilt();
  const server = spawn(process.execPath, [...serverNodeArgs({ DATABASE_URL: pgUrl }), entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: pgUrl,
      APP_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      DEMO_ACCOUNT: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (c) => (log += String(c)));
  server.stderr.on('data', (c) => (log += String(c)));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    while (!log.includes('is running')) {
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error(`server did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const vm = (key: string) =>
      Number(
        /(\d+) kB/.exec(
          readFileSync(`/proc/${server.pid}/status`, 'utf8')
            .split('\n')
            .find((l) => l.startsWith(key)) ?? '',
        )?.[1] ?? 0,
      ) / 1024;
    // Sign in through a session made in the bench database itself.
    const db = await openDatabase({ kind: 'postgres', url: pgUrl, poolMax: 2 });
    const owner = (await userRepository.findByUsername(db.db, username))!;
    const config = loadConfig({ DATABASE_URL: pgUrl, APP_SECRET: SECRET, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: db });
    const { access_token: token } = await db.db.transaction((tx) =>
      app.authService.sessions.start(tx, owner, { ip: '127.0.0.1', userAgent: 'bench' }),
    );
    await app.close();
    // Pick a fans floor that leaves about `rows` talents.
    const [floor] = await db.query<{ f: number }>(
      `select fans_count::bigint as f from talents where user_id = $1 order by fans_count desc offset $2 limit 1`,
      [owner.id, rows - 1],
    );
    await db.close();
    const baseline = vm('VmRSS:');
    for (const format of ['csv', 'xlsx'] as const) {
      const ticket = await fetch(`${base}${apiPaths.talents.exports}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ format, fansMin: Number(floor?.f ?? 0), timeZone: 'Asia/Shanghai' }),
      });
      const body = (await ticket.json()) as { data: { downloadUrl: string; total: number } };
      const started = performance.now();
      let peak = vm('VmRSS:');
      const sampler = setInterval(() => (peak = Math.max(peak, vm('VmRSS:'))), 20);
      const res = await fetch(`${base}${body.data.downloadUrl}`);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        bytes += chunk.length;
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const ok = peak < GOAL_EXPORT_RSS_MB;
      out(
        `- ${format.toUpperCase()}: ${body.data.total.toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (goal < 300 MB: ${ok ? 'ok' : 'MISSED'})`,
      );
      if (!ok) exportMissed++;
    }
  } finally {
    server.kill('SIGTERM');
  }
}

/** Creates the bench's PostgreSQL database on its first run (a fresh server has none). */
async function ensureDatabase(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // not "no such database"
  } finally {
    await probe.end().catch(() => undefined);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    out(`Created the database ${name}.`);
  } finally {
    await admin.end();
  }
}

async function main() {
  out('# Talent library benchmark');
  out(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${new Date().toISOString()}`,
  );
  let missed = 0;
  let ranLists = false;
  let ranExport = false;

  if (!args['skip-postgres']) {
    const url = args['postgres-url']!;
    await ensureDatabase(url);
    const db = await openDatabase({ kind: 'postgres', url, poolMax: 10 });
    await db.migrate();
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      `select count(*)::int as n from talents t join users u on u.id = t.user_id where u.username = 'bench_main'`,
    );
    if (n < 1_000_000) {
      out(`Seeding ${url} (1,000,000 talents among 5,000,000; this takes a while once)...`);
      await seedLibrary(
        db,
        { talents: 1_000_000, total: 5_000_000, accounts: 40, user: 'bench_main', seed: 20261122 },
        out,
      );
    }
    const config = loadConfig({ DATABASE_URL: url, APP_SECRET: SECRET, LOG_LEVEL: 'silent' });
    if (!args['skip-lists']) {
      missed += await benchDatabase('PostgreSQL', db, config, 'bench_main', 500_000);
      ranLists = true;
    }
    await db.close();
    if (!args['skip-export']) {
      await benchExport(url, 'bench_main', 100_000);
      ranExport = true;
    }
  }

  if (!args['skip-pglite']) {
    const dir = path.join(tmpdir(), 'inviteflow-bench-pglite');
    mkdirSync(dir, { recursive: true });
    const sharedBuffers = args['pglite-shared-buffers'];
    const db = await openPglite(
      dir,
      sharedBuffers ? { sharedBuffersMb: Number(sharedBuffers) } : {},
    );
    await db.migrate();
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      `select count(*)::int as n from talents t join users u on u.id = t.user_id where u.username = 'bench_main'`,
    );
    if (n < 100_000) {
      out(`Seeding PGlite in ${dir} (100,000 talents)...`);
      await seedLibrary(
        db,
        { talents: 100_000, total: 100_000, accounts: 1, user: 'bench_main', seed: 20261122 },
        out,
      );
    }
    // No list cache: PGlite alone would keep answers in memory, and the bench is of the queries.
    const config = loadConfig({
      DATA_DIR: dir,
      APP_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      LIST_CACHE_MB: '0',
    });
    if (!args['skip-lists']) {
      const label = `PGlite (shared_buffers ${sharedBuffers ?? PGLITE_SHARED_BUFFERS_MB} MB)`;
      missed += await benchDatabase(label, db, config, 'bench_main', 50_000);
      ranLists = true;
    }
    await db.close();
  }

  const listVerdict = !ranLists
    ? 'pages not measured'
    : missed === 0
      ? 'every page case met the goal'
      : `${missed} page case(s) missed the goal`;
  const exportVerdict = !ranExport
    ? 'not measured'
    : exportMissed === 0
      ? 'met its memory goal'
      : 'missed its memory goal';
  out(
    `\nSummary: ${listVerdict} (p95 ≤ ${GOAL_P95_MS} ms); export ${exportVerdict} (< ${GOAL_EXPORT_RSS_MB} MB).`,
  );
  if (missed || exportMissed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
