import type { SendStats } from '@inviteflow/contract';

export const chartColors = {
  created: '#165DFF',
  succeeded: '#00B42A',
  failed: '#F53F3F',
};
export const axisText = { color: '#86909C' };

/**
 * The invitations-per-day chart: records created as bars, succeeded and failed as lines.
 * The lines are straight (a smoothed line overshoots: below zero, and between two days
 * that have nothing). Every series has its own colour, shape and marker, and the dashed
 * failed line is drawn over the solid succeeded one, so where the two are equal both
 * stay visible.
 */
export function dailyChartOption(
  stats: SendStats,
  names: { created: string; succeeded: string; failed: string },
) {
  return {
    color: [chartColors.created, chartColors.succeeded, chartColors.failed],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, right: 0, textStyle: axisText },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: {
      type: 'category',
      data: stats.days.map((d) => d.day.slice(5)),
      axisLabel: axisText,
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText },
    series: [
      {
        name: names.created,
        type: 'bar',
        barMaxWidth: 18,
        z: 2,
        itemStyle: { opacity: 0.85 },
        data: stats.days.map((d) => d.created),
      },
      {
        name: names.succeeded,
        type: 'line',
        smooth: false,
        z: 3,
        symbol: 'circle',
        symbolSize: 8,
        lineStyle: { width: 2, type: 'solid' },
        data: stats.days.map((d) => d.succeeded),
      },
      {
        name: names.failed,
        type: 'line',
        smooth: false,
        z: 4,
        symbol: 'triangle',
        symbolSize: 9,
        lineStyle: { width: 2, type: [6, 4] },
        data: stats.days.map((d) => d.failed),
      },
    ],
  };
}
