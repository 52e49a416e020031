import { Button, Card, Message, Popconfirm, Table, Typography } from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import type { ConnectedBrowser } from '@inviteflow/contract';
import { formatDateTime } from '@/lib/format-date.ts';
import { useBrowsers } from '../api/get-browsers.ts';
import { useRevokeBrowser } from '../api/revoke-browser.ts';
import { useUserT } from '../locale/index.ts';

/**
 * Connected browsers (issue 17): each browser whose extension holds a session of its own,
 * with when it was last seen; revoking one ends its session at once (its runs stop, its
 * records stay pending). Logging out of the console or changing the password ends them all.
 */
export function ConnectedBrowsers() {
  const { t, locale } = useUserT();
  const browsers = useBrowsers();
  const revoke = useRevokeBrowser();
  const list = browsers.data?.list ?? [];

  const columns: ColumnProps<ConnectedBrowser>[] = [
    { title: t('browsers.name'), dataIndex: 'name', render: (value: string) => value || '—' },
    {
      title: t('browsers.browser'),
      dataIndex: 'browser',
      ellipsis: true,
      render: (value: string) => value || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('browsers.connectedAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      title: t('browsers.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      width: 180,
      render: (value: string | null) =>
        value ? (
          formatDateTime(value, locale)
        ) : (
          <Typography.Text type="secondary">{t('browsers.neverSeen')}</Typography.Text>
        ),
    },
    {
      title: t('browsers.actions'),
      dataIndex: 'id',
      width: 120,
      render: (_: unknown, row) => (
        <Popconfirm
          title={t('browsers.revokeConfirm', { name: row.name })}
          onOk={async () => {
            await revoke.mutateAsync(row.id);
            Message.success(t('browsers.revoked'));
          }}
        >
          <Button
            size="small"
            status="danger"
            aria-label={t('browsers.revokeLabel', { name: row.name })}
          >
            {t('browsers.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      className="user-card user-browsers"
      title={t('browsers.title')}
      data-testid="connected-browsers"
    >
      <Typography.Paragraph type="secondary">{t('browsers.intro')}</Typography.Paragraph>
      <Table<ConnectedBrowser>
        rowKey="id"
        size="small"
        columns={columns}
        data={list}
        loading={browsers.isPending}
        pagination={false}
        noDataElement={<Typography.Text type="secondary">{t('browsers.none')}</Typography.Text>}
      />
    </Card>
  );
}
