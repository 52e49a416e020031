import {
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Result,
  Skeleton,
  Timeline,
  Typography,
} from '@arco-design/web-react';
import type { PaymentEvent } from '@inviteflow/contract';
import { formatDateTime } from '@/lib/format-date.ts';
import { useOrder } from '../api/get-order.ts';
import { monthsText, useMembershipT, type MembershipT } from '../locale/index.ts';
import { yuan } from '../model/format.ts';
import { OrderStatusTag } from './order-status-tag.tsx';

const refusalReasons = [
  'signature',
  'unknown-order',
  'app-id',
  'seller-id',
  'amount',
  'status',
] as const;

const tradeStatuses = [
  'WAIT_BUYER_PAY',
  'TRADE_SUCCESS',
  'TRADE_FINISHED',
  'TRADE_CLOSED',
] as const;

/** Alipay's trade status in words; one it does not document is shown as it came. */
export function tradeStatusText(t: MembershipT, status: string): string {
  const known = tradeStatuses.find((item) => item === status);
  return known ? t(`tradeStatus.${known}`) : status;
}

/** What a payment event meant, in words. */
export function eventOutcome(t: MembershipT, event: PaymentEvent): string {
  if (event.outcome === 'granted') return t('outcome.granted');
  if (event.outcome === 'duplicate') return t('outcome.duplicate');
  if (event.outcome === 'pending') return t('outcome.pending');
  const reason = event.outcome.replace(/^refused:/, '');
  const known = refusalReasons.find((item) => item === reason);
  return t('outcome.refused', { reason: known ? t(`reason.${known}`) : reason });
}

/** View detail: the order, its payment at the gateway, the membership it bought, its history. */
export function OrderDetailDrawer({
  orderNo,
  onClose,
}: {
  orderNo: string | null;
  onClose: () => void;
}) {
  const { t, locale } = useMembershipT();
  const order = useOrder(orderNo);
  const data = order.data;
  const time = (value: string | null | undefined) => formatDateTime(value, locale);

  return (
    <Drawer
      width={560}
      title={t('detail.title')}
      visible={orderNo !== null}
      onCancel={onClose}
      footer={null}
      className="order-detail"
    >
      {order.isError && !data ? (
        <Result status="error" subTitle={t('detail.loadFailed')} />
      ) : !data ? (
        <Skeleton animation text={{ rows: 8 }} loading />
      ) : (
        <>
          <Typography.Title heading={6}>{t('detail.order')}</Typography.Title>
          <Descriptions
            column={1}
            labelStyle={{ width: 150 }}
            data={[
              { label: t('column.orderNo'), value: data.orderId },
              { label: t('detail.plan'), value: data.planName },
              {
                label: t('detail.duration'),
                value: monthsText(t, data.durationMonths),
              },
              { label: t('column.originalPrice'), value: yuan(data.originalPriceFen, locale) },
              { label: t('column.actualPrice'), value: yuan(data.actualPriceFen, locale) },
              { label: t('column.paymentMethod'), value: t('payment.alipay') },
              { label: t('column.status'), value: <OrderStatusTag status={data.status} /> },
              { label: t('column.createdAt'), value: time(data.createdAt) },
              ...(data.status === 'pending'
                ? [{ label: t('detail.expiresAt'), value: time(data.expiresAt) }]
                : []),
              ...(data.cancelledAt
                ? [{ label: t('detail.cancelledAt'), value: time(data.cancelledAt) }]
                : []),
            ]}
          />
          <Divider />
          <Typography.Title heading={6}>{t('detail.payment')}</Typography.Title>
          <Descriptions
            column={1}
            labelStyle={{ width: 150 }}
            data={[
              {
                label: t('detail.gateway'),
                value:
                  data.gateway === 'sandbox'
                    ? t('detail.gateway.sandbox')
                    : t('detail.gateway.alipay'),
              },
              { label: t('column.paidAt'), value: time(data.paidAt) },
              { label: t('detail.tradeNo'), value: data.tradeNo ?? '—' },
              { label: t('detail.paidAmount'), value: yuan(data.paidAmountFen, locale) },
              { label: t('detail.buyer'), value: data.buyerAccount ?? '—' },
              {
                label: t('detail.period'),
                value: data.period
                  ? t('detail.periodValue', {
                      start: time(data.period.startsAt),
                      end: time(data.period.endsAt),
                    })
                  : '—',
              },
            ]}
          />
          <Divider />
          <Typography.Title heading={6}>{t('detail.events')}</Typography.Title>
          {data.events.length === 0 ? (
            <Empty description={t('detail.noEvents')} />
          ) : (
            <Timeline className="order-events">
              {data.events.map((event, index) => (
                <Timeline.Item
                  key={`${event.createdAt}-${index}`}
                  label={time(event.createdAt)}
                  dotColor={
                    event.outcome === 'granted'
                      ? 'green'
                      : event.outcome.startsWith('refused')
                        ? 'red'
                        : undefined
                  }
                >
                  <div>
                    {t(`event.${event.source}`)}
                    {event.tradeStatus ? ` · ${tradeStatusText(t, event.tradeStatus)}` : ''}
                    {event.amountFen !== null ? ` · ${yuan(event.amountFen, locale)}` : ''}
                  </div>
                  <Typography.Text type="secondary">{eventOutcome(t, event)}</Typography.Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </>
      )}
    </Drawer>
  );
}
