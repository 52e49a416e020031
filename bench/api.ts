/**
 * The API under a mixed workload (issue 18, item 6; it replaces the hello-world ratio).
 *
 * The product runs as `npm start` runs it, in its own process, on a fresh PostgreSQL database
 * and Redis (a database of its own, emptied first). Setup (not measured): 200 seller accounts
 * on the enterprise plan, written with multi-row inserts as bench/platforms.ts does, each with
 * a library of 3,000 talents (the seed script's realistic ones: names, fans, statuses, labels)
 * and 2,000 finished send records in 20 past tasks; each seller signs in, binds a 抖店 shop by
 * hand (its tasks go to the browser channel) and, before each variant, signs in again,
 * connects one browser (an extension session, as the console does) and creates a task of 160
 * talents, the extensions' work for the run.
 *
 * Measured: a closed loop of simulated users for BENCH_API_SECONDS (60), each waiting for its
 * answer and then thinking a little before the next request:
 * - 200 sellers browse: the talent list (first page, next pages, filters, other sorts, name
 *   search, the filter's count), a talent's details, the send records (all, by status, the
 *   records of one task), a record's details; and write: add a talent, create a task of 20.
 * - 200 extensions (one per seller, DESIGN.md "The extension protocol"): claim the account's
 *   next browser action, mark its send started, report each record (sent, or refused for
 *   the talent), with the page's work as think time between the steps; polling again after
 *   a pause when nothing is left.
 * Then the talent list's first page (the seller's landing query) alone, by BENCH_API_LIST_CLIENTS
 * clients with no think time over every account, and the same SQL (captured from the
 * server's repository code as it runs) by `pgbench` with as many clients over the same
 * account ids, each for BENCH_API_LIST_SECONDS.
 *
 * Printed: throughput, the share of writes, p50/p95/p99/max and errors per route pattern,
 * and the list ratio. Once with the product's defaults (the list cache on) and once with the
 * list cache off (LIST_CACHE_MB=0): issue 18 item 4's question, answered by figures. (A third
 * variant measured Redis client-side caching against reading Redis on every request; it made
 * no difference beyond the noise, so the server's tracked reads were removed: docs/performance.md.)
 *
 * Goals (the product's defaults decide the exit status; the other variants are figures):
 * p99 under 100 ms for every route, no errors, and the server's talent-list rate at least
 * half of pgbench's for the same query.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  apiPaths,
  talentFilters,
  type BrowserClaimData,
  type ExtensionSessionData,
  type SendRecordPage,
  type SendTaskResult,
  type TalentPage,
} from '@inviteflow/contract';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { talentPage } from '../apps/server/src/modules/talents/service.ts';
import { seedAccount } from '../apps/server/scripts/seed.ts';
import { startProduct, type RunningProduct } from './support/product.ts';

export const GOAL_P99_MS = 100;
export const GOAL_LIST_RATIO = 0.5;

type Out = (line?: string) => void;

function whole(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  const n = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

const SECONDS = whole('BENCH_API_SECONDS', 60, 1, 3_600);
const SELLERS = whole('BENCH_API_SELLERS', 200, 2, 1_000);
const TALENTS = whole('BENCH_API_TALENTS', 3_000, 100, 100_000);
/** Finished send records per seller, in past tasks of RECORDS_PER_TASK. */
const RECORDS = whole('BENCH_API_RECORDS', 2_000, 0, 100_000);
const RECORDS_PER_TASK = 100;
/** A seller's mean pause between two requests (uniform from half to one and a half times). */
const THINK_MS = whole('BENCH_API_THINK_MS', 1_000, 0, 60_000);
/** An extension's time on the page between claim, started and report (the same spread). */
const PAGE_MS = whole('BENCH_API_PAGE_MS', 10_000, 0, 600_000);
/** An extension's pause before claiming again when nothing was handed out. */
const IDLE_MS = whole('BENCH_API_IDLE_MS', 10_000, 0, 600_000);
/**
 * The users arrive over this ramp (each seller and each extension starts at a random moment of
 * it), and the measurement begins 5 s after it ends: what is measured is the steady state of
 * 200 + 200 users, not 400 of them arriving in the same second on a cold process (with every
 * user's first request at once, the first seconds' backlog took ten seconds to clear and was
 * most of each route's p99).
 */
const RAMP_MS = whole('BENCH_API_RAMP_S', 10, 0, 600) * 1000;
const WARM_UP_MS = RAMP_MS + 5_000;
/**
 * The list phase's clients, on both sides. PostgreSQL's max_connections (100 here) is shared
 * with other work, so pgbench cannot open one per seller; 20 is the server's own pool
 * (DATABASE_POOL_MAX), the most sessions the server gives the query at once.
 */
const LIST_CLIENTS = whole('BENCH_API_LIST_CLIENTS', 20, 1, 80);
const LIST_SECONDS = whole('BENCH_API_LIST_SECONDS', 10, 1, 600);
const VARIANTS = (process.env.BENCH_API_VARIANTS ?? 'cached,uncached')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);
/**
 * Talents of the task each seller creates before each variant: 4 batches of 40, the work of an
 * extension for the whole run at its pace (the extensions have work in every variant).
 */
