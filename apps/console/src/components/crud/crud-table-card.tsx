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
import type { Page } from '@inviteflow/contract';
import { useState, type ReactNode } from 'react';
import { tCatalogue, useT } from '@/locale/index.ts';
import { SearchBar } from './search-bar.tsx';
import { pageSizeOptions, useListState, type ListQuery } from './use-list-state.ts';
import './crud.css';

/** What the form modal of a list page receives: create when `editing` is null. */
export interface FormModalState<Row> {
  visible: boolean;
  editing: Row | null;
  onClose: () => void;
}

export interface CrudTableCardProps<Row extends { id: number }> {
  title: string;
  intro: string;
  searchPlaceholder: string;
  /** Shown when there are no rows at all (not a search without hits). */
  emptyText: string;
  deleteConfirm: string;
  /** The data columns; the operations column (edit, delete) is added here. */
  columns: ColumnProps<Row>[];
  /** The list query hook of the feature (one file per endpoint). */
  useRows: (query: ListQuery) => { data?: Page<Row> | undefined; isFetching: boolean };
  /** The delete mutation of the feature. */
  remove: { mutateAsync: (id: number) => Promise<unknown> };
  renderForm: (state: FormModalState<Row>) => ReactNode;
}

/**
 * A server-paginated list of the caller's own rows in Arco Pro's search-table style:
 * keyword search, create, edit and delete with confirmation, and a pager with total,
 * page size and go-to. Every list feature fills it with its columns, hooks and form.
 */
export function CrudTableCard<Row extends { id: number }>(props: CrudTableCardProps<Row>) {
  const { t } = useT();
  const list = useListState();
  const result = props.useRows(list.query);
  const [modal, setModal] = useState<{ open: boolean; editing: Row | null }>({
    open: false,
    editing: null,
  });
  const rows = result.data?.list ?? [];

  const onDelete = async (row: Row) => {
    try {
      await props.remove.mutateAsync(row.id);
      Message.success(tCatalogue('success.deleted'));
      list.afterDelete(rows.length);
    } catch {
      // Shown by the request layer.
    }
  };

  const columns: ColumnProps<Row>[] = [
    ...props.columns,
    {
      title: t('crud.operations'),
      dataIndex: 'operations',
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="text" size="small" onClick={() => setModal({ open: true, editing: row })}>
            {t('crud.edit')}
          </Button>
          <Popconfirm
            title={props.deleteConfirm}
            okText={t('crud.delete')}
            cancelText={t('crud.cancel')}
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

  return (
    <Card className="crud-card" title={props.title}>
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      <SearchBar placeholder={props.searchPlaceholder} onSearch={list.search} />
      <Divider className="crud-divider" />
      <div className="crud-toolbar">
        <Button
          type="primary"
          icon={<IconPlus />}
          onClick={() => setModal({ open: true, editing: null })}
        >
          {t('crud.create')}
        </Button>
      </div>
      <Table<Row>
        rowKey="id"
        columns={columns}
        data={rows}
        loading={result.isFetching}
        noDataElement={
          <Empty description={list.keyword ? t('crud.emptySearch') : props.emptyText} />
        }
        pagination={{
          current: result.data?.page ?? list.query.page,
          pageSize: list.query.pageSize,
          total: result.data?.total ?? 0,
          showTotal: true,
          sizeCanChange: true,
          showJumper: true,
          sizeOptions: pageSizeOptions,
          onChange: list.changePage,
        }}
      />
      {props.renderForm({
        visible: modal.open,
        editing: modal.editing,
        onClose: () => setModal({ open: false, editing: null }),
      })}
    </Card>
  );
}

/** A long text cell: two lines, the rest in a tooltip, line breaks kept. */
export function MultilineCell({ text }: { text: string }) {
  return (
    <Typography.Paragraph className="crud-multiline" ellipsis={{ rows: 2, showTooltip: true }}>
      {text}
    </Typography.Paragraph>
  );
}
