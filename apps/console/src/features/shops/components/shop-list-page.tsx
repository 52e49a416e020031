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
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { IconPlus } from '@arco-design/web-react/icon';
import {
  SHOP_REBIND_COOLDOWN_HOURS,
  shopTabs,
  translate,
  type BindStatus,
  type Shop,
  type ShopTab,
} from '@inviteflow/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useListParams, type FilterCodec } from '@/components/crud/list-params.ts';
import { usePaging } from '@/components/crud/use-list-state.ts';
import { ListEmpty } from '@/components/list-empty.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useRebindShop } from '../api/rebind-shop.ts';
import { useShops } from '../api/get-shops.ts';
import { useUnbindShop } from '../api/unbind-shop.ts';
import { useShopsT } from '../locale/index.ts';
import { BindShopModal } from './bind-shop-modal.tsx';
import './shops.css';

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

  const columns: ColumnProps<Shop>[] = [
    {
      title: t('column.shopName'),
      dataIndex: 'shopName',
      width: 170,
      render: (name: string, shop) => (
        <div className="shop-name-cell">
          <Typography.Text bold>{name}</Typography.Text>
          <Typography.Text type="secondary" className="shop-source">
            {t(shop.source === 'extension' ? 'source.extension' : 'source.manual')}
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
      render: (value: string) => value || <span className="shop-muted">—</span>,
    },
    { title: t('column.shopCode'), dataIndex: 'shopCode', width: 130, ellipsis: true },
    {
      title: t('column.bindStatus'),
      dataIndex: 'bindStatus',
      width: 100,
      render: (value: BindStatus) => (
        <Tag color={statusColors[value]} className="shop-status">
          {translate(locale, `enum.bindStatus.${value}`)}
        </Tag>
      ),
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
          <Button
            type="text"
            size="small"
            loading={rebind.isPending && rebind.variables === shop.id}
            onClick={() => void onRebind(shop)}
          >
            {t('action.rebind')}
          </Button>
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
  const full = slots !== undefined && slots.used >= slots.limit;

  return (
    <Card className="shop-card" title={t('menu.shop.list')}>
      <Typography.Paragraph type="secondary">{t('page.intro')}</Typography.Paragraph>
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
            full ? (
              <Link onClick={() => navigate('/membership/purchase')}>{t('slots.upgrade')}</Link>
            ) : undefined
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
        <Button type="primary" icon={<IconPlus />} onClick={() => setBinding(true)}>
          {t('action.bind')}
        </Button>
      </div>
      <Table<Shop>
        rowKey="id"
        className="shop-table"
        columns={columns}
        data={data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1050 }}
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
