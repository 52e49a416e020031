import {
  planById,
  plans,
  translate,
  type Locale,
  type MembershipInfo,
  type MembershipPlan,
  type PlanDefinition,
  type PlanId,
} from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { membershipState } from './state.ts';

/** A plan's name in the reader's language; an id the catalogue does not know, as it is. */
export function planName(locale: Locale, planId: string): string {
  return planById(planId) ? translate(locale, `plan.${planId as PlanId}`) : planId;
}

/** A plan as the purchase screen shows it, its features worded from its limits. */
export function toPlan(plan: PlanDefinition, locale: Locale): MembershipPlan {
  const features = [
    plan.durationMonths === 1
      ? translate(locale, 'plan.feature.durationOne')
      : translate(locale, 'plan.feature.duration', { months: plan.durationMonths }),
    translate(locale, 'plan.feature.shops', { count: plan.shopBindLimit }),
    translate(locale, 'plan.feature.invitations', { count: plan.dailyInvitationCap }),
    translate(locale, 'plan.feature.library'),
  ];
  return {
    id: plan.id,
    name: planName(locale, plan.id),
    price: plan.priceFen / 100,
    priceFen: plan.priceFen,
    duration: plan.durationMonths,
    pricePerMonthFen: Math.round(plan.priceFen / plan.durationMonths),
    features,
    isRecommended: plan.isRecommended,
    shopBindLimit: plan.shopBindLimit,
    dailyInvitationCap: plan.dailyInvitationCap,
  };
}

export function planList(locale: Locale): MembershipPlan[] {
  return plans.map((plan) => toPlan(plan, locale));
}

/** Spec: Membership info, from membershipState (the one source of truth). */
export async function membershipInfo(
  db: Executor,
  userId: number,
  locale: Locale,
  now: Date,
): Promise<MembershipInfo> {
  const state = await membershipState(db, userId, now);
  const planId = state.isActive ? (state.level as PlanId) : null;
  return {
    isActive: state.isActive,
    planId,
    planName: planId ? planName(locale, planId) : null,
    expireDate: state.validTo?.toISOString() ?? null,
    shopBindLimit: state.shopBindLimit,
    dailyInvitationCap: state.dailyInvitationCap,
  };
}
