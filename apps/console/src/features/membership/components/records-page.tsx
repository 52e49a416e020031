import {
  Button,
  Card,
  DatePicker,
  Divider,
  Form,
  Grid,
  Message,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import {
  orderStatuses,
  planIds,
  type MembershipOrder,
  type OrderListQuery,
  type OrderStatus,
  type PlanId,
} from '@inviteflow/contract';
import { useEffect, useState } from 'react';
import { useListParams, type FilterCodec } from '@/components/crud/list-params.ts';
import { usePaging } from '@/components/crud/use-list-state.ts';
import { ListEmpty } from '@/components/list-empty.tsx';
import { dayEnd, dayOf, dayStart } from '@/lib/day-range.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrders } from '../api/get-orders.ts';
import { usePlans } from '../api/get-plans.ts';
import { usePayOrder } from '../api/pay-order.ts';
import { monthsText, useMembershipT } from '../locale/index.ts';
import { yuan } from '../model/format.ts';
import { paymentNavigation } from '../model/go-to-payment.ts';
import { OrderDetailDrawer } from './order-detail-drawer.tsx';
import { OrderStatusTag } from './order-status-tag.tsx';
import './membership.css';

const { Row, Col } = Grid;

interface FilterValues {
  planId?: PlanId;
  status?: OrderStatus;
  date?: [string, string];
}

type Filters = Pick<OrderListQuery, 'planId' | 'status' | 'createdFrom' | 'createdTo'>;

/** The filters in the page's URL (list-params.ts). */
const codec: FilterCodec = {
  planId: { kind: 'enum', values: planIds },
  status: { kind: 'enum', values: orderStatuses },
  date: { kind: 'days', from: 'createdFrom', to: 'createdTo' },
};

function valuesOf(filters: Filters): FilterValues {
  return {
    planId: filters.planId,
    status: filters.status,
    date:
      filters.createdFrom && filters.createdTo
        ? [dayOf(filters.createdFrom), dayOf(filters.createdTo)]
        : undefined,
  };
}

function toFilters(values: FilterValues): Filters {
  return {
    planId: values.planId || undefined,
    status: values.status || undefined,
    createdFrom: values.date ? dayStart(values.date[0]) : undefined,
    createdTo: values.date ? dayEnd(values.date[1]) : undefined,
  };
}

/** Membership records: filters, the orders, and Pay, Cancel and View detail per order. */
export function MembershipRecordsPage() {
  const { t, locale } = useMembershipT();
  const [form] = Form.useForm<FilterValues>();
  const url = useListParams<Filters>('membershipRecords', codec);
  const { filters, filtersKey } = url;
  const paging = usePaging('membershipRecords', { url: true });
  const { page, pageSize } = paging;
  // The form shows the filters the URL holds, also after Back or a reload.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(filters));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, form]);
  const [detail, setDetail] = useState<string | null>(null);
  const orders = useOrders({ page, pageSize, ...filters });
  const plans = usePlans();
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const planName = (planId: string) =>
    plans.data?.find((plan) => plan.id === planId)?.name ?? planId;

  const search = () => {
    url.change({ filters: toFilters(form.getFieldsValue()) });
  };

  const onPay = async (order: MembershipOrder) => {
    try {
      const { paymentUrl } = await pay.mutateAsync(order.orderId);
      paymentNavigation.go(paymentUrl);
    } catch {
      // Shown by the request layer (e.g. the order expired meanwhile); the list refreshes.
      void orders.refetch();
    }
  };

  const onCancel = async (order: MembershipOrder) => {
    try {
      await cancel.mutateAsync(order.orderId);
      Message.success(tCatalogue('success.orderCancelled'));
    } catch {
      void orders.refetch();
    }
  };

  const columns: ColumnProps<MembershipOrder>[] = [
    {
      title: t('column.orderNo'),
      dataIndex: 'orderId',
      width: 230,
      render: (orderNo: string, order) => (
        <div>
          <Typography.Text copyable className="order-no">
            {orderNo}
          </Typography.Text>
          <div className="order-plan">
            {planName(order.planId)} · {monthsText(t, order.durationMonths)}
          </div>
        </div>
      ),
    },
    {
      title: t('column.originalPrice'),
      dataIndex: 'originalPriceFen',
      width: 100,
      render: (fen: number) => yuan(fen, locale),
    },
    {
      title: t('column.actualPrice'),
      dataIndex: 'actualPriceFen',
      width: 100,
      render: (fen: number) => <span className="order-actual">{yuan(fen, locale)}</span>,
    },
    {
      title: t('column.paymentMethod'),
      dataIndex: 'paymentMethod',
      width: 100,
      render: () => t('payment.alipay'),
    },
    {
      title: t('column.createdAt'),
      dataIndex: 'createdAt',
      // Date over time where the table is narrow, so every column fits at 1440 px.
      width: 120,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      title: t('column.paidAt'),
      dataIndex: 'paidAt',
      width: 120,
      render: (value: string | null) => formatDateTime(value, locale),
    },
    {
      title: t('column.status'),
      dataIndex: 'status',
      width: 150,
      fixed: 'right',
      render: (status: OrderStatus) => <OrderStatusTag status={status} />,
    },
    {
      title: t('column.actions'),
      dataIndex: 'actions',
      // Pinned with the status, so what an order is and what can be done with it stay in
      // view when a narrow window scrolls the table sideways.
      fixed: 'right',
      width: 200,
      render: (_: unknown, order) => (
        <Space size={0} className="order-actions">
          {order.status === 'pending' && (
            <Button
              type="text"
              size="small"
              loading={pay.isPending && pay.variables === order.orderId}
              onClick={() => void onPay(order)}
            >
              {t('action.pay')}
            </Button>
          )}
          {order.status === 'pending' && (
            <Popconfirm
              title={t('cancel.confirm')}
              okText={t('cancel.ok')}
              cancelText={t('cancel.keep')}
              onOk={() => onCancel(order)}
            >
              <Button type="text" size="small" status="danger">
                {t('action.cancel')}
              </Button>
            </Popconfirm>
          )}
          <Button type="text" size="small" onClick={() => setDetail(order.orderId)}>
            {t('action.detail')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card className="crud-card membership-records" title={t('menu.membership.records')}>
      <Typography.Paragraph type="secondary">{t('records.intro')}</Typography.Paragraph>
      <Form<FilterValues> form={form} layout="vertical" className="records-filter">
        <Row gutter={16} align="end">
          <Col xs={24} sm={12} lg={6}>
            <Form.Item field="planId" label={t('records.planName')}>
              <Select
                allowClear
                placeholder={t('records.all')}
                options={planIds.map((id) => ({ label: planName(id), value: id }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item field="status" label={t('records.status')}>
              <Select
                allowClear
                placeholder={t('records.all')}
                options={orderStatuses.map((status) => ({
                  label: t(`status.${status}`),
                  value: status,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={7}>
            <Form.Item field="date" label={t('records.date')}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={5}>
            <Form.Item>
              <Space>
                <Button type="primary" icon={<IconSearch />} onClick={search}>
                  {t('records.search')}
                </Button>
                <Button
                  icon={<IconRefresh />}
                  onClick={() => {
                    form.resetFields();
                    url.change({ filters: {} });
                  }}
                >
                  {t('records.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Divider className="crud-divider" />
      <Table<MembershipOrder>
        rowKey="orderId"
        className="records-table"
        columns={columns}
        data={orders.data?.list ?? []}
        loading={orders.isFetching}
        scroll={{ x: 1120 }}
        noDataElement={
          <ListEmpty
            load={orders}
            description={filtered ? t('records.emptySearch') : t('records.empty')}
          />
        }
        pagination={{
          ...paging.props,
          current: orders.data?.page ?? page,
          total: orders.data?.total ?? 0,
          showTotal: true,
          showJumper: true,
        }}
      />
      <OrderDetailDrawer orderNo={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