const FIRST_TASK_TALENTS = 160;
const PRODUCT_PORT = 3930;
/** Server processes (replicas, ports PRODUCT_PORT and up), the users spread over them. */
const REPLICAS = whole('BENCH_API_REPLICAS', 1, 1, 8);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisServer = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * The bench's own Redis database (13), emptied before each run: the limits and revocations
 * that tests leave in the shared database 0 (keyed by account ids that a fresh database hands
 * out again) must not throttle or end the bench's sessions.
 */
const BENCH_REDIS_DB = 13;
const APP_SECRET = 'bench-api-secret-bench-api-secret-0123456789';
const PASSWORD = 'Bench-Api-123';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const spread = (mean: number) => mean * (0.5 + Math.random());
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

// ---------------------------------------------------------------------------------------------
// HTTP: one keep-alive agent, latency from the request's start to its last byte
// ---------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Answer<T> {
  status: number;
  data: T;
  ms: number;
}

function request<T>(
  base: string,
  method: 'GET' | 'POST',
  urlPath: string,
  token: string | null,
  body?: unknown,
): Promise<Answer<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          let data: T;
          try {
            data = (JSON.parse(text) as { data: T }).data;
          } catch {
            data = null as T;
          }
          const status = res.statusCode ?? 0;
          // A refusal keeps its message (the first of each route is printed).
          resolve({ status, data: status === 200 ? data : (text.slice(0, 300) as T), ms });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function must<T>(answer: Promise<Answer<T>>, what: string): Promise<T> {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${what}: HTTP ${a.status} ${JSON.stringify(a.data)}`);
  return a.data;
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Figures per route
// ---------------------------------------------------------------------------------------------

class Recorder {
  readonly routes = new Map<string, { ms: number[]; errors: number; write: boolean }>();
  readonly errorSamples = new Map<string, string>();
  measuring = false;

  add(route: string, write: boolean, answer: { status: number; ms: number; data?: unknown }) {
    if (!this.measuring) return;
    let r = this.routes.get(route);
    if (!r) this.routes.set(route, (r = { ms: [], errors: 0, write }));
    r.ms.push(answer.ms);
    if (answer.status !== 200) {
      r.errors++;
      if (!this.errorSamples.has(route))
        this.errorSamples.set(route, `${answer.status} ${String(answer.data)}`);
    }
  }

  failed(route: string, write: boolean, error: unknown) {
    this.add(route, write, { status: 0, ms: 0, data: String(error) });
  }
}

// ---------------------------------------------------------------------------------------------
// Redis: the bench's database, and the ACL user that may not track
// ---------------------------------------------------------------------------------------------

/** Sends inline commands to Redis; resolves the raw answer, or null when none answers. */
async function redisCommands(commands: string[], expectLines: number): Promise<string | null> {
  const { hostname, port } = new URL(redisServer);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => {
      socket.write(commands.map((c) => `${c}\r\n`).join(''));
    });
    let answer = '';
    socket.setTimeout(2_000, () => (socket.destroy(), resolve(null)));
    socket.on('data', (data) => {
      answer += String(data);
      if (answer.split('\r\n').length <= expectLines) return;
      socket.destroy();
      resolve(answer);
    });
    socket.once('error', () => resolve(null));
  });
}

async function freshRedis(): Promise<boolean> {
  const answer = await redisCommands([`SELECT ${BENCH_REDIS_DB}`, 'FLUSHDB'], 2);
  return answer === '+OK\r\n+OK\r\n';
}

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

interface Seller {
  userId: number;
  username: string;
  token: string;
  extensionToken: string;
  shopId: number;
  /** 抖店 talents of the library (a task on the 抖店 shop takes only these), a sample. */
  douyinIds: number[];
  /** Talent ids seen in list pages, and talents added during the run. */
  seenTalents: number[];
  seenRecords: number[];
  taskIds: number[];
  nextCursor: string | null;
  labels: string[];
  shopNames: string[];
  added: number;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Accounts, plans and libraries, written with multi-row inserts. */
async function seedLibraries(databaseUrl: string, out: Out): Promise<Seller[]> {
  const started = Date.now();
  const handle = openPostgres(databaseUrl, 4);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const run = String(process.pid);
    const usernames = Array.from({ length: SELLERS }, (_, i) => `bench_api_${run}_${i + 1}`);
    const users = await handle.query<{ id: number; username: string }>(
      `insert into users (username, phone_number, password_hash, invite_code, time_zone)
       select u, '138' || lpad(n::text, 8, '0'), $2, 'BA' || $3 || n, 'Asia/Shanghai'
         from unnest($1::text[]) with ordinality as x(u, n)
       returning id, username`,
      [usernames, passwordHash, run],
    );
    users.sort((a, b) => a.id - b.id);
    await handle.query(
      `insert into membership_periods (user_id, plan_id, starts_at, ends_at, source)
       select id, 'enterprise', now() - interval '1 day', now() + interval '30 days', 'order'
         from unnest($1::int[]) as u(id)`,
      [users.map((u) => u.id)],
    );
    let i = 0;
    await pool(users, 2, async (u) => {
      await seedAccount(handle, u.id, TALENTS, 20_261_126 + i++, () => undefined);
    });
    const samples = await handle.query<{ user_id: number; ids: number[] }>(
      `select user_id, (array_agg(id order by random()))[1:500] as ids
         from talents where user_id = any($1) and platform = 'douyin' and status <> 'blacklisted'
        group by user_id`,
      [users.map((u) => u.id)],
    );
    const facets = await handle.query<{ user_id: number; shops: string[]; labels: string[] }>(
      `select user_id, array_agg(distinct shop_name) as shops,
              (select array_agg(name) from talent_labels l where l.user_id = t.user_id) as labels
         from talents t where user_id = any($1) group by user_id`,
      [users.map((u) => u.id)],
    );
    const idsOf = new Map(samples.map((s) => [s.user_id, s.ids.map(Number)]));
    const facetsOf = new Map(facets.map((f) => [f.user_id, f]));
    out(
      `Seeded ${fmt(SELLERS)} accounts (enterprise plan) with ${fmt(TALENTS)} talents each (${fmt(SELLERS * TALENTS)} in all) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return users.map((u) => ({
      userId: u.id,
      username: u.username,
      token: '',
      extensionToken: '',
      shopId: 0,
      douyinIds: idsOf.get(u.id) ?? [],
      seenTalents: [],
      seenRecords: [],
      taskIds: [],
      nextCursor: null,
      labels: facetsOf.get(u.id)?.labels ?? [],
      shopNames: (facetsOf.get(u.id)?.shops ?? []).filter(Boolean),
      added: 0,
    }));
  } finally {
    await handle.close();
  }
}

