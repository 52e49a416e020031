import { z } from './zod.ts';
import type { MembershipLevel } from './auth.ts';
import { pageQuery } from './envelope.ts';
import { isoDateTime, orderedRanges } from './fields.ts';

/**
 * Membership plans (spec: 'Membership purchase', the membership plan entity, section 9):
 * basic, pro and enterprise at 99, 299 and 999 CNY for 1, 3 and 12 months, pro
 * recommended. A plan sets how many shops may be bound and how many invitations a
 * day may be created; without an active plan the free allowance applies.
 * Money is in fen.
 */
export const planIds = ['basic', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export interface PlanDefinition {
  id: PlanId;
  priceFen: number;
  durationMonths: number;
  isRecommended: boolean;
  /** Shops that may be bound at once. */
  shopBindLimit: number;
  /** Send records that may be created per day (China time). */
  dailyInvitationCap: number;
}

export const plans: readonly PlanDefinition[] = [
  {
    id: 'basic',
    priceFen: 9_900,
    durationMonths: 1,
    isRecommended: false,
    shopBindLimit: 3,
    dailyInvitationCap: 200,
  },
  {
    id: 'pro',
    priceFen: 29_900,
    durationMonths: 3,
    isRecommended: true,
    shopBindLimit: 10,
    dailyInvitationCap: 1_000,
  },
  {
    id: 'enterprise',
    priceFen: 99_900,
    durationMonths: 12,
    isRecommended: false,
    shopBindLimit: 50,
    dailyInvitationCap: 5_000,
  },
];

export function planById(id: string): PlanDefinition | undefined {
  return plans.find((plan) => plan.id === id);
}

/** What an account without an active plan may do: try the product on one shop. */
export const freeAllowance = { shopBindLimit: 1, dailyInvitationCap: 20 } as const;

/** The limits that apply to a membership level ('none': the free allowance). */
export function limitsFor(level: MembershipLevel): {
  shopBindLimit: number;
  dailyInvitationCap: number;
} {
  const plan = level === 'none' ? undefined : planById(level);
  return plan
    ? { shopBindLimit: plan.shopBindLimit, dailyInvitationCap: plan.dailyInvitationCap }
    : { ...freeAllowance };
}

/** Payment methods offered (spec: only Alipay). */
export const paymentMethods = ['alipay'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Membership order statuses (spec section 4). */
export const orderStatuses = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An unpaid order expires this long after it was created. */
export const ORDER_PAYMENT_WINDOW_MINUTES = 30;

/** Days of membership an inviter earns when an invitee's first order is paid. */
export const INVITE_REWARD_DAYS = 30;

/** A membership-expiring notice is sent this many days before the expiry. */
export const MEMBERSHIP_EXPIRING_NOTICE_DAYS = 3;

/** An order's number as the merchant gives it to the gateway (out_trade_no). */
export const orderNoPattern = /^M\d{14}[A-Z0-9]{6}$/;

/** Months added to a date, in UTC, clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A plan as the purchase screen shows it; name and features in the caller's language. */
export const membershipPlan = z.object({
  id: z.enum(planIds),
  name: z.string(),
  /** CNY, as the spec's plan entity (99, 299, 999). */
  price: z.number(),
  priceFen: z.number().int(),
  /** Months (1, 3, 12). */
  duration: z.number().int(),
  /** The price of one month of the plan (fen, rounded): shown on every plan to compare them. */
  pricePerMonthFen: z.number().int(),
  features: z.array(z.string()),
  isRecommended: z.boolean(),
  shopBindLimit: z.number().int(),
  dailyInvitationCap: z.number().int(),
});
export type MembershipPlan = z.infer<typeof membershipPlan>;

/** The membership in force (spec: Membership info), from the one source of truth. */
export const membershipInfo = z.object({
  isActive: z.boolean(),
  planId: z.enum(planIds).nullable(),
  planName: z.string().nullable(),
  /** The end of the membership, periods that follow on included; null without one. */
  expireDate: isoDateTime.nullable(),
  shopBindLimit: z.number().int(),
  dailyInvitationCap: z.number().int(),
});
export type MembershipInfo = z.infer<typeof membershipInfo>;

export const purchaseBody = z.object({
  planId: z.enum(planIds, { error: 'validation.planInvalid' }),
  paymentMethod: z.enum(paymentMethods, { error: 'validation.paymentMethodInvalid' }),
});
export type PurchaseBody = z.infer<typeof purchaseBody>;

/** Spec: Purchase response. `orderId` is the order number. */
export const purchaseData = z.object({
  success: z.boolean(),
  message: z.string(),
  orderId: z.string(),
  /** Where the browser goes to pay (the gateway's page pay). */
  paymentUrl: z.string(),
});
export type PurchaseData = z.infer<typeof purchaseData>;

export const paymentUrlData = z.object({ paymentUrl: z.string() });
export type PaymentUrlData = z.infer<typeof paymentUrlData>;

/** Spec: Membership order. Money in fen. */
export const membershipOrder = z.object({
  orderId: z.string(),
  planId: z.enum(planIds),
  planName: z.string(),
  durationMonths: z.number().int(),
  originalPriceFen: z.number().int(),
  actualPriceFen: z.number().int(),
  paymentMethod: z.enum(paymentMethods),
  status: z.enum(orderStatuses),
  /** Purchase time. */
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  /** An unpaid order expires here. */
  expiresAt: isoDateTime,
  cancelledAt: isoDateTime.nullable(),
});
export type MembershipOrder = z.infer<typeof membershipOrder>;

export const paymentEventSources = ['notify', 'return', 'query'] as const;

/** One message about an order's payment, received or fetched, accepted or not. */
export const paymentEvent = z.object({
  source: z.enum(paymentEventSources),
  signatureValid: z.boolean(),
  tradeStatus: z.string().nullable(),
  amountFen: z.number().int().nullable(),
  /** granted | duplicate | pending | refused:<reason> */
  outcome: z.string(),
  createdAt: isoDateTime,
});
export type PaymentEvent = z.infer<typeof paymentEvent>;

/** View detail: the order, its payment at the gateway and the membership it bought. */
export const membershipOrderDetail = membershipOrder.extend({
  /** sandbox | alipay */
  gateway: z.string(),
  tradeNo: z.string().nullable(),
  paidAmountFen: z.number().int().nullable(),
  buyerAccount: z.string().nullable(),
  period: z.object({ startsAt: isoDateTime, endsAt: isoDateTime }).nullable(),
  events: z.array(paymentEvent),
});
export type MembershipOrderDetail = z.infer<typeof membershipOrderDetail>;

const optionalTime = z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }).optional();

