/** What other modules may use of membership (issue 18: a module is reached only through its index.ts). */
export { membershipState, type MembershipState } from './state.ts';
export { lastPeriodEnd } from './periods-repository.ts';
// The inviter's pages (module invite): which friends have paid, the rewards they earned.
export { payingAccounts } from './orders-repository.ts';
export {
  inviteRewardsPage,
  rewardDaysEarned,
  rewardedInvitees,
} from './invite-rewards-repository.ts';
