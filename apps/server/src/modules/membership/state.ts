import { limitsFor, type MembershipLevel, type PlanId } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { periodsEndingAfter } from './periods-repository.ts';

export interface MembershipState {
  /** The plan in force now ('none' without one). */
  level: MembershipLevel;
  isActive: boolean;
  /** The end of the membership: the last of the periods that follow on from now. */
  validTo: Date | null;
  /** The plan in force now ends here (a following period may start a different plan). */
  currentPeriodEndsAt: Date | null;
  /** The plan of the last period of the chain (the one ending at `validTo`). */
  finalPlanId: PlanId | null;
  shopBindLimit: number;
  dailyInvitationCap: number;
}

/**
 * The membership of an account at `now`: the period covering now sets the plan and
 * its limits; periods that follow without a gap extend the expiry. The one place
 * that answers "what may this account do", for login, shops and invitations alike.
 */
export async function membershipState(
  db: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<MembershipState> {
  const periods = await periodsEndingAfter(db, userId, now);
  const current = periods.find((p) => p.startsAt <= now);
  if (!current) {
    return {
      level: 'none',
      isActive: false,
      validTo: null,
      currentPeriodEndsAt: null,
      finalPlanId: null,
      ...limitsFor('none'),
    };
  }
  // Follow the chain: each later period that starts by the time the previous ends.
  let validTo = current.endsAt;
  let finalPlanId = current.planId as PlanId;
  for (const period of periods) {
    if (period.startsAt <= validTo && period.endsAt > validTo) {
      validTo = period.endsAt;
      finalPlanId = period.planId as PlanId;
    }
  }
  const level = current.planId as MembershipLevel;
  return {
    level,
    isActive: true,
    validTo,
    currentPeriodEndsAt: current.endsAt,
    finalPlanId,
    ...limitsFor(level),
  };
}
