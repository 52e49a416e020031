/**
 * Platform actions end to end (issue 16, "Fast, measured"): sellers' TikTok Shop tasks
 * executed by our server through the TikTok Shop Open API, against the sandbox TikTok Shop
 * run as the platform would be (its own process and database, 50 ms latency, its rate limit
 * of 50 calls a second per API and shop on).
 *
 * Scale (default, the issue's): 100 sandbox shops (`us-1` … `us-100`), each connected by
 * authorization to an account of its own (an account's enterprise plan creates at most 5,000
 * records a day, so one 5,000-talent task per account), each account with a library of 5,000
 * TikTok creators (plain sandbox creators: no exclusion, follower limit or linked account)
 * and one targeted product invitation of all of them: 500,000 records, 10,000 target
 * collaborations of 50 creators. BENCH_PLATFORM_SHOPS / BENCH_PLATFORM_TALENTS scale it down.
 *
 * Setup (not measured): a fresh PostgreSQL database for our server and another for the
 * sandbox; accounts, plans, talents and product templates written with multi-row inserts
 * (what the API would do, without 500,000 imported rows); every seller signs in and
 * connects its shop through the API and the sandbox's authorization form, as a browser
 * does. Each shop's weekly invitation quota is raised to the task's size (the sandbox's
 * default, 500 a week and a starter pack of 1,000, is a real shop's); its daily limits
 * (200 collaborations, 10,000 creators) stay on.
 *
 * Measured: the tasks are created through the API (BENCH_PLATFORM_CREATE_CONCURRENCY at
 * once), then the server's own job executes them. Figures: records/s and actions/s end to
 * end (first task created → last record final) and sustained (10 % → 90 % of records
 * final), the time from each task's creation to its shop's first call reaching the
 * sandbox (p50/p99/max), calls per shop per second (the busiest one-second window of a shop,
 * all APIs and per API) against the sandbox's limit, every refusal the sandbox answered, the
 * server's RSS (sampled every 100 ms: before, peak, first and second half) and CPU time.
 *
 * Budgets: ≥ 2,000 records/s sustained; no call refused for a rate or quota limit, no window
 * over the limit; every record a success; memory flat (the second half's peak RSS within
 * 10 % + 10 MB of the first half's).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { apiPaths, type SendTaskBody } from '@inviteflow/contract';
import { nameGrams } from '../apps/server/src/modules/talents/name-grams.ts';
import {
  numberedSeller,
  sandboxCreator,
  sandboxCreatorTrait,
  sandboxProductId,
  sandboxScopes,
  type SandboxSeller,
} from '../apps/server/src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { profilingArgs, repoRoot, startProduct, type RunningProduct } from './support/product.ts';
import {
  adminUrl,
  databaseUrl,
  fmt,
  percentile,
  reachable,
  seedAccounts,
  whole,
} from './support/seeding.ts';

export const BUDGET_RECORDS_PER_SECOND = 2_000;
/** Memory flat: the second half's peak RSS at most this much above the first half's. */
export const BUDGET_RSS_GROWTH = { ratio: 0.1, mb: 10 };

/**
 * At most 100 shops: the sandbox numbers a shop's products by the last three digits of its
 * id (catalogue.ts `productId`), so `us-101` would share product ids with the fixed
 * `local-us` shop and `us-1001` with `us-1`.
 */
