import { Card, Empty, Grid, Typography } from '@arco-design/web-react';
import type { SendStats } from '@inviteflow/contract';
import { translate } from '@inviteflow/contract';
import { useMemo } from 'react';
import { formatCount } from '@/lib/format-number.ts';
import { useWorkplaceT } from '../locale/index.ts';
import { axisText, chartColors, dailyChartOption } from './chart-options.ts';
import { useChart } from './use-chart.ts';

function DailyChart({ stats }: { stats: SendStats }) {
  const { t } = useWorkplaceT();
  const option = useMemo(
    () =>
      dailyChartOption(stats, {
        created: t('chart.created'),
        succeeded: t('chart.succeeded'),
        failed: t('chart.failed'),
      }),
    [stats, t],
  );
  const ref = useChart(option);
  return <div ref={ref} className="workplace-chart" data-testid="chart-daily" />;
}

function FailureChart({ stats }: { stats: SendStats }) {
  const { locale } = useWorkplaceT();
  const option = useMemo(() => {
    // The most frequent reason on top.
    const rows = [...stats.topFailures].reverse();
    return {
      color: [chartColors.failed],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 4, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, axisLabel: axisText },
      yAxis: {
        type: 'category',
        data: rows.map((r) => translate(locale, `enum.sendErrorCode.${r.errorCode}`)),
        axisLabel: axisText,
      },
      series: [{ type: 'bar', barMaxWidth: 16, data: rows.map((r) => r.count) }],
    };
  }, [stats, locale]);
  const ref = useChart(option);
  return (
    <div ref={ref} className="workplace-chart workplace-chart-small" data-testid="chart-failures" />
  );
}

function TalentChart({ stats }: { stats: SendStats }) {
  const { locale } = useWorkplaceT();
  const option = useMemo(() => {
    const data = stats.talentsByStatus.map((row) => ({
      name: translate(locale, `enum.talentStatus.${row.status}`),
      value: row.count,
    }));
    const counts = new Map(data.map((d) => [d.name, formatCount(d.value, locale)]));
    return {
      tooltip: { trigger: 'item' },
      legend: {
        type: 'scroll',
        orient: 'vertical',
        right: 0,
        top: 'middle',
        textStyle: axisText,
        // The numbers at a glance, not only on hover.
        formatter: (name: string) => `${name}  ${counts.get(name) ?? ''}`,
      },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['35%', '50%'],
          label: { show: false },
          data,
        },
      ],
    };
  }, [stats, locale]);
  const ref = useChart(option);
  return (
    <div ref={ref} className="workplace-chart workplace-chart-small" data-testid="chart-talents" />
  );
}

/** The workplace's charts (ECharts, loaded with this chunk only when the workplace opens). */
export function WorkplaceCharts({ stats }: { stats: SendStats }) {
  const { t } = useWorkplaceT();
  const active = stats.days.some((d) => d.created + d.succeeded + d.failed > 0);
  return (
    <>
      <Card
        className="workplace-card"
        title={t('chart.daily')}
        extra={
          <Typography.Text type="secondary" className="workplace-chart-zone">
            {t('chart.zone', { zone: stats.timeZone })}
          </Typography.Text>
        }
      >
        {active ? <DailyChart stats={stats} /> : <Empty description={t('empty.daily')} />}
      </Card>
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={12}>
          <Card className="workplace-card" title={t('chart.failures')}>
            {stats.topFailures.length ? (
              <FailureChart stats={stats} />
            ) : (
              <Empty description={t('empty.failures')} />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <Card className="workplace-card" title={t('chart.talents')}>
            {stats.talentsByStatus.length ? (
              <TalentChart stats={stats} />
            ) : (
              <Empty description={t('empty.talents')} />
            )}
          </Card>
        </Grid.Col>
      </Grid.Row>
    </>
  );
}
