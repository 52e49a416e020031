import {
  Alert,
  Button,
  Card,
  Link,
  Message,
  Popconfirm,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { IconPlus } from '@arco-design/web-react/icon';
import {
  SHOP_REBIND_COOLDOWN_HOURS,
  plans,
  shopTabs,
  tiktokShopSiteName,
  translate,
  type BindStatus,
  type MembershipLevel,
  type PlatformConnection,
  type Shop,
  type ShopSlots,
  type ShopTab,
} from '@inviteflow/contract';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useListParams, type FilterCodec } from '@/components/crud/list-params.ts';
import { usePaging } from '@/components/crud/use-list-state.ts';
import { useTableSettings } from '@/components/crud/use-table-settings.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { ShopPauseTag } from '@/components/shop-pause.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useConnections } from '../api/get-connections.ts';
import { useRebindShop } from '../api/rebind-shop.ts';
import { useShops } from '../api/get-shops.ts';
import { useUnbindShop } from '../api/unbind-shop.ts';
import { useShopsT } from '../locale/index.ts';
import { BindShopModal } from './bind-shop-modal.tsx';
import {
  ConnectDoudianButton,
  ConnectOutcome,
  ConnectTiktokShopButton,
  ShopAuthorization,
} from './connect-tiktok-shop.tsx';
import './shops.css';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

const statusColors: Record<BindStatus, string> = {
  BOUND: 'green',
  UNBOUND: 'gray',
  EXPIRED: 'orange',
};

/** Whether an unbound shop is still waiting for its next bind time. */
export function isWaiting(shop: Shop, now = Date.now()): boolean {
  return (
    shop.bindStatus === 'UNBOUND' && shop.nextBindAt !== null && Date.parse(shop.nextBindAt) > now
  );
}

const tabCodec: FilterCodec = { tab: { kind: 'enum', values: shopTabs } };

const sourceKeys = {
  manual: 'source.manual',
  extension: 'source.extension',
  authorization: 'source.authorization',
} as const;

/** Whether every slot of the plan is taken: a bind would be refused. */
export function slotsFull(slots: ShopSlots | undefined): boolean {
  return slots !== undefined && slots.used >= slots.limit;
}

/** The smallest plan that binds more shops than `limit` (none above the largest). */
export function planAbove(limit: number) {
  return [...plans]
    .sort((a, b) => a.shopBindLimit - b.shopBindLimit)
    .find((plan) => plan.shopBindLimit > limit);
}

/**
 * My Shops (spec 'Shop list'): the All tab and a tab per bind status, the slots the plan
 * allows and how many are in use, bind by hand, unbind, bind again. The pager shows the
 * total, the page, the page size and a go-to.
 */
