import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  type BrowserClaimData,
  type ClaimedBrowserAction,
  type ExtensionTokenData,
  type LoginData,
  type MembershipInfo,
  type SendTaskResult,
} from '@inviteflow/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alipayTime, fenToAmount } from '../../src/modules/payments/gateway.ts';
import type { SandboxCredentials } from '../../src/modules/payments/sandbox/credentials.ts';
import { signGatewayParams } from '../../src/modules/payments/sandbox/signing.ts';
import { createOwnDatabase, testSecret, type OwnDatabase } from './support/databases.ts';
import { bindShop, buyPlanInSandbox, call, ok, talentCsv } from './support/http.ts';
import { sleep, startServer, type ServerProcess } from './support/server-process.ts';

/**
 * Issue 7, scale-out: two server processes on one PostgreSQL and one Redis behave as
 * one service: rate limits, logout, claim leases and payment notifications hold
 * across them. Every call goes over HTTP to a real process (A or B).
 */

const postgresUrl = inject('postgresUrl');
const redisUrl = inject('redisUrl');
const missing = [
  postgresUrl ? null : 'PostgreSQL is not reachable',
  redisUrl ? null : 'Redis is not reachable',
].filter(Boolean);
if (missing.length) {
  console.warn(
    `[faults] two replicas on one PostgreSQL and one Redis are SKIPPED: ${missing.join('; ')} ` +
      '(see the global setup lines above)',
  );
}

/**
 * The servers trust X-Forwarded-For (TRUST_PROXY, as behind a load balancer), and this
 * run speaks from an address of its own, so the per-IP counters it fills in the shared
 * Redis are its own: runs before it or beside it (same Redis) cannot push it over a limit.
 */
const clientIp = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const fromClient = { 'x-forwarded-for': clientIp };

let accountCounter = 0;
function newAccount() {
  accountCounter += 1;
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `replica_${suffix}_${accountCounter}`,
    phoneNumber: `137${String(randomInt(100_000_000)).padStart(8, '0')}`,
    password: 'Secret-123',
  };
}

/** The code the console SMS provider of `server` logged for `phone`. */
async function codeFrom(server: ServerProcess, phone: string): Promise<string> {
  const pattern = new RegExp(
    `\\[sms:console\\] verification code for ${phone} \\(register\\): (\\d+)`,
  );
  // A deadline a busy machine meets (the line comes through the process's stdout pipe).
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = pattern.exec(server.output());
    if (match) return match[1]!;
    await sleep(50);
  }
  throw new Error(`no code for ${phone} in the server output`);
}

/** Registers (code sent and checked on `server`) and signs in there. */
async function registered(server: ServerProcess) {
  const account = newAccount();
  await ok(server.url, 'POST', apiPaths.auth.sendSmsCode, {
    headers: fromClient,
    body: { phoneNumber: account.phoneNumber, purpose: 'register' },
  });
  await ok(server.url, 'POST', apiPaths.auth.register, {
    headers: fromClient,
    body: {
      ...account,
      code: await codeFrom(server, account.phoneNumber),
      confirmPassword: account.password,
    },
  });
  // As a client that is not a browser: the refresh token in the answer (no cookie jar here).
  const login = await ok<LoginData & { refresh_token: string }>(
    server.url,
    'POST',
    apiPaths.auth.login,
    {
      headers: fromClient,
      body: {
        username: account.username,
        password: account.password,
        refreshTokenDelivery: 'body',
      },
    },
  );
  return { account, login, token: login.access_token };
}

/**
 * Keys of this run only: another run on the same Redis within 15 minutes would find
 * `user:1` (this database's first account) still locked by the first test here.
 */
const redisKeyPrefix = `inviteflow-replicas:${randomBytes(6).toString('hex')}`;

