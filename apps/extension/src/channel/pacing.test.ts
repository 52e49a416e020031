import { describe, expect, it } from 'vitest';
import {
  boundPacing,
  channelPacingItem,
  defaultChannelPacing,
  jitterMs,
  withinWorkingHours,
} from './pacing.ts';

describe('pacing of browser actions', () => {
  it('holds the seller input to the bounds and jitters within them', () => {
    expect(
      boundPacing({ ...defaultChannelPacing, minDelaySeconds: 1, maxDelaySeconds: 9000 }),
    ).toMatchObject({
      minDelaySeconds: 3,
      maxDelaySeconds: 600,
    });
    const pacing = { ...defaultChannelPacing, minDelaySeconds: 20, maxDelaySeconds: 5 };
    expect(jitterMs(pacing, () => 0)).toBe(5000);
    expect(jitterMs(pacing, () => 1)).toBe(20_000);
    expect(jitterMs(pacing, () => 0.5)).toBe(12_500);
  });

  it('reads a stored value out of bounds as the default', async () => {
    await chrome.storage.local.set({
      channelPacing: { ...defaultChannelPacing, minDelaySeconds: 0 },
    });
    expect(await channelPacingItem.get()).toEqual(defaultChannelPacing);
  });

  it('claims only within the working hours of the shop zone, across midnight too', () => {
    const day = { ...defaultChannelPacing, workStart: '09:00', workEnd: '22:00' };
    // 08:30 and 09:30 in Shanghai (UTC+8).
    expect(withinWorkingHours(new Date('2026-11-26T00:30:00Z'), day, 'Asia/Shanghai')).toBe(false);
    expect(withinWorkingHours(new Date('2026-11-26T01:30:00Z'), day, 'Asia/Shanghai')).toBe(true);
    // The same instant is 01:30 in London: outside.
    expect(withinWorkingHours(new Date('2026-11-26T01:30:00Z'), day, 'Europe/London')).toBe(false);
    const night = { ...defaultChannelPacing, workStart: '22:00', workEnd: '06:00' };
    expect(withinWorkingHours(new Date('2026-11-26T01:30:00Z'), night, 'Europe/London')).toBe(true);
    expect(withinWorkingHours(new Date('2026-11-26T12:00:00Z'), night, 'Europe/London')).toBe(
      false,
    );
    expect(
      withinWorkingHours(new Date('2026-11-26T12:00:00Z'), { ...day, workEnd: '09:00' }, 'UTC'),
    ).toBe(true);
  });
});
