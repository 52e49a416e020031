/**
 * Wall-clock times in an IANA time zone, with nothing but Intl: sellers read and
 * type times in their account's zone (China time until they choose one), the
 * database keeps UTC. Here: what files need (fast formatting of many times).
 */

import { offsetAt, wallAsUtc, wallTimeIn, type WallTime } from '@inviteflow/contract';

// The zone arithmetic itself lives in the contract, shared with the console.
export { isTimeZone, wallTimeIn, zonedTimeToUtc, type WallTime } from '@inviteflow/contract';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const QUARTER_HOUR = 900_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * The zone's offset at an instant, remembered per UTC quarter-hour: Intl is slow
 * (an export formats two times per row) and offsets change only on quarter hours.
 * A quarter whose ends disagree (a historical odd-second change) is never cached.
 */
function cachedOffset(instant: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const quarter = Math.floor(instant / QUARTER_HOUR);
  const known = zone.get(quarter);
  if (known !== undefined) return known;
  const start = offsetAt(quarter * QUARTER_HOUR, timeZone);
  if (start !== offsetAt((quarter + 1) * QUARTER_HOUR - 1000, timeZone)) {
    return offsetAt(instant, timeZone);
  }
  if (zone.size >= 100_000) zone.clear();
  zone.set(quarter, start);
  return start;
}

/**
 * The clock reading in the zone, to the second, as a Date whose UTC fields hold it:
 * what a spreadsheet date cell (which has no zone) stores.
 */
export function wallClockAsUtc(date: Date, timeZone: string): Date {
  const shifted = date.getTime() + cachedOffset(date.getTime(), timeZone);
  return new Date(Math.floor(shifted / 1000) * 1000);
}

/** `YYYY-MM-DD HH:mm:ss` in the zone: what spreadsheets show and the importer reads back. */
export function formatInZone(date: Date, timeZone: string): string {
  const w = wallClockAsUtc(date, timeZone);
  return (
    `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ` +
    `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`
  );
}

/** `YYYYMMDD-HHmm` in the zone, for file names. */
export function stampInZone(date: Date, timeZone: string): string {
  const w = wallTimeIn(date, timeZone);
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}-${pad(w.hour)}${pad(w.minute)}`;
}

/** A wall time that exists on the calendar (no 31 February, no 25 o'clock). */
export function isValidWallTime(wall: WallTime): boolean {
  const d = new Date(wallAsUtc(wall));
  return (
    wall.year >= 1000 &&
    wall.year <= 9999 &&
    d.getUTCFullYear() === wall.year &&
    d.getUTCMonth() === wall.month - 1 &&
    d.getUTCDate() === wall.day &&
    d.getUTCHours() === wall.hour &&
    d.getUTCMinutes() === wall.minute &&
    d.getUTCSeconds() === wall.second
  );
}