const SHOPS_MAX = 100;
/** An enterprise plan's daily invitations, and a task's most talents (SEND_TASK_TALENTS_MAX). */
const TALENTS_MAX = 5_000;
const SHOPS = whole('BENCH_PLATFORM_SHOPS', 100, 1, SHOPS_MAX);
const TALENTS = whole('BENCH_PLATFORM_TALENTS', 5_000, 1, TALENTS_MAX);
const LATENCY_MS = whole('BENCH_PLATFORM_LATENCY_MS', 50, 0, 10_000);
/** The platform's documented default: 50 calls a second per API per app and shop. */
const RATE_LIMIT = whole('BENCH_PLATFORM_RATE_LIMIT', 50, 1, 1_000);
const CREATE_CONCURRENCY = whole('BENCH_PLATFORM_CREATE_CONCURRENCY', 4, 1, 100);
/** The whole measured run (task creation to the last record) is given up after this. */
const TIMEOUT_S = whole('BENCH_PLATFORM_TIMEOUT_S', 1_800, 10, 86_400);
/** BENCH_PLATFORM_KEEP=1 keeps both databases for a look afterwards (their names are printed). */
const KEEP = process.env.BENCH_PLATFORM_KEEP === '1';
const PRODUCT_PORT = 3950;
const SANDBOX_PORT = 3951;
const APP_SECRET = 'bench-platforms-secret-bench-platforms-0123456789';
const PASSWORD = 'Bench-Platforms-123';
/** The sandbox's answers for a limit (errors.ts): rate, weekly quota, daily limits. */
const LIMIT_CODES: Record<number, string> = {
  36009002: 'rate limit',
  16024019: 'weekly quota (invitations)',
  16030002: 'weekly quota (conversations)',
  16024034: 'daily collaborations',
  16024035: 'daily creators',
};

type Out = (line?: string) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A process's resident memory (MB) and CPU time (s) from /proc; zeros once it is gone. */
function processFigures(pid: number): { rssMb: number; cpuS: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rssMb: rssKb / 1024, cpuS: ticks / 100 };
  } catch {
    return { rssMb: 0, cpuS: 0 };
  }
}

/** CPU seconds so far of our server, the sandbox, and each PostgreSQL backend serving them. */
interface CpuSnapshot {
  at: number;
  /** Records final at the time. */
  final: number;
  server: number;
  sandbox: number;
  /** CPU seconds by backend pid, and which database (server / sandbox) it serves. */
  postgres: Map<number, { cpu: number; sandbox: boolean }>;
}

/**
 * The PostgreSQL backends of the two bench databases (the pools of our server and of the
 * sandbox), less the bench's own connections: their CPU is read from /proc like the others'.
 * A backend that ended between two snapshots is not counted (the pools keep theirs while busy).
 */
async function cpuSnapshot(
  admin: pg.Client,
  databases: string[],
  ownPids: number[],
  pids: { server: number; sandbox: number },
  final: number,
): Promise<CpuSnapshot> {
  const { rows } = await admin.query<{ pid: number; datname: string }>(
    'select pid, datname from pg_stat_activity where datname = any($1) and not (pid = any($2))',
    [databases, ownPids],
  );
  return {
    at: Date.now(),
    final,
    server: processFigures(pids.server).cpuS,
    sandbox: processFigures(pids.sandbox).cpuS,
    postgres: new Map(
      rows.map((r) => [
        r.pid,
        { cpu: processFigures(r.pid).cpuS, sandbox: r.datname === databases[1] },
      ]),
    ),
  };
}

function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  let postgres = 0;
  let postgresSandbox = 0;
  for (const [pid, { cpu, sandbox }] of b.postgres) {
    const used = cpu - (a.postgres.get(pid)?.cpu ?? 0);
    if (sandbox) postgresSandbox += used;
    else postgres += used;
  }
  return {
    seconds: (b.at - a.at) / 1000,
    records: b.final - a.final,
    server: b.server - a.server,
    sandbox: b.sandbox - a.sandbox,
    postgres,
    postgresSandbox,
  };
}

interface Sandbox {
  url: string;
  appKey: string;
  serviceId: string;
  pid: number;
  stop(): Promise<void>;
}

