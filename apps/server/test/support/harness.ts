import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { apiPaths, type Envelope, type LoginData, type SmsPurpose } from '@inviteflow/contract';
import type { FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import { buildApp, loggerOptions, type App } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/index.ts';
import type { LimitRules } from '../../src/lib/limits.ts';
import type { SmsNotice, SmsProvider } from '../../src/modules/auth/sms-provider.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';
import { watchUndocumentedAnswers } from './documented-answers.ts';

/** The SMS edge of the world, recorded: tests read the code a user would receive. */
export class RecordingSms implements SmsProvider {
  readonly name = 'recording';
  readonly sent: Array<{ phoneNumber: string; code: string; purpose: SmsPurpose }> = [];
  /** Notices (no code), in the order sent. */
  readonly notices: Array<{ phoneNumber: string; notice: SmsNotice }> = [];
  failNext = false;

  async notify(phoneNumber: string, notice: SmsNotice): Promise<void> {
    this.notices.push({ phoneNumber, notice });
  }

  async send(phoneNumber: string, code: string, purpose: SmsPurpose): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('provider down');
    }
    this.sent.push({ phoneNumber, code, purpose });
  }

  lastCode(phoneNumber: string): string {
    const found = [...this.sent].reverse().find((s) => s.phoneNumber === phoneNumber);
    if (!found) throw new Error(`no code was sent to ${phoneNumber}`);
    return found.code;
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
    DATA_DIR: '/nonexistent-inviteflow-test-data',
    CONSOLE_DIR: '/nonexistent-inviteflow-console',
    DEMO_ACCOUNT: 'false',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export class ApiClient {
  constructor(private readonly app: () => App) {}

  async call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const response = await this.app().inject({
      method,
      url,
      headers,
      query: options.query
        ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return {
      status: response.statusCode,
      body: response.json() as Envelope<T>,
      headers: response.headers,
    };
  }

  get<T = unknown>(url: string, options?: CallOptions) {
    return this.call<T>('GET', url, options);
  }
  post<T = unknown>(url: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('POST', url, { ...options, body });
  }
  put<T = unknown>(url: string, body?: unknown, options?: CallOptions) {
    return this.call<T>('PUT', url, { ...options, body });
  }
  delete<T = unknown>(url: string, options?: CallOptions) {
    return this.call<T>('DELETE', url, options);
  }
}

export interface Harness {
  app: App;
  kind: DatabaseKind;
  database: TestDatabase;
  sms: RecordingSms;
  api: ApiClient;
  /** Everything the app logged in this test, one JSON line per entry. */
  logs: string[];
  /** Builds one more app on the same database (and Redis): another replica. */
  replica(): Promise<App>;
}

export interface HarnessOptions {
  limitRules?: Partial<LimitRules>;
  /** Run against Redis (limits and revocation shared through it); skipped without Redis. */
  redis?: boolean;
  config?: Record<string, string>;
}

let uniqueCounter = 0;
/** A phone number no other test in this run uses. */
export function uniquePhone(): string {
  uniqueCounter += 1;
  return `139${String((process.pid * 1000 + uniqueCounter) % 100_000_000).padStart(8, '0')}`;
}

/**
 * Declares a suite once per database: PGlite always, PostgreSQL when reachable
 * (a fresh database per file, emptied before each test).
 */
export function describeApi(
  title: string,
  body: (h: () => Harness) => void,
  options: HarnessOptions = {},
) {
  const postgresUrl = inject('postgresUrl');
  const redisUrl = inject('redisUrl');
  const kinds: DatabaseKind[] = ['pglite', 'postgres'];
  for (const kind of kinds) {
    const unavailable =
      (kind === 'postgres' && !postgresUrl) || (options.redis === true && !redisUrl);
    describe.skipIf(unavailable)(`${title} [${kind}${options.redis ? ' + redis' : ''}]`, () => {
      let database: TestDatabase;
      let redis: Redis | null = null;
      const apps: App[] = [];
      let current: Harness;
      /** Answers whose status the API document does not list (see documented-answers.ts). */
      const undocumented: string[] = [];

      beforeAll(async () => {
        database = await createTestDatabase(kind, postgresUrl);
        if (options.redis && redisUrl) {
          redis = new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
        }
      });
      afterAll(async () => {
        redis?.disconnect();
        await database?.dispose();
      });

      beforeEach(async () => {
        await database.reset();
        undocumented.length = 0;
        const sms = new RecordingSms();
        const logs: string[] = [];
        const stream = new Writable({
          write(chunk, _encoding, done) {
            logs.push(...String(chunk).split('\n').filter(Boolean));
            done();
          },
        });
        // A prefix of its own: other test files and runs share the Redis.
        const config = testConfig({
          REDIS_KEY_PREFIX: `inviteflow-test:${randomBytes(6).toString('hex')}`,
          ...options.config,
        });
        const logger: FastifyServerOptions['logger'] = {
          ...(loggerOptions('info') as object),
          stream,
        };
        const make = async () => {
          const app = await buildApp({
            config,
            database: database.handle,
            redis,
            sms,
            limitRules: options.limitRules,
            logger,
          });
          watchUndocumentedAnswers(app, undocumented);
          await app.ready();
          apps.push(app);
          return app;
        };
        const app = await make();
        current = { app, kind, database, sms, logs, api: new ApiClient(() => app), replica: make };
      });
      afterEach(async () => {
        while (apps.length) await apps.pop()!.close();
        expect(undocumented, 'every status a route answers is in the API document').toEqual([]);
      });

      body(() => current);
    });
  }
}

export interface TestUser {
  username: string;
  phoneNumber: string;
  password: string;
}

let userCounter = 0;
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  userCounter += 1;
  return {
    username: `seller_${process.pid}_${userCounter}`,
    phoneNumber: uniquePhone(),
    password: 'Secret-123',
    ...overrides,
  };
}

/** Registers through the real calls (code from the recorded SMS). */
export async function register(h: Harness, user: TestUser, extra: Record<string, unknown> = {}) {
  const sent = await h.api.post(apiPaths.auth.sendSmsCode, {
    phoneNumber: user.phoneNumber,
    purpose: 'register',
  });
  if (sent.status !== 200) throw new Error(`send-sms-code failed: ${JSON.stringify(sent.body)}`);
  return h.api.post(apiPaths.auth.register, {
    username: user.username,
    phoneNumber: user.phoneNumber,
    code: h.sms.lastCode(user.phoneNumber),
    password: user.password,
    confirmPassword: user.password,
    ...extra,
  });
}

/**
 * Signs in as a client that is not a browser: the refresh token comes in the answer's body
 * (`refreshTokenDelivery: 'body'`). The browser's cookie is tested in the sessions suite.
 */
export async function login(h: Harness, identifier: string, password: string) {
  return h.api.post<LoginData & { refresh_token: string }>(apiPaths.auth.login, {
    username: identifier,
    password,
    refreshTokenDelivery: 'body',
  });
}

/** A registered, signed-in user. */
export async function signedIn(h: Harness, overrides: Partial<TestUser> = {}) {
  const user = newUser(overrides);
  const registered = await register(h, user);
  if (registered.status !== 200)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const result = await login(h, user.username, user.password);
  if (result.status !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
  return { user, tokens: result.body.data, token: result.body.data.access_token };
}