/** Past tasks with their finished records (triggers keep the counters), then statistics. */
async function seedHistory(databaseUrl: string, sellers: Seller[], out: Out) {
  const started = Date.now();
  const handle = openPostgres(databaseUrl, 4);
  const tasks = Math.ceil(RECORDS / RECORDS_PER_TASK);
  try {
    await pool(sellers, 2, async (s) => {
      if (!tasks) return;
      await handle.query(
        `with task as (
           insert into invitation_tasks (user_id, shop_id, task_type, content_type, filter_type,
                                         channel, script, set_name, record_count, created_at)
           select $1, $2, 'free_product', 'vertical_video', 'manual', 'browser',
                  '你好 {talentName}，诚邀合作', '历史任务 ' || g, $4,
                  now() - make_interval(days => g * 3)
             from generate_series(1, $3) g
           returning id, created_at)
         insert into send_records (user_id, task_id, shop_id, shop_name, talent_id, talent_name,
                                   platform, platform_talent_id, task_type, content_type,
                                   filter_type, set_name, message, status, error_code, attempts,
                                   channel, finished_at, sent_at, created_at, updated_at)
         select $1, task.id, $2, '压测旗舰店', t.id, t.name, t.platform, t.platform_talent_id,
                'free_product', 'vertical_video', 'manual', '历史任务', '你好 ' || t.name || '，诚邀合作',
                case when random() < 0.9 then 'success' else 'failed' end,
                null, 1, 'browser', task.created_at + interval '1 hour',
                task.created_at + interval '1 hour', task.created_at, task.created_at + interval '1 hour'
           from task cross join lateral (
             select id, name, platform, platform_talent_id from talents
              where user_id = $1 and platform = 'douyin' and task.id is not null
              order by random() limit $4) t`,
        [s.userId, s.shopId, tasks, RECORDS_PER_TASK],
      );
      await handle.query(
        `update send_records set error_code = 'talent_ineligible'
          where user_id = $1 and status = 'failed' and error_code is null`,
        [s.userId],
      );
      const rows = await handle.query<{ id: number }>(
        'select id from invitation_tasks where user_id = $1',
        [s.userId],
      );
      s.taskIds.push(...rows.map((r) => Number(r.id)));
    });
    // The seed script's last step too: fresh statistics and visibility maps.
    await handle.query('vacuum (analyze) talents');
    await handle.query('vacuum (analyze) send_records');
    await handle.query('vacuum (analyze) invitation_tasks');
    const [{ n } = { n: 0 }] = await handle.query<{ n: number }>(
      'select count(*)::int as n from send_records',
    );
    out(
      `Seeded ${fmt(n)} finished send records in ${fmt(tasks * sellers.length)} past tasks in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.close();
  }
}

/** Sign-in and a connected browser per seller (each variant: tokens live 15 minutes). */
async function signIn(product: RunningProduct, sellers: Seller[]) {
  await pool(sellers, 4, async (s) => {
    const login = await must(
      request<{ access_token: string }>(product.url, 'POST', apiPaths.auth.login, null, {
        username: s.username,
        password: PASSWORD,
      }),
      'sign-in',
    );
    s.token = login.access_token;
    const ext = await must(
      request<ExtensionSessionData>(product.url, 'POST', apiPaths.extension.sessions, s.token, {
        name: 'Chrome · bench',
        browser: 'Chrome 131',
      }),
      'extension session',
    );
    s.extensionToken = ext.token;
  });
}

async function bindShops(product: RunningProduct, sellers: Seller[]) {
  await pool(sellers, 4, async (s) => {
    const bound = await must(
      request<{ shop: { id: number } }>(product.url, 'POST', apiPaths.shops.list, s.token, {
        platform: 'douyin',
        shopName: '压测旗舰店',
        siteName: '中国站',
        shopCode: `BENCH${s.userId}`,
      }),
      'bind shop',
    );
    s.shopId = bound.shop.id;
  });
}

function taskBody(s: Seller, talentIds: number[]) {
  return {
    shopId: s.shopId,
    taskType: 'free_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds,
    script: '你好 {talentName}，{shopName} 诚邀合作',
    setName: `压测任务 ${s.taskIds.length + 1}`,
    cooldown: 'include',
  };
}

function sample<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Work for the extensions from the first second: a task of 200 talents per seller. */
async function firstTasks(product: RunningProduct, sellers: Seller[]) {
  await pool(sellers, 4, async (s) => {
    const ids = sample(s.douyinIds, FIRST_TASK_TALENTS);
    const made = await must(
      request<SendTaskResult>(
        product.url,
        'POST',
        apiPaths.sendRecords.list,
        s.token,
        taskBody(s, ids),
      ),
      'first task',
    );
    s.taskIds.push(made.taskId);
  });
}

// ---------------------------------------------------------------------------------------------
// The workload
// ---------------------------------------------------------------------------------------------

const statuses = ['pending_contact', 'communicating', 'cooperating', 'rejected', 'inactive'];
const industries = ['beauty', 'apparel', 'food', 'home', 'digital', 'maternity'];
const sorts = ['fansCount', 'updatedAt', 'businessAmountFen', 'dealCount', 'videoAvgViews'];
const nameBits = ['小', '王', '美', 'li', '张', '家', '酱', 'a', '陈', '日记'];

type Op = (base: string, s: Seller, rec: Recorder) => Promise<void>;

async function get<T>(
  base: string,
  s: Seller,
  rec: Recorder,
  route: string,
  urlPath: string,
): Promise<Answer<T> | null> {
  try {
    const a = await request<T>(base, 'GET', urlPath, s.token);
    rec.add(route, false, a);
    return a.status === 200 ? a : null;
  } catch (error) {
    rec.failed(route, false, error);
    return null;
  }
}

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return `?${q.toString()}`;
}

/** `paging`: a page of the default list, whose next-page cursor the seller may follow. */
function rememberTalents(s: Seller, page: TalentPage | undefined, paging = false) {
  if (!page) return;
  if (paging) s.nextCursor = page.nextCursor;
  for (const t of page.list.slice(0, 5)) s.seenTalents.push(t.id);
  if (s.seenTalents.length > 200) s.seenTalents.splice(0, s.seenTalents.length - 200);
}

function rememberRecords(s: Seller, page: SendRecordPage | undefined) {
  if (!page) return;
  for (const r of page.list.slice(0, 5)) s.seenRecords.push(r.id);
  if (s.seenRecords.length > 200) s.seenRecords.splice(0, s.seenRecords.length - 200);
}

const T = apiPaths.talents;
const R = apiPaths.sendRecords;
/**
 * A seller's requests, with their weights (writes: 8 % of a seller's requests; with the
 * extensions' calls, all writes, about a fifth of the whole at the intended pace).
 */
const sellerOps: Array<[number, string, Op]> = [
  [
    20,
    'talent list, first page',
    async (base, s, rec) => {
      const a = await get<TalentPage>(base, s, rec, `GET ${T.list}`, `${T.list}?pageSize=20`);
      rememberTalents(s, a?.data, true);
    },
  ],
  [
    10,
    'talent list, next page',
    async (base, s, rec) => {
      const path = s.nextCursor
        ? `${T.list}${query({ pageSize: 20, cursor: s.nextCursor })}`
        : `${T.list}?pageSize=20`;
      const a = await get<TalentPage>(base, s, rec, `GET ${T.list}`, path);
      rememberTalents(s, a?.data, true);
    },
  ],
  [
    12,
    'talent list, filtered',
    async (base, s, rec) => {
      const filter = pick([
        { status: pick(statuses) },
        { industry: pick(industries) },
        { status: pick(statuses), industry: pick(industries) },
        { fansMin: pick([10_000, 100_000, 1_000_000]) },
        { label: s.labels.length ? pick(s.labels) : undefined },
        { shopName: s.shopNames.length ? pick(s.shopNames) : undefined },
        { platform: 'douyin', status: pick(statuses) },
      ]);
      const a = await get<TalentPage>(
        base,
        s,
        rec,
        `GET ${T.list}`,
        `${T.list}${query({ pageSize: 20, ...filter })}`,
      );
      rememberTalents(s, a?.data);
    },
  ],
  [
    6,
    'talent list, another sort',
    async (base, s, rec) => {
      const a = await get<TalentPage>(
        base,
        s,
        rec,
        `GET ${T.list}`,
        `${T.list}${query({ pageSize: 20, sort: pick(sorts), order: pick(['asc', 'desc']) })}`,
      );
      rememberTalents(s, a?.data);
    },
  ],
  [
    5,
    'talent list, name search',
    async (base, s, rec) => {
      const a = await get<TalentPage>(
        base,
        s,
        rec,
        `GET ${T.list}`,
        `${T.list}${query({ pageSize: 20, name: pick(nameBits) })}`,
      );
      rememberTalents(s, a?.data);
    },
  ],
  [
    6,
    'talent count of a filter',
    async (base, s, rec) => {
      await get(base, s, rec, `GET ${T.count}`, `${T.count}${query({ status: pick(statuses) })}`);
    },
  ],
  [
    6,
    'talent details',
    async (base, s, rec) => {
      const id = s.seenTalents.length ? pick(s.seenTalents) : pick(s.douyinIds);
      await get(base, s, rec, `GET ${T.one(':id')}`, T.one(id));
    },
  ],
  [
    10,
    'send records, first page',
    async (base, s, rec) => {
      const a = await get<SendRecordPage>(base, s, rec, `GET ${R.list}`, `${R.list}?pageSize=20`);
      rememberRecords(s, a?.data);
    },
  ],
  [
    6,
    'send records, by status',
    async (base, s, rec) => {
      const a = await get<SendRecordPage>(
        base,
        s,
        rec,
        `GET ${R.list}`,
        `${R.list}${query({ pageSize: 20, status: pick(['pending', 'success', 'failed']) })}`,
      );
      rememberRecords(s, a?.data);
    },
  ],
  [
    6,
    "send records, a task's records",
    async (base, s, rec) => {
      const a = await get<SendRecordPage>(
        base,
        s,
        rec,
        `GET ${R.list}`,
        `${R.list}${query({ pageSize: 20, taskId: pick(s.taskIds) })}`,
      );
      rememberRecords(s, a?.data);
    },
  ],
  [
    5,
    'send record details',
    async (base, s, rec) => {
      if (!s.seenRecords.length) return;
      await get(base, s, rec, `GET ${R.one(':id')}`, R.one(pick(s.seenRecords)));
    },
  ],
  [
    5,
    'add a talent',
    async (base, s, rec) => {
      const route = `POST ${T.list}`;
      s.added++;
      try {
        const a = await request<{ id: number }>(base, 'POST', T.list, s.token, {
          platform: 'douyin',
          platformTalentId: `bench${process.pid}x${s.userId}x${s.added}x${Date.now() % 1e6}`,
          name: `压测达人${s.added}`,
          status: pick(statuses),
          industry: pick(industries),
          fansCount: Math.floor(Math.random() * 1_000_000),
        });
        rec.add(route, true, a);
        if (a.status === 200 && a.data) s.seenTalents.push(a.data.id);
      } catch (error) {
        rec.failed(route, true, error);
      }
    },
  ],
  [
    3,
    'create a task of 20 talents',
    async (base, s, rec) => {
      const route = `POST ${R.list}`;
      try {
        const a = await request<SendTaskResult>(
          base,
          'POST',
          R.list,
          s.token,
          taskBody(s, sample(s.douyinIds, 20)),
        );
        rec.add(route, true, a);
        if (a.status === 200 && a.data) s.taskIds.push(a.data.taskId);
      } catch (error) {
        rec.failed(route, true, error);
      }
    },
  ],
];
const sellerWeight = sellerOps.reduce((sum, [w]) => sum + w, 0);

function nextSellerOp(): Op {
  let n = Math.random() * sellerWeight;
  for (const [w, , op] of sellerOps) {
    n -= w;
    if (n < 0) return op;
  }
  return sellerOps[0]![2];
}

async function sellerLoop(base: string, s: Seller, rec: Recorder, until: () => boolean) {
  await sleep(Math.random() * RAMP_MS);
  while (!until()) {
    await nextSellerOp()(base, s, rec);
    await sleep(spread(THINK_MS));
  }
}

async function post<T>(
  base: string,
  token: string,
  rec: Recorder,
  route: string,
  urlPath: string,
  body: unknown,
): Promise<Answer<T> | null> {
  try {
    const a = await request<T>(base, 'POST', urlPath, token, body);
    rec.add(route, true, a);
    return a.status === 200 ? a : null;
  } catch (error) {
    rec.failed(route, true, error);
    return null;
  }
}

/** One browser: claim, the page's work, started, the page's answer, report; poll when idle. */
async function extensionLoop(base: string, s: Seller, rec: Recorder, until: () => boolean) {
  const X = apiPaths.extension;
  await sleep(Math.random() * RAMP_MS);
  while (!until()) {
    const claimed = await post<BrowserClaimData>(
      base,
      s.extensionToken,
      rec,
      `POST ${X.claim}`,
      X.claim,
      { shopId: s.shopId },
    );
    const action = claimed?.data.action;
    if (!action) {
      await sleep(spread(IDLE_MS));
      continue;
    }
    await sleep(spread(PAGE_MS));
    if (until()) break;
    const started = await post(
      base,
      s.extensionToken,
      rec,
      `POST ${X.started(':id')}`,
      X.started(action.id),
      { leaseId: action.leaseId },
    );
    if (!started) continue;
    await sleep(spread(PAGE_MS));
    await post(base, s.extensionToken, rec, `POST ${X.report(':id')}`, X.report(action.id), {
      leaseId: action.leaseId,
      packVersion: action.pack.version,
      outcomes: action.records.map((r) =>
        Math.random() < 0.9
          ? { recordId: r.id, result: 'sent' }
          : { recordId: r.id, result: 'failed', errorCode: 'talent_ineligible' },
      ),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The list query: through the server, and straight on PostgreSQL by pgbench
// ---------------------------------------------------------------------------------------------

/**
 * The SQL the server runs for a seller's first talent page (the default request: newest
 * added first, 20 a page), captured from the server's own repository code (`talentPage`)
 * as node-postgres receives it, once for two accounts: the parameters that differ are the
 * account id, which pgbench draws per transaction (`:uid`); the others are written in.
 */
async function capturedListSql(databaseUrl: string, a: number, b: number): Promise<string> {
  const handle = openPostgres(databaseUrl, 1);
  const captured: Array<{ text: string; values: unknown[] }> = [];
  const original = pg.Pool.prototype.query;
  // node-postgres's Pool.query is what drizzle calls; recorded here, then passed on.
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[]];
    captured.push(
      typeof config === 'string'
        ? { text: config, values: values ?? [] }
        : { text: config.text, values: config.values ?? values ?? [] },
    );
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const request = { sort: 'addedAt', order: 'desc', pageSize: 20, fromEnd: false } as const;
    const filters = talentFilters.parse({});
    await talentPage(handle.db, a, filters, request);
    const first = captured.splice(0);
    await talentPage(handle.db, b, filters, request);
    const second = captured.splice(0);
    if (first.length !== second.length || !first.length)
      throw new Error('the talent list ran different statements for two accounts');
    return first
      .map(({ text, values }, i) => {
        const other = second[i]!.values;
        const sqlText = text.replace(/\$(\d+)/g, (_, n: string) => {
          const k = Number(n) - 1;
          const value = values[k];
          if (value === a && other[k] === b) return ':uid';
          if (typeof value === 'number') return String(value);
          return `'${String(value).replace(/'/g, "''")}'`;
        });
        return `${sqlText.replace(/\s+/g, ' ').trim()};`;
      })
      .join('\n');
  } finally {
    pg.Pool.prototype.query = original;
    await handle.close();
  }
}

