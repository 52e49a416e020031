/**
 * Time zones, with nothing but Intl, for the server and the console alike. Each account
 * has one zone (the user center's setting, the browser's by default): times are shown in
 * it and days are counted in it. The database keeps UTC.
 */

/** The zone of an account that has not chosen one (the product's first market). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** The longest IANA zone name is 32 characters; room to spare. */
export const TIME_ZONE_MAX = 64;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

// IANA names only: letters, digits and _+-/ (Intl of newer engines also takes offsets such
// as +08:00, which the database reads with the opposite sign).
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

let names: readonly string[] | null = null;
let byLowerCase: Map<string, string> | null = null;

/** Every zone this runtime's Intl lists (its canonical names), and UTC, sorted. */
export function timeZoneNames(): readonly string[] {
  if (!names) {
    const listed =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    names = [...new Set([...listed, 'UTC'])].sort();
  }
  return names;
}

const canonical = new Map<string, string | null>();

/**
 * A zone name as Intl spells it (`asia/shanghai` → `Asia/Shanghai`), or null when Intl
 * does not know it. A listed name keeps its spelling; an alias Intl accepts becomes the
 * name Intl resolves it to.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > TIME_ZONE_MAX || !ZONE_NAME.test(trimmed)) return null;
  const key = trimmed.toLowerCase();
  if (canonical.has(key)) return canonical.get(key)!;
  byLowerCase ??= new Map(timeZoneNames().map((zone) => [zone.toLowerCase(), zone]));
  let found = byLowerCase.get(key) ?? null;
  if (!found) {
    try {
      found = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
    } catch {
      found = null;
    }
  }
  if (canonical.size < 1000) canonical.set(key, found);
  return found;
}

/** True for a zone Intl knows (e.g. Asia/Shanghai, UTC, America/New_York). */
export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

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

export function wallAsUtc(wall: WallTime): number {
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
export function offsetAt(instant: number, timeZone: string): number {
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

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayInZone(date: Date, timeZone: string): string {
  const w = wallTimeIn(date, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The day after a calendar day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The first instant of a calendar day (YYYY-MM-DD) in the zone: its midnight, or where a
 * DST change skips midnight, the first time the clock shows that day.
 */
export function dayStartInZone(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = { year, month, day: date, hour: 0, minute: 0, second: 0, millisecond: 0 };
  let at = zonedTimeToUtc(wall, timeZone);
  // A skipped midnight reads as the evening before (or an hour late): step to the day.
  if (dayInZone(at, timeZone) < day) at = new Date(at.getTime() + 3_600_000);
  while (dayInZone(new Date(at.getTime() - 60_000), timeZone) === day) {
    at = new Date(at.getTime() - 60_000);
  }
  return at;
}

/** The first instant of the day after the one `date` falls on, in the zone. */
export function nextMidnight(date: Date, timeZone: string): Date {
  return dayStartInZone(nextDay(dayInZone(date, timeZone)), timeZone);
}

/** The zone's offset as people write it, e.g. GMT+8, GMT-7, GMT+5:45 (at `date`). */
export function offsetLabel(timeZone: string, date: Date = new Date()): string {
  const minutes = Math.round(offsetAt(date.getTime(), timeZone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${pad(rest)}` : ''}`;
}
