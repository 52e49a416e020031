/**
 * The workplace funnel (issue 19, "Fast, measured"): `GET /send-records/funnel` of an account
 * of 1,000,000 send records, on PostgreSQL, through the built product as a console calls it.
 *
 * Scale (default, the issue's): one account with 10 shops, 20 script templates, 2,000 tasks
 * of 500 records each (1,000,000 records, created over the last 180 days, every one a success
 * with stages as creators would reach them: about 25 % accepted, 15 % replied, 6 % sample,
 * 3 % content, 1.5 % ordered) and 100,000 affiliate orders attributed to the tasks (5 % void).
 * BENCH_FUNNEL_RECORDS, BENCH_FUNNEL_TASK_SIZE, BENCH_FUNNEL_ORDERS scale it.
 *
 * Setup (not measured): a fresh PostgreSQL database, the rows written with INSERT … SELECT
 * (the send_records triggers run as they do for the product's own writes); the funnel counts
 * (record_stage_counts) are what the product's writers would have kept: one row per task and
 * step, aggregated from the records. VACUUM (ANALYZE) after.
 *
 * Measured: BENCH_FUNNEL_RUNS sequential calls (after 10 warm-up calls) of each grouping
 * (template, shop, set, task), of one shop, and of the tasks created in the last 30 days; p50,
 * p95 and max of the time to the whole answer. Budget: p95 < 100 ms for every case.
 *
 * BENCH_FUNNEL_SCREENSHOTS=<dir> also opens the workplace in headless Chromium (zh-CN and
 * en-US) and saves a screenshot of the funnel there.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiPaths, funnelGroupings, type FunnelData } from '@inviteflow/contract';
import { launchChromium } from './support/chromium.ts';
import { startProduct, type RunningProduct } from './support/product.ts';
import {
  adminUrl,
  databaseUrl,
  fmt,
  percentile,
  reachable,
  seedAccounts,
  whole,
} from './support/seeding.ts';

export const BUDGET_FUNNEL_P95_MS = 100;

const RECORDS = whole('BENCH_FUNNEL_RECORDS', 1_000_000, 1, 10_000_000);
const TASK_SIZE = whole('BENCH_FUNNEL_TASK_SIZE', 500, 1, 5_000);
const ORDERS = whole('BENCH_FUNNEL_ORDERS', 100_000, 0, 10_000_000);
const RUNS = whole('BENCH_FUNNEL_RUNS', 200, 1, 100_000);
const SHOPS = 10;
const TEMPLATES = 20;
const PORT = 3960;
const PASSWORD = 'Bench-Funnel-123';
/** BENCH_FUNNEL_KEEP=1 keeps the database for a look afterwards (its name is printed). */
const KEEP = process.env.BENCH_FUNNEL_KEEP === '1';

type Out = (line?: string) => void;

