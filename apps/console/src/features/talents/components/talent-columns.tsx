import { Button, Popconfirm, Space, Tooltip, Typography } from '@arco-design/web-react';
import { IconGift, IconMessage } from '@arco-design/web-react/icon';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import type { Talent, TalentSortField } from '@inviteflow/contract';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount, formatYuan } from '@/lib/format-number.ts';
import { useTalentsT } from '../locale/index.ts';
import { enumText } from '../model/labels.ts';
import { TalentFigure } from './platform-figures.tsx';
import { talentIdText } from './talent-identity.ts';
import { LabelTags, StatusTag } from './talent-tags.tsx';

export interface TalentSort {
  field: TalentSortField;
  order: 'asc' | 'desc';
}

export const defaultSort: TalentSort = { field: 'addedAt', order: 'desc' };

interface ColumnsOptions {
  sort: TalentSort;
  onEdit: (talent: Talent) => void;
  onDelete: (talent: Talent) => Promise<void>;
  onFollowUp: (talent: Talent) => void;
  /** A TikTok talent's conversations with the shops (issue 19). */
  onMessages: (talent: Talent) => void;
}

/**
 * The columns a seller may hide until wanted (column settings): by default the table
 * shows the name, platform, status, fans, business amount, deals, labels, shop, contact
 * and added time, so the first seven and the actions are in view at 1280 px.
 */
export const talentColumnsHiddenByDefault = [
  'industry',
  'videoAvgViews',
  'videoGpmFen',
  'liveAvgViews',
  'liveGpmFen',
  'remark',
  'updatedAt',
  'createdAt',
] as const;

/**
 * Every talent field as a column, the key ones first. Numbers and times sort on the server
 * (the header shows the sort in force); name and operations stay fixed while the rest
 * scrolls.
 */