interface ListFigures {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
}

/** LIST_CLIENTS clients, no think time, each request a random seller's first talent page. */
async function serverListRate(base: string, sellers: Seller[]): Promise<ListFigures> {
  const rec = new Recorder();
  const route = `GET ${T.list}`;
  const run = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: LIST_CLIENTS }, async () => {
        while (Date.now() < until) {
          const s = pick(sellers);
          try {
            rec.add(route, false, await request(base, 'GET', `${T.list}?pageSize=20`, s.token));
          } catch (error) {
            rec.failed(route, false, error);
          }
        }
      }),
    );
  };
  await run(Math.min(2, LIST_SECONDS));
  rec.measuring = true;
  const started = performance.now();
  await run(LIST_SECONDS);
  const elapsed = (performance.now() - started) / 1000;
  const r = rec.routes.get(route) ?? { ms: [], errors: 0 };
  const sorted = [...r.ms].sort((x, y) => x - y);
  return {
    rate: sorted.length / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: r.errors,
  };
}

function pgbenchRate(databaseUrl: string, script: string, sellers: Seller[]): ListFigures {
  const dir = mkdtempSync(path.join(tmpdir(), 'inviteflow-bench-api-'));
  try {
    const file = path.join(dir, 'talent-list.sql');
    const ids = sellers.map((s) => s.userId);
    const lo = Math.min(...ids);
    const hi = Math.max(...ids);
    if (hi - lo + 1 !== ids.length) throw new Error('the sellers’ account ids are not contiguous');
    writeFileSync(file, `\\set uid random(${lo}, ${hi})\n${script}\n`);
    // The simple protocol: pgbench writes the account id in. Its extended mode would take
    // every `:word` for a variable, the `:MI:SS` of the statement's to_char format too. Either
    // way the statement is planned for each run, as node-postgres's unnamed statements are.
    const result = spawnSync(
      '/usr/bin/pgbench',
      [
        '-n',
        '-M',
        'simple',
        '-c',
        String(LIST_CLIENTS),
        '-j',
        '2',
        '-T',
        String(LIST_SECONDS),
        '-r',
        '-f',
        file,
        databaseUrl,
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`pgbench failed:\n${result.stderr}${result.stdout}`);
    const tps = Number(
      /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1],
    );
    const latency = Number(/latency average = ([\d.]+) ms/.exec(result.stdout)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(result.stdout)?.[1] ?? 0);
    return { rate: tps, p50: latency, p99: NaN, errors: failed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Where the server's database time goes: its PostgreSQL sessions, sampled
// ---------------------------------------------------------------------------------------------

/**
 * Samples the server's PostgreSQL sessions every 250 ms (pg_stat_activity of the bench's
 * database, the bench's own connection left out): how many are running a statement, waiting
 * (a lock, the CPU, I/O) or idle inside a transaction, and which statements they are on.
 */
function sessionSampler(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const states = new Map<string, number>();
  const statements = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
        `select state, wait_event_type || ':' || wait_event as wait, query
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and backend_type = 'client backend'`,
      );
      samples++;
      for (const r of rows) {
        const state = r.state === 'active' && r.wait ? `active, waiting on ${r.wait}` : r.state;
        states.set(state, (states.get(state) ?? 0) + 1);
        if (r.state === 'idle') continue;
        const statement = r.query.replace(/\s+/g, ' ').slice(0, 90);
        statements.set(statement, (statements.get(statement) ?? 0) + 1);
      }
      await sleep(250);
    }
    await client.end();
  })();
  return {
    /** Stops sampling; answers the lines to print. */
    async stop(): Promise<string[]> {
      stopped = true;
      await done.catch(() => undefined);
      if (!samples) return [];
      const avg = (n: number) => (n / samples).toFixed(1);
      return [
        `\nThe server's PostgreSQL sessions on average (${samples} samples): ${[...states]
          .sort((a, b) => b[1] - a[1])
          .map(([state, n]) => `${avg(n)} ${state}`)
          .join(', ')}. Busiest statements (sessions on average, running or in a transaction):\n`,
        ...[...statements]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([statement, n]) => `- ${avg(n)}: \`${statement.replace(/`/g, "'")}\``),
      ];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One variant: the mixed run, then the list ratio