/** The account and its history, in SQL: answers the user's name and one shop id. */
async function seed(db: pg.Client, out: Out): Promise<{ username: string; shopId: number }> {
  const started = Date.now();
  const [account] = await seedAccounts(db, {
    prefix: 'bench_funnel',
    codePrefix: 'BF',
    count: 1,
    password: PASSWORD,
  });
  const { userId, username } = account!;
  await db.query(
    `insert into shops (user_id, platform, shop_name, shop_code, bind_status, bound_at, source)
     select $1, 'tiktok', 'Bench shop ' || n, 'bench-' || n, 'BOUND', now(), 'manual'
       from generate_series(1, $2::int) n`,
    [userId, SHOPS],
  );
  await db.query(
    `insert into script_templates (user_id, content, remark)
     select $1, 'Hello {talentName}, pitch ' || n, 'Pitch ' || n from generate_series(1, $2::int) n`,
    [userId, TEMPLATES],
  );
  const tasks = Math.ceil(RECORDS / TASK_SIZE);
  // Tasks over the last 180 days, oldest first; shops, templates and sets in turn.
  await db.query(
    `with s as (select array_agg(id order by id) ids from shops where user_id = $1),
          t as (select array_agg(id order by id) ids from script_templates where user_id = $1)
     insert into invitation_tasks (user_id, shop_id, task_type, content_type, filter_type,
                                   script_template_id, channel, script, set_name, record_count,
                                   created_at)
     select $1, s.ids[1 + n % array_length(s.ids, 1)], 'targeted_product', 'vertical_video',
            'manual', t.ids[1 + n % array_length(t.ids, 1)], 'api', 'Hello {talentName}',
            'Set ' || (n % 50), $3, now() - (($2 - n) * interval '180 days' / $2)
       from generate_series(1, $2::int) n, s, t`,
    [userId, tasks, TASK_SIZE],
  );
  out(`- ${fmt(tasks)} tasks written; writing ${fmt(RECORDS)} records…`);
  // Records task by task in chunks of tasks (one statement each, the triggers per statement).
  const { rows: taskRows } = await db.query<{ id: number }>(
    'select id from invitation_tasks where user_id = $1 order by id',
    [userId],
  );
  const ids = taskRows.map((r) => r.id);
  const chunk = Math.max(1, Math.floor(50_000 / TASK_SIZE));
  for (let i = 0; i < ids.length; i += chunk) {
    const part = ids.slice(i, i + chunk);
    const left = RECORDS - i * TASK_SIZE;
    await db.query(
      `insert into send_records (user_id, task_id, shop_id, shop_name, talent_name, platform,
                                 platform_talent_id, task_type, content_type, filter_type,
                                 set_name, message, status, channel, finished_at, sent_at,
                                 stage, accepted_at, replied_at, sample_requested_at,
                                 content_posted_at, first_order_at, created_at)
       select t.user_id, t.id, t.shop_id, 'Bench shop', 'creator_' || k, 'tiktok',
              'creator_' || k, t.task_type, t.content_type, t.filter_type, t.set_name,
              'Hello', 'success', 'api', t.created_at, t.created_at,
              case when r < 0.015 then 'first_order' when r < 0.03 then 'content_posted'
                   when r < 0.06 then 'sample_requested' when r < 0.25 then 'accepted'
                   when r < 0.32 then 'replied' end,
              case when r < 0.25 then t.created_at + interval '1 day' end,
              case when r < 0.08 or (r >= 0.25 and r < 0.32) then t.created_at + interval '2 hours' end,
              case when r < 0.06 then t.created_at + interval '2 days' end,
              case when r < 0.03 then t.created_at + interval '5 days' end,
              case when r < 0.015 then t.created_at + interval '7 days' end,
              t.created_at
         from invitation_tasks t
        cross join lateral (
          select k, random() r from generate_series(1, least($2::int, $3::int - (t.id - $4::bigint)::int * $2::int)) k
        ) g
        where t.id = any($1::bigint[])`,
      [part, TASK_SIZE, RECORDS, ids[0]!],
    );
    if ((i / chunk) % 10 === 9) out(`  … ${fmt(Math.min(RECORDS, (i + chunk) * TASK_SIZE))}`);
    if (left <= chunk * TASK_SIZE) break;
  }
  // The funnel counts as the product's writers keep them (sent on success, a stage the first time).
  await db.query(
    `insert into record_stage_counts (user_id, task_id, stage, count)
     select user_id, task_id, v.stage, v.n
       from (select user_id, task_id,
                    count(*) sent, count(accepted_at) accepted, count(replied_at) replied,
                    count(sample_requested_at) sample_requested,
                    count(content_posted_at) content_posted, count(first_order_at) first_order
               from send_records where user_id = $1 group by user_id, task_id) c
      cross join lateral (values ('sent', c.sent), ('accepted', c.accepted),
                                 ('replied', c.replied), ('sample_requested', c.sample_requested),
                                 ('content_posted', c.content_posted),
                                 ('first_order', c.first_order)) v(stage, n)
      where v.n > 0`,
    [userId],
  );
  // The orders, then their GMV rollup as the orders' writer keeps it (affiliate-orders
  // repository.ts upsertOrders; the same statement as migration 0027's backfill).
  await db.query(
    `with t as (select array_agg(id order by id) ids, array_agg(shop_id order by id) shops
                  from invitation_tasks where user_id = $1)
     insert into affiliate_orders (user_id, shop_id, platform, platform_order_key, task_id,
                                   creator_key, amount_minor, currency, status, void, ordered_at)
     select $1, t.shops[i], 'tiktok', 'order-' || n, t.ids[i], 'creator_' || n,
            500 + (n * 7919) % 20000, case when n % 10 = 0 then 'GBP' else 'USD' end,
            'COMPLETED', case when n % 20 = 0 then 1 else 0 end, now()
       from generate_series(1, $2::int) n, t,
            lateral (select 1 + (n * 2654435761) % array_length(t.ids, 1) i) pick`,
    [userId, ORDERS],
  );
  await db.query(
    `insert into affiliate_order_task_gmv (user_id, shop_id, task_id, currency, amount_minor, orders)
     select user_id, shop_id, task_id, currency, sum(amount_minor), count(*)
       from affiliate_orders
      where user_id = $1 and void = 0 and task_id is not null
      group by user_id, shop_id, task_id, currency`,
    [userId],
  );
  // Vacuumed as well as analyzed: an account that grew to a million records over months has
  // been vacuumed by autovacuum many times. Freshly inserted, the tables would be vacuumed by
  // autovacuum in the middle of the calls (PostgreSQL vacuums a table after enough inserts),
  // its scan of a million rows competing with the funnel for the two cores.
  await db.query('vacuum (analyze)');
  out(
    `Seeded 1 account: ${SHOPS} shops, ${TEMPLATES} templates, ${fmt(tasks)} tasks, ${fmt(RECORDS)} records, ${fmt(ORDERS)} orders in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  const {
    rows: [shop],
  } = await db.query<{ id: number }>('select min(id) id from shops where user_id = $1', [userId]);
  return { username, shopId: shop!.id };
}

async function login(product: RunningProduct, username: string): Promise<string> {
  const res = await fetch(`${product.url}${apiPaths.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!res.ok || !body.data?.access_token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** The times of `runs` sequential calls (after 10 warm-ups), sorted, and the last answer. */
async function timed(url: string, token: string, runs: number) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: FunnelData };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, data: body.data };
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  let last: FunnelData | undefined;
  for (let i = 0; i < runs; i++) {
    const { ms, data } = await once();
    times.push(ms);
    last = data;
  }
  return { times: times.sort((a, b) => a - b), data: last! };
}

