import { and, asc, eq, gt, lte, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { membershipPeriods } from './schema.ts';

/** The membership periods' queries (their rules: state.ts, grant.ts). */

export interface PeriodSpan {
  planId: string;
  startsAt: Date;
  endsAt: Date;
}

/** The account's periods that end after `now`, in the order they start. */
export async function periodsEndingAfter(
  db: Executor,
  userId: number,
  now: Date,
): Promise<PeriodSpan[]> {
  return db
    .select({
      planId: membershipPeriods.planId,
      startsAt: membershipPeriods.startsAt,
      endsAt: membershipPeriods.endsAt,
    })
    .from(membershipPeriods)
    .where(and(eq(membershipPeriods.userId, userId), gt(membershipPeriods.endsAt, now)))
    .orderBy(asc(membershipPeriods.startsAt), asc(membershipPeriods.id));
}

/** When the account's last period ended before `now` (null: none has ended). */
export async function lastPeriodEnd(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: max(membershipPeriods.endsAt) })
    .from(membershipPeriods)
    .where(and(eq(membershipPeriods.userId, userId), lte(membershipPeriods.endsAt, now)));
  return row?.endsAt ?? null;
}

export async function insertPeriod(
  tx: Executor,
  values: Omit<typeof membershipPeriods.$inferInsert, 'id'>,
): Promise<void> {
  await tx.insert(membershipPeriods).values(values);
}

/** The period an order granted (null: none yet). */
export async function periodOfOrder(
  db: Executor,
  orderId: number,
): Promise<{ startsAt: Date; endsAt: Date } | null> {
  const [period] = await db
    .select({ startsAt: membershipPeriods.startsAt, endsAt: membershipPeriods.endsAt })
    .from(membershipPeriods)
    .where(eq(membershipPeriods.orderId, orderId))
    .limit(1);
  return period ?? null;
}
