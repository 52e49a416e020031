import { randomBytes } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => `"${getTableName(table)}"`);

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Empties every table, so each test starts clean on the shared database. */
  reset(): Promise<void>;
  /** Closes it (and drops a PostgreSQL test database). */
  dispose(): Promise<void>;
}

/** A migrated database for one test file: in-memory PGlite, or a fresh database on PostgreSQL. */
export async function createTestDatabase(
  kind: DatabaseKind,
  adminUrl: string | null,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite(null);
    await handle.migrate();
    return { handle, reset: () => truncate(handle), dispose: () => handle.close() };
  }
  if (!adminUrl) throw new Error('PostgreSQL is not available');
  const name = `inviteflow_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 5);
  await handle.migrate();
  return {
    handle,
    reset: () => truncate(handle),
    async dispose() {
      await handle.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

async function truncate(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql.raw(`truncate ${tableNames.join(', ')} restart identity cascade`));
}
