import { describe, expect, it } from 'vitest';
import { defaultRunnerSettings } from '../storage/items.ts';
import { capDay, claimLimit, nextDelayMs } from './pacing.ts';

describe('pacing', () => {
  const settings = { ...defaultRunnerSettings, minDelaySeconds: 8, maxDelaySeconds: 20 };

  it('waits a random time within the configured bounds', () => {
    expect(nextDelayMs(settings, () => 0)).toBe(8_000);
    expect(nextDelayMs(settings, () => 0.5)).toBe(14_000);
    expect(nextDelayMs(settings, () => 0.999999)).toBe(20_000);
    for (let i = 0; i < 200; i++) {
      const delay = nextDelayMs(settings);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(20_000);
    }
  });

  it('tolerates swapped or equal bounds', () => {
    expect(nextDelayMs({ ...settings, minDelaySeconds: 20, maxDelaySeconds: 8 }, () => 0)).toBe(
      8_000,
    );
    expect(nextDelayMs({ ...settings, minDelaySeconds: 3, maxDelaySeconds: 3 }, () => 0.7)).toBe(
      3_000,
    );
  });

  it('claims no more than the daily cap still allows', () => {
    expect(claimLimit(settings, 0, null)).toBe(5);
    expect(claimLimit(settings, 0, 200)).toBe(5);
    expect(claimLimit(settings, 198, 200)).toBe(2);
    expect(claimLimit(settings, 200, 200)).toBe(0);
    expect(claimLimit(settings, 250, 200)).toBe(0);
  });

  it('counts days in the account’s zone, as the server’s cap does (China time until it says)', () => {
    expect(capDay(new Date('2025-03-01T15:59:59Z'))).toBe('2025-03-01');
    expect(capDay(new Date('2025-03-01T16:00:00Z'))).toBe('2025-03-02');
    // 23:30 in Los Angeles is still that day there.
    expect(capDay(new Date('2025-03-02T07:30:00Z'), 'America/Los_Angeles')).toBe('2025-03-01');
  });
});