// ---------------------------------------------------------------------------------------------

interface VariantResult {
  name: string;
  broken: number;
  lines: string[];
}

/** CPU seconds of a process so far (utime + stime from /proc), 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of PostgreSQL's processes so far (every process named postgres, from /proc). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** This process's CPU seconds so far: the load generator's share of the machine. */
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function runVariant(
  name: string,
  description: string,
  env: Record<string, string>,
  databaseUrl: string,
  sellers: Seller[],
  listSql: string,
  out: Out,
): Promise<VariantResult> {
  out(`\n### ${name}: ${description}\n`);
  // Replicas as production runs them (README: stateless, behind a load balancer); each user
  // keeps to one, as a balancer with keep-alive connections does.
  const products = await Promise.all(
    Array.from({ length: REPLICAS }, (_, i) => startProduct(PRODUCT_PORT + i, env)),
  );
  const product = products[0]!;
  const replicaOf = (i: number) => products[i % products.length]!.url;
  const serversCpu = () => products.reduce((sum, p) => sum + cpuSeconds(p.pid()), 0);
  const lines: string[] = [];
  let broken = 0;
  try {
    const setupStarted = Date.now();
    await signIn(product, sellers);
    await firstTasks(product, sellers);
    out(
      `Signed in, connected a browser and created a task of ${FIRST_TASK_TALENTS} talents per seller in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s (not measured).\n`,
    );
    const rec = new Recorder();
    let stopAt = Date.now() + WARM_UP_MS + SECONDS * 1000;
    const until = () => Date.now() >= stopAt;
    const users = [
      ...sellers.map((s, i) => sellerLoop(replicaOf(i), s, rec, until)),
      ...sellers.map((s, i) => extensionLoop(replicaOf(i), s, rec, until)),
    ];
    // The ramp and 5 s more of warm-up (connections, JIT, first cache fills), then SECONDS measured.
    await sleep(WARM_UP_MS);
    const sessions = sessionSampler(databaseUrl);
    rec.measuring = true;
    const cpuBefore = serversCpu();
    const postgresBefore = postgresCpuSeconds();
    const ownBefore = ownCpuSeconds();
    const started = performance.now();
    stopAt = Date.now() + SECONDS * 1000;
    await sleep(SECONDS * 1000);
    rec.measuring = false;
    const elapsed = (performance.now() - started) / 1000;
    const sessionLines = await sessions.stop();
    const cpu = serversCpu() - cpuBefore;
    const postgresCpu = postgresCpuSeconds() - postgresBefore;
    const ownCpu = ownCpuSeconds() - ownBefore;
    await Promise.all(users);

    let total = 0;
    let writes = 0;
    let errors = 0;
    const rows = [...rec.routes.entries()].sort((x, y) => y[1].ms.length - x[1].ms.length);
    out('| route | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | p99 < 100 ms |');
    out('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const [route, r] of rows) {
      const sorted = [...r.ms].sort((x, y) => x - y);
      total += sorted.length;
      if (r.write) writes += sorted.length;
      errors += r.errors;
      const p99 = percentile(sorted, 99);
      const ok = p99 < GOAL_P99_MS && r.errors === 0;
      if (!ok) broken++;
      out(
        `| ${route} | ${fmt(sorted.length / elapsed, 1)} | ${fmt(percentile(sorted, 50), 1)} | ${fmt(percentile(sorted, 95), 1)} | ${fmt(p99, 1)} | ${fmt(sorted.at(-1) ?? 0)} | ${r.errors} | ${ok ? 'ok' : 'BROKEN'} |`,
      );
    }
    const summary = `${fmt(total / elapsed)} req/s in all over ${elapsed.toFixed(0)} s (${fmt(total)} requests, ${((writes / Math.max(total, 1)) * 100).toFixed(0)} % writes, ${errors} errors); server CPU ${fmt(cpu / elapsed, 2)} cores, PostgreSQL ${fmt(postgresCpu / elapsed, 2)}, this load generator ${fmt(ownCpu / elapsed, 2)}`;
    out(`\n${summary}.`);
    lines.push(summary);
    for (const [route, sampleError] of rec.errorSamples)
      out(`- first error of ${route}: ${sampleError}`);
    for (const line of sessionLines) out(line);

    const server = await serverListRate(product.url, sellers);
    const direct = pgbenchRate(databaseUrl, listSql, sellers);
    const ratio = server.rate / direct.rate;
    const ok = ratio >= GOAL_LIST_RATIO && server.errors === 0;
    if (!ok) broken++;
    const ratioLine = `talent list, first page, ${LIST_CLIENTS} clients × ${LIST_SECONDS} s: server ${fmt(server.rate)} req/s (p50 ${fmt(server.p50, 1)} ms, p99 ${fmt(server.p99, 1)} ms, ${server.errors} errors), pgbench ${fmt(direct.rate)} tps (mean ${fmt(direct.p50, 2)} ms, ${direct.errors} failed): ratio ${(ratio * 100).toFixed(0)} %`;
    out(`\n${ratioLine} (goal ≥ ${GOAL_LIST_RATIO * 100} %: ${ok ? 'ok' : 'BROKEN'}).`);
    lines.push(ratioLine);
  } finally {
    await Promise.all(products.map((p) => p.stop()));
  }
  return { name, broken, lines };
}

