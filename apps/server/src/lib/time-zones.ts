/**
 * Wall-clock times in an IANA time zone, with nothing but Intl: sellers read and
 * type times in their own zone (China time by default), the database keeps UTC.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** True for a time zone this runtime knows (e.g. Asia/Shanghai, UTC, America/New_York). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a clock in `timeZone` shows at `date`. */
export function wallTimeIn(date: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: date.getUTCMilliseconds(),
  };
}

function wallAsUtc(wall: WallTime): number {
  return Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
    wall.millisecond,
  );
}

/** The zone's offset from UTC, in ms, at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallAsUtc({ ...wallTimeIn(new Date(whole), timeZone), millisecond: 0 }) - whole;
}

/**
 * The instant a clock in `timeZone` shows `wall`. Around a DST change the offset
 * after the first guess is the one that applies, so it is checked once more.
 */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const asUtc = wallAsUtc(wall);
  const first = offsetAt(asUtc, timeZone);
  const second = offsetAt(asUtc - first, timeZone);
  return new Date(asUtc - second);
}

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
