import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Grid,
  Link,
  Radio,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconClockCircle } from '@arco-design/web-react/icon';
import {
  MEMBERSHIP_EXPIRING_NOTICE_DAYS,
  statsDayChoices,
  translate,
  type BindStatus,
  type SendStats,
} from '@inviteflow/contract';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadFailed } from '@/components/list-empty.tsx';
import { formatDateTime, formatMinute } from '@/lib/format-date.ts';
import { formatCount } from '@/lib/format-number.ts';
import { timeZoneLabel } from '@/lib/time-zone.ts';
import { useStats } from '../api/get-stats.ts';
import { useWorkplaceT } from '../locale/index.ts';
import { FunnelCard } from './funnel-card.tsx';
import './workplace.css';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

// The charts (and ECharts with them) load only once the numbers are here.
const WorkplaceCharts = lazy(async () => ({
  default: (await import('./workplace-charts.tsx')).WorkplaceCharts,
}));

const bindColors: Record<BindStatus, string> = {
  BOUND: 'green',
  UNBOUND: 'gray',
  EXPIRED: 'orange',
};

function Numbers({ stats }: { stats: SendStats }) {
  const { t, locale } = useWorkplaceT();
  const { totals, membership, records } = stats;
  const rate = totals.successRate;
  const cell = (title: string, value: number | string, extra?: string, color?: string) => (
    <div className="workplace-stat">
      <Statistic
        title={title}
        value={value}
        groupSeparator
        styleValue={color ? { color } : undefined}
      />
      {extra && (
        <Typography.Text type="secondary" className="workplace-stat-extra">
          {extra}
        </Typography.Text>
      )}
    </div>
  );
  return (
    <div className="workplace-numbers">
      {cell(
        t('stat.today'),
        membership.usedToday,
        t('stat.todayCap', {
          cap: formatCount(membership.dailyInvitationCap, locale),
          left: formatCount(membership.remainingToday, locale),
        }),
      )}
      {cell(
        t('stat.created'),
        totals.created,
        t('stat.open', { pending: records.pending, running: records.running }),
      )}
      {cell(t('stat.succeeded'), totals.succeeded, undefined, 'rgb(var(--green-6))')}
      {cell(t('stat.failed'), totals.failed, undefined, 'rgb(var(--red-6))')}
      {cell(
        t('stat.rate'),
        rate === null ? '—' : `${(rate * 100).toFixed(1)}%`,
        rate === null ? t('stat.rateNone') : undefined,
      )}
    </div>
  );
}

/**
 * Which days the numbers count (the account's zone) and when today's allowance renews; after
 * a change of zone, that today is still the day counted before it.
 */
function DaysZone({ stats }: { stats: SendStats }) {
  const { t, locale } = useWorkplaceT();
  const params = {
    zone: timeZoneLabel(stats.timeZone, locale, new Date(stats.todayEndsAt)),
    time: formatMinute(stats.todayEndsAt, locale, stats.timeZone),
  };
  return (
    <Typography.Text type="secondary" className="workplace-days-zone" data-testid="days-zone">
      <IconClockCircle />
      {stats.timeZoneDaysFrom ? t('days.zoneChanging', params) : t('days.zone', params)}
    </Typography.Text>
  );
}

