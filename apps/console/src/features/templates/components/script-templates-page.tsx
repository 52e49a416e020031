import {
  Button,
  Card,
  Divider,
  Empty,
  Message,
  Popconfirm,
  Space,
  Table,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { IconPlus } from '@arco-design/web-react/icon';
import type { ScriptTemplate } from '@inviteflow/contract';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format-date.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useDeleteScript } from '../api/delete-script.ts';
import { useScripts } from '../api/get-scripts.ts';
import { useTemplatesT } from '../locale/index.ts';
import { ScriptFormModal } from './script-form-modal.tsx';
import { SearchBar } from './search-bar.tsx';
import { pageSizeOptions, useListState } from './use-list-state.ts';
import './templates.css';

export function ScriptTemplatesPage() {
  const { t, locale } = useTemplatesT();
  const list = useListState();
  const scripts = useScripts(list.query);
  const remove = useDeleteScript();
  const [modal, setModal] = useState<{ open: boolean; editing: ScriptTemplate | null }>({
    open: false,
    editing: null,
  });
  const rows = scripts.data?.list ?? [];

  const onDelete = async (row: ScriptTemplate) => {
    try {
      await remove.mutateAsync(row.id);
      Message.success(tCatalogue('success.deleted'));
      list.afterDelete(rows.length);
    } catch {
      // Shown by the request layer.
    }
  };

  const columns: ColumnProps<ScriptTemplate>[] = [
    {
      title: t('column.content'),
      dataIndex: 'content',
      render: (content: string) => (
        <Typography.Paragraph
          className="template-content"
          ellipsis={{ rows: 2, showTooltip: true }}
        >
          {content}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('column.remark'),
      dataIndex: 'remark',
      width: 220,
      render: (remark: string) => remark || '—',
    },
    {
      title: t('column.createdAt'),
      dataIndex: 'createdAt',
      width: 190,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      title: t('action.operations'),
      dataIndex: 'operations',
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="text" size="small" onClick={() => setModal({ open: true, editing: row })}>
            {t('action.edit')}
          </Button>
          <Popconfirm
            title={t('delete.confirmScript')}
            okText={t('delete.ok')}
            cancelText={t('delete.cancel')}
            onOk={() => onDelete(row)}
          >
            <Button type="text" size="small" status="danger">
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="template-card" title={t('menu.template.script')}>
      <Typography.Paragraph type="secondary">{t('script.intro')}</Typography.Paragraph>
      <SearchBar placeholder={t('search.scriptPlaceholder')} onSearch={list.search} />
      <Divider className="template-divider" />
      <div className="template-toolbar">
        <Button
          type="primary"
          icon={<IconPlus />}
          onClick={() => setModal({ open: true, editing: null })}
        >
          {t('action.create')}
        </Button>
      </div>
      <Table<ScriptTemplate>
        rowKey="id"
        columns={columns}
        data={rows}
        loading={scripts.isFetching}
        noDataElement={
          <Empty description={list.keyword ? t('empty.search') : t('empty.scripts')} />
        }
        pagination={{
          current: scripts.data?.page ?? list.query.page,
          pageSize: list.query.pageSize,
          total: scripts.data?.total ?? 0,
          showTotal: true,
          sizeCanChange: true,
          showJumper: true,
          sizeOptions: pageSizeOptions,
          onChange: list.changePage,
        }}
      />
      <ScriptFormModal
        visible={modal.open}
        editing={modal.editing}
        onClose={() => setModal({ open: false, editing: null })}
      />
    </Card>
  );
}
