/**
 * Platform syncs (issue 19, "Fast, measured"): a day of creators' answers — replies,
 * acceptances, declines, samples, content and orders — read per connected shop and applied to
 * the records, talents and funnel counts, on PostgreSQL.
 *
 * Scale (default, the issue's): 100 connected shops, each of its own account with 5,000
 * TikTok creators in its library and one task of them all sent (500,000 success records), and
 * a day of events: per creator about 30 % accept, 10 % decline, 3 % expire, 20 % reply, 8 %
 * request a sample, 4 % post content, and 200,000 orders spread over the creators who posted
 * (each order a platform fact; the first one of a record moves it to "first order").
 * BENCH_SYNC_SHOPS, BENCH_SYNC_CREATORS and BENCH_SYNC_ORDERS scale it down.
 *
 * What runs: the product's own sync runner (platforms/sync PlatformSync: cursors, SKIP LOCKED
 * claims, leases, pages in a row) with a bench kind standing in for the platform reader: it
 * pages (BENCH_SYNC_PAGE, 50 like TikTok's collaboration pages) through the events the
 * "platform" has released so far for its shop, and applies each page with the product's
 * `applyCreatorEvents` (send-records/record-stages.ts) — the same code the TikTok
 * collaborations kind calls. The events are released at BENCH_SYNC_RATE a second (default
 * the goal, 5,000/s), in time order; passes run back to back, BENCH_SYNC_CONCURRENCY shops at
 * once (the runner's default, 4), in this process. The HTTP calls of a real reader are left
 * out: this measures our side (what a platform's rate limits leave to us is bench platforms').
 *
 * Two runs of the day, each on its own freshly seeded database (BENCH_SYNC_PHASES, default
 * both):
 *
 * - **capacity**: the whole day is on the platform at the start (a backlog, as after an outage
 *   or a new connection): how many events a second the sync applies when it never waits for
 *   the platform — the events/s budget. A day released at 5,000/s cannot measure it: applied
 *   ÷ (first release → last applied) is below the release rate whatever the sync's speed.
 * - **paced**: the day released at BENCH_SYNC_RATE a second (default the goal, 5,000/s), in
 *   time order: the lag from an event's release (the moment the platform has it) to its page
 *   committed (what the console then shows: the funnel reads record_stage_counts, written in
 *   the same transaction), p50/p99/max — the lag budget.
 *
 * In both: this process's live heap (after a full collection, each 5 s: what it holds, not
 * the garbage a collection has yet to free; its first and second half's peaks) and RSS peaks,
 * and where the time of a page goes. Budgets: ≥ 5,000 events/s (capacity), lag p99 < 5 s
 * (paced), memory flat in each (the second half's live heap peak within 10 % + 10 MB of the
 * first's).
 */
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { recordStageRank, type RecordStage } from '@inviteflow/contract';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { PlatformSync, type SyncKind } from '../apps/server/src/modules/platforms/sync/index.ts';
import {
  applyCreatorEvents,
  type CreatorEvent,
} from '../apps/server/src/modules/send-records/index.ts';

export const BUDGET_EVENTS_PER_SECOND = 5_000;
export const BUDGET_LAG_P99_MS = 5_000;
const BUDGET_MEMORY_GROWTH = { ratio: 0.1, mb: 10 };

const SHOPS = whole('BENCH_SYNC_SHOPS', 100, 1, 1_000);
const CREATORS = whole('BENCH_SYNC_CREATORS', 5_000, 1, 50_000);
const FULL_RECORDS = 100 * 5_000;
const ORDERS = whole(
  'BENCH_SYNC_ORDERS',
  Math.round((200_000 * SHOPS * CREATORS) / FULL_RECORDS),
  0,
  10_000_000,
);
const RATE = whole('BENCH_SYNC_RATE', BUDGET_EVENTS_PER_SECOND, 1, 1_000_000);
const PHASES = (process.env.BENCH_SYNC_PHASES ?? 'capacity,paced')
  .split(',')
  .map((phase) => phase.trim())
  .filter(Boolean);
for (const phase of PHASES)
  if (phase !== 'capacity' && phase !== 'paced')
    throw new Error('BENCH_SYNC_PHASES lists capacity and/or paced');
