import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageOffset } from '../../lib/sql.ts';
import { users } from './schema.ts';

export type UserRow = typeof users.$inferSelect;

/** Account rows. The only module that reads or writes the users table. */
export const userRepository = {
  async findById(db: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  },

  async findByPhone(db: Executor, phoneNumber: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
    return row;
  },

  async findByInviteCode(db: Executor, inviteCode: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.inviteCode, inviteCode)).limit(1);
    return row;
  },

  async insert(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },

  async update(
    db: Executor,
    id: number,
    values: Partial<typeof users.$inferInsert>,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** Locks the account's row until the transaction ends: grants to one account queue behind it. */
  async lock(db: Executor, id: number): Promise<void> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  },

  /**
   * Whether the database reads this zone (the rollups count days in it). Asked outside any
   * transaction: a zone it does not know is an error, which would end one.
   */
  async databaseKnowsZone(db: Executor, zone: string): Promise<boolean> {
    try {
      await db.execute(sql`select now() at time zone ${zone}`);
      return true;
    } catch {
      return false;
    }
  },

  async count(db: Executor): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },

  /** The ids of the accounts registered with this inviter's code. */
  async inviteeIds(db: Executor, inviterId: number): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.invitedByUserId, inviterId));
    return rows.map((row) => row.id);
  },

  /** One page of the accounts registered with this inviter's code, newest first, and how many there are. */
  async inviteesPage(
    db: Executor,
    inviterId: number,
    page: number,
    pageSize: number,
  ): Promise<{ list: Pick<UserRow, 'id' | 'phoneNumber' | 'createdAt'>[]; total: number }> {
    const where = eq(users.invitedByUserId, inviterId);
    const [list, [counted]] = await Promise.all([
      db
        .select({ id: users.id, phoneNumber: users.phoneNumber, createdAt: users.createdAt })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(pageSize)
        .offset(pageOffset(page, pageSize)),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { list, total: counted?.total ?? 0 };
  },

  /** The phone numbers of these accounts, by id (an id without an account is left out). */
  async phoneNumbers(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, phoneNumber: users.phoneNumber })
      .from(users)
      .where(sql`${users.id} = any(${sql.param([...ids])}::int[])`);
    return new Map(rows.map((row) => [row.id, row.phoneNumber]));
  },
};

/**
 * Locks the account row until the transaction ends: the writes that must see each
 * other's result per account (binding shops against the limit, creating records
 * against the daily cap) take it first, so they run one at a time per account.
 * With `skipLocked`, false when another transaction holds it (a job moves on).
 *
 * NO KEY UPDATE, not UPDATE: holders still queue behind each other, but rows that
 * reference the account (a talent added, an import) are not held up by it. FOR UPDATE
 * also blocks their foreign-key check, and a task creation (account lock, then the
 * blacklist lock) deadlocked with a talent import (blacklist lock, then inserts
 * checking the account row): seen under concurrent writes in test/faults.
 */
export async function lockAccount(
  tx: Executor,
  userId: number,
  options: { skipLocked?: boolean } = {},
): Promise<boolean> {
  const query = tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  const rows = await (options.skipLocked
    ? query.for('no key update', { skipLocked: true })
    : query.for('no key update'));
  return rows.length > 0;
}
