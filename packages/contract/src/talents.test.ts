import { describe, expect, it } from 'vitest';
import { rangePresets } from './talents.ts';

describe('rangePresets', () => {
  it("keeps the spec's fans presets, in order", () => {
    const keys = rangePresets.fans.map((preset) => preset.key);
    const spec = ['1k-5k', '5k-10k', '10k-50k', '100k+'];
    expect(keys.filter((key) => spec.includes(key))).toEqual(spec);
  });

  // Issue 20 #7: the spec's fans presets left 0-999 and 50,001-99,999 unreachable.
  it.each(Object.entries(rangePresets))(
    'covers every value of %s from 0 up, with no gap between presets',
    (_kind, presets) => {
      expect(presets[0]?.min).toBe(0);
      for (let i = 1; i < presets.length; i++) {
        // Bounds are inclusive: a preset starting at the previous one's maximum leaves no gap.
        expect(presets[i]!.min).toBeLessThanOrEqual(presets[i - 1]!.max ?? Infinity);
        expect(presets[i]!.min).toBeGreaterThan(presets[i - 1]!.min);
      }
      expect(presets.at(-1)?.max).toBeNull();
    },
  );

  it('reaches a talent of any fan count by some preset', () => {
    for (const fans of [0, 999, 1_000, 4_999, 50_001, 75_000, 99_999, 100_000, 10 ** 9]) {
      const hit = rangePresets.fans.some(
        (preset) => fans >= preset.min && (preset.max === null || fans <= preset.max),
      );
      expect(hit, `${fans} fans`).toBe(true);
    }
  });
});
