import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Query } from './write-stream.ts';

/** The APP_SECRET every replica of a test shares (required with DATABASE_URL). */
export const testSecret = 'fault-tests-secret-that-is-long-enough-0123456789';

export interface OwnDatabase {
  url: string;
  /** A query on it, through a small pool of its own. */
  query: Query;
  drop(): Promise<void>;
}

/** A fresh, empty database on the PostgreSQL at `adminUrl`, for one test. */
export async function createOwnDatabase(adminUrl: string, label: string): Promise<OwnDatabase> {
  const name = `inviteflow_${label}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    query: async <Row>(text: string, params?: unknown[]) =>
      (await pool.query(text, params)).rows as Row[],
    async drop() {
      await pool.end();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
