import { dayInZone, dayStartInZone, nextDay } from '@inviteflow/contract';
import { displayTimeZone } from './time-zone.ts';

/*
 * Calendar days a seller picks in a filter, in the account's time zone (issue 20 #9): the
 * same days the times in the lists are shown in.
 */

/** The start of a calendar day, as an instant. */
export function dayStart(day: string, timeZone: string = displayTimeZone()): string {
  return dayStartInZone(day, timeZone).toISOString();
}

/** The last millisecond of a calendar day: ranges are inclusive at both ends. */
export function dayEnd(day: string, timeZone: string = displayTimeZone()): string {
  return new Date(dayStartInZone(nextDay(day), timeZone).getTime() - 1).toISOString();
}

/** The calendar day (YYYY-MM-DD) an instant falls on: the inverse of `dayStart`. */
export function dayOf(instant: string, timeZone: string = displayTimeZone()): string {
  return dayInZone(new Date(instant), timeZone);
}
