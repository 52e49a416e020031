import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store.ts';
import { dayEnd, dayOf, dayStart } from './day-range.ts';
import { formatDateTime, formatMinute } from './format-date.ts';
import {
  browserTimeZone,
  displayTimeZone,
  timeZoneLabel,
  timeZoneOptions,
  typedTimeToIso,
} from './time-zone.ts';

afterEach(() => useAuthStore.setState({ timeZone: null }));

describe("the account's time zone in the console", () => {
  it("shows every time in the account's zone once `me` has said it, the browser's before", () => {
    const at = '2025-03-08T06:05:09.000Z';
    expect(displayTimeZone()).toBe(browserTimeZone());
    useAuthStore.setState({ timeZone: 'America/Los_Angeles' });
    expect(displayTimeZone()).toBe('America/Los_Angeles');
    expect(formatDateTime(at, 'zh-CN')).toBe('2025-03-07 22:05:09');
    expect(formatDateTime(at, 'en-US')).toBe('2025-03-07 22:05:09');
    expect(formatMinute(at, 'en-US')).toBe('2025-03-07 22:05');
    useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
    expect(formatDateTime(at, 'zh-CN')).toBe('2025-03-08 14:05:09');
    expect(formatDateTime(at, 'en-US', 'UTC')).toBe('2025-03-08 06:05:09');
    expect(formatDateTime(null, 'en-US')).toBe('—');
  });

  it("reads the days a seller picks, and the times typed, in the account's zone", () => {
    useAuthStore.setState({ timeZone: 'America/Los_Angeles' });
    expect(dayStart('2025-03-08')).toBe('2025-03-08T08:00:00.000Z');
    // 8 March 2026 has 23 hours there (clocks spring forward).
    expect(dayEnd('2026-03-08')).toBe('2026-03-09T06:59:59.999Z');
    expect(dayOf('2025-03-08T07:30:00.000Z')).toBe('2025-03-07');
    expect(dayOf(dayStart('2025-03-08'))).toBe('2025-03-08');
    expect(typedTimeToIso('2025-03-07 22:05:09')).toBe('2025-03-08T06:05:09.000Z');
    expect(typedTimeToIso('2025-03-07 22:05')).toBe('2025-03-08T06:05:00.000Z');
    expect(typedTimeToIso('yesterday')).toBeNull();
    useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
    expect(dayStart('2025-03-08')).toBe('2025-03-07T16:00:00.000Z');
    expect(dayEnd('2025-03-08')).toBe('2025-03-08T15:59:59.999Z');
  });

  it('names a zone with its offset, and offers every zone west to east', () => {
    const winter = new Date('2025-01-15T12:00:00Z');
    expect(timeZoneLabel('Asia/Shanghai', 'zh-CN', winter)).toBe('Asia/Shanghai（GMT+8）');
    expect(timeZoneLabel('America/Los_Angeles', 'en-US', winter)).toBe(
      'America/Los_Angeles (GMT-8)',
    );
    const options = timeZoneOptions('en-US', 'Asia/Shanghai', winter);
    const shanghai = options.find((o) => o.value === 'Asia/Shanghai');
    expect(shanghai?.label).toMatch(/^\(GMT\+8\) Asia\/Shanghai · China Standard Time$/);
    const indexOf = (zone: string) => options.findIndex((o) => o.value === zone);
    expect(indexOf('America/Los_Angeles')).toBeLessThan(indexOf('UTC'));
    expect(indexOf('UTC')).toBeLessThan(indexOf('Asia/Shanghai'));
    expect(
      timeZoneOptions('zh-CN', undefined, winter).find((o) => o.value === 'Asia/Shanghai')?.label,
    ).toBe('(GMT+8) Asia/Shanghai · 中国标准时间');
  });
});
