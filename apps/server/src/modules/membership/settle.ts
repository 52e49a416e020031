import { INVITE_REWARD_DAYS, addMonths, maskPhone, type PlanId } from '@inviteflow/contract';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { postMessage } from '../messages/index.ts';
import {
  amountToFen,
  isPaidStatus,
  type PaymentReport,
  type SettleOutcome,
} from '../payments/index.ts';
import { userRepository } from '../user/index.ts';
import { appendPeriod } from './grant.ts';
import { insertInviteReward } from './invite-rewards-repository.ts';
import {
  lockOrderByNo,
  markOrderPaid,
  orderIdByNo,
  recordPaymentEvent,
} from './orders-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Lives in membership, not payments: settling writes the order, its membership period and
 * the inviter's reward, all membership's. The notification route (payments) gets this
 * function from app.ts, so payments does not import membership (no module cycle).
 *
 * The one path by which money becomes membership, whoever reports it (the gateway's
 * notification, our own query, a replica, a retry): a payment is accepted only when
 * the signature verified, the order exists, app (and seller) and amount match and the
 * status means paid. Then, in one transaction under the order's row lock: the order
 * is paid, a membership period is appended (its unique key on the order makes a second
 * grant impossible), the payer gets a message, and an invitee's first payment rewards
 * the inviter. Repeats find the order paid and change nothing. Every report the gateway
 * signed is kept in payment_events; one whose signature fails is not the gateway's, so it
 * is neither written nor shown on the order it names (anyone can post those, without end):
 * the caller logs it.
 */
export async function settlePayment(
  db: Database,
  expected: { appId: string; sellerId: string | null },
  report: PaymentReport,
  now: Date = new Date(),
): Promise<SettleOutcome> {
  if (!report.signatureValid) return 'refused:signature';
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrderByNo(tx, report.orderNo);
      const refuse = async (outcome: SettleOutcome) => {
        await recordPaymentEvent(tx, report, order?.id ?? null, outcome);
        return outcome;
      };
      if (!order) return refuse('refused:unknown-order');
      if (report.appId !== null && report.appId !== expected.appId) return refuse('refused:app-id');
      if (expected.sellerId && report.sellerId !== null && report.sellerId !== expected.sellerId)
        return refuse('refused:seller-id');
      if (amountToFen(report.totalAmount) !== order.actualPriceFen) return refuse('refused:amount');
      if (!isPaidStatus(report.tradeStatus)) {
        return refuse(report.tradeStatus === 'WAIT_BUYER_PAY' ? 'pending' : 'refused:status');
      }
      if (order.status === 'paid') return refuse('duplicate');

      // The money is at the gateway: an order that expired or was cancelled while the
      // buyer was paying is honoured, not lost.
      await markOrderPaid(tx, order.id, {
        now,
        tradeNo: report.tradeNo,
        paidAmountFen: order.actualPriceFen,
        buyerAccount: report.buyerLogonId,
      });
      const period = await appendPeriod(tx, {
        userId: order.userId,
        planId: order.planId as PlanId,
        length: (start) => addMonths(start, order.durationMonths),
        source: 'order',
        orderId: order.id,
        now,
      });
      await postMessage(tx, {
        userId: order.userId,
        kind: 'paymentSucceeded',
        params: {
          orderNo: order.orderNo,
          planId: order.planId,
          validTo: period.endsAt.toISOString(),
        },
        dedupeKey: `paymentSucceeded:${order.orderNo}`,
      });
      await rewardInviter(tx, order.userId, order.id, now);
      await recordPaymentEvent(tx, report, order.id, 'granted');
      return 'granted' as const;
    });
  } catch (error) {
    // A grant racing another for the same order (the unique key caught it): already in.
    if (isUniqueViolation(error, 'membership_periods_order_key')) {
      await recordPaymentEvent(db, report, await orderIdByNo(db, report.orderNo), 'duplicate');
      return 'duplicate';
    }
    throw error;
  }
}

/**
 * An invitee's first paid order earns the inviter INVITE_REWARD_DAYS days, once per
 * invitee (the unique key on invite_rewards.invitee_user_id), in the payment's
 * transaction.
 */
async function rewardInviter(tx: Executor, inviteeId: number, orderId: number, now: Date) {
  const invitee = await userRepository.findById(tx, inviteeId);
  if (!invitee?.invitedByUserId) return;
  const rewardId = await insertInviteReward(tx, {
    inviterUserId: invitee.invitedByUserId,
    inviteeUserId: inviteeId,
    orderId,
    days: INVITE_REWARD_DAYS,
    createdAt: now,
  });
  if (rewardId === null) return;
  const period = await appendPeriod(tx, {
    userId: invitee.invitedByUserId,
    planId: null,
    length: (start) => new Date(start.getTime() + INVITE_REWARD_DAYS * DAY_MS),
    source: 'invite_reward',
    inviteRewardId: rewardId,
    now,
  });
  await postMessage(tx, {
    userId: invitee.invitedByUserId,
    kind: 'inviteRewardGranted',
    params: {
      invitee: maskPhone(invitee.phoneNumber),
      days: INVITE_REWARD_DAYS,
      validTo: period.endsAt.toISOString(),
    },
    dedupeKey: `inviteRewardGranted:${inviteeId}`,
  });
}