function ShopsCard({ stats }: { stats: SendStats }) {
  const { t, locale } = useWorkplaceT();
  const navigate = useNavigate();
  const { slots, list } = stats.shops;
  return (
    <Card
      className="workplace-card"
      title={t('shops.title')}
      extra={<Link onClick={() => void navigate('/shop/list')}>{t('shops.manage')}</Link>}
    >
      <Typography.Text type="secondary">
        {t('shops.slots', { used: slots.used, limit: slots.limit })}
      </Typography.Text>
      {list.length === 0 ? (
        <Empty description={t('shops.empty')} />
      ) : (
        <ul className="workplace-shops">
          {list.map((shop) => (
            <li key={shop.id}>
              <span className="workplace-shop-name">{shop.shopName}</span>
              <Space size={8}>
                {shop.bindStatus === 'UNBOUND' && shop.nextBindAt && (
                  <Typography.Text type="secondary" className="workplace-shop-next">
                    {t('shops.next', { time: formatDateTime(shop.nextBindAt, locale) })}
                  </Typography.Text>
                )}
                <Tag size="small" color={bindColors[shop.bindStatus]}>
                  {translate(locale, `enum.bindStatus.${shop.bindStatus}`)}
                </Tag>
              </Space>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Whether a membership ends within the days its expiring notice is sent. */
export function endsSoon(validTo: string | null, now = Date.now()): boolean {
  return (
    validTo !== null && Date.parse(validTo) - now <= MEMBERSHIP_EXPIRING_NOTICE_DAYS * 86_400_000
  );
}

/** What the plan's state asks of the seller: none yet, lapsed (since when), or ending soon. */
function membershipNotice(
  m: SendStats['membership'],
  text: (
    key: 'membership.none' | 'membership.ended' | 'membership.endsSoon',
    time?: string | null,
  ) => string,
) {
  if (!m.isActive) {
    return m.endedAt ? (
      <Alert
        type="warning"
        className="workplace-plan-note"
        content={text('membership.ended', m.endedAt)}
      />
    ) : (
      <Alert type="info" className="workplace-plan-note" content={text('membership.none')} />
    );
  }
  return endsSoon(m.validTo) ? (
    <Alert
      type="warning"
      className="workplace-plan-note"
      content={text('membership.endsSoon', m.validTo)}
    />
  ) : null;
}

function MembershipCard({ stats }: { stats: SendStats }) {
  const { t, locale } = useWorkplaceT();
  const navigate = useNavigate();
  const m = stats.membership;
  return (
    <Card
      className="workplace-card"
      title={t('membership.title')}
      extra={
        <Link onClick={() => void navigate('/membership/purchase')}>
          {m.isActive || m.endedAt ? t('membership.renew') : t('membership.upgrade')}
        </Link>
      }
    >
      {membershipNotice(m, (key, time) =>
        t(key, { time: time ? formatDateTime(time, locale) : '' }),
      )}
      <Descriptions
        column={1}
        size="small"
        data={[
          { label: t('membership.plan'), value: translate(locale, `plan.${m.level}`) },
          { label: t('membership.validTo'), value: formatDateTime(m.validTo, locale) },
          {
            label: t('membership.allowance'),
            value: t('membership.limits', {
              shops: m.shopBindLimit,
              cap: formatCount(m.dailyInvitationCap, locale),
            }),
          },
        ]}
      />
    </Card>
  );
}

/**
 * Workplace: what a seller wants to see first each morning. The numbers come in one call;
 * the charts load lazily after them, so nothing here weighs on the login page or the shell.
 */
export function WorkplacePage() {
  const { t } = useWorkplaceT();
  const navigate = useNavigate();
  const [days, setDays] = useState<number>(14);
  const query = useStats(days);
  const stats = query.data;
  const started =
    stats !== undefined &&
    (Object.values(stats.records).some((n) => n > 0) || stats.totals.created > 0);

  return (
    <div className="workplace">
      <Card
        className="workplace-card"
        title={t('menu.sent.workplace')}
        extra={
          <Radio.Group type="button" size="small" value={days} onChange={setDays}>
            {statsDayChoices.map((n) => (
              <Radio key={n} value={n}>
                {t('period.days', { days: n })}
              </Radio>
            ))}
          </Radio.Group>
        }
      >
        <Typography.Paragraph type="secondary">{t('page.intro')}</Typography.Paragraph>
        {stats ? (
          <>
            <Numbers stats={stats} />
            <DaysZone stats={stats} />
          </>
        ) : query.isError ? (
          <LoadFailed title={t('page.loadFailed')} load={query} />
        ) : (
          <Skeleton animation text={{ rows: 2 }} />
        )}
        {stats && !started && (
          <Alert
            type="info"
            className="workplace-start"
            content={t('empty.start')}
            action={
              <Space>
                <Button size="small" onClick={() => void navigate('/shop/list')}>
                  {t('empty.bindShop')}
                </Button>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => void navigate('/sent/search-table')}
                >
                  {t('empty.createTask')}
                </Button>
              </Space>
            }
          />
        )}
      </Card>
      {/* The cards below wait for the figures: after a failure, the Retry above is all there is. */}
      <Grid.Row gutter={16} style={!stats && query.isError ? { display: 'none' } : undefined}>
        <Grid.Col xs={24} xl={16}>
          {stats ? (
            <Suspense
              fallback={
                <Card className="workplace-card">
                  <Skeleton animation text={{ rows: 6 }} />
                </Card>
              }
            >
              <WorkplaceCharts stats={stats} />
            </Suspense>
          ) : (
            <Card className="workplace-card">
              <Skeleton animation text={{ rows: 6 }} />
            </Card>
          )}
        </Grid.Col>
        <Grid.Col xs={24} xl={8}>
          {stats && (
            <>
              <MembershipCard stats={stats} />
              <ShopsCard stats={stats} />
            </>
          )}
        </Grid.Col>
      </Grid.Row>
      {stats && <FunnelCard shops={stats.shops.list} />}
    </div>
  );
}