/** Deletes every key of this run from Redis, as a restart without persistence or an eviction would. */
async function forgetRedisKeys(): Promise<number> {
  const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisKeyPrefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(missing.length > 0)('two replicas on one PostgreSQL and one Redis', () => {
  let database: OwnDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createOwnDatabase(postgresUrl!, 'replicas');
    dataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-replicas-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      APP_SECRET: testSecret,
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      DEMO_ACCOUNT: 'false',
      // The console SMS provider logs codes at info.
      LOG_LEVEL: 'info',
    };
    // Both at once on an empty database: the migrations are serialized by their lock.
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts sign-in failures per account and SMS sends per phone across both', async () => {
    const { account } = await registered(a);
    const attempt = (server: ServerProcess, password: string) =>
      call(server.url, 'POST', apiPaths.auth.login, {
        headers: fromClient,
        body: { username: account.username, password },
      });
    // Five wrong passwords, spread over A and B: each replica saw fewer than five.
    const wrong = [];
    for (const server of [a, b, a, b, a]) wrong.push((await attempt(server, 'Wrong-999')).status);
    expect(wrong).toEqual([400, 400, 400, 400, 400]);
    // The account is locked on both, even for the right password.
    const locked = [await attempt(b, account.password), await attempt(a, account.password)];
    expect(locked.map((r) => r.status)).toEqual([429, 429]);
    expect(locked[0]!.body.code).toBe(429);

    // One code per phone per minute: sent through A, refused by B (and by A again).
    const phone = newAccount().phoneNumber;
    const send = (server: ServerProcess) =>
      call(server.url, 'POST', apiPaths.auth.sendSmsCode, {
        headers: fromClient,
        body: { phoneNumber: phone, purpose: 'register' },
      });
    expect((await send(a)).status).toBe(200);
    expect((await send(b)).status).toBe(429);
    expect((await send(a)).status).toBe(429);
    console.warn(
      '[faults] replicas: 5 sign-in failures split 3 on A / 2 on B lock the account on both; ' +
        'an SMS code sent through A makes B refuse the phone for the minute',
    );
  });

  it('refuses a session logged out on A at once on B, its extension token and refresh token too', async () => {
    const { login, token } = await registered(a);
    const extension = await ok<ExtensionTokenData>(b.url, 'POST', apiPaths.auth.extensionToken, {
      token,
    });
    expect((await call(b.url, 'GET', apiPaths.auth.me, { token })).status).toBe(200);
    expect(
      (await call(b.url, 'GET', apiPaths.extension.summary, { token: extension.token })).status,
    ).toBe(200);

    await ok(a.url, 'POST', apiPaths.auth.logout, { token });
    const loggedOutAt = Date.now();
    const me = await call(b.url, 'GET', apiPaths.auth.me, { token });
    const refusedInMs = Date.now() - loggedOutAt;
    expect(me.status).toBe(401);
    expect(
      (await call(b.url, 'GET', apiPaths.extension.summary, { token: extension.token })).status,
    ).toBe(401);
    expect(
      (
        await call(b.url, 'POST', apiPaths.auth.refresh, {
          body: { refresh_token: login.refresh_token },
        })
      ).status,
    ).toBe(401);
    console.warn(
      `[faults] replicas: logout on A, the token refused by B ${refusedInMs} ms later (the next request)`,
    );
  });

  it('a logout on A holds on B after Redis lost its keys; a live session goes on on both', async () => {
    const gone = await registered(a);
    const live = await registered(b);
    expect((await call(a.url, 'GET', apiPaths.auth.me, { token: gone.token })).status).toBe(200);
    expect((await call(b.url, 'GET', apiPaths.auth.me, { token: live.token })).status).toBe(200);
    await ok(a.url, 'POST', apiPaths.auth.logout, { token: gone.token });
    // Redis restarts empty (or evicts the keys, or fails over to a replica that lacked them).
    expect(await forgetRedisKeys()).toBeGreaterThan(0);
    // B never saw the logged-out session: it holds no copy, and Redis no longer knows the
    // logout. The database does.
    for (const server of [b, a]) {
      expect((await call(server.url, 'GET', apiPaths.auth.me, { token: gone.token })).status).toBe(
        401,
      );
      expect((await call(server.url, 'GET', apiPaths.auth.me, { token: live.token })).status).toBe(
        200,
      );
      expect(
        (
          await call(server.url, 'POST', apiPaths.auth.refresh, {
            body: { refresh_token: gone.login.refresh_token },
          })
        ).status,
      ).toBe(401);
    }
    console.warn(
      '[faults] replicas: Redis emptied after a logout on A: the token stays refused on A and B, a live one works',
    );
  }, 60_000);

  it('never hands the same browser action or record to two claims, whichever replica they reach', async () => {
    const { token } = await registered(a);
    await buyPlanInSandbox(a.url, token, 'pro');
    const shop = await bindShop(b.url, token);
    const ids = Array.from({ length: 60 }, (_, i) => `claim-${i}`);
    await ok(a.url, 'POST', apiPaths.talents.import, { token, form: talentCsv(ids) });
    const task = await ok<SendTaskResult>(b.url, 'POST', apiPaths.sendRecords.list, {
      token,
      body: {
        shopId: shop.id,
        taskType: 'free_product',
        contentType: 'vertical_video',
        filterType: 'rules',
        rules: {},
        maxCount: 60,
        script: '你好 {talentName}',
        setName: '双副本',
      },
    });
    expect(task.created).toBe(60);

    // Eight browsers claim at once, four through each replica, until nothing is left.
    const held: ClaimedBrowserAction[] = [];
    let claims = 0;
    const claimer = async (server: ServerProcess) => {
      for (;;) {
        const data = await ok<BrowserClaimData>(server.url, 'POST', apiPaths.extension.claim, {
          token,
          body: { shopId: shop.id },
        });
        claims += 1;
        if (!data.action) return;
        held.push(data.action);
      }
    };
    await Promise.all([a, b, a, b, a, b, a, b].map(claimer));
    const claimed = held.flatMap((action) => action.records.map((r) => r.id));
    expect(new Set(held.map((action) => action.id)).size).toBe(held.length);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed).toHaveLength(60);
    const rows = await database.query<{ status: string; attempts: number; n: string }>(
      `select status, attempts, count(*)::text as n from send_records where task_id = $1 group by 1, 2`,
      [task.taskId],
    );
    expect(rows).toEqual([{ status: 'running', attempts: 1, n: '60' }]);

    // Each action reported at once through A (all sent) and B (all refused): one report wins,
    // the other finds the lease gone.
    const statuses = await Promise.all(
      held.map(async (action) => {
        await ok(a.url, 'POST', apiPaths.extension.started(action.id), {
          token,
          body: { leaseId: action.leaseId },
        });
        const report = (outcome: 'sent' | 'failed') => ({
          token,
          body: {
            leaseId: action.leaseId,
            packVersion: action.pack.version,
            outcomes: action.records.map((r) =>
              outcome === 'sent'
                ? { recordId: r.id, result: 'sent' }
                : { recordId: r.id, result: 'failed', errorCode: 'talent_ineligible' },
            ),
          },
        });
        const [viaA, viaB] = await Promise.all([
          call(a.url, 'POST', apiPaths.extension.report(action.id), report('sent')),
          call(b.url, 'POST', apiPaths.extension.report(action.id), report('failed')),
        ]);
        return [viaA.status, viaB.status].sort();
      }),
    );
    for (const pair of statuses) expect(pair).toEqual([200, 409]);
    const finished = await database.query<{ n: string }>(
      `select count(*)::text as n from send_records where task_id = $1 and status in ('success', 'failed')`,
      [task.taskId],
    );
    expect(finished[0]!.n).toBe('60');
    console.warn(
      `[faults] replicas: 8 browsers (4 on A, 4 on B), ${claims} claims, ${held.length} actions and ` +
        '60 records handed out once each; each action reported on A and B at once, one report kept',
    );
  }, 120_000);

  it('grants one membership when the same signed notification reaches A and B at once', async () => {
    const { login, token } = await registered(a);
    const order = await ok<{ orderId: string }>(a.url, 'POST', apiPaths.membership.purchase, {
      token,
      body: { planId: 'basic', paymentMethod: 'alipay' },
    });
    const [settings] = await database.query<{ value: string }>(
      `select value from app_settings where key = 'payment.sandbox.credentials'`,
    );
    const creds = JSON.parse(settings!.value) as SandboxCredentials;
    const [row] = await database.query<{ actual_price_fen: number }>(
      'select actual_price_fen from membership_orders where order_no = $1',
      [order.orderId],
    );
    const now = new Date();
    // The gateway's asynchronous notification, signed with the sandbox platform key.
    const params = signGatewayParams(
      {
        notify_time: alipayTime(now),
        notify_type: 'trade_status_sync',
        notify_id: `n${Date.now()}`,
        app_id: creds.appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: `2026${order.orderId.slice(-8)}`,
        out_trade_no: order.orderId,
        trade_status: 'TRADE_SUCCESS',
        total_amount: fenToAmount(row!.actual_price_fen),
        buyer_logon_id: 'buy***@example.com',
        seller_id: creds.sellerId,
        gmt_payment: alipayTime(now),
        subject: 'InviteFlow',
      },
      creds.platformPrivateKey,
    );
    const deliver = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}${apiPaths.payments.alipayNotify}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(params).toString(),
      });
      return response.text();
    };
    const answers = await Promise.all([a, b, a, b, a, b, a, b, a, b].map(deliver));
    expect(answers).toEqual(Array(10).fill('success'));

    const periods = await database.query<{ plan_id: string }>(
      `select p.plan_id from membership_periods p join membership_orders o on o.id = p.order_id
        where o.order_no = $1`,
      [order.orderId],
    );
    expect(periods).toEqual([{ plan_id: 'basic' }]);
    const events = await database.query<{ outcome: string; n: string }>(
      `select e.outcome, count(*)::text as n from payment_events e
         join membership_orders o on o.id = e.order_id where o.order_no = $1 group by 1 order by 1`,
      [order.orderId],
    );
    expect(events).toEqual([
      { outcome: 'duplicate', n: '9' },
      { outcome: 'granted', n: '1' },
    ]);
    const messages = await database.query<{ n: string }>(
      'select count(*)::text as n from inbox_messages where user_id = $1',
      [login.user.id],
    );
    expect(messages[0]!.n).toBe('1');
    const info = await ok<MembershipInfo>(b.url, 'GET', apiPaths.membership.info, { token });
    expect(info).toMatchObject({ isActive: true, planId: 'basic' });
    console.warn(
      '[faults] replicas: one signed notification delivered 10 times at once (5 to A, 5 to B): ' +
        'all answered success, 1 membership period, 1 granted and 9 duplicate events, 1 message',
    );
  });
});
