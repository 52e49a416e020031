import type { ExtensionSummary } from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { countsByStatus, dailyAllowance, finishedOn } from '../send-records/index.ts';
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
  const [shops, byStatus, { succeeded, failed }] = await Promise.all([
    boundShops(db, userId),
    countsByStatus(db, userId),
    finishedOn(db, userId, allowance.day),
  ]);
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
