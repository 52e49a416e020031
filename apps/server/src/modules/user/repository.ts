import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
