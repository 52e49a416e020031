import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config/index.ts';
import { migrationsFolder } from '../server-root.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/**
 * What code may ask of the database it runs on, instead of which one it is (issue 18: the
 * kind, PGlite or PostgreSQL, stays in this module). Decided here when the database opens.
 */
export interface DatabaseCapabilities {
  /**
   * `set local statement_timeout` cancels a statement that runs too long (PostgreSQL).
   * PGlite runs one statement at a time in this thread and has no statement timeout.
   */
  readonly statementTimeout: boolean;
  /**
   * This process is the database's only user (PGlite: in process, its data directory held by
   * the pid file). What the process keeps in memory about the data is the whole truth, and
   * work found unfinished at start was left by a process that died.
   */
  readonly exclusive: boolean;
}

/** The one database type the code sees, whether PGlite or PostgreSQL is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema> & {
  readonly capabilities: DatabaseCapabilities;
};
/** What a repository receives: the database or an open transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Runs a statement whose text is the same on every call (every value a parameter, a list as
 * one array parameter: `= any($1)`, `unnest($1, …)`) as a named prepared statement, named by
 * its text: each PostgreSQL connection parses it once, and after five runs plans it once too
 * when its generic plan costs no more than the custom ones (postgresql.org/docs/current/
 * sql-prepare.html, "Notes"; node-postgres "Prepared statements": the name is kept per
 * connection, node-postgres.com/features/queries). For the statements of a hot path run
 * thousands of times a minute (a platform sync's pages): PostgreSQL planned every statement
 * on every call, a tenth to a fifth of its time under load (docs/performance.md). A text that
 * varies (an `in (…)` list, optional filters) must not come here: every variant would stay
 * prepared on every connection. PGlite runs it as a plain statement (it has no named ones).
 * Behind a pooler in transaction mode named statements break; we connect to PostgreSQL directly.
 */
export async function executePrepared<Row = Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<Row[]> {
  const internal = db as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): { execute(): Promise<{ rows: Row[] } | Row[]> };
    };
  };
  const built = internal.dialect.sqlToQuery(query);
  const result = await internal.session
    .prepareQuery(built, undefined, statementName(built.sql), false)
    .execute();
  return Array.isArray(result) ? result : result.rows;
}

/** A statement's name from its text (the same text, the same name on every connection). */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    // Fixed texts only (see executePrepared): the map stays as small as the code's list of them.
    statementNames.set(text, name);
  }
  return name;
}

export interface DatabaseHandle {
  /** Which database it is, for people to read (/health, logs): code asks `db.capabilities`. */
  name: 'pglite' | 'postgres';
  db: Database;
  /** Applies the committed migrations (idempotent; serialized across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * A raw parameterized query on the driver, for bulk work (seed, benchmarks)
   * where arrays must travel as single parameters.
   */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** A drizzle instance as the code sees it: typed by our schema, carrying its capabilities. */
function withCapabilities(drizzleDb: object, capabilities: DatabaseCapabilities): Database {
  return Object.assign(drizzleDb, {
    capabilities: Object.freeze(capabilities),
  }) as unknown as Database;
}

/** An arbitrary, fixed key for the advisory lock that serializes migrations. */
const MIGRATION_LOCK_KEY = 815_470_221;

/**
 * PGlite's buffer cache, in MB. Its Postgres starts with PostgreSQL's stock 128 MB, and
 * WebAssembly memory never shrinks: what the cache once touched stays resident for the
 * process's life (the server idled at 420-520 MB). 16 MB holds the catalogue and the hot
 * pages of a seller's library; the rest is read from the operating system's page cache,
 * which every process shares. Measured in docs/performance.md (memory).
 */
export const PGLITE_SHARED_BUFFERS_MB = 16;

export interface PgliteOptions {
  /** `shared_buffers` in MB (default PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
}

/**
 * Postgres settings PGlite starts with (pglite.dev/docs/api, `startParams`: the defaults
 * and ours after them, since a `-c` given later wins). `-c` on the command line also
 * beats the data directory's postgresql.conf, so existing databases take them too.
 */
export function pgliteStartParams(
  defaults: readonly string[],
  options: PgliteOptions = {},
): string[] {
  const sharedBuffersMb = options.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB;
  return [...defaults, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

/**
 * The embedded database. PGlite (and its WASM) is loaded only here, so a
 * PostgreSQL deployment never carries it in memory.
 */
export async function openPglite(
  dataDir: string | null,
  options: PgliteOptions = {},
): Promise<DatabaseHandle> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The first start's initdb runs in a second PGlite instance made with these options too.
  const pgliteOptions = { startParams: pgliteStartParams(PGlite.defaultStartParams, options) };
  const client = dataDir ? new PGlite(dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  const db = withCapabilities(drizzlePglite({ client, schema }), {
    statementTimeout: false,
    exclusive: true,
  });
  return {
    name: 'pglite',
    db,
    async migrate() {
      await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], {
        migrationsFolder,
      });
    },
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async query<Row>(text: string, params?: unknown[]) {
      return (await client.query<Row>(text, params)).rows;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export function openPostgres(url: string, poolMax = 20): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may one dropped while checked out (the database restarting under a transaction
  // that is between statements): the pool listens to its clients only while they are
  // idle, and an unheard 'error' event ends the process. The statement in flight fails
  // on its own, and the pool discards the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = withCapabilities(drizzleNodePg({ client: pool, schema }), {
    statementTimeout: true,
    exclusive: false,
  });
  return {
    name: 'postgres',
    db,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async query<Row>(text: string, params?: unknown[]) {
      return (await pool.query(text, params)).rows as Row[];
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  return database.kind === 'postgres'
    ? openPostgres(database.url, database.poolMax)
    : openPglite(database.dataDir);
}