/** The sandbox TikTok Shop in its own process (`npm run tiktok-shop-sandbox`), on its own database. */
async function startSandbox(databaseUrl: string, redirectUrl: string): Promise<Sandbox> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...profilingArgs(),
      '--import',
      'tsx',
      'apps/server/scripts/tiktok-shop-sandbox.ts',
      '--port',
      String(SANDBOX_PORT),
      '--database-url',
      databaseUrl,
      '--redirect-url',
      redirectUrl,
      '--latency-ms',
      String(LATENCY_MS),
      '--rate-limit',
      String(RATE_LIMIT),
      // The shop's weekly quota fits the task; the starter pack and the daily limits stay.
      '--weekly-quota',
      String(Math.max(TALENTS, 500)),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`the sandbox did not start:\n${output}`)),
      240_000,
    );
    child.stdout?.on('data', (chunk) => {
      buffered += String(chunk);
      const first = buffered.split('\n').find((l) => l.startsWith('{'));
      if (first && buffered.includes('\n')) {
        clearTimeout(timer);
        resolve(first);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code}):\n${output}`));
    });
  });
  const started = JSON.parse(line) as { url: string; appKey: string; serviceId: string };
  return {
    ...started,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
}

async function call<T>(
  product: RunningProduct,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${product.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { success: boolean; data: T; message: string };
  if (!body.success) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/** Sandbox creators with no special trait, as many as a task takes. */
function plainCreators(count: number) {
  const out = [];
  for (let n = 1; out.length < count; n++) {
    if (sandboxCreatorTrait(n) === null) out.push(sandboxCreator('US', n));
  }
  return out;
}

interface Seller {
  index: number;
  seller: SandboxSeller;
  userId: number;
  username: string;
  productTemplateIds: number[];
  token?: string;
  shopId?: number;
  platformShopId?: string;
}

/**
 * The accounts, their plans, libraries and product templates, written in the server's
 * database with multi-row inserts (5,000 talents a statement).
 */
async function seed(db: pg.Client, out: Out): Promise<Seller[]> {
  const started = Date.now();
  const sellers: Seller[] = (
    await seedAccounts(db, {
      prefix: 'bench_pf',
      codePrefix: 'BP',
      count: SHOPS,
      password: PASSWORD,
    })
  ).map((account, i) => ({
    ...account,
    index: i + 1,
    seller: numberedSeller(i + 1)!,
    productTemplateIds: [],
  }));
  // Two of the shop's products, as templates (the task's products).
  for (const s of sellers) {
    const shop = s.seller.shops[0]!;
    const { rows } = await db.query<{ id: number }>(
      `insert into product_templates (user_id, product_id, product_name)
       select $1, p, 'Sandbox product ' || n from unnest($2::text[], $3::int[]) as u(p, n)
       returning id`,
      [s.userId, [sandboxProductId(shop, 1), sandboxProductId(shop, 2)], [1, 2]],
    );
    s.productTemplateIds = rows.map((r) => r.id).sort((a, b) => a - b);
  }
  const creators = plainCreators(TALENTS);
  for (const s of sellers) {
    await db.query(
      `insert into talents (user_id, platform, platform_talent_id, creator_open_id, name,
                            name_grams, status)
       select $1, 'tiktok', u.handle, u.open_id, u.handle, u.grams::text[], 'pending_contact'
         from unnest($2::text[], $3::text[], $4::text[]) as u(handle, open_id, grams)`,
      [
        s.userId,
        creators.map((c) => c.username),
        creators.map((c) => c.openId),
        creators.map((c) => `{${nameGrams(s.userId, c.username).map(quoted).join(',')}}`),
      ],
    );
  }
  out(
    `Seeded ${SHOPS} account(s) (enterprise plan), ${fmt(SHOPS * TALENTS)} talents and ${SHOPS * 2} product templates in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return sellers;
}

/** A PostgreSQL array element, quoted. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * "Connect TikTok Shop" as a browser does it: Connect (the authorization link and the
 * cookie), the sandbox's authorization form (the seller `us-N`, every scope, allow), and the
 * redirect back to our callback with the cookie.
 */
