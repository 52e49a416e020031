import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.ts';

/** A fingerprint per table: the md5 of its rows (every column) in a stable order. */
export type Fingerprint = Record<string, string>;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

let tableCache: string[] | null = null;

/** The tables of the schema, read from the database itself (a new table is never forgotten). */
export async function tableNames(db: Database): Promise<string[]> {
  tableCache ??= (
    await rows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name not like '\\_\\_%' escape '\\'
          order by table_name`,
    )
  ).map((r) => r.name);
  return tableCache;
}

function digest(from: string): string {
  return `(select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) from ${from})`;
}

async function fingerprintOf(db: Database, sources: Record<string, string>): Promise<Fingerprint> {
  const columns = Object.entries(sources).map(([name, from]) => `${digest(from)} as "${name}"`);
  const [row] = await rows<Fingerprint>(db, sql.raw(`select ${columns.join(', ')}`));
  return row!;
}

/** Every row of every table: for calls that must write nothing at all. */
export async function wholeDatabase(db: Database): Promise<Fingerprint> {
  const names = await tableNames(db);
  return fingerprintOf(db, Object.fromEntries(names.map((n) => [n, `"${n}" t`])));
}

let userColumnCache: Set<string> | null = null;

/**
 * The rows that belong to one account, in every table: tables with `user_id` by it, the
 * others by how they hang off the account. A table the suite cannot attribute fails the
 * run, so a new table has to be placed here before the suite passes again.
 */
export async function accountRows(
  db: Database,
  account: { userId: number; phoneNumber: string },
): Promise<Fingerprint> {
  const names = await tableNames(db);
  userColumnCache ??= new Set(
    (
      await rows<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.columns
            where table_schema = 'public' and column_name = 'user_id'`,
      )
    ).map((r) => r.name),
  );
  const id = Number(account.userId);
  const phone = account.phoneNumber.replace(/'/g, "''");
  const orders = `(select id from membership_orders where user_id = ${id})`;
  const special: Record<string, string> = {
    users: `users t where t.id = ${id} or t.invited_by_user_id = ${id}`,
    refresh_tokens: `refresh_tokens t where t.session_id in (select id from sessions where user_id = ${id})`,
    sms_codes: `sms_codes t where t.phone_number = '${phone}'`,
    payment_events: `payment_events t where t.order_id in ${orders}`,
    invite_rewards: `invite_rewards t where t.inviter_user_id = ${id} or t.invitee_user_id = ${id}`,
    sandbox_trades: `sandbox_trades t where t.out_trade_no in (select order_no from membership_orders where user_id = ${id})`,
    // An import's undo journal, by the talents it names (its run row has the account).
    talent_import_undo: `talent_import_undo t where t.talent_id in (select id from talents where user_id = ${id})`,
    // Global settings (the sandbox's keys): nobody's, and nobody's call may change them.
    app_settings: `app_settings t`,
    // The operators' page pack switches (issue 17): global, nobody's; a seller's call must
    // never change them.
    page_pack_switches: `page_pack_switches t`,
    // The sync kinds the server runs (written at start-up, platforms/sync): nobody's account,
    // no call of our API changes them.
    platform_sync_kinds: `platform_sync_kinds t`,
    // The sandbox TikTok Shop's state is the "platform's", nobody's account here: no call of
    // our API may change it (the record of calls it received changes only with its own calls).
    ...Object.fromEntries(
      [
        'sandbox_tts_apps',
        'sandbox_tts_shops',
        'sandbox_tts_products',
        'sandbox_tts_auth_codes',
        'sandbox_tts_authorizations',
        'sandbox_tts_access_tokens',
        'sandbox_tts_collaborations',
        'sandbox_tts_collaboration_products',
        'sandbox_tts_collaboration_creators',
        'sandbox_tts_quota_uses',
        'sandbox_tts_shop_tallies',
        'sandbox_tts_connected_creators',
        'sandbox_tts_conversations',
        'sandbox_tts_messages',
        'sandbox_tts_sample_applications',
        'sandbox_tts_orders',
        'sandbox_tts_calls',
      ].map((name) => [name, `${name} t`]),
    ),
  };
  const sources: Record<string, string> = {};
  for (const name of names) {
    if (special[name]) sources[name] = special[name];
    // The sandbox 抖店 open platform's state is the platform's too, nobody's account here.
    else if (name.startsWith('sandbox_doudian_')) sources[name] = `${name} t`;
    else if (userColumnCache.has(name)) sources[name] = `"${name}" t where t.user_id = ${id}`;
    else throw new Error(`the security suite does not know whose rows "${name}" holds`);
  }
  return fingerprintOf(db, sources);
}

/** The tables whose fingerprint differs (empty when nothing changed). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
