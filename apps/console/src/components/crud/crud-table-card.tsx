import {
  Button,
  Card,
  Divider,
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
import { ListEmpty, type ListLoad } from '@/components/list-empty.tsx';
import { tCatalogue, useT } from '@/locale/index.ts';
import { SearchBar } from './search-bar.tsx';
import type { ListKey } from './page-size.ts';
import { useListState, type ListQuery } from './use-list-state.ts';
import { useTableSettings } from './use-table-settings.tsx';
import './crud.css';

/** What the form modal of a list page receives: create when `editing` is null. */
export interface FormModalState<Row> {
  visible: boolean;
  editing: Row | null;
  onClose: () => void;
}

export interface CrudTableCardProps<Row extends { id: number }> {
  /** The list's name: its page size is kept under it. */
  list: ListKey;
  title: string;
  intro: string;
  searchPlaceholder: string;
  /** Shown when there are no rows at all (not a search without hits). */
  emptyText: string;
  deleteConfirm: string;
  /** The data columns; the operations column (edit, delete) is added here. */
  columns: ColumnProps<Row>[];
  /** The list query hook of the feature (one file per endpoint). */
  useRows: (query: ListQuery) => ListLoad & { data?: Page<Row> | undefined };
  /** The delete mutation of the feature. */
  remove: { mutateAsync: (id: number) => Promise<unknown> };
  renderForm: (state: FormModalState<Row>) => ReactNode;
  /** The search field's label; "Keyword" by default. */
  searchLabel?: string;
  /** The create button's text; "Create" by default. */
  createText?: string;
  /** Whether rows can be edited (an Edit action per row); true by default. */
  editable?: boolean;
  /** The remove action's text (button and confirmation); "Delete" by default. */
  removeText?: string;
  /** Said after a remove; the catalogue's 'Deleted successfully' by default. */
  removedMessage?: string;
}

/**
 * A server-paginated list of the caller's own rows in Arco Pro's search-table style:
 * keyword search, create, edit and delete with confirmation, and a pager with total,
 * page size and go-to. Every list feature fills it with its columns, hooks and form.
 */
export function CrudTableCard<Row extends { id: number }>(props: CrudTableCardProps<Row>) {
  const { t } = useT();
  const list = useListState(props.list);
  const result = props.useRows(list.query);
  const [modal, setModal] = useState<{ open: boolean; editing: Row | null }>({
    open: false,
    editing: null,
  });
  const rows = result.data?.list ?? [];

  const onDelete = async (row: Row) => {
    try {
      await props.remove.mutateAsync(row.id);
      Message.success(props.removedMessage ?? tCatalogue('success.deleted'));
      list.afterDelete(rows.length);
    } catch {
      // Shown by the request layer.
    }
  };

  const editable = props.editable ?? true;
  const removeText = props.removeText ?? t('crud.delete');
  const allColumns: ColumnProps<Row>[] = [
    ...props.columns,
    {
      title: t('crud.operations'),
      dataIndex: 'operations',
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          {editable && (
            <Button type="text" size="small" onClick={() => setModal({ open: true, editing: row })}>
              {t('crud.edit')}
            </Button>
          )}
          <Popconfirm
            title={props.deleteConfirm}
            okText={removeText}
            cancelText={t('crud.cancel')}
            onOk={() => onDelete(row)}
          >
            <Button type="text" size="small" status="danger">
              {removeText}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  // Which columns show, their order and the density: the seller's, kept per account.
  const table = useTableSettings(props.list, allColumns, { locked: ['operations'] });
  // The table is never narrower than its columns ask (a column without a width counts as
  // 160 px): on a narrow screen it scrolls inside its own box rather than squeezing each
  // column to a few letters a line.
  const minWidth = table.columns.reduce((sum, column) => sum + (Number(column.width) || 160), 0);

  return (
    <Card className="crud-card" title={props.title}>
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      <SearchBar
        label={props.searchLabel}
        placeholder={props.searchPlaceholder}
        applied={list.keyword}
        onSearch={list.search}
      />
      <Divider className="crud-divider" />
      <div className="crud-toolbar">
        <Button
          type="primary"
          icon={<IconPlus />}
          onClick={() => setModal({ open: true, editing: null })}
        >
          {props.createText ?? t('crud.create')}
        </Button>
        {table.controls}
      </div>
      <Table<Row>
        rowKey="id"
        columns={table.columns}
        size={table.size}
        data={rows}
        loading={result.isFetching}
        scroll={{ x: minWidth }}
        noDataElement={
          <ListEmpty
            load={result}
            description={list.keyword ? t('crud.emptySearch') : props.emptyText}
          />
        }
        pagination={{
          ...list.paging.props,
          current: result.data?.page ?? list.query.page,
          total: result.data?.total ?? 0,
          showTotal: true,
          showJumper: true,
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
