import {
  Alert,
  Button,
  Card,
  Form,
  Link,
  Message,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import {
  PAGE_SIZE_DEFAULT,
  sampleRejectReasons,
  sampleStatuses,
  type SampleRejectReason,
  type SampleRequest,
  type SampleStatus,
} from '@inviteflow/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCount } from '@/lib/format-number.ts';
import { formatMinute } from '@/lib/format-date.ts';
import { useReviewSample, useSamples } from '../api/samples.ts';
import { useMarketplaceShops } from '../api/search-creators.ts';
import { useSamplesT } from '../locale/samples.ts';
import './samples-tab.css';

const statusColors: Record<SampleStatus, string> = {
  pending: 'orange',
  approved: 'arcoblue',
  rejected: 'red',
  shipped: 'cyan',
  content_pending: 'purple',
  completed: 'green',
  cancelled: 'gray',
};

/** A positive whole number from the URL, else nothing. */
function idParam(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2 ** 31 - 1 ? n : undefined;
}

function statusParam(value: string | null): SampleStatus | undefined {
  return (sampleStatuses as readonly (string | null)[]).includes(value)
    ? (value as SampleStatus)
    : undefined;
}

/**
 * Samples (issue 19): the sample requests of the seller's shops as the platform syncs read them
 * (TikTok Shop), filtered by shop, status and talent (`?tab=samples&talentId=…`), approved or
 * rejected (with one of the platform's reasons) while pending and before the platform's
 * deadline, with their shipping and the creator's content. 抖店 has no sample-request API:
 * the page says so.
 */
export function SamplesTab() {
  const { t, locale } = useSamplesT();
  const [params, setParams] = useSearchParams();
  // The filters live in the URL as the library's do (`?tab=samples&talentId=…&shopId=…&status=…`):
  // a talent row links here, and a reload, Back or a shared link keeps them.
  const talentId = idParam(params.get('talentId'));
  const shopId = idParam(params.get('shopId'));
  const status = statusParam(params.get('status'));
  const setFilter = (key: 'talentId' | 'shopId' | 'status', value: string | number | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, String(value));
    setParams(next);
    setPage(1);
  };
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const shops = useMarketplaceShops();
  const samples = useSamples({
    page,
    pageSize,
    ...(shopId ? { shopId } : {}),
    ...(status ? { status } : {}),
    ...(talentId ? { talentId } : {}),
  });
  const review = useReviewSample();
  const [rejecting, setRejecting] = useState<SampleRequest | null>(null);
  const [form] = Form.useForm<{ reason: SampleRejectReason }>();

  const approve = async (sample: SampleRequest) => {
    try {
      await review.mutateAsync({ id: sample.id, result: 'approve' });
      Message.success(t('samples.approved'));
    } catch {
      // Shown by the request layer.
    }
  };
  const reject = async () => {
    if (!rejecting) return;
    try {
      // A missing reason is shown on the form.
      const { reason } = await form.validate();
      await review.mutateAsync({ id: rejecting.id, result: 'reject', reason });
      Message.success(t('samples.rejected'));
      setRejecting(null);
    } catch {
      // Shown on the form, or by the request layer.
    }
  };

  const columns: ColumnProps<SampleRequest>[] = [
    {
      title: t('samples.col.creator'),
      dataIndex: 'creatorName',
      width: 200,
      fixed: 'left',
      render: (_v, s) => (
        <span className="samples-stack">
          <Typography.Text bold>{s.creatorName || s.creatorUsername || '-'}</Typography.Text>
          {s.creatorUsername && (
            <Typography.Text type="secondary">@{s.creatorUsername}</Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: t('samples.col.product'),
      dataIndex: 'productTitle',
      width: 220,
      render: (_v, s) => (
        <span className="samples-stack">
          <Typography.Text>{s.productTitle || '-'}</Typography.Text>
          {s.productId && <Typography.Text type="secondary">{s.productId}</Typography.Text>}
        </span>
      ),
    },
    { title: t('samples.col.shop'), dataIndex: 'shopName', width: 160 },
    {
      title: t('samples.col.status'),
      dataIndex: 'status',
      width: 150,
      render: (_v, s) => (
        <Tag color={statusColors[s.status]} title={s.platformStatus}>
          {t(`samples.status.${s.status}`)}
        </Tag>
      ),
    },
    {
      title: <span title={t('samples.appliedNote')}>{t('samples.col.appliedAt')}</span>,
      dataIndex: 'appliedAt',
      width: 160,
      render: (v: string) => formatMinute(v, locale),
    },
    {
      title: t('samples.col.approveBy'),
      dataIndex: 'approveExpiresAt',
      width: 160,
      render: (v: string | null, s) =>
        s.status !== 'pending' ? (
          '-'
        ) : (
          <span className="samples-stack">
            <span>{formatMinute(v, locale)}</span>
            {!s.reviewable && (
              <Typography.Text type="warning">{t('samples.expired')}</Typography.Text>
            )}
          </span>
        ),
    },
    {
      title: t('samples.col.fulfilment'),
      dataIndex: 'fulfilment',
      width: 240,
      render: (_v, s) => {
        const f = s.fulfilment;
        if (!f || (!f.trackingNumber && !f.status && !f.contents.length))
          return t('samples.noFulfilment');
        return (
          <span className="samples-stack">
            {f.trackingNumber && <span>{t('samples.tracking', { number: f.trackingNumber })}</span>}
            {f.status && (
              <Typography.Text type="secondary">
                {t('samples.fulfilmentStatus', { status: f.status })}
              </Typography.Text>
            )}
            {f.contents.map((c, index) => (
              <span key={index}>
                {t('samples.content', {
                  format: c.format ?? '-',
                  views: c.viewCount === null ? '-' : formatCount(c.viewCount, locale),
                  orders: c.paidOrderCount ?? '-',
                })}{' '}
                {c.url && (
                  <Link href={c.url} target="_blank" rel="noreferrer">
                    {t('samples.contentLink')}
                  </Link>
                )}
              </span>
            ))}
          </span>
        );
      },
    },
    {
      title: t('samples.col.actions'),
      dataIndex: 'id',
      width: 150,
      fixed: 'right',
      render: (_v, s) =>
        s.reviewable ? (
          <Space size={4}>
            <Popconfirm
              title={t('samples.approveConfirm', {
                name: s.creatorName || s.creatorUsername || '',
              })}
              onOk={() => approve(s)}
            >
              <Button type="text" size="small" className="samples-approve">
                {t('samples.approve')}
              </Button>
            </Popconfirm>
            <Button
              type="text"
              size="small"
              status="danger"
              className="samples-reject"
              onClick={() => {
                form.resetFields();
                setRejecting(s);
              }}
            >
              {t('samples.reject')}
            </Button>
          </Space>
        ) : (
          '-'
        ),
    },
  ];

  const data = samples.data;
  // Every row of a talent's list is that creator's: its name names the filter.
  const first = talentId ? data?.list[0] : undefined;
  const talentName =
    first?.creatorName || (first?.creatorUsername ? `@${first.creatorUsername}` : '');
  return (
    <Card className="samples-tab">
      <Typography.Paragraph type="secondary">{t('samples.intro')}</Typography.Paragraph>
      <Alert className="samples-alert" type="info" content={t('samples.douyin')} />
      <Space className="samples-filters" wrap>
        <Select
          className="samples-shop"
          style={{ width: 220 }}
          allowClear
          placeholder={t('samples.allShops')}
          aria-label={t('samples.shop')}
          value={shopId}
          loading={shops.isLoading}
          options={(shops.data ?? []).map((shop) => ({ value: shop.id, label: shop.shopName }))}
          onChange={(value: number | undefined) => setFilter('shopId', value)}
        />
        <Select
          className="samples-status"
          style={{ width: 180 }}
          allowClear
          placeholder={t('samples.allStatuses')}
          aria-label={t('samples.status')}
          value={status}
          options={sampleStatuses.map((value) => ({
            value,
            label: t(`samples.status.${value}`),
          }))}
          onChange={(value: SampleStatus | undefined) => setFilter('status', value)}
        />
        {talentId && (
          <Tag closable className="samples-talent" onClose={() => setFilter('talentId', undefined)}>
            {talentName
              ? t('samples.talentFilterNamed', { name: talentName })
              : t('samples.talentFilter', { id: talentId })}
          </Tag>
        )}
      </Space>
      <Table<SampleRequest>
        className="samples-table"
        rowKey="id"
        size="small"
        loading={samples.isFetching}
        columns={columns}
        data={data?.list ?? []}
        scroll={{ x: 1440 }}
        noDataElement={<Typography.Text type="secondary">{t('samples.empty')}</Typography.Text>}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          sizeCanChange: true,
          showTotal: true,
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
      />
      <Modal
        title={t('samples.rejectTitle')}
        visible={rejecting !== null}
        confirmLoading={review.isPending}
        okText={t('samples.reject')}
        okButtonProps={{ status: 'danger' }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(null)}
        unmountOnExit
      >
        <Form form={form} layout="vertical">
          <Form.Item
            label={t('samples.rejectReason')}
            field="reason"
            rules={[{ required: true, message: t('samples.rejectReasonRequired') }]}
          >
            <Radio.Group direction="vertical">
              {sampleRejectReasons.map((reason) => (
                <Radio key={reason} value={reason}>
                  {t(`samples.reason.${reason}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