async function connect(product: RunningProduct, sandbox: Sandbox, s: Seller): Promise<void> {
  const started = await fetch(`${product.url}${apiPaths.platforms.tiktokShopConnect}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}` },
  });
  const startedBody = (await started.json()) as { data: { authorizeUrl: string }; message: string };
  if (started.status !== 200) throw new Error(`connect: ${started.status} ${startedBody.message}`);
  const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
  const link = new URL(startedBody.data.authorizeUrl);
  const form = new URLSearchParams({
    service_id: sandbox.serviceId,
    state: link.searchParams.get('state')!,
    decision: 'allow',
    seller: s.seller.key,
  });
  for (const scope of sandboxScopes) form.append('scope', scope);
  const decided = await fetch(`${sandbox.url}/open/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const back = decided.headers.get('location');
  if (decided.status !== 302 || !back) throw new Error(`authorize: ${decided.status}`);
  const callback = await fetch(back, { headers: { cookie }, redirect: 'manual' });
  const outcome = new URL(callback.headers.get('location') ?? '', product.url).searchParams.get(
    'tiktokShop',
  );
  if (outcome !== 'connected') throw new Error(`authorization of ${s.seller.key} ended ${outcome}`);
}

const ENDS_AT = new Date(Date.now() + 30 * 86_400_000);
ENDS_AT.setUTCHours(15, 59, 59, 0);

function taskBody(s: Seller): SendTaskBody {
  const [first, second] = s.productTemplateIds;
  return {
    shopId: s.shopId!,
    taskType: 'targeted_product',
    contentType: 'vertical_video',
    filterType: 'rules',
    rules: {},
    maxCount: TALENTS,
    productTemplateIds: [first!, second!],
    script: 'Hello {达人名称}, from {shopName}: {productNames}',
    setName: `Bench ${s.seller.key}`,
    collaborationName: `Bench ${s.seller.key}`,
    endsAt: ENDS_AT.toISOString(),
    commissionRates: { [String(first)]: 1250, [String(second)]: 2000 },
    contactEmail: 'bench@inviteflow.example',
    cooldown: 'include',
  };
}

interface Sample {
  at: number;
  final: number;
  rssMb: number;
}

export async function benchPlatforms(out: Out): Promise<number> {
  out('\n## Platform actions end to end (TikTok Shop sandbox, PostgreSQL)\n');
  if (!(await reachable(adminUrl))) {
    out(
      `SKIPPED: no PostgreSQL at ${adminUrl} (set TEST_DATABASE_URL); the budget is for PostgreSQL.`,
    );
    return 0;
  }
  const full = SHOPS === 100 && TALENTS === 5_000;
  out(
    `Scale: ${SHOPS} shops × ${fmt(TALENTS)} talents = ${fmt(SHOPS * TALENTS)} records${full ? " (the issue's full scale)" : ' (REDUCED scale: BENCH_PLATFORM_SHOPS / BENCH_PLATFORM_TALENTS)'}; sandbox latency ${LATENCY_MS} ms, rate limit ${RATE_LIMIT} calls/s per API and shop; tasks created ${CREATE_CONCURRENCY} at once.\n`,
  );
  const serverDb = `inviteflow_bench_platforms_${process.pid}`;
  const sandboxDb = `inviteflow_bench_platforms_sandbox_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${serverDb}`);
  await admin.query(`create database ${sandboxDb}`);
  const productUrl = `http://127.0.0.1:${PRODUCT_PORT}`;
  let product: RunningProduct | undefined;
  let sandbox: Sandbox | undefined;
  const db = new pg.Client({ connectionString: databaseUrl(serverDb) });
  const sdb = new pg.Client({ connectionString: databaseUrl(sandboxDb) });
  let broken = 0;
  try {
    sandbox = await startSandbox(
      databaseUrl(sandboxDb),
      `${productUrl}${apiPaths.platforms.tiktokShopCallback}`,
    );
    await sdb.connect();
    const { rows: apps } = await sdb.query<{ app_secret: string }>(
      'select app_secret from sandbox_tts_apps where app_key = $1',
      [sandbox.appKey],
    );
    product = await startProduct(PRODUCT_PORT, {
      DATABASE_URL: databaseUrl(serverDb),
      APP_SECRET,
      PUBLIC_URL: productUrl,
      TIKTOK_SHOP_APP_KEY: sandbox.appKey,
      TIKTOK_SHOP_APP_SECRET: apps[0]!.app_secret,
      TIKTOK_SHOP_SERVICE_ID: sandbox.serviceId,
      TIKTOK_SHOP_API_BASE: sandbox.url,
      TIKTOK_SHOP_AUTH_BASE: sandbox.url,
      TIKTOK_SHOP_AUTHORIZE_URL: `${sandbox.url}/open/authorize`,
    });
    await db.connect();
    const sellers = await seed(db, out);

    const connecting = Date.now();
    await pool(sellers, 4, async (s) => {
      const login = await call<{ access_token: string }>(product!, apiPaths.auth.login, {
        method: 'POST',
        body: { username: s.username, password: PASSWORD },
      });
      s.token = login.access_token;
      await connect(product!, sandbox!, s);
    });
    const { rows: bound } = await db.query<{
      user_id: number;
      id: number;
      platform_shop_id: string;
    }>(
      `select user_id, id, platform_shop_id from shops
        where source = 'authorization' and bind_status = 'BOUND'`,
    );
    for (const s of sellers) {
      const shop = bound.find((b) => b.user_id === s.userId);
      if (!shop) throw new Error(`${s.username}: no shop bound`);
      s.shopId = shop.id;
      s.platformShopId = shop.platform_shop_id;
    }
    out(
      `${SHOPS} sellers signed in and connected their shop (sandbox authorization) in ${((Date.now() - connecting) / 1000).toFixed(1)} s.\n`,
    );

    // --- the measured run ---------------------------------------------------------------
    const pid = product.pid();
    const before = processFigures(pid);
    const ownPids = [
      Number((await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid),
      Number((await sdb.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid),
    ];
    const processes = { server: pid, sandbox: sandbox.pid };
    const snapshot = async (final: number) =>
      cpuSnapshot(admin, [serverDb, sandboxDb], ownPids, processes, final);
    const cpuAtStart = await snapshot(0);
    let cpuAtCreated: CpuSnapshot | undefined;
    const samples: Sample[] = [];
    let peakRss = before.rssMb;
    // What our server's PostgreSQL sessions are doing, every 250 ms: running, waiting for a
    // lock, idle in a transaction (waiting for the server), or idle in the pool.
    const sessionStates = new Map<string, number>();
    let stateSamples = 0;
    let sampling = false;
    const stateSampler = setInterval(() => {
      if (sampling) return;
      sampling = true;
      admin
        .query<{ state: string; n: string }>(
          `select coalesce(state, '?') ||
                  case when wait_event_type in ('Lock', 'LWLock', 'IO')
                       then ' (' || wait_event_type || ': ' || wait_event || ')' else '' end as state,
                  count(*) as n
             from pg_stat_activity where datname = $1 and not (pid = any($2)) group by 1`,
          [serverDb, ownPids],
        )
        .then(({ rows }) => {
          stateSamples++;
          for (const r of rows)
            sessionStates.set(r.state, (sessionStates.get(r.state) ?? 0) + Number(r.n));
        })
        .catch(() => undefined)
        .finally(() => (sampling = false));
    }, 250);
    const rssSampler = setInterval(() => {
      peakRss = Math.max(peakRss, processFigures(pid).rssMb);
    }, 100);
    const runStarted = Date.now();
    const deadline = runStarted + TIMEOUT_S * 1000;
    let created = 0;
    let creating = true;
    const createLatencies: number[] = [];
    /** When each shop's task was answered (created, committed): epoch ms by our shop id. */
    const answeredAt = new Map<number, number>();
    const creation = pool(sellers, CREATE_CONCURRENCY, async (s) => {
      const t0 = performance.now();
      const result = await call<{ created: number; taskId: number }>(
        product!,
        apiPaths.sendRecords.list,
        { method: 'POST', token: s.token, body: taskBody(s) },
      );
      answeredAt.set(s.shopId!, Date.now());
      createLatencies.push(performance.now() - t0);
      if (result.created !== TALENTS)
        throw new Error(`${s.username}: ${result.created} records created, not ${TALENTS}`);
      created += result.created;
    })
      .then(async () => {
        // Everything created: from here on the server only executes (CPU per record below).
        const { rows } = await db.query<{ open: string }>(
          `select count(*) as open from send_records where status in ('pending', 'running')`,
        );
        cpuAtCreated = await snapshot(created - Number(rows[0]!.open));
      })
      .finally(() => (creating = false));
    const creationError = creation.then(
      () => null,
      (error: unknown) => error,
    );
    // Progress: records still open (the claim index holds only those), once a second.
    let timedOut = false;
    for (;;) {
      await sleep(1_000);
      const { rows } = await db.query<{ open: string }>(
        `select count(*) as open from send_records where status in ('pending', 'running')`,
      );
      const open = Number(rows[0]!.open);
      samples.push({ at: Date.now(), final: created - open, rssMb: processFigures(pid).rssMb });
      if (!creating && open === 0) break;
      if (!creating && (await creationError)) break;
      if (Date.now() > deadline) {
        timedOut = true;
        break;
      }
    }
    clearInterval(rssSampler);
    clearInterval(stateSampler);
    const failedCreation = await creationError;
    if (failedCreation) throw failedCreation;
    const after = processFigures(pid);
    const cpuAtEnd = await snapshot(samples.at(-1)?.final ?? 0);
    const wallS = (Date.now() - runStarted) / 1000;

    // --- figures ------------------------------------------------------------------------
    const { rows: spans } = await db.query<{
      first_task: Date;
      last_task: Date;
      last_final: Date;
      t10: Date | null;
      t90: Date | null;
      total: string;
      success: string;
      failed: string;
      open: string;
    }>(
      `with t as (select min(created_at) as first_task, max(created_at) as last_task
                    from invitation_tasks)
       select t.first_task, t.last_task, max(r.finished_at) as last_final,
              percentile_disc(0.1) within group (order by r.finished_at) as t10,
              percentile_disc(0.9) within group (order by r.finished_at) as t90,
              count(*) as total,
              count(*) filter (where r.status = 'success') as success,
              count(*) filter (where r.status = 'failed') as failed,
              count(*) filter (where r.status in ('pending', 'running')) as open
         from send_records r, t group by t.first_task, t.last_task`,
    );
    const span = spans[0]!;
    const total = Number(span.total);
    const success = Number(span.success);
    const failed = Number(span.failed);
    const endToEndS =
      ((span.last_final ?? new Date()).getTime() - span.first_task.getTime()) / 1000;
    const recordsPerS = endToEndS > 0 ? (success + failed) / endToEndS : 0;
    // Over the records final (all of them unless the run timed out); none final: nothing.
    const sustainedS = span.t10 && span.t90 ? (span.t90.getTime() - span.t10.getTime()) / 1000 : 0;
    const sustained = sustainedS > 0 ? (0.8 * (success + failed)) / sustainedS : recordsPerS;
    const { rows: actionRows } = await db.query<{ status: string; kind: string; n: string }>(
      `select status, kind, count(*) as n from platform_actions group by status, kind order by 1, 2`,
    );
    const actions = actionRows.reduce((sum, r) => sum + Number(r.n), 0);
    const { rows: failures } = await db.query<{ error_code: string; n: string }>(
      `select error_code, count(*) as n from send_records where status = 'failed'
        group by error_code order by n desc limit 5`,
    );
    const { rows: timeline } = await db.query<{ s: number; n: string }>(
      `select floor(extract(epoch from finished_at - $1::timestamptz) / 10)::int * 10 as s,
              count(*) as n
         from send_records where finished_at is not null group by 1 order by 1`,
      [span.first_task],
    );
    const { rows: tasks } = await db.query<{ shop_id: number; created_at: Date }>(
      'select shop_id, created_at from invitation_tasks',
    );

    // The sandbox's record of calls: `at` is when it answered (after its latency).
    const { rows: firstCalls } = await sdb.query<{ shop_id: string; first_at: Date }>(
      `select shop_id, min(at) as first_at from sandbox_tts_calls
        where shop_id is not null and path like '/affiliate_seller/%' group by shop_id`,
    );
    const { rows: callTotals } = await sdb.query<{ path: string; method: string; n: string }>(
      `select method, path, count(*) as n from sandbox_tts_calls
        where path like '/affiliate_seller/%' group by 1, 2 order by n desc`,
    );
    const { rows: busiest } = await sdb.query<{ shop_id: string; n: string }>(
      `select shop_id, count(*) as n from sandbox_tts_calls where shop_id is not null
        group by shop_id, date_trunc('second', at) order by n desc limit 1`,
    );
    const { rows: busiestApi } = await sdb.query<{ n: string }>(
      `select count(*) as n from sandbox_tts_calls where shop_id is not null
        group by shop_id, method, regexp_replace(path, '/\\d+(/|$)', '/{id}\\1', 'g'),
                 date_trunc('second', at) order by n desc limit 1`,
    );
    const { rows: perShopRate } = await sdb.query<{ rate: number }>(
      `select count(*) / greatest(extract(epoch from max(at) - min(at)), 1) as rate
         from sandbox_tts_calls where shop_id is not null group by shop_id`,
    );
    const { rows: refusals } = await sdb.query<{ code: number; http_status: number; n: string }>(
      `select code, http_status, count(*) as n from sandbox_tts_calls
        where code is distinct from 0 and path not like '/open/%' group by 1, 2 order by n desc`,
    );

    const firstAt = new Map(firstCalls.map((c) => [c.shop_id, c.first_at.getTime()]));
    const platformShopOf = new Map(sellers.map((s) => [s.shopId!, s.platformShopId!]));
    // From the create's answer (the task committed, as the seller sees it) to the first call's
    // arrival at the sandbox (its record's time less its latency).
    const toFirstCall = tasks
      .map((t) => {
        const at = firstAt.get(platformShopOf.get(t.shop_id)!);
        const answered = answeredAt.get(t.shop_id);
        return at === undefined || answered === undefined ? Infinity : at - LATENCY_MS - answered;
      })
      .sort((a, b) => a - b);
    const halfAt = runStarted + (wallS * 1000) / 2;
    const firstHalfPeak = Math.max(
      before.rssMb,
      ...samples.filter((s) => s.at <= halfAt).map((s) => s.rssMb),
    );
    const secondHalfPeak = Math.max(0, ...samples.filter((s) => s.at > halfAt).map((s) => s.rssMb));
    const callsTotal = callTotals.reduce((sum, r) => sum + Number(r.n), 0);
    const limitRefusals = refusals.filter((r) => LIMIT_CODES[r.code] || r.http_status === 429);
    const maxShopSecond = Number(busiest[0]?.n ?? 0);
    const maxApiSecond = Number(busiestApi[0]?.n ?? 0);
    const meanShopRate =
      perShopRate.reduce((sum, r) => sum + Number(r.rate), 0) / Math.max(perShopRate.length, 1);
    const sortedCreate = [...createLatencies].sort((a, b) => a - b);

    const okRate = sustained >= BUDGET_RECORDS_PER_SECOND && !timedOut;
    const okLimits = limitRefusals.length === 0 && maxApiSecond <= RATE_LIMIT;
    const okRecords = success === SHOPS * TALENTS && failed === 0;
    const okMemory =
      secondHalfPeak <= firstHalfPeak * (1 + BUDGET_RSS_GROWTH.ratio) + BUDGET_RSS_GROWTH.mb;
    const verdict = (ok: boolean) => (ok ? 'ok' : 'BROKEN');
    broken += [okRate, okLimits, okRecords, okMemory].filter((ok) => !ok).length;

    out('| figure | value | budget |');
    out('| --- | ---: | --- |');
    out(
      `| records final | ${fmt(success + failed)} of ${fmt(total)} (${fmt(success)} success, ${fmt(failed)} failed)${timedOut ? ` — TIMED OUT after ${TIMEOUT_S} s` : ''} | all success: ${verdict(okRecords)} |`,
    );
    out(
      `| records/s end to end (first task created → last record final, ${endToEndS.toFixed(1)} s) | ${fmt(recordsPerS)} | |`,
    );
    out(
      `| records/s sustained (10 % → 90 % of records final, ${sustainedS.toFixed(1)} s) | ${fmt(sustained)} | ≥ ${fmt(BUDGET_RECORDS_PER_SECOND)}: ${verdict(okRate)} |`,
    );
    out(
      `| actions/s end to end (${fmt(actions)} actions: ${actionRows.map((r) => `${r.n} ${r.kind} ${r.status}`).join(', ')}) | ${fmt(actions / endToEndS, 1)} | |`,
    );
    out(
      `| sandbox API calls (${callTotals.map((r) => `${r.n} ${r.method} ${r.path}`).join(', ')}) | ${fmt(callsTotal)} (${fmt(callsTotal / endToEndS, 1)}/s) | |`,
    );
    out(
      `| task creation (POST send-records, ${fmt(TALENTS)} records each): p50 / p99 / max ms | ${fmt(percentile(sortedCreate, 50))} / ${fmt(percentile(sortedCreate, 99))} / ${fmt(sortedCreate.at(-1) ?? 0)} | |`,
    );
    out(
      `| task created (its create answered) → its shop's first call arriving at the sandbox: p50 / p99 / max ms | ${fmt(percentile(toFirstCall, 50))} / ${fmt(percentile(toFirstCall, 99))} / ${fmt(toFirstCall.at(-1) ?? 0)} | |`,
    );
    out(
      `| calls per shop per second: busiest 1-s window of a shop, one API / all APIs; mean per shop over its run | ${maxApiSecond} / ${maxShopSecond}; ${meanShopRate.toFixed(1)} | ≤ ${RATE_LIMIT} per API: ${verdict(maxApiSecond <= RATE_LIMIT)} |`,
    );
    out(
      `| refusals for a limit (429, rate, quota, daily) | ${limitRefusals.reduce((sum, r) => sum + Number(r.n), 0)} | none: ${verdict(okLimits)} |`,
    );
    out(
      `| server RSS MB: before / peak / first-half peak / second-half peak / after | ${before.rssMb.toFixed(0)} / ${peakRss.toFixed(0)} / ${firstHalfPeak.toFixed(0)} / ${secondHalfPeak.toFixed(0)} / ${after.rssMb.toFixed(0)} | flat (2nd half ≤ 1st half + ${BUDGET_RSS_GROWTH.ratio * 100} % + ${BUDGET_RSS_GROWTH.mb} MB): ${verdict(okMemory)} |`,
    );
    const whole = cpuBetween(cpuAtStart, cpuAtEnd);
    out(
      `| CPU seconds during the run (${wallS.toFixed(1)} s wall): our server / the sandbox / PostgreSQL for our server / PostgreSQL for the sandbox | ${whole.server.toFixed(1)} / ${whole.sandbox.toFixed(1)} / ${whole.postgres.toFixed(1)} / ${whole.postgresSandbox.toFixed(1)} | |`,
    );
    if (cpuAtCreated && cpuAtCreated.final < cpuAtEnd.final) {
      const tail = cpuBetween(cpuAtCreated, cpuAtEnd);
      const perRecord = (s: number) => ((s * 1000) / tail.records).toFixed(2);
      out(
        `| CPU ms per record once every task was created (${fmt(tail.records)} records in ${tail.seconds.toFixed(1)} s: ${fmt(tail.records / tail.seconds)}/s): server / sandbox / PostgreSQL for each | ${perRecord(tail.server)} / ${perRecord(tail.sandbox)} / ${perRecord(tail.postgres)} / ${perRecord(tail.postgresSandbox)} | |`,
      );
    }
    if (stateSamples) {
      const states = [...sessionStates]
        .sort((x, y) => y[1] - x[1])
        .map(([state, n]) => `${(n / stateSamples).toFixed(1)} ${state}`);
      out(
        `\nOur server's PostgreSQL sessions, on average over ${stateSamples} samples (pool of ${process.env.DATABASE_POOL_MAX ?? 20}): ${states.join(', ')}.`,
      );
    }
    if (refusals.length) {
      out(
        `\nEvery refusal the sandbox answered: ${refusals.map((r) => `${r.n} × code ${r.code} (HTTP ${r.http_status}${LIMIT_CODES[r.code] ? `, ${LIMIT_CODES[r.code]}` : ''})`).join(', ')}.`,
      );
    }
    if (failures.length) {
      out(
        `\nFailed records by code: ${failures.map((f) => `${f.n} × ${f.error_code}`).join(', ')}.`,
      );
    }
    out(
      `\nRecords final per 10 s from the first task: ${timeline.map((t) => `${t.s}s ${fmt(Number(t.n) / 10)}/s`).join(', ')}.`,
    );
    out(
      `Tasks created between +0 and +${((span.last_task.getTime() - span.first_task.getTime()) / 1000).toFixed(1)} s.`,
    );
    out(
      `\nBudgets: ≥ ${fmt(BUDGET_RECORDS_PER_SECOND)} records/s sustained; no call refused for a limit and no shop over ${RATE_LIMIT} calls a second to one API; every record a success; memory flat. The sandbox runs in its own process; both it and our server use the same PostgreSQL (separate databases) on this machine.`,
    );
  } finally {
    await product?.stop().catch(() => undefined);
    await sandbox?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await sdb.end().catch(() => undefined);
    for (const name of [serverDb, sandboxDb]) {
      if (KEEP) {
        out(`Kept database ${databaseUrl(name)} (BENCH_PLATFORM_KEEP=1): drop it when done.`);
        continue;
      }
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    }
    await admin.end();
  }
  return broken;
}
