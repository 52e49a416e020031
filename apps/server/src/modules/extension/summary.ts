import type { ExtensionSummary } from '@inviteflow/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sendRecordDays } from '../send-records/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { countsByStatus, dailyAllowance } from '../send-records/index.ts';
import { boundShops, ensureShopsWithinLimit, toShop } from '../shops/index.ts';
import { userRepository } from '../user/index.ts';

/**
 * The extension popup's view of the caller: the plan in force (membershipState, through
 * the shop check that also expires shops beyond it), the BOUND shops, the queue as it
 * stands and what finished today. Every number is a small read of the kept counts.
 */
export async function extensionSummaryFor(
  db: Database,
  userId: number,
  now: Date,
): Promise<ExtensionSummary> {
  const user = await userRepository.findById(db, userId);
  if (!user) throw notFound();
  const state = await ensureShopsWithinLimit(db, userId, now);
  const allowance = await dailyAllowance(db, userId, now, state);
  const [shops, byStatus, [today]] = await Promise.all([
    boundShops(db, userId),
    countsByStatus(db, userId),
    db
      .select({ succeeded: sendRecordDays.succeeded, failed: sendRecordDays.failed })
      .from(sendRecordDays)
      .where(and(eq(sendRecordDays.userId, userId), eq(sendRecordDays.day, allowance.day))),
  ]);
  const succeeded = today?.succeeded ?? 0;
  const failed = today?.failed ?? 0;
  return {
    user: { id: user.id, username: user.username },
    membership: {
      level: state.level,
      isActive: state.isActive,
      validTo: state.validTo?.toISOString() ?? null,
      dailyInvitationCap: allowance.cap,
      remainingToday: allowance.remaining,
    },
    shops: shops.map((row) => toShop(row)),
    counts: {
      pending: byStatus.pending,
      running: byStatus.running,
      done: succeeded + failed,
      succeeded,
      failed,
    },
    timeZone: allowance.timeZone,
  };
}
