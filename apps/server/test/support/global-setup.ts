import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a reachable PostgreSQL, or null (those tests are skipped, with the reason printed). */
    postgresUrl: string | null;
    redisUrl: string | null;
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function probeRedis(): Promise<string | null> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

export default async function setup(project: TestProject) {
  const [pgProblem, redisProblem] = await Promise.all([probePostgres(), probeRedis()]);
  const problems = [
    pgProblem && `PostgreSQL at ${postgresUrl} is not reachable (${pgProblem})`,
    redisProblem && `Redis at ${redisUrl} is not reachable (${redisProblem})`,
  ].filter((p): p is string => Boolean(p));
  // CI exists to run the production path (PostgreSQL + Redis): there, their absence fails
  // the run instead of quietly skipping half of it. .ci/run starts them first.
  if (problems.length && process.env.CI === 'true') {
    throw new Error(
      `[server tests] ${problems.join('; ')}. Under CI=true these runs may not be skipped: ` +
        'start them (bash .ci/services.sh) or set TEST_DATABASE_URL / TEST_REDIS_URL.',
    );
  }
  for (const problem of problems) {
    console.warn(
      `\n[server tests] ${problem}: its runs of the API tests are SKIPPED. ` +
        'Set TEST_DATABASE_URL / TEST_REDIS_URL to run them (CI=true makes this a failure).\n',
    );
  }
  project.provide('postgresUrl', pgProblem ? null : postgresUrl);
  project.provide('redisUrl', redisProblem ? null : redisUrl);
}