async function screenshots(product: RunningProduct, username: string, dir: string, out: Out) {
  const browser = await launchChromium();
  try {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1400 } });
      const page = await context.newPage();
      // The console's language is the one kept in the browser (zh-CN until one is chosen).
      await context.addInitScript((lang) => localStorage.setItem('arco-locale', lang), locale);
      await page.goto(`${product.url}/login`);
      const zh = locale === 'zh-CN';
      await page.getByLabel(zh ? '用户名或手机号' : 'Username or phone number').fill(username);
      await page.getByLabel(zh ? '密码' : 'Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: zh ? '登录' : 'Login', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${product.url}/sent/workplace`);
      const card = page.getByTestId('funnel-card');
      await card.getByTestId('funnel-bars').waitFor({ timeout: 60_000 });
      const file = path.join(dir, `workplace-funnel-${locale}.png`);
      await page.screenshot({ path: file, fullPage: true });
      out(`- screenshot: ${file}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

export async function benchFunnel(out: Out): Promise<number> {
  out('\n## Workplace funnel (PostgreSQL)\n');
  if (!(await reachable(adminUrl))) {
    out(`SKIPPED: no PostgreSQL at ${adminUrl} (set TEST_DATABASE_URL).`);
    return 0;
  }
  const full = RECORDS === 1_000_000;
  out(
    `Scale: ${fmt(RECORDS)} records in tasks of ${fmt(TASK_SIZE)}, ${fmt(ORDERS)} orders${full ? " (the issue's account)" : ' (REDUCED: BENCH_FUNNEL_RECORDS)'}; ${RUNS} calls per case.\n`,
  );
  const dbName = `inviteflow_bench_funnel_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = databaseUrl(dbName);
  let product: RunningProduct | undefined;
  const db = new pg.Client({ connectionString: url });
  let broken = 0;
  try {
    product = await startProduct(PORT, {
      DATABASE_URL: url,
      APP_SECRET: 'bench-funnel-secret-bench-funnel-secret-0123456789',
    });
    await db.connect();
    const { username, shopId } = await seed(db, out);
    const token = await login(product, username);
    const base = `${product.url}${apiPaths.sendRecords.funnel}`;
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const cases: Array<[string, string]> = [
      ...funnelGroupings.map((g): [string, string] => [`by ${g}`, `?groupBy=${g}`]),
      ['by template, one shop', `?groupBy=template&shopId=${shopId}`],
      [
        'by task, tasks of the last 30 days',
        `?groupBy=task&createdFrom=${encodeURIComponent(monthAgo)}&createdTo=${encodeURIComponent(new Date().toISOString())}`,
      ],
    ];
    out(
      `Load average before the calls: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min).\n`,
    );
    out('| case | groups | sent | p50 ms | p95 ms | max ms | budget |');
    out('|---|---:|---:|---:|---:|---:|---|');
    for (const [label, query] of cases) {
      const { times, data } = await timed(`${base}${query}`, token, RUNS);
      const p95 = percentile(times, 95);
      const ok = p95 < BUDGET_FUNNEL_P95_MS;
      if (!ok) broken++;
      out(
        `| ${label} | ${fmt(data.groupCount)} | ${fmt(data.totals.counts.sent)} | ${fmt(percentile(times, 50), 1)} | ${fmt(p95, 1)} | ${fmt(times.at(-1)!, 1)} | p95 < ${BUDGET_FUNNEL_P95_MS}: ${ok ? 'ok' : 'BROKEN'} |`,
      );
    }
    const dir = process.env.BENCH_FUNNEL_SCREENSHOTS;
    if (dir) await screenshots(product, username, dir, out);
  } finally {
    await db.end().catch(() => undefined);
    await product?.stop();
    if (KEEP) out(`- kept the database ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
  }
  return broken;
}
