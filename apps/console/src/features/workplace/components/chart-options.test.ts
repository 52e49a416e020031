import type { SendStats } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { dailyChartOption } from './chart-options.ts';

const names = { created: 'Created', succeeded: 'Succeeded', failed: 'Failed' };

function statsOf(days: Array<[number, number, number]>): SendStats {
  return {
    days: days.map(([created, succeeded, failed], i) => ({
      day: `2025-03-${String(i + 1).padStart(2, '0')}`,
      created,
      succeeded,
      failed,
    })),
  } as SendStats;
}

describe('the invitations-per-day chart', () => {
  const option = dailyChartOption(
    statsOf([
      [0, 0, 0],
      [4, 2, 2],
      [0, 0, 0],
    ]),
    names,
  );

  it('draws every day’s numbers in their own series', () => {
    expect(option.xAxis.data).toEqual(['03-01', '03-02', '03-03']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Created', [0, 4, 0]],
      ['Succeeded', [0, 2, 0]],
      ['Failed', [0, 2, 0]],
    ]);
  });

  it('draws straight lines, which never dip below zero or bulge between days', () => {
    const lines = option.series.filter((s) => s.type === 'line');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatchObject({ smooth: false });
  });

  it('keeps equal lines apart: their own colour, marker and dash, the dashed one on top', () => {
    const [, succeeded, failed] = option.series;
    expect(option.color[1]).not.toBe(option.color[2]);
    expect(succeeded!.symbol).not.toBe(failed!.symbol);
    expect(succeeded!.lineStyle!.type).toBe('solid');
    expect(Array.isArray(failed!.lineStyle!.type)).toBe(true);
    expect(failed!.z).toBeGreaterThan(succeeded!.z);
  });
});
