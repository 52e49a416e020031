import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '../db/client.ts';

/** An arbitrary, fixed advisory-lock class for "what the platform syncs write of this account". */
const CREATOR_LOOP_LOCK_CLASS = 31_338;

/**
 * Opens, in a transaction, a write of what the platform syncs read of these accounts (creator
 * events in send-records, order figures in affiliate-orders), in one statement:
 *
 * - **Serialized per account**: the syncs read a shop's kinds side by side, and two
 *   transactions about the same creators lock their records and talents in other orders (a
 *   deadlock, seen in samples.test.ts). Accounts in id order; held until the transaction ends.
 * - **Committed asynchronously** (`synchronous_commit = off` for this transaction only): its
 *   commit does not wait for the WAL to reach the disk. PostgreSQL's "Asynchronous Commit"
 *   (postgresql.org/docs/current/wal-async-commit.html): a crash can lose the last moments of
 *   such commits (at most three times `wal_writer_delay`, 600 ms by default) but never leaves
 *   the database inconsistent, and WAL is replayed in order, so a later synchronous commit
 *   makes these durable too. What is written here is a copy of the platform's facts, each
 *   idempotent by the platform's own ids, and the sync's cursor moves after the page in a
 *   later transaction: a lost page was not acknowledged and is read again. The wait for the
 *   disk was an eighth of a sync page's time (`npm run bench -- sync`, docs/performance.md).
 */
export async function beginCreatorLoopWrite(
  tx: Executor,
  userIds: readonly number[],
): Promise<void> {
  const accounts = [...new Set(userIds)].sort((a, b) => a - b);
  // The locks are taken in the array's order (the function scan's), one row per account.
  // Every sync page runs it: prepared (executePrepared), one text for any accounts.
  await executePrepared(
    tx,
    sql`
    select set_config('synchronous_commit', 'off', true),
           pg_advisory_xact_lock(${CREATOR_LOOP_LOCK_CLASS}::int, a.user_id)
      from unnest(${sql.param(accounts)}::int[]) with ordinality as a(user_id, n)
     order by a.n`,
  );
}
