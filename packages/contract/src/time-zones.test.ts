import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dayInZone,
  dayStartInZone,
  isTimeZone,
  nextMidnight,
  offsetLabel,
  timeZoneNames,
} from './time-zones.ts';
import { timeZoneField } from './user.ts';

describe('time zones', () => {
  it('knows the IANA zones Intl knows, in their spelling, and nothing else', () => {
    expect(timeZoneNames()).toContain('Asia/Shanghai');
    expect(timeZoneNames()).toContain('America/Los_Angeles');
    expect(timeZoneNames()).toContain('UTC');
    expect(canonicalTimeZone('asia/shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone(' America/Los_Angeles ')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    for (const bad of ['Mars/Base', '', 'Asia/Shanghai; drop table', '+08:00', 'x'.repeat(65)]) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
      expect(isTimeZone(bad), bad).toBe(false);
    }
  });

  it('refuses an unknown zone with its own message and answers the known one as Intl spells it', () => {
    expect(timeZoneField.parse('europe/berlin')).toBe('Europe/Berlin');
    const refused = timeZoneField.safeParse('Mars/Base');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.timeZoneInvalid');
    expect(timeZoneField.safeParse(42).error?.issues[0]?.message).toBe(
      'validation.timeZoneInvalid',
    );
  });

  it('finds calendar days and their first instants, across DST changes', () => {
    // 23:30 in Los Angeles is still that day there, already the next day in Shanghai.
    const lateEvening = new Date('2026-01-16T07:30:00Z');
    expect(dayInZone(lateEvening, 'America/Los_Angeles')).toBe('2026-01-15');
    expect(dayInZone(lateEvening, 'Asia/Shanghai')).toBe('2026-01-16');
    expect(dayStartInZone('2026-01-15', 'America/Los_Angeles').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    // Spring forward (8 March 2026) and fall back (1 November 2026): 23 and 25 hour days.
    const march8 = dayStartInZone('2026-03-08', 'America/Los_Angeles');
    expect(march8.toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(nextMidnight(march8, 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    const nov1 = dayStartInZone('2026-11-01', 'America/Los_Angeles');
    expect(nextMidnight(nov1, 'America/Los_Angeles').getTime() - nov1.getTime()).toBe(
      25 * 3_600_000,
    );
    // Where DST skips midnight itself (Santiago, 6 September 2026), the day starts at 01:00.
    const skipped = dayStartInZone('2026-09-06', 'America/Santiago');
    expect(skipped.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dayInZone(new Date(skipped.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('says the offset as people write it', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(offsetLabel('Asia/Shanghai', winter)).toBe('GMT+8');
    expect(offsetLabel('America/Los_Angeles', winter)).toBe('GMT-8');
    expect(offsetLabel('America/Los_Angeles', new Date('2026-07-01T12:00:00Z'))).toBe('GMT-7');
    expect(offsetLabel('Asia/Kathmandu', winter)).toBe('GMT+5:45');
    expect(offsetLabel('UTC', winter)).toBe('GMT+0');
  });
});