// ---------------------------------------------------------------------------------------------

export async function benchApi(out: Out): Promise<number> {
  out('\n## API under a mixed workload (closed loop on 127.0.0.1)\n');
  if (!(await reachable(adminUrl))) {
    out(
      `SKIPPED: no PostgreSQL at ${adminUrl} (set TEST_DATABASE_URL); the goal is for PostgreSQL.`,
    );
    return 0;
  }
  if (!(await freshRedis())) {
    out(`SKIPPED: no Redis at ${redisServer} (set TEST_REDIS_URL); the goal is for Redis.`);
    return 0;
  }
  const dbName = `inviteflow_bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const dbUrl = databaseUrl.toString();
  const redisUrl = `${redisServer.replace(/\/\d*$/, '')}/${BENCH_REDIS_DB}`;
  const baseEnv = { DATABASE_URL: dbUrl, APP_SECRET, REDIS_URL: redisUrl };
  let broken = 0;
  const results: VariantResult[] = [];
  try {
    // The first start applies the migrations; the setup's API calls go through it.
    const setup = await startProduct(PRODUCT_PORT, baseEnv);
    let sellers: Seller[];
    try {
      sellers = await seedLibraries(dbUrl, out);
      const started = Date.now();
      await signIn(setup, sellers);
      await bindShops(setup, sellers);
      out(
        `Signed in and bound a 抖店 shop per seller in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
      await seedHistory(dbUrl, sellers, out);
    } finally {
      await setup.stop();
    }
    const listSql = await capturedListSql(dbUrl, sellers[0]!.userId, sellers[1]!.userId);
    out(
      `\nWorkload: ${SELLERS} sellers (think ${THINK_MS} ms on average between requests) and ${SELLERS} extensions (${PAGE_MS} ms on the page between claim, started and report; ${IDLE_MS} ms between claims when idle), arriving over ${RAMP_MS / 1000} s, ${SECONDS} s measured after ${WARM_UP_MS / 1000} s of warm-up, per variant below. Each variant is a fresh server process on the same database (the previous variant's writes stay).`,
    );
    out(`\nThe talent list's SQL as pgbench runs it (\`:uid\` drawn from the sellers' ids):\n`);
    out('```sql');
    out(listSql);
    out('```');
    const all: Record<string, { description: string; env: () => Promise<Record<string, string>> }> =
      {
        cached: {
          description: 'the product’s defaults (list cache on)',
          env: async () => baseEnv,
        },
        uncached: {
          description: 'list cache off (LIST_CACHE_MB=0)',
          env: async () => ({ ...baseEnv, LIST_CACHE_MB: '0' }),
        },
      };
    for (const name of VARIANTS) {
      const variant = all[name];
      if (!variant) throw new Error(`BENCH_API_VARIANTS: unknown variant ${name}`);
      const result = await runVariant(
        name,
        variant.description,
        await variant.env(),
        dbUrl,
        sellers,
        listSql,
        out,
      );
      results.push(result);
    }
    out('\n### Summary\n');
    for (const r of results) {
      out(
        `- ${r.name}: ${r.lines.join('; ')}; ${r.broken ? `${r.broken} goal(s) missed` : 'goals met'}.`,
      );
    }
    // The product as shipped decides; the other variants answer a question.
    broken = results.find((r) => r.name === 'cached')?.broken ?? results[0]?.broken ?? 0;
    out(
      `\nGoals (the product's defaults, "cached", decide the exit status): p99 < ${GOAL_P99_MS} ms and no errors on every route; the server's talent-list rate ≥ ${GOAL_LIST_RATIO * 100} % of pgbench's for the same query, same clients, same accounts.`,
    );
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    agent.destroy();
  }
  return broken;
}