export function useTalentColumns({
  sort,
  onEdit,
  onDelete,
  onFollowUp,
  onMessages,
}: ColumnsOptions): ColumnProps<Talent>[] {
  const { t, locale } = useTalentsT();
  const none = <span className="talent-muted">—</span>;
  // The key columns and the actions fit the table at 1280 px (a 220 px menu) in either
  // language; English statuses run longer, Chinese headers need the room of a sorter.
  const en = locale === 'en-US';

  const sortable = (field: TalentSortField): Partial<ColumnProps<Talent>> => ({
    sorter: true,
    sortDirections: ['descend', 'ascend'],
    sortOrder: sort.field === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : undefined,
  });
  const count = (field: TalentSortField, title: string, width = 130): ColumnProps<Talent> => ({
    title,
    dataIndex: field,
    width,
    align: 'right',
    ...sortable(field),
    render: (value: number) => formatCount(value, locale),
  });
  const money = (field: TalentSortField, title: string, width = 150): ColumnProps<Talent> => ({
    title,
    dataIndex: field,
    width,
    align: 'right',
    ...sortable(field),
    render: (value: number) => formatYuan(value, locale),
  });
  const time = (field: TalentSortField, title: string): ColumnProps<Talent> => ({
    title,
    dataIndex: field,
    width: 180,
    ...sortable(field),
    render: (value: string) => formatDateTime(value, locale),
  });

  return [
    {
      title: t('column.name'),
      dataIndex: 'name',
      fixed: 'left',
      width: en ? 150 : 160,
      render: (_: unknown, row) => (
        <div className="talent-name-cell">
          <div className="talent-name-line">
            <Typography.Text className="talent-name" ellipsis={{ showTooltip: true }}>
              {row.name}
            </Typography.Text>
            {/* A TikTok talent's conversations (issue 19): beside its name, so the operations
                column keeps its width and the key columns fit at 1280 px. */}
            {row.platform === 'tiktok' && (
              <Tooltip content={t('action.messages')}>
                <Button
                  type="text"
                  size="mini"
                  className="talent-messages"
                  icon={<IconMessage />}
                  aria-label={t('action.messages')}
                  onClick={() => onMessages(row)}
                />
              </Tooltip>
            )}
            {/* Its sample requests (issue 19): the samples tab filtered to this talent. Sample
                requests are TikTok Shop's only (抖店 has no such API). */}
            {row.platform === 'tiktok' && (
              <Tooltip content={t('action.samples')}>
                <Link
                  to={{ search: `?tab=samples&talentId=${row.id}` }}
                  className="talent-samples"
                  aria-label={t('action.samples')}
                >
                  <IconGift />
                </Link>
              </Tooltip>
            )}
          </div>
          <Typography.Text type="secondary" className="talent-id" copyable>
            {talentIdText(row.identity)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('column.platform'),
      dataIndex: 'platform',
      width: en ? 86 : 80,
      render: (value: Talent['platform']) => enumText.platform(locale, value),
    },
    {
      title: t('column.status'),
      dataIndex: 'status',
      width: en ? 150 : 100,
      render: (value: Talent['status']) => <StatusTag status={value} locale={locale} />,
    },
    count('fansCount', t('column.fans'), en ? 100 : 110),
    {
      ...money('businessAmountFen', t('column.businessAmount'), 150),
      // The platform's figure when its orders cover the talent (issue 19): marked, in its currency.
      render: (_: unknown, row) => <TalentFigure talent={row} field="businessAmountFen" />,
    },
    {
      ...count('dealCount', t('column.dealCount'), en ? 100 : 110),
      render: (_: unknown, row) => <TalentFigure talent={row} field="dealCount" />,
    },
    {
      title: t('column.labels'),
      dataIndex: 'labels',
      width: 200,
      render: (value: string[]) => <LabelTags labels={value} locale={locale} />,
    },
    {
      title: t('column.shop'),
      dataIndex: 'shopName',
      width: 130,
      ellipsis: true,
      render: (value: string) => value || none,
    },
    {
      title: t('column.industry'),
      dataIndex: 'industry',
      width: 120,
      render: (value: Talent['industry']) => (value ? enumText.industry(locale, value) : none),
    },
    {
      title: t('column.contact'),
      dataIndex: 'contactInfo',
      width: 200,
      render: (_: unknown, row) =>
        row.contactMethod ? (
          <div className="talent-contact-cell">
            <Typography.Text type="secondary">
              {enumText.contactMethod(locale, row.contactMethod)}
            </Typography.Text>
            <Typography.Text ellipsis={{ showTooltip: true }}>
              {row.contactInfo || '—'}
            </Typography.Text>
          </div>
        ) : (
          none
        ),
    },
    count('videoAvgViews', t('column.videoAvgViews'), 150),
    money('videoGpmFen', t('column.videoGpm'), 150),
    count('liveAvgViews', t('column.liveAvgViews'), 150),
    money('liveGpmFen', t('column.liveGpm'), 150),
    {
      title: t('column.remark'),
      dataIndex: 'remark',
      width: 200,
      ellipsis: true,
      render: (value: string) => value || none,
    },
    time('addedAt', t('column.addedAt')),
    time('updatedAt', t('column.updatedAt')),
    time('createdAt', t('column.createdAt')),
    {
      title: t('crud.operations'),
      dataIndex: 'operations',
      fixed: 'right',
      width: en ? 200 : 190,
      render: (_: unknown, row) => (
        <Space size={0} className="talent-operations">
          <Button type="text" size="small" onClick={() => onEdit(row)}>
            {t('crud.edit')}
          </Button>
          <Button type="text" size="small" onClick={() => onFollowUp(row)}>
            {t('action.followUp')}
          </Button>
          <Popconfirm
            title={t('action.deleteConfirm', { name: row.name })}
            okText={t('crud.delete')}
            cancelText={t('crud.cancel')}
            okButtonProps={{ status: 'danger' }}
            onOk={() => onDelete(row)}
          >
            <Button type="text" size="small" status="danger">
              {t('crud.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
