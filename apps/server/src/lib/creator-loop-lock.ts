import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** An arbitrary, fixed advisory-lock class for "what the platform syncs write of this account". */
const CREATOR_LOOP_LOCK_CLASS = 31_338;

/**
 * Serializes, per account, the transactions of the platform syncs that write its records and
 * talents (creator events in send-records, order figures in affiliate-orders): the syncs read a
 * shop's kinds side by side, and two transactions about the same creators lock their records
 * and talents in other orders (a deadlock, seen in samples.test.ts). Accounts in id order;
 * held until the transaction ends.
 */
export async function lockCreatorLoop(tx: Executor, userIds: readonly number[]): Promise<void> {
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${CREATOR_LOOP_LOCK_CLASS}::int, ${userId}::int)`,
    );
  }
}