const PAGE = whole('BENCH_SYNC_PAGE', 50, 1, 1_000);
const CONCURRENCY = whole('BENCH_SYNC_CONCURRENCY', 4, 1, 64);
const TIMEOUT_S = whole('BENCH_SYNC_TIMEOUT_S', 1_800, 10, 86_400);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Out = (line?: string) => void;

function whole(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  const n = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A deterministic stream of numbers in [0, 1) (the day is the same on every run). */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

interface Shop {
  userId: number;
  shopId: number;
  shopName: string;
}

/** Accounts, connected shops, talents and one sent task each, written in SQL. */
async function seed(db: pg.Client, out: Out): Promise<Shop[]> {
  const started = Date.now();
  const run = randomBytes(3).toString('hex');
  const shops: Shop[] = [];
  for (let i = 1; i <= SHOPS; i++) {
    const {
      rows: [user],
    } = await db.query<{ id: number }>(
      `insert into users (username, phone_number, password_hash, invite_code, time_zone)
       values ($1, $2, 'x', $3, 'Asia/Shanghai') returning id`,
      [`bench_sync_${run}_${i}`, `138${String(i).padStart(8, '0')}`, `BS${run}${i}`],
    );
    const userId = user!.id;
    const {
      rows: [connection],
    } = await db.query<{ id: number }>(
      `insert into platform_connections (user_id, platform, open_id, access_token_sealed,
                                         refresh_token_sealed, access_token_expires_at,
                                         refresh_token_expires_at, status)
       values ($1, 'tiktok', $2, 'x', 'x', now() + interval '7 days', now() + interval '30 days',
               'active') returning id`,
      [userId, `bench-seller-${run}-${i}`],
    );
    const shopName = `Bench sync shop ${i}`;
    const {
      rows: [shop],
    } = await db.query<{ id: number }>(
      `insert into shops (user_id, platform, shop_name, shop_code, bind_status, bound_at, source,
                          platform_shop_id, connection_id)
       values ($1, 'tiktok', $2, $3, 'BOUND', now(), 'authorization', $3, $4) returning id`,
      [userId, shopName, `bench-sync-${run}-${i}`, connection!.id],
    );
    const shopId = shop!.id;
    await db.query(
      `insert into talents (user_id, platform, platform_talent_id, creator_open_id, name, status)
       select $1, 'tiktok', 'creator_' || n, 'open_' || n, 'creator_' || n, 'pending_contact'
         from generate_series(1, $2::int) n`,
      [userId, CREATORS],
    );
    const {
      rows: [task],
    } = await db.query<{ id: number }>(
      `insert into invitation_tasks (user_id, shop_id, task_type, content_type, filter_type,
                                     channel, script, set_name, record_count)
       values ($1, $2, 'targeted_product', 'vertical_video', 'manual', 'api', 'Hello',
               'Bench', $3) returning id`,
      [userId, shopId, CREATORS],
    );
    await db.query(
      `insert into send_records (user_id, task_id, shop_id, shop_name, talent_id, talent_name,
                                 platform, platform_talent_id, task_type, content_type,
                                 filter_type, set_name, message, status, channel, finished_at,
                                 platform_reference)
       select $1, $2, $3, $4, t.id, t.name, 'tiktok', t.platform_talent_id, 'targeted_product',
              'vertical_video', 'manual', 'Bench', 'Hello', 'success', 'api', now(),
              jsonb_build_object('targetCollaborationId', 'collab-' || ($5::int + (row_number() over (order by t.id) - 1) / 50))
         from talents t where t.user_id = $1`,
      [userId, task!.id, shopId, shopName, i * 1_000_000],
    );
    await db.query(
      `insert into record_stage_counts (user_id, task_id, stage, count) values ($1, $2, 'sent', $3)`,
      [userId, task!.id, CREATORS],
    );
    shops.push({ userId, shopId, shopName });
  }
  await db.query('analyze');
  out(
    `Seeded ${SHOPS} accounts with a connected shop, ${fmt(SHOPS * CREATORS)} talents and as many success records in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return shops;
}

interface Planned {
  shop: number;
  event: CreatorEvent;
  /** When the platform has it: ms after the start of the run. */
  releaseAt: number;
}

/** The day: each creator's answers in stage order, then the orders; released in time order. */
function plan(shops: Shop[], rate: number): Planned[] {
  const next = random(19);
  const events: Omit<Planned, 'releaseAt'>[] = [];
  const posted: Array<{ shop: number; n: number }> = [];
  const day = new Date(Date.now() - 86_400_000);
  const at = () => new Date(day.getTime() + Math.floor(next() * 86_400_000));
  const event = (
    s: number,
    n: number,
    stage: RecordStage,
    key: string,
    collab: boolean,
  ): Omit<Planned, 'releaseAt'> => {
    const shop = shops[s]!;
    return {
      shop: s,
      event: {
        userId: shop.userId,
        shopId: shop.shopId,
        shopName: shop.shopName,
        stage,
        key,
        at: at(),
        creator: { openId: `open_${n}`, username: `creator_${n}` },
        ...(collab
          ? {
              reference: {
                targetCollaborationId: `collab-${(s + 1) * 1_000_000 + Math.floor((n - 1) / 50)}`,
              },
            }
          : {}),
      },
    };
  };
  shops.forEach((_, s) => {
    for (let n = 1; n <= CREATORS; n++) {
      const r = next();
      if (next() < 0.2) events.push(event(s, n, 'replied', `conv-${n}:msg-1`, false));
      if (r < 0.3) {
        events.push(event(s, n, 'accepted', `collab:open_${n}:accepted`, true));
        if (r < 0.08) events.push(event(s, n, 'sample_requested', `sample-${n}`, false));
        if (r < 0.04) {
          events.push(event(s, n, 'content_posted', `video-${n}`, false));
          posted.push({ shop: s, n });
        }
      } else if (r < 0.4) events.push(event(s, n, 'declined', `collab:open_${n}:declined`, true));
      else if (r < 0.43) events.push(event(s, n, 'expired', `collab:open_${n}:expired`, true));
    }
  });
  for (let o = 0; o < ORDERS && posted.length; o++) {
    const who = posted[Math.floor(next() * posted.length)]!;
    events.push(event(who.shop, who.n, 'first_order', `order-${o}`, false));
  }
  // Each creator's answers in stage order, the day shuffled otherwise.
  const shuffled = events
    .map((e) => ({ e, k: next() + recordStageRank[e.event.stage] * 1e-9 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.e);
  return shuffled.map((e, i) => ({ ...e, releaseAt: rate === Infinity ? 0 : (i / rate) * 1000 }));
}

/**
 * BENCH_SYNC_PROFILE=1: the time of every statement the product sends, summed by its text's
 * start (where a page's time goes, statement by statement).
 */
function profileStatements(): {
  byText: Map<string, { n: number; ms: number }>;
  restore(): void;
} | null {
  if (process.env.BENCH_SYNC_PROFILE !== '1') return null;
  const byText = new Map<string, { n: number; ms: number }>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ');
    const key = text.slice(0, 90);
    const began = performance.now();
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>)
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => {
          const entry = byText.get(key) ?? { n: 0, ms: 0 };
          entry.n++;
          entry.ms += performance.now() - began;
          byText.set(key, entry);
        });
    }
    return result;
  };
  return { byText, restore: () => void (proto.query = original) };
}

/**
 * A full collection, then the heap still in use, in MB: what the process holds (the RSS also
 * counts garbage not yet collected — it grew by hundreds of MB in runs whose collected heap
 * stayed flat). `gc` is exposed at run time (V8's flag, then a fresh context's global).
 */
let collect: (() => void) | undefined;
function liveHeapMb(): number {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  return process.memoryUsage().heapUsed / 1024 ** 2;
}

export async function benchSync(out: Out): Promise<number> {
  out('\n## Platform syncs: a day of creators’ answers (PostgreSQL)\n');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch {
    out(`SKIPPED: no PostgreSQL at ${adminUrl} (set TEST_DATABASE_URL).`);
    return 0;
  }
  const full = SHOPS === 100 && CREATORS === 5_000;
  out(
    `Scale: ${SHOPS} shops × ${fmt(CREATORS)} creators, ${fmt(ORDERS)} orders${full ? " (the issue's full scale)" : ' (REDUCED: BENCH_SYNC_SHOPS / BENCH_SYNC_CREATORS / BENCH_SYNC_ORDERS)'}; pages of ${PAGE}, ${CONCURRENCY} shops at once. Runs of the day, each on its own database: ${PHASES.map((phase) => (phase === 'capacity' ? 'capacity (the whole day waiting at the start)' : `paced (released at ${fmt(RATE)}/s)`)).join(', ')}.`,
  );
  let broken = 0;
  try {
    for (const phase of PHASES) broken += await runDay(admin, out, phase as 'capacity' | 'paced');
  } finally {
    await admin.end();
  }
  return broken;
}

/** One run of the day on a database of its own: see the file's comment. Answers the budgets broken. */
async function runDay(admin: pg.Client, out: Out, phase: 'capacity' | 'paced'): Promise<number> {
  const capacity = phase === 'capacity';
  out(
    capacity
      ? '\n### Capacity: the whole day waiting at the start\n'
      : `\n### Paced: the day released at ${fmt(RATE)} events/s\n`,
  );
  const dbName = `inviteflow_bench_sync_${process.pid}_${phase}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = openPostgres(url.toString());
  const db = new pg.Client({ connectionString: url.toString() });
  let broken = 0;
  try {
    await handle.migrate();
    await db.connect();
    const shops = await seed(db, out);
    const planned = plan(shops, capacity ? Infinity : RATE);
    const byShop = shops.map(() => [] as Planned[]);
    for (const p of planned) byShop[p.shop]!.push(p);
    out(`- ${fmt(planned.length)} events in the day.`);

    const lags: number[] = [];
    let applied = 0;
    let applyMs = 0;
    let pages = 0;
    let start = 0;
    let deadline = Number.POSITIVE_INFINITY;
    let lastApplied = 0;
    const shopIndex = new Map(shops.map((s, i) => [s.shopId, i]));
    const kind: SyncKind<{ at: number }> = {
      name: 'bench.events',
      platform: 'tiktok',
      everyMs: 0,
      async step(shop, cursor) {
        // Past the deadline a step reads nothing: the pass in flight ends, the figures print.
        if (performance.now() > deadline) return { cursor, applied: 0, more: false };
        const list = byShop[shopIndex.get(shop.shopId)!]!;
        const from = cursor?.at ?? 0;
        const now = performance.now() - start;
        const page: Planned[] = [];
        for (let i = from; i < list.length && page.length < PAGE; i++) {
          if (list[i]!.releaseAt > now) break;
          page.push(list[i]!);
        }
        if (!page.length) return { cursor, applied: 0, more: false };
        const began = performance.now();
        const result = await applyCreatorEvents(
          handle.db,
          page.map((p) => p.event),
        );
        const done = performance.now();
        applyMs += done - began;
        pages++;
        for (const p of page) lags.push(done - start - p.releaseAt);
        applied += page.length;
        lastApplied = done;
        const at = from + page.length;
        return {
          cursor: { at },
          applied: result.applied,
          more: at < list.length && list[at]!.releaseAt <= performance.now() - start,
        };
      },
    };
    const sync = new PlatformSync({
      db: handle.db,
      kinds: [kind as unknown as SyncKind],
      // An error's own fields do not serialize: its message is printed beside.
      log: {
        warn: (o: { err?: unknown }) =>
          out(
            `  sync warning: ${JSON.stringify(o)}${o.err instanceof Error ? ` ${o.err.message}` : ''}`,
          ),
      } as never,
      now: () => new Date(),
    });
    // The kinds the shops trigger makes cursors from, and the cursors of the shops made above
    // (as the server does at start-up).
    await sync.prepare();

    const profile = profileStatements();
    const rss: Array<{ t: number; mb: number }> = [];
    const live: Array<{ t: number; mb: number }> = [];
    const sampler = setInterval(
      () => rss.push({ t: performance.now(), mb: process.memoryUsage().rss / 1024 ** 2 }),
      100,
    );
    const liveBefore = liveHeapMb();
    live.push({ t: performance.now(), mb: liveBefore });
    const liveSampler = setInterval(
      () => live.push({ t: performance.now(), mb: liveHeapMb() }),
      5_000,
    );
    const before = process.memoryUsage().rss / 1024 ** 2;
    start = performance.now();
    deadline = start + TIMEOUT_S * 1000;
    let passes = 0;
    let passMs = 0;
    try {
      while (applied < planned.length && performance.now() < deadline) {
        const began = performance.now();
        await sync.runDue({ concurrency: CONCURRENCY, limit: SHOPS, stepsPerClaim: 20 });
        passMs += performance.now() - began;
        passes++;
        if (applied < planned.length) await sleep(5);
      }
    } finally {
      clearInterval(sampler);
      clearInterval(liveSampler);
      profile?.restore();
    }
    live.push({ t: performance.now(), mb: liveHeapMb() });
    const elapsed = (lastApplied - start) / 1000;
    const rate = applied / elapsed;
    lags.sort((a, b) => a - b);
    const mid = start + (lastApplied - start) / 2;
    const peak = (rows: typeof rss) => Math.max(0, ...rows.map((r) => r.mb));
    const liveFirst = peak(live.filter((r) => r.t < mid));
    const liveSecond = peak(live.filter((r) => r.t >= mid));
    const rateOk = rate >= BUDGET_EVENTS_PER_SECOND;
    const lagOk = percentile(lags, 99) < BUDGET_LAG_P99_MS;
    const memOk =
      liveSecond <= liveFirst * (1 + BUDGET_MEMORY_GROWTH.ratio) + BUDGET_MEMORY_GROWTH.mb;
    const done = applied === planned.length;
    broken += Number(!memOk) + Number(!done) + (capacity ? Number(!rateOk) : Number(!lagOk));
    if (!done)
      out(`- TIMED OUT after ${TIMEOUT_S} s: ${fmt(applied)} of ${fmt(planned.length)} applied.`);
    out(
      `- Events applied: ${fmt(applied)} in ${fmt(elapsed, 1)} s = ${fmt(rate)} events/s` +
        (capacity
          ? ` (budget ≥ ${fmt(BUDGET_EVENTS_PER_SECOND)}: ${rateOk ? 'ok' : 'BROKEN'})`
          : ` (released at ${fmt(RATE)}/s: at most that)`),
    );
    out(
      `- Lag, release → committed: p50 ${fmt(percentile(lags, 50))} ms, p99 ${fmt(percentile(lags, 99))} ms, max ${fmt(lags.at(-1) ?? 0)} ms` +
        (capacity
          ? ' (every event waiting from the start: the time to catch up, no budget)'
          : ` (budget p99 < ${fmt(BUDGET_LAG_P99_MS)} ms: ${lagOk ? 'ok' : 'BROKEN'})`),
    );
    out(
      `- Memory: live heap ${fmt(liveBefore)} MB before, peak ${fmt(liveFirst)} MB first half, ${fmt(liveSecond)} MB second half (flat: ${memOk ? 'ok' : 'BROKEN'}); RSS ${fmt(before)} MB before, peaks ${fmt(peak(rss.filter((r) => r.t < mid)))} / ${fmt(peak(rss.filter((r) => r.t >= mid)))} MB (with the garbage not yet collected)`,
    );
    out(
      `- Where the time goes: ${fmt(passes)} passes, ${fmt(pages)} pages; applyCreatorEvents ${fmt(applyMs / 1000, 1)} s of page time (${fmt(applyMs / Math.max(1, applied), 2)} ms per event, ${CONCURRENCY} at once), the passes ${fmt(passMs / 1000, 1)} s wall.`,
    );
    if (profile) {
      out('- Statements (BENCH_SYNC_PROFILE), by total time:');
      for (const [text, v] of [...profile.byText].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14))
        out(`  - ${fmt(v.ms)} ms, ${fmt(v.n)}×, ${fmt(v.ms / v.n, 2)} ms each: ${text}`);
    }
    const { rows: counts } = await db.query<{ stage: string; n: string }>(
      `select stage, sum(count)::text n from record_stage_counts group by stage order by stage`,
    );
    out(`- Funnel counts after: ${counts.map((c) => `${c.stage} ${fmt(Number(c.n))}`).join(', ')}`);
  } finally {
    await db.end().catch(() => undefined);
    await handle.close?.();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  }
  return broken;
}
