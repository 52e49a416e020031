import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';

/**
 * What the PostgreSQL benches share (`funnel`, `platforms`): their knobs, figures, a database
 * of their own, and the accounts they seed straight into the server's tables.
 */

/** The database server the benches create their databases in. */
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A whole-number knob from the environment, `fallback` when unset, refused outside min…max. */
export function whole(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  const n = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The p-th percentile of sorted figures (nearest rank); 0 of none. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

export async function reachable(url: string = adminUrl): Promise<boolean> {
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

/** The address of database `name` on the benches' database server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface SeededAccount {
  userId: number;
  username: string;
}

/**
 * `count` accounts on the enterprise plan (for 30 days), written with two multi-row inserts:
 * usernames `<prefix>_<run>_<n>` (a run's random part, so two runs never clash), phone numbers
 * 139 and n, invite codes `<codePrefix><RUN><n>`, all with `password`. In n order.
 */
export async function seedAccounts(
  db: pg.Client,
  options: { prefix: string; codePrefix: string; count: number; password: string },
): Promise<SeededAccount[]> {
  const run = randomBytes(3).toString('hex');
  const ns = Array.from({ length: options.count }, (_, i) => i + 1);
  const { rows } = await db.query<{ id: number; username: string }>(
    `insert into users (username, phone_number, password_hash, invite_code, time_zone)
     select u.username, u.phone, $4, u.code, 'Asia/Shanghai'
       from unnest($1::text[], $2::text[], $3::text[]) with ordinality as u(username, phone, code, n)
      order by u.n
     returning id, username`,
    [
      ns.map((n) => `${options.prefix}_${run}_${n}`),
      ns.map((n) => `139${String(n).padStart(8, '0')}`),
      ns.map((n) => `${options.codePrefix}${run.toUpperCase()}${n}`),
      await hashPassword(options.password),
    ],
  );
  const accounts = rows
    .map((row) => ({ userId: row.id, username: row.username }))
    .sort((a, b) => a.userId - b.userId);
  await db.query(
    `insert into membership_periods (user_id, plan_id, starts_at, ends_at, source)
     select id, 'enterprise', now() - interval '1 day', now() + interval '30 days', 'order'
       from unnest($1::int[]) as u(id)`,
    [accounts.map((a) => a.userId)],
  );
  return accounts;
}
