import type { PlanId } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { insertPeriod } from './periods-repository.ts';
import { userRepository } from '../user/index.ts';
import { membershipState } from './state.ts';

export interface AppendedPeriod {
  planId: PlanId;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Appends a stretch of membership to an account, inside the caller's transaction:
 * it starts when the current membership ends (now without one), so buying while
 * active extends. The account's row is locked first, so two grants for one account
 * (two orders paid at once, a payment and an invite reward) queue instead of both
 * starting at the same expiry. `planId` null: the plan the chain ends with (basic
 * without one), as an invite reward adds days to what the inviter has.
 */
export async function appendPeriod(
  tx: Executor,
  args: {
    userId: number;
    planId: PlanId | null;
    length: (startsAt: Date) => Date;
    source: 'order' | 'invite_reward';
    orderId?: number;
    inviteRewardId?: number;
    now: Date;
  },
): Promise<AppendedPeriod> {
  await userRepository.lock(tx, args.userId);
  const state = await membershipState(tx, args.userId, args.now);
  const startsAt = state.validTo && state.validTo > args.now ? state.validTo : args.now;
  const endsAt = args.length(startsAt);
  const planId = args.planId ?? state.finalPlanId ?? 'basic';
  await insertPeriod(tx, {
    userId: args.userId,
    planId,
    startsAt,
    endsAt,
    source: args.source,
    orderId: args.orderId ?? null,
    inviteRewardId: args.inviteRewardId ?? null,
  });
  return { planId, startsAt, endsAt };
}
