import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { smsCodes } from './schema.ts';

/** The SMS codes' queries (their rules: sms-codes.ts). */

export type SmsCodeRow = typeof smsCodes.$inferSelect;

/** Marks every unused code of the phone and purpose as used at `now`. */
export async function consumeCodesOf(
  tx: Executor,
  phoneNumber: string,
  purpose: string,
  now: Date,
): Promise<void> {
  await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(smsCodes.phoneNumber, phoneNumber),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
      ),
    );
}

/** Stores a code; answers its id. */
export async function insertCode(
  tx: Executor,
  values: {
    phoneNumber: string;
    purpose: string;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [inserted] = await tx.insert(smsCodes).values(values).returning({ id: smsCodes.id });
  return inserted!.id;
}

export async function deleteCode(db: Executor, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** The newest unused code of the phone and purpose (expired or out of tries included). */
export async function newestUnusedCode(
  db: Executor,
  phoneNumber: string,
  purpose: string,
): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phoneNumber, phoneNumber),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
      ),
    )
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row;
}

/**
 * Counts one more try on the code in a single conditional UPDATE, only while it is unused,
 * has had fewer than `maxTries` and has not expired at `now`: the tries it has had then, with
 * this one; null when it took no try.
 */
export async function takeTry(
  db: Executor,
  id: number,
  maxTries: number,
  now: Date,
): Promise<number | null> {
  const [taken] = await db
    .update(smsCodes)
    .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(smsCodes.id, id),
        isNull(smsCodes.consumedAt),
        lt(smsCodes.failedAttempts, maxTries),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .returning({ tries: smsCodes.failedAttempts });
  return taken ? taken.tries : null;
}

export async function findCode(db: Executor, id: number): Promise<SmsCodeRow | undefined> {
  const [row] = await db.select().from(smsCodes).where(eq(smsCodes.id, id)).limit(1);
  return row;
}

/** Marks the code used at `now` if it is unused and not expired then: true for the one call that did. */
export async function consumeCode(tx: Executor, id: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now)))
    .returning({ id: smsCodes.id });
  return used.length > 0;
}
