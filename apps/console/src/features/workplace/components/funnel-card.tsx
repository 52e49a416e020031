import {
  Card,
  DatePicker,
  Empty,
  Radio,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import {
  FUNNEL_SMALL_SAMPLE,
  funnelGroupings,
  type FunnelGroup,
  type FunnelGrouping,
  type Shop,
} from '@inviteflow/contract';
import { useState } from 'react';
import { LoadFailed } from '@/components/list-empty.tsx';
import { dayEnd, dayOf, dayStart } from '@/lib/day-range.ts';
import { formatCount } from '@/lib/format-number.ts';
import { useFunnel, type FunnelFilters } from '../api/get-funnel.ts';
import { useWorkplaceT } from '../locale/index.ts';
import { formatGmv, formatMoney, funnelBars, isSmallSample, percent } from '../model/funnel.ts';

type T = ReturnType<typeof useWorkplaceT>['t'];

/** The hint a rate over too few invitations carries: read it as a hint, not a finding. */
function SmallSample({ n }: { n: number }) {
  const { t } = useWorkplaceT();
  return (
    <Tooltip content={t('funnel.smallHint', { n, min: FUNNEL_SMALL_SAMPLE })}>
      <Tag size="small" color="orange" className="funnel-small" data-testid="funnel-small">
        {t('funnel.small')}
      </Tag>
    </Tooltip>
  );
}

/** The steps of the filter's tasks together: a bar per step, its count and share of sent. */
function Bars({ totals }: { totals: FunnelGroup }) {
  const { t, locale } = useWorkplaceT();
  const sent = totals.counts.sent;
  return (
    <div className="funnel-bars" data-testid="funnel-bars">
      {funnelBars.map((step) => {
        const count = totals.counts[step];
        return (
          <div className="funnel-bar" key={step}>
            <span className="funnel-bar-label">{t(`funnel.step.${step}`)}</span>
            <span className="funnel-bar-track">
              <span
                className="funnel-bar-fill"
                style={{ width: sent > 0 ? `${Math.max((count / sent) * 100, 0.5)}%` : 0 }}
              />
            </span>
            <span className="funnel-bar-figure">
              {formatCount(count, locale)}
              {step !== 'sent' && (
                <Typography.Text type="secondary">
                  {' '}
                  · {percent(count, sent, locale)}
                </Typography.Text>
              )}
            </span>
          </div>
        );
      })}
      <div className="funnel-bar">
        <span className="funnel-bar-label">{t('funnel.gmv')}</span>
        <span className="funnel-bar-figure funnel-gmv">
          {formatGmv(totals.gmv, locale)}
          {totals.gmv.length > 0 && (
            <Typography.Text type="secondary">
              {' · '}
              {t('funnel.gmvOrders', {
                orders: formatCount(
                  totals.gmv.reduce((sum, g) => sum + g.orders, 0),
                  locale,
                ),
              })}
            </Typography.Text>
          )}
        </span>
      </div>
    </div>
  );
}

function groupName(group: FunnelGroup, groupBy: FunnelGrouping, t: T): string {
  if (groupBy === 'template' && group.id === null) return t('funnel.noTemplate');
  const name = group.name || t('funnel.noName');
  return groupBy === 'task' ? t('funnel.task', { id: group.id ?? '', name }) : name;
}

function columns(
  groupBy: FunnelGrouping,
  t: T,
  locale: ReturnType<typeof useWorkplaceT>['locale'],
) {
  const count = (step: (typeof funnelBars)[number]) =>
    ({
      title: t(`funnel.step.${step}`),
      align: 'right',
      render: (_: unknown, g: FunnelGroup) => formatCount(g.counts[step], locale),
    }) satisfies ColumnProps<FunnelGroup>;
  const rate = (step: 'accepted' | 'replied') => (_: unknown, g: FunnelGroup) => (
    <span className={isSmallSample(g) ? 'funnel-rate funnel-rate-small' : 'funnel-rate'}>
      {percent(g.counts[step], g.counts.sent, locale)}
    </span>
  );
  return [
    {
      title: t(`funnel.col.${groupBy}`),
      width: 220,
      render: (_: unknown, g: FunnelGroup) => (
        <Typography.Text ellipsis={{ showTooltip: true }} className="funnel-name">
          {groupName(g, groupBy, t)}
        </Typography.Text>
      ),
    },
    {
      // The rates' sample size: invitations sent.
      title: t('funnel.col.sample'),
      align: 'right',
      render: (_: unknown, g: FunnelGroup) => formatCount(g.sample, locale),
    },
    { title: t('funnel.col.acceptRate'), align: 'right', render: rate('accepted') },
    { title: t('funnel.col.replyRate'), align: 'right', render: rate('replied') },
    {
      title: '',
      render: (_: unknown, g: FunnelGroup) =>
        isSmallSample(g) ? <SmallSample n={g.sample} /> : null,
    },
    count('accepted'),
    count('replied'),
    count('sample_requested'),
    count('content_posted'),
    count('first_order'),
    {
      title: t('funnel.gmv'),
      align: 'right',
      width: 150,
      render: (_: unknown, g: FunnelGroup) =>
        g.gmv.length ? (
          g.gmv.map((sum) => (
            <div key={sum.currency} className="funnel-money">
              {formatMoney(sum.amountMinor, sum.currency, locale)}
            </div>
          ))
        ) : (
          <span>—</span>
        ),
    },
  ] satisfies Array<ColumnProps<FunnelGroup>>;
}

/**
 * The workplace funnel (issue 19): invited → accepted / replied → sample → content → orders →
 * GMV, per script template (the default: which pitch works), shop, set or task, of the tasks
 * created in a range of days and of one shop. Each group's rates are shown with their sample
 * size; under 30 invitations they are greyed and marked, so a small number is not over-read.
 */
export function FunnelCard({ shops }: { shops: readonly Shop[] }) {
  const { t, locale } = useWorkplaceT();
  const [filters, setFilters] = useState<FunnelFilters>({ groupBy: 'template' });
  const query = useFunnel(filters);
  const data = query.data;
  const days =
    filters.createdFrom && filters.createdTo
      ? [dayOf(filters.createdFrom), dayOf(filters.createdTo)]
      : undefined;
  return (
    <Card
      className="workplace-card funnel-card"
      title={t('funnel.title')}
      data-testid="funnel-card"
      extra={
        <Radio.Group
          type="button"
          size="small"
          value={filters.groupBy}
          onChange={(groupBy: FunnelGrouping) => setFilters((f) => ({ ...f, groupBy }))}
        >
          {funnelGroupings.map((g) => (
            <Radio key={g} value={g}>
              {t(`funnel.by.${g}`)}
            </Radio>
          ))}
        </Radio.Group>
      }
    >
      <Typography.Paragraph type="secondary">{t('funnel.intro')}</Typography.Paragraph>
      <Space wrap size={12} className="funnel-filters">
        <Select
          size="small"
          style={{ width: 200 }}
          allowClear
          placeholder={t('funnel.allShops')}
          aria-label={t('funnel.col.shop')}
          value={filters.shopId}
          onChange={(shopId?: number) => setFilters((f) => ({ ...f, shopId }))}
          options={shops.map((s) => ({ label: s.shopName, value: s.id }))}
        />
        <DatePicker.RangePicker
          size="small"
          style={{ width: 320 }}
          prefix={t('funnel.created')}
          value={days}
          onChange={(value?: string[]) =>
            setFilters((f) =>
              value && value.length === 2
                ? { ...f, createdFrom: dayStart(value[0]!), createdTo: dayEnd(value[1]!) }
                : { ...f, createdFrom: undefined, createdTo: undefined },
            )
          }
        />
      </Space>
      {data ? (
        data.totals.counts.sent === 0 && data.groups.length === 0 ? (
          <Empty description={t('funnel.empty')} />
        ) : (
          <>
            <Bars totals={data.totals} />
            <Table<FunnelGroup>
              size="small"
              className="funnel-table"
              rowKey={(g) => `${g.id ?? ''}:${g.name}`}
              columns={columns(data.groupBy, t, locale)}
              data={data.groups}
              pagination={false}
              scroll={{ x: 1000 }}
              border={false}
              loading={query.isFetching && query.isPlaceholderData}
            />
            {data.groupCount > data.groups.length && (
              <Typography.Text type="secondary">
                {t('funnel.more', { shown: data.groups.length, total: data.groupCount })}
              </Typography.Text>
            )}
          </>
        )
      ) : query.isError ? (
        <LoadFailed title={t('funnel.loadFailed')} load={query} />
      ) : (
        <Skeleton animation text={{ rows: 4 }} />
      )}
    </Card>
  );
}