export function ShopListPage() {
  const { t, locale } = useShopsT();
  const navigate = useNavigate();
  // The tab lives in the URL beside the page and its size (list-params.ts).
  const url = useListParams<{ tab?: ShopTab }>('shops', tabCodec);
  const tab = url.filters.tab ?? 'all';
  const paging = usePaging('shops', { url: true });
  const { page, pageSize } = paging;
  const [binding, setBinding] = useState(false);
  const list = useShops({ tab, page, pageSize });
  // The authorizations behind shops connected by OAuth ("Authorized" / "Reconnect").
  const connections = useConnections();
  const connectionOf = (shop: Shop): PlatformConnection | undefined =>
    shop.connectionId === null
      ? undefined
      : connections.data?.list.find((c) => c.id === shop.connectionId);
  const unbind = useUnbindShop();
  const rebind = useRebindShop();
  const data = list.data;
  const slots = data?.slots;
  const time = (value: string | null) => formatDateTime(value, locale);

  const onUnbind = async (shop: Shop) => {
    try {
      const result = await unbind.mutateAsync(shop.id);
      Message.success(t('unbound.message', { time: time(result.shop.nextBindAt) }));
    } catch {
      // Shown by the request layer.
    }
  };
  const onRebind = async (shop: Shop) => {
    try {
      await rebind.mutateAsync(shop.id);
      Message.success(tCatalogue('success.shopBound'));
    } catch {
      // Shown by the request layer (the limit, say).
    }
  };

  const full = slotsFull(slots);
  const planName = (level: MembershipLevel) => translate(locale, `plan.${level}`);
  const nextPlan = slots ? planAbove(slots.limit) : undefined;
  const upgrade = () => void navigate('/membership/purchase');
  // Why binding is off at the limit, and how the limit goes up.
  const fullReason: ReactNode =
    full && slots ? (
      <div className="shop-full-reason">
        <div>
          {t('bind.fullReason', {
            used: slots.used,
            limit: slots.limit,
            plan: planName(slots.level),
          })}
        </div>
        <div>
          {nextPlan
            ? t('bind.fullUpgrade', {
                plan: planName(nextPlan.id),
                limit: nextPlan.shopBindLimit,
              })
            : t('bind.fullTop')}
        </div>
      </div>
    ) : null;

  const columns: ColumnProps<Shop>[] = [
    {
      title: t('column.shopName'),
      dataIndex: 'shopName',
      width: 170,
      render: (name: string, shop) => (
        <div className="shop-name-cell">
          <Typography.Text bold>{name}</Typography.Text>
          <Typography.Text type="secondary" className="shop-source">
            {t(sourceKeys[shop.source])}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('column.platform'),
      dataIndex: 'platform',
      width: 80,
      render: (value: Shop['platform']) => translate(locale, `enum.platform.${value}`),
    },
    {
      title: t('column.siteName'),
      dataIndex: 'siteName',
      width: 100,
      // An authorized shop's site is its platform market, named in the reader's language.
      render: (value: string, shop) =>
        shop.platformRegion ? (
          tiktokShopSiteName(shop.platformRegion, locale)
        ) : value ? (
          value
        ) : (
          <span className="shop-muted">—</span>
        ),
    },
    { title: t('column.shopCode'), dataIndex: 'shopCode', width: 130, ellipsis: true },
    {
      title: t('column.bindStatus'),
      dataIndex: 'bindStatus',
      width: 100,
      // A shop whose platform calls wait (quota, rate limit, authorization) says so under it.
      render: (value: BindStatus, shop) => (
        <div className="shop-status-cell">
          <Tag color={statusColors[value]} className="shop-status">
            {translate(locale, `enum.bindStatus.${value}`)}
          </Tag>
          {shop.platformPause && <ShopPauseTag pause={shop.platformPause} />}
        </div>
      ),
    },
    {
      title: t('column.authorization'),
      dataIndex: 'connectionId',
      width: 130,
      render: (_: unknown, shop) => <ShopAuthorization connection={connectionOf(shop)} />,
    },
    {
      title: t('column.boundAt'),
      dataIndex: 'boundAt',
      width: 165,
      render: (value: string | null) => time(value),
    },
    {
      title: t('column.nextBindAt'),
      dataIndex: 'nextBindAt',
      width: 165,
      render: (value: string | null) => time(value),
    },
    {
      title: t('column.actions'),
      dataIndex: 'actions',
      width: 140,
      fixed: 'right',
      render: (_: unknown, shop) => {
        if (shop.bindStatus === 'BOUND') {
          return (
            <Popconfirm
              title={t('action.unbindConfirm', {
                name: shop.shopName,
                hours: SHOP_REBIND_COOLDOWN_HOURS,
              })}
              okText={t('action.unbind')}
              cancelText={t('crud.cancel')}
              onOk={() => onUnbind(shop)}
            >
              <Button type="text" size="small" status="danger">
                {t('action.unbind')}
              </Button>
            </Popconfirm>
          );
        }
        if (isWaiting(shop)) {
          return (
            <Typography.Text type="secondary" className="shop-wait">
              {t('action.waitUntil', { time: time(shop.nextBindAt) })}
            </Typography.Text>
          );
        }
        return (
          <Tooltip content={fullReason} disabled={!full}>
            <Button
              type="text"
              size="small"
              disabled={full}
              loading={rebind.isPending && rebind.variables === shop.id}
              onClick={() => void onRebind(shop)}
            >
              {t('action.rebind')}
            </Button>
          </Tooltip>
        );
      },
    },
  ];

  const tabTitle = (key: ShopTab) => {
    const name =
      key === 'all' ? t('tab.all') : translate(locale, `enum.bindStatus.${key as BindStatus}`);
    const count = data?.counts[key];
    return count === undefined ? name : `${name} (${formatCount(count, locale)})`;
  };
  // Which columns show, their order and the density: the seller's, kept per account.
  const table = useTableSettings('shops', columns);

  return (
    <Card className="shop-card" title={t('menu.shop.list')}>
      <Typography.Paragraph type="secondary">{t('page.intro')}</Typography.Paragraph>
      <ConnectOutcome />
      {slots && (
        <Alert
          className="shop-slots"
          type={full ? 'warning' : 'info'}
          showIcon
          content={
            <Space wrap size={16}>
              <span>{t('slots.plan', { plan: translate(locale, `plan.${slots.level}`) })}</span>
              <span>
                {t('slots.summary', { bound: slots.bound, used: slots.used, limit: slots.limit })}
              </span>
              <Typography.Text type="secondary">
                {full ? t('slots.full') : t('slots.hint')}
              </Typography.Text>
            </Space>
          }
          action={
            full && nextPlan ? <Link onClick={upgrade}>{t('slots.upgrade')}</Link> : undefined
          }
        />
      )}
      <div className="shop-toolbar">
        <Tabs
          activeTab={tab}
          onChange={(key) => url.change({ filters: key === 'all' ? {} : { tab: key } })}
          type="rounded"
        >
          {shopTabs.map((key) => (
            <Tabs.TabPane key={key} title={tabTitle(key)} />
          ))}
        </Tabs>
        <Space wrap size={12} className="shop-actions">
          {full && slots && (
            <span className="shop-full" data-testid="shop-bind-full">
              <Typography.Text type="secondary">
                {t('bind.fullShort', { used: slots.used, limit: slots.limit })}
              </Typography.Text>
              {nextPlan && (
                <Link onClick={upgrade}>
                  {t('bind.upgradeTo', { plan: planName(nextPlan.id) })}
                </Link>
              )}
            </span>
          )}
          <ConnectTiktokShopButton />
          <ConnectDoudianButton />
          {/* At the limit a bind is refused: off, with the reason, before the form is filled. */}
          <Tooltip content={fullReason} disabled={!full}>
            <Button
              type="primary"
              icon={<IconPlus />}
              disabled={full}
              onClick={() => setBinding(true)}
            >
              {t('action.bind')}
            </Button>
          </Tooltip>
          {table.controls}
        </Space>
      </div>
      <Table<Shop>
        rowKey="id"
        className="shop-table"
        columns={table.columns}
        size={table.size}
        data={data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1180 }}
        border={{ wrapper: true, cell: false }}
        noDataElement={
          <ListEmpty load={list} description={tab === 'all' ? t('empty.all') : t('empty.tab')} />
        }
        pagination={{
          ...paging.props,
          current: data?.page ?? page,
          total: data?.total ?? 0,
          showTotal: (total: number) => t('pager.total', { total: formatCount(total, locale) }),
          showJumper: true,
        }}
      />
      <BindShopModal visible={binding} onClose={() => setBinding(false)} />
    </Card>
  );
}
