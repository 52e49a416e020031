import { describe, expect, it } from 'vitest';
import {
  formatInZone,
  isTimeZone,
  isValidWallTime,
  stampInZone,
  wallTimeIn,
  zonedTimeToUtc,
} from './time-zones.ts';

const references = new Map<string, Intl.DateTimeFormat>();
/** The reference: what Intl itself shows, as YYYY-MM-DD HH:mm:ss. */
function intl(date: Date, timeZone: string): string {
  let format = references.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    references.set(timeZone, format);
  }
  return format.format(date);
}

const zones = [
  'Asia/Shanghai',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'UTC',
];

describe('time zones', () => {
  it('formats like Intl, across DST changes and odd historical offsets', () => {
    const mismatches: string[] = [];
    const check = (ms: number, zone: string) => {
      const date = new Date(ms);
      if (formatInZone(date, zone) !== intl(date, zone))
        mismatches.push(`${zone} ${date.toISOString()}`);
    };
    for (const zone of zones) {
      for (let ms = Date.UTC(1899, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 259_200_007)
        check(ms, zone);
      // Every 37 minutes through 2026, each of its changes included.
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 2_220_000)
        check(ms, zone);
    }
    expect(mismatches).toEqual([]);
  });

  it('reads a wall time in a zone back to the instant', () => {
    const wall = { year: 2026, month: 1, day: 31, hour: 14, minute: 30, second: 0, millisecond: 0 };
    expect(zonedTimeToUtc(wall, 'Asia/Shanghai').toISOString()).toBe('2026-01-31T06:30:00.000Z');
    expect(zonedTimeToUtc(wall, 'America/New_York').toISOString()).toBe('2026-01-31T19:30:00.000Z');
    // Summer time in New York: UTC-4.
    const july = { ...wall, month: 7, day: 1 };
    expect(zonedTimeToUtc(july, 'America/New_York').toISOString()).toBe('2026-07-01T18:30:00.000Z');
    // Every wall time a clock shows maps to an instant that shows it (in a fall-back
    // hour the wall time happens twice; either instant shows it).
    const mismatches: string[] = [];
    for (const zone of zones) {
      for (let ms = Date.UTC(2026, 0, 1, 0, 7); ms < Date.UTC(2027, 0, 1); ms += 3_660_000) {
        const back = zonedTimeToUtc(wallTimeIn(new Date(ms), zone), zone);
        if (
          intl(back, zone) !== intl(new Date(ms), zone) ||
          Math.abs(back.getTime() - ms) > 3_600_000
        ) {
          mismatches.push(`${zone} ${new Date(ms).toISOString()}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(stampInZone(new Date('2026-11-22T07:30:00Z'), 'Asia/Shanghai')).toBe('20261122-1530');
  });

  it('knows real zones and real calendar days', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Base')).toBe(false);
    const day = { year: 2026, month: 2, day: 28, hour: 23, minute: 59, second: 59, millisecond: 0 };
    expect(isValidWallTime(day)).toBe(true);
    expect(isValidWallTime({ ...day, day: 29 })).toBe(false);
    expect(isValidWallTime({ ...day, hour: 24 })).toBe(false);
  });
});
