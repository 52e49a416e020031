import {
  DEFAULT_TIME_ZONE,
  canonicalTimeZone,
  dayInZone,
  dayStartInZone,
  nextMidnight,
} from '@inviteflow/contract';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, unauthenticated } from '../../lib/errors.ts';
import { lockAccount, userRepository, type UserRow } from './repository.ts';

/**
 * The account's time zone and the days counted in it (issue 20 #9). Times are shown in the
 * zone; the workplace's days, the daily rollups and the daily invitation allowance count the
 * account's days. A change of zone must not start a second allowance the same day, so the
 * day in progress keeps going until a midnight of the new zone at or after its own end (it
 * then lasts 24 to 48 hours); the new zone's days begin there. An account that never created
 * an invitation moves at once. The database's account_day() (migration 0010) applies the
 * same rule to the rollups; `accountDay` below is its TypeScript twin, and a test holds the
 * two together.
 */

/**
 * Whether the account ever created an invitation. Send-records knows (its daily rollups:
 * send-records/repository.ts's hasCreatedRecords); callers pass it in (app.ts to the profile
 * routes), because send-records counts its days with this module and user imports nothing of it.
 */
export type CreatedRecordsCheck = (db: Executor, userId: number) => Promise<boolean>;

/** How an account counts its days. */
export interface DayZone {
  timeZone: string;
  /** Days are counted in `timeZone` from this instant; before it the day is `heldDay`. */
  dayZoneFrom: Date | null;
  heldDay: string | null;
}

export function dayZoneOf(user: Pick<UserRow, 'timeZone' | 'dayZoneFrom' | 'heldDay'>): DayZone {
  return {
    timeZone: user.timeZone ?? DEFAULT_TIME_ZONE,
    dayZoneFrom: user.dayZoneFrom,
    heldDay: user.heldDay,
  };
}

/** The account's calendar day (YYYY-MM-DD) at an instant: account_day() in TypeScript. */
export function accountDay(zone: DayZone, at: Date): string {
  if (zone.dayZoneFrom && at < zone.dayZoneFrom && zone.heldDay) return zone.heldDay;
  const day = dayInZone(at, zone.timeZone);
  return zone.heldDay && zone.heldDay > day ? zone.heldDay : day;
}

/** When the account's day in progress at `now` ends: the next day (and allowance) starts then. */
export function dayEndsAt(zone: DayZone, now: Date): Date {
  const today = accountDay(zone, now);
  let end =
    zone.dayZoneFrom && now < zone.dayZoneFrom
      ? zone.dayZoneFrom
      : nextMidnight(now, zone.timeZone);
  // A held day may outlast a midnight or two of the zone (never more than two).
  for (let i = 0; i < 4 && accountDay(zone, end) <= today; i++) {
    end = nextMidnight(end, zone.timeZone);
  }
  return end;
}

/** The first midnight of `timeZone` at or after `at`. */
function midnightFrom(at: Date, timeZone: string): Date {
  const start = dayStartInZone(dayInZone(at, timeZone), timeZone);
  return start.getTime() === at.getTime() ? at : nextMidnight(at, timeZone);
}

/**
 * How the days go after a move to `next` at `now`. An account that never created an
 * invitation has no allowance to protect: it moves at once. Otherwise the day in progress
 * goes on until the first midnight of `next` at or after the moment it would have ended.
 */
export function planZoneChange(
  current: DayZone,
  next: string,
  now: Date,
  hasInvited: boolean,
): DayZone {
  if (!hasInvited) return { timeZone: next, dayZoneFrom: null, heldDay: null };
  if (next === current.timeZone) return current;
  return {
    timeZone: next,
    dayZoneFrom: midnightFrom(dayEndsAt(current, now), next),
    heldDay: accountDay(current, now),
  };
}

/** The zone a setting names, as Intl spells it, when both Intl and the database know it. */
export async function knownTimeZone(db: Database, name: string): Promise<string | null> {
  const zone = canonicalTimeZone(name);
  if (!zone) return null;
  return (await userRepository.databaseKnowsZone(db, zone)) ? zone : null;
}

/** The setting's zone, or the localized 400 a bad one gets. */
export async function requireTimeZone(db: Database, name: string): Promise<string> {
  const zone = await knownTimeZone(db, name);
  if (!zone) throw badRequest('validation.timeZoneInvalid');
  return zone;
}

/**
 * Moves the account to a zone the caller checked (knownTimeZone): under the account lock,
 * so a task created at the same moment counts on one side of the change or the other.
 */
export async function changeTimeZone(
  db: Database,
  userId: number,
  zone: string,
  now: Date,
  hasCreatedRecords: CreatedRecordsCheck,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const user = await userRepository.findById(tx, userId);
    if (!user) throw unauthenticated();
    if (user.timeZone === zone) return user;
    const days = planZoneChange(dayZoneOf(user), zone, now, await hasCreatedRecords(tx, userId));
    const updated = await userRepository.update(tx, userId, days);
    return updated ?? user;
  });
}

/** The account's day-counting, read once for a request. */
export async function dayZoneFor(db: Executor, userId: number): Promise<DayZone> {
  const user = await userRepository.findById(db, userId);
  if (!user) throw unauthenticated();
  return dayZoneOf(user);
}

/** The account's time zone (for times in messages and files). */
export async function timeZoneOf(db: Executor, userId: number): Promise<string> {
  return (await dayZoneFor(db, userId)).timeZone;
}

/**
 * The zone a request asks its times in (a file's, the message box's), checked: a bad one is
 * the localized 400. Without one, the account's.
 */
export async function zoneForRequest(
  db: Executor,
  userId: number,
  asked: string | null | undefined,
): Promise<string> {
  if (!asked?.trim()) return timeZoneOf(db, userId);
  const zone = canonicalTimeZone(asked);
  if (!zone) throw badRequest('validation.timeZoneInvalid');
  return zone;
}
