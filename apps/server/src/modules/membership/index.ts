/** What other modules may use of membership (issue 18: a module is reached only through its index.ts). */
export { lastMembershipEnd, membershipState, type MembershipState } from './state.ts';
