import {
  INVITE_REWARD_DAYS,
  maskPhone,
  type InviteInfo,
  type InviteReward,
  type Invitee,
} from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { unauthenticated } from '../../lib/errors.ts';
import {
  inviteRewardsPage,
  payingAccounts,
  rewardDaysEarned,
  rewardedInvitees,
} from '../membership/index.ts';
import { userRepository } from '../user/index.ts';

/**
 * The inviter's pages. The module owns no table: who registered with the code is the user
 * module's (users.invited_by_user_id), who has paid and the rewards are membership's (the
 * reward is granted in the payment's transaction, membership/settle.ts).
 */

/** The page that registers a friend with this code filled in. */
export function inviteLink(publicUrl: string, code: string): string {
  return `${publicUrl}/register?inviteCode=${encodeURIComponent(code)}`;
}

/** The caller's code and link, how many friends registered with it and paid, the days earned. */
export async function inviteInfo(
  db: Executor,
  userId: number,
  publicUrl: string,
): Promise<InviteInfo> {
  const user = await userRepository.findById(db, userId);
  if (!user) throw unauthenticated();
  const [invited, rewardDaysTotal] = await Promise.all([
    invitedCounts(db, userId),
    rewardDaysEarned(db, userId),
  ]);
  return {
    inviteCode: user.inviteCode,
    inviteLink: inviteLink(publicUrl, user.inviteCode),
    rewardDays: INVITE_REWARD_DAYS,
    invitedCount: invited.total,
    paidCount: invited.paid,
    rewardDaysTotal,
  };
}

/** How many friends registered with the inviter's code, and how many of them have paid. */
async function invitedCounts(
  db: Executor,
  inviterId: number,
): Promise<{ total: number; paid: number }> {
  const ids = await userRepository.inviteeIds(db, inviterId);
  const paying = await payingAccounts(db, ids);
  return { total: ids.length, paid: paying.size };
}

/** One page of the friends who registered with the inviter's code, newest first (phones masked). */
export async function inviteesPage(
  db: Executor,
  inviterId: number,
  page: number,
  pageSize: number,
): Promise<{ list: Invitee[]; total: number }> {
  const { list, total } = await userRepository.inviteesPage(db, inviterId, page, pageSize);
  const ids = list.map((invitee) => invitee.id);
  const [paying, rewarded] = await Promise.all([
    payingAccounts(db, ids),
    rewardedInvitees(db, ids),
  ]);
  return {
    list: list.map((invitee) => ({
      phoneNumber: maskPhone(invitee.phoneNumber),
      registeredAt: invitee.createdAt.toISOString(),
      hasPaid: paying.has(invitee.id),
      rewardGranted: rewarded.has(invitee.id),
    })),
    total,
  };
}

/** One page of the inviter's rewards, newest first, with the membership period each granted. */
export async function rewardsPage(
  db: Executor,
  inviterId: number,
  page: number,
  pageSize: number,
): Promise<{ list: InviteReward[]; total: number }> {
  const { list, total } = await inviteRewardsPage(db, inviterId, page, pageSize);
  const phones = await userRepository.phoneNumbers(
    db,
    list.map((reward) => reward.inviteeUserId),
  );
  return {
    // An invitee's account is always there (its rewards go with it: on delete cascade).
    list: list.flatMap((reward) => {
      const phone = phones.get(reward.inviteeUserId);
      if (phone === undefined) return [];
      return [
        {
          id: reward.id,
          invitee: maskPhone(phone),
          days: reward.days,
          grantedAt: reward.grantedAt.toISOString(),
          startsAt: reward.startsAt?.toISOString() ?? null,
          endsAt: reward.endsAt?.toISOString() ?? null,
        },
      ];
    }),
    total,
  };
}
