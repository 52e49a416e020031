/**
 * npm run seed -- --talents N [--total M] [--accounts K] [--user NAME] [--seed S]
 *
 * Creates a realistic talent library: N talents in one account (the `--user`
 * account, created when missing) and, when --total is larger, the rest spread
 * over K other accounts. Runs on the configured database (PGlite under DATA_DIR,
 * or PostgreSQL with DATABASE_URL), after applying the migrations.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfigFromProcess } from '../src/config/index.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { DEMO_USERNAME, ensureDemoAccount } from '../src/demo-account.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { newInviteCode } from '../src/modules/auth/service.ts';
import { userRepository } from '../src/modules/user/repository.ts';
import {
  blacklistReasons,
  customLabels,
  makeTalent,
  random,
  shopsFor,
  type SeedTalent,
} from './seed-data.ts';

const BATCH = 5_000;

/** A PostgreSQL array literal, so an array travels inside one unnest() element. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const columns: Array<[string, string, (t: SeedTalent) => unknown]> = [
  ['user_id', 'int', (t) => t.userId],
  ['platform', 'text', (t) => t.platform],
  ['platform_talent_id', 'text', (t) => t.platformTalentId],
  ['name', 'text', (t) => t.name],
  ['name_grams', 'text[]', (t) => arrayLiteral(t.nameGrams)],
  ['shop_name', 'text', (t) => t.shopName],
  ['industry', 'text', (t) => t.industry],
  ['labels', 'text[]', (t) => arrayLiteral(t.labels)],
  ['status', 'text', (t) => t.status],
  ['status_before_blacklist', 'text', (t) => t.statusBeforeBlacklist],
  ['contact_method', 'text', (t) => t.contactMethod],
  ['contact_info', 'text', (t) => t.contactInfo],
  ['fans_count', 'bigint', (t) => t.fansCount],
  ['video_avg_views', 'bigint', (t) => t.videoAvgViews],
  ['video_gpm_fen', 'bigint', (t) => t.videoGpmFen],
  ['live_avg_views', 'bigint', (t) => t.liveAvgViews],
  ['live_gpm_fen', 'bigint', (t) => t.liveGpmFen],
  ['business_amount_fen', 'bigint', (t) => t.businessAmountFen],
  ['deal_count', 'bigint', (t) => t.dealCount],
  ['remark', 'text', (t) => t.remark],
  ['added_at', 'timestamptz', (t) => t.addedAt.toISOString()],
  ['created_at', 'timestamptz', (t) => t.createdAt.toISOString()],
  ['updated_at', 'timestamptz', (t) => t.updatedAt.toISOString()],
];

// Array-valued columns arrive as text literals inside unnest() and are cast back per row.
const insertSql = `insert into talents (${columns.map(([c]) => c).join(', ')})
select ${columns.map(([c, type]) => (type === 'text[]' ? `u.${c}::text[]` : `u.${c}`)).join(', ')}
from unnest(${columns.map(([, type], i) => `$${i + 1}::${type === 'text[]' ? 'text' : type}[]`).join(', ')})
  as u(${columns.map(([c]) => c).join(', ')})
on conflict do nothing`;

async function insertTalents(db: DatabaseHandle, rows: SeedTalent[]): Promise<void> {
  await db.query(
    insertSql,
    columns.map(([, , get]) => rows.map(get)),
  );
}

export async function ensureAccount(db: DatabaseHandle, username: string, phoneNumber: string) {
  const existing = await userRepository.findByUsername(db.db, username);
  if (existing) return { user: existing, password: null };
  const password = randomBytes(9).toString('base64url');
  const user = await userRepository.insert(db.db, {
    username,
    phoneNumber,
    passwordHash: await hashPassword(password),
    inviteCode: newInviteCode(),
    passwordChangedAt: new Date(),
  });
  return { user, password };
}

export async function seedAccount(
  db: DatabaseHandle,
  userId: number,
  count: number,
  seed: number,
  progress: (n: number) => void,
) {
  const r = random(seed);
  const shops = shopsFor(r, 8);
  const now = Date.now();
  const [{ n: existing } = { n: 0 }] = await db.query<{ n: number }>(
    'select count(*)::int as n from talents where user_id = $1',
    [userId],
  );
  for (let start = existing; start < count; start += BATCH) {
    const rows: SeedTalent[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++)
      rows.push(makeTalent(r, userId, i, shops, now));
    await insertTalents(db, rows);
    progress(Math.min(count, start + BATCH) - start);
  }
  // The blacklist is the truth for blacklisted talents: give each one its entry.
  await db.query(
    `insert into blacklist_entries (user_id, talent_name, platform_talent_id, fans_count, reason, talent_id)
     select user_id, name, platform_talent_id, fans_count, ($2::text[])[1 + id % cardinality($2::text[])], id
     from talents where user_id = $1 and status = 'blacklisted'
     on conflict do nothing`,
    [userId, blacklistReasons],
  );
  await db.query(
    `insert into talent_labels (user_id, name) select $1, unnest($2::text[]) on conflict do nothing`,
    [userId, customLabels],
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      talents: { type: 'string', default: '1000' },
      total: { type: 'string' },
      accounts: { type: 'string', default: '20' },
      user: { type: 'string', default: 'demo' },
      seed: { type: 'string', default: '20261122' },
    },
  });
  const main = Number(values.talents);
  const total = Math.max(main, Number(values.total ?? main));
  const accounts = Math.max(1, Number(values.accounts));
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(main) || main < 0 || !Number.isSafeInteger(total)) {
    throw new Error('--talents and --total take whole numbers');
  }

  const config = loadConfigFromProcess();
  const db = await openDatabase(config.database);
  await db.migrate();
  // On an empty database the demo account is made as `npm start` makes it, and its
  // password is printed here, the one time it is known (npm run reset-demo-password
  // sets a new one).
  if (
    values.user === DEMO_USERNAME &&
    config.demoAccount &&
    (await userRepository.count(db.db)) === 0
  ) {
    const demo = await ensureDemoAccount(db.db);
    if (demo?.password) {
      process.stdout.write(
        `Created the demo account: ${demo.username} (or phone ${demo.phoneNumber}), password: ${demo.password}  (shown only this once)\n`,
      );
    }
  }
  await seedLibrary(db, { talents: main, total, accounts, user: values.user, seed }, (line) =>
    process.stdout.write(`${line}\n`),
  );
  await db.close();
}

/** Seeds `talents` into the `user` account and `total - talents` over `accounts` others. */
export async function seedLibrary(
  db: DatabaseHandle,
  options: { talents: number; total: number; accounts: number; user: string; seed: number },
  log: (line: string) => void,
): Promise<{ userId: number; password: string | null }> {
  const started = Date.now();
  let written = 0;
  let lastReport = 0;
  const progress = (n: number) => {
    written += n;
    if (Date.now() - lastReport > 2_000) {
      lastReport = Date.now();
      log(
        `  ${written.toLocaleString('en-US')} talents written (${Math.round(written / ((Date.now() - started) / 1000))}/s)`,
      );
    }
  };
  const owner = await ensureAccount(db, options.user, '13900000000');
  log(
    `Seeding ${options.talents.toLocaleString('en-US')} talents into "${owner.user.username}"` +
      (owner.password ? ` (created, password: ${owner.password})` : ''),
  );
  await seedAccount(db, owner.user.id, options.talents, options.seed, progress);
  const rest = options.total - options.talents;
  if (rest > 0) {
    log(`Seeding ${rest.toLocaleString('en-US')} more over ${options.accounts} other accounts`);
    for (let k = 0; k < options.accounts; k++) {
      const share = Math.floor(rest / options.accounts) + (k < rest % options.accounts ? 1 : 0);
      const other = await ensureAccount(
        db,
        `seed_seller_${k + 1}`,
        `139${String(10_000_000 + k).padStart(8, '0')}`,
      );
      await seedAccount(db, other.user.id, share, options.seed + k + 1, progress);
    }
  }
  // What autovacuum does to a table in use: statistics for the planner, and the
  // visibility map that lets index-only scans skip the table.
  await db.query('vacuum (analyze) talents');
  log(
    `Done: ${written.toLocaleString('en-US')} talents in ${((Date.now() - started) / 1000).toFixed(1)} s on ${db.name}.`,
  );
  return { userId: owner.user.id, password: owner.password };
}

// Run as a command (npm run seed), not when imported by the benchmark.
if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`seed failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
