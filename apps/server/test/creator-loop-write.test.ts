import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { beginCreatorLoopWrite } from '../src/lib/creator-loop-lock.ts';
import { describeApi } from './support/harness.ts';

/**
 * What a platform sync's write opens with (lib/creator-loop-lock.ts): the accounts' locks,
 * in id order, and an asynchronous commit for that transaction only.
 */

const CREATOR_LOOP_LOCK_CLASS = 31_338;

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describeApi('a platform sync write: locks and commit', (h) => {
  it('holds each account’s lock and commits asynchronously, in its own transaction only', async () => {
    const { db } = h().app;
    await db.transaction(async (tx) => {
      await beginCreatorLoopWrite(tx, [7, 3, 7]);
      const [setting] = rows<{ synchronous_commit: string }>(
        await tx.execute(sql`show synchronous_commit`),
      );
      expect(setting?.synchronous_commit).toBe('off');
      const locks = rows<{ objid: number }>(
        await tx.execute(sql`
          select objid::int as objid from pg_locks
           where locktype = 'advisory' and classid = ${CREATOR_LOOP_LOCK_CLASS}
             and pid = pg_backend_pid() and granted
           order by objid`),
      );
      expect(locks.map((lock) => lock.objid)).toEqual([3, 7]);
    });
    // Set for that transaction only: the next one commits as the server is configured.
    const [after] = rows<{ synchronous_commit: string }>(
      await db.execute(sql`show synchronous_commit`),
    );
    expect(after?.synchronous_commit).toBe('on');
  });
});
