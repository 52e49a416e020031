import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { executePrepared } from '../src/db/client.ts';
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

  it('runs a sync statement prepared once per connection (executePrepared), rows as they are', async () => {
    const { db } = h().app;
    const square = (n: number) =>
      executePrepared<{ n: number }>(db, sql`select (${n}::int * ${n}::int) as n`);
    await db.transaction(async (tx) => {
      // Two calls on the transaction's one connection, two values, one statement's text.
      expect(await executePrepared<{ n: number }>(tx, sql`select ${3}::int + 1 as n`)).toEqual([
        { n: 4 },
      ]);
      expect(await executePrepared<{ n: number }>(tx, sql`select ${5}::int + 1 as n`)).toEqual([
        { n: 6 },
      ]);
      await beginCreatorLoopWrite(tx, [1]);
      await beginCreatorLoopWrite(tx, [2]);
      const prepared = rows<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements order by name`),
      );
      if (h().kind === 'postgres') {
        // Named by their text: each once on the connection, however often it ran.
        const named = prepared.filter((p) => /^s_[0-9a-f]{24}$/.test(p.name));
        expect(named.filter((p) => p.statement.includes('+ 1 as n'))).toHaveLength(1);
        expect(named.filter((p) => p.statement.includes('pg_advisory_xact_lock'))).toHaveLength(1);
      } else {
        // PGlite has no named statements: the same rows, each run a plain statement.
        expect(prepared).toEqual([]);
      }
    });
    expect(await square(7)).toEqual([{ n: 49 }]);
  });
});
