import type { Executor } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { MembershipState } from '../membership/index.ts';
import { planNameKey } from '../shops/index.ts';
import { accountDay, dayEndsAt, dayZoneFor } from '../user/index.ts';
import { createdOn } from './repository.ts';

/**
 * The plan's daily invitation allowance: the account's day the cap counts in, the records
 * created on it, and the refusal of a task beyond what is left. Task creation (create and
 * import), the workplace's stats and the extension's summary read it.
 */

/** The account's day the daily cap counts `now` in (user/time-zone.ts): which, in what zone, until when. */
export interface InvitationDay {
  /** YYYY-MM-DD */
  day: string;
  timeZone: string;
  endsAt: Date;
  /** After a change of zone: today is held until then (user/time-zone.ts); else null. */
  zoneFrom: Date | null;
}

export async function invitationDay(
  db: Executor,
  userId: number,
  now: Date,
): Promise<InvitationDay> {
  const zone = await dayZoneFor(db, userId);
  return {
    day: accountDay(zone, now),
    timeZone: zone.timeZone,
    endsAt: dayEndsAt(zone, now),
    zoneFrom: zone.dayZoneFrom && zone.dayZoneFrom > now ? zone.dayZoneFrom : null,
  };
}

export interface DailyAllowance extends InvitationDay {
  cap: number;
  used: number;
  remaining: number;
}

export async function dailyAllowance(
  db: Executor,
  userId: number,
  now: Date,
  state: MembershipState,
): Promise<DailyAllowance> {
  const today = await invitationDay(db, userId, now);
  const used = await createdOn(db, userId, today.day);
  const cap = state.dailyInvitationCap;
  return { ...today, cap, used, remaining: Math.max(0, cap - used) };
}

/** Refuses a task beyond what the plan's daily cap leaves today, saying so. */
export function checkDailyCap(
  state: MembershipState,
  allowance: DailyAllowance,
  count: number,
): void {
  if (count > allowance.remaining) {
    throw unprocessable(
      'error.sendCapExceeded',
      { cap: allowance.cap, left: allowance.remaining, count },
      { plan: planNameKey(state.level) },
    );
  }
}
