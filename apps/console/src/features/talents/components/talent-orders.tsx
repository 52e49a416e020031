import { Alert, Table, Tag, Typography } from '@arco-design/web-react';
import type { AffiliateOrder, Talent } from '@inviteflow/contract';
import { useState } from 'react';
import { LoadFailed } from '@/components/list-empty.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount, formatMinor } from '@/lib/format-number.ts';
import { TALENT_ORDERS_PAGE_SIZE, useTalentOrders } from '../api/get-talent-orders.ts';
import { useTalentsT, type talentsMessages } from '../locale/index.ts';

type StatusKey = Extract<keyof (typeof talentsMessages)['zh-CN'], `orderStatus.${string}`>;
const statusKeys = new Set<string>([
  'orderStatus.PROCESSING',
  'orderStatus.COMPLETED',
  'orderStatus.CANCELLED',
  'orderStatus.FROZEN',
  'orderStatus.DEDUCTED',
] satisfies StatusKey[]);

/**
 * What the talent sold (issue 19): its affiliate orders as the platform syncs read them, one
 * row per order line (shop, product, amount in its currency, status, time); lines that count
 * nothing (cancelled, refunded) marked. 抖店 talents: the orders are not read, and it says why.
 */
export function TalentOrders({ talent }: { talent: Talent }) {
  const { t, locale } = useTalentsT();
  const [page, setPage] = useState({ talentId: talent.id, page: 1 });
  const current = page.talentId === talent.id ? page.page : 1;
  // 抖店's orders are not read (see orders.douyinNote): nothing to ask for.
  const orders = useTalentOrders(talent.platform === 'douyin' ? null : talent.id, current);
  const data = orders.isPlaceholderData ? undefined : orders.data;

  const statusText = (status: string) => {
    const key = `orderStatus.${status}`;
    return statusKeys.has(key) ? t(key as StatusKey) : status;
  };

  return (
    <div className="talent-orders">
      <div className="follow-up-history-title">
        <Typography.Title heading={6} className="follow-up-heading">
          {t('orders.title')}
        </Typography.Title>
        {data && data.total > 0 && (
          <Typography.Text type="secondary">
            {t('orders.total', { total: formatCount(data.total, locale) })}
          </Typography.Text>
        )}
      </div>
      {talent.platform === 'douyin' ? (
        <Alert type="info" content={t('orders.douyinNote')} />
      ) : orders.isError && !data ? (
        <LoadFailed load={orders} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" className="talent-orders-intro">
            {t('orders.intro')}
          </Typography.Paragraph>
          <Table<AffiliateOrder>
            rowKey="id"
            size="small"
            loading={!data}
            data={data?.list ?? []}
            noDataElement={<Typography.Text type="secondary">{t('orders.empty')}</Typography.Text>}
            pagination={
              data && data.total > TALENT_ORDERS_PAGE_SIZE
                ? {
                    current,
                    pageSize: TALENT_ORDERS_PAGE_SIZE,
                    total: data.total,
                    size: 'mini',
                    onChange: (next) => setPage({ talentId: talent.id, page: next }),
                  }
                : false
            }
            columns={[
              {
                title: t('orders.shop'),
                dataIndex: 'shopName',
                width: 130,
                ellipsis: true,
                render: (value: string) => value || '—',
              },
              {
                title: t('orders.product'),
                dataIndex: 'productId',
                width: 120,
                ellipsis: true,
                render: (value: string | null) => value ?? '—',
              },
              {
                title: t('orders.amount'),
                dataIndex: 'amountMinor',
                align: 'right',
                render: (_: unknown, row) => (
                  <span className={row.void ? 'talent-order-void' : undefined}>
                    {formatMinor(row.amountMinor, row.currency, locale)}
                  </span>
                ),
              },
              {
                title: t('orders.status'),
                dataIndex: 'status',
                render: (value: string, row) => (
                  <span className="talent-order-status">
                    {statusText(value)}
                    {row.void && (
                      <Tag size="small" color="gray">
                        {t('orders.void')}
                      </Tag>
                    )}
                  </span>
                ),
              },
              {
                title: t('orders.time'),
                dataIndex: 'orderedAt',
                render: (value: string) => formatDateTime(value, locale),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