/** Membership records: plan name, status and a purchase date range; newest first. */
export const orderListQuery = pageQuery
  .extend({
    planId: z.enum(planIds, { error: 'validation.planInvalid' }).optional(),
    status: z.enum(orderStatuses, { error: 'validation.orderStatusInvalid' }).optional(),
    createdFrom: optionalTime,
    createdTo: optionalTime,
  })
  .superRefine(orderedRanges(['createdFrom', 'createdTo']));
export type OrderListQuery = z.output<typeof orderListQuery>;

export const orderNoParams = z.object({
  orderNo: z
    .string({ error: 'validation.invalidField' })
    .max(64, { error: 'validation.invalidField' }),
});

/** Invite rewards: the account's code and link and what inviting has earned. */
export const inviteInfo = z.object({
  inviteCode: z.string(),
  /** The register page with the code filled in. */
  inviteLink: z.string(),
  rewardDays: z.number().int(),
  invitedCount: z.number().int(),
  paidCount: z.number().int(),
  rewardDaysTotal: z.number().int(),
});
export type InviteInfo = z.infer<typeof inviteInfo>;

export const invitee = z.object({
  /** The invitee's phone number, masked (138****0000). */
  phoneNumber: z.string(),
  registeredAt: isoDateTime,
  hasPaid: z.boolean(),
  rewardGranted: z.boolean(),
});
export type Invitee = z.infer<typeof invitee>;

export const inviteReward = z.object({
  id: z.number().int(),
  invitee: z.string(),
  days: z.number().int(),
  grantedAt: isoDateTime,
  /** The membership days added, as a period of the inviter's membership. */
  startsAt: isoDateTime.nullable(),
  endsAt: isoDateTime.nullable(),
});
export type InviteReward = z.infer<typeof inviteReward>;

/** 138****0000: enough to recognise a friend, not enough to call them. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
