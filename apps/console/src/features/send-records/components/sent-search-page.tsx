import { Button, Message, Popconfirm, Space, Table } from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { apiPaths, type SendRecord } from '@inviteflow/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ConversationSubject } from '@/components/conversations/conversation-drawer.tsx';
import { FilterTableCard } from '@/components/crud/filter-table-card.tsx';
import { useKeysetList } from '@/components/crud/use-keyset-list.ts';
import { useTableSettings } from '@/components/crud/use-table-settings.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { FileExportButton } from '@/components/file-export-button.tsx';
import { lazyWhenShown } from '@/components/lazy-when-shown.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount } from '@/lib/format-number.ts';
import { readNewTaskPreset, type NewTaskPreset } from '@/lib/new-task-preset.ts';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useDeleteSendRecord } from '../api/delete-send-record.ts';
import { useSendRecordCount } from '../api/get-send-record-count.ts';
import { useSendRecords, type RecordFilters } from '../api/get-send-records.ts';
import { useStartSendExport } from '../api/start-export.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';
import { sendFilterCodec } from '../model/filters.ts';
import { RecordStageTag } from './record-stage.tsx';
import { RecordStatus } from './record-status.tsx';
import { SendFilterForm } from './send-filter-form.tsx';
import './send-records.css';

// The page's dialogs load when first opened: the list is what every visit needs.
const CreateTaskDrawer = lazyWhenShown(
  async () => (await import('./create-task-drawer.tsx')).CreateTaskDrawer,
  (props: { visible: boolean; onClose: () => void }) => props.visible,
);
const SendImportModal = lazyWhenShown(
  async () => (await import('./send-import-modal.tsx')).SendImportModal,
  (props: { visible: boolean; onClose: () => void }) => props.visible,
);
const RecordDetailDrawer = lazyWhenShown(
  async () => (await import('./record-detail-drawer.tsx')).RecordDetailDrawer,
  (props: { id: number | null; onClose: () => void }) => props.id !== null,
);
const ConversationDrawer = lazyWhenShown(
  async () =>
    (await import('@/components/conversations/conversation-drawer.tsx')).ConversationDrawer,
  (props: { subject: ConversationSubject | null; onClose: () => void }) => props.subject !== null,
);
const RecordEditModal = lazyWhenShown(
  async () => (await import('./record-edit-modal.tsx')).RecordEditModal,
  (props: { record: SendRecord | null; onClose: () => void }) => props.record !== null,
);

/**
 * A text in a narrow column (a name, or a type in English): up to two lines (a row is two
 * lines tall anyway, for the talent and its ID), the whole text on hover.
 */
function TwoLines({ text }: { text: string }) {
  // A CSS clamp: Arco's measured ellipsis comes out empty in a cell still being laid out.
  return (
    <span className="send-two-lines" title={text}>
      {text}
    </span>
  );
}

/** A running record under a live lease belongs to the extension for now. */
function isLeased(record: SendRecord): boolean {
  return (
    record.status === 'running' &&
    record.leasedUntil !== null &&
    Date.parse(record.leasedUntil) > Date.now()
  );
}

/**
 * Send records (spec 'Send records'): the search form, the table (index, influencer name,
 * task type, shop name, set name, content type, filter type, created time, status,
 * view / edit / delete), create, import and download, paged by cursors at any depth.
 */
export function SentSearchTablePage() {
  const { t, locale } = useSendRecordsT();
  const list = useKeysetList<RecordFilters, SendRecord>({
    list: 'sendRecords',
    codec: sendFilterCodec,
    usePage: (filters, paging, run) => useSendRecords({ ...filters, ...paging }, run),
    useCount: useSendRecordCount,
  });
  // A task asked for from another page (Find creators' "Add and invite") opens the drawer with
  // its shop and talents; the state is then dropped, so a reload or Back does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const [preset, setPreset] = useState<NewTaskPreset | null>(() =>
    readNewTaskPreset(location.state),
  );
  const [creating, setCreating] = useState(preset !== null);
  useEffect(() => {
    if (readNewTaskPreset(location.state))
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [conversation, setConversation] = useState<ConversationSubject | null>(null);
  const [editing, setEditing] = useState<SendRecord | null>(null);
  const remove = useDeleteSendRecord();
  const exporter = useStartSendExport();
  const { filters, pager, rows } = list;

  const onDelete = async (record: SendRecord) => {
    try {
      await remove.mutateAsync(record.id);
      Message.success(tCatalogue('success.deleted'));
    } catch {
      // Shown by the request layer.
    }
  };

  const offset = (pager.page - 1) * pager.pageSize;
  // The widths fitted the table at 1440 px (a 220 px menu) without horizontal scrolling until
  // the stage column (issue 19) came; now, as when narrower, the middle scrolls (by about the
  // created time) while the name, the stage, the status and the actions stay fixed.
  const allColumns: ColumnProps<SendRecord>[] = [
    {
      title: t('column.index'),
      dataIndex: 'index',
      width: 56,
      render: (_: unknown, _record, index) => formatCount(offset + index + 1, locale),
    },
    {
      title: t('column.talentName'),
      dataIndex: 'talentName',
      width: 132,
      fixed: 'left',
      render: (name: string, record) => (
        <div className="send-talent-cell">
          <span className="send-talent-name send-one-line" title={name}>
            {name}
          </span>
          <span className="send-talent-id send-one-line" title={record.platformTalentId}>
            {record.platformTalentId}
          </span>
        </div>
      ),
    },
    {
      title: t('column.taskType'),
      dataIndex: 'taskType',
      width: 140,
      // Wrapped whole, never cut: in English a type takes up to three short lines
      // ("Group leader / activity / invitation"), and which type it is matters.
      render: (value: SendRecord['taskType']) => (
        <span className="send-task-type">{enumText.taskType(locale, value)}</span>
      ),
    },
    {
      title: t('column.shopName'),
      dataIndex: 'shopName',
      width: 100,
      render: (name: string) => <TwoLines text={name} />,
    },
    {
      title: t('column.setName'),
      dataIndex: 'setName',
      width: 100,
      render: (name: string) => <TwoLines text={name} />,
    },
    {
      title: t('column.contentType'),
      dataIndex: 'contentType',
      width: 100,
      render: (value: SendRecord['contentType']) => (
        <TwoLines text={enumText.contentType(locale, value)} />
      ),
    },
    {
      title: t('column.filterType'),
      dataIndex: 'filterType',
      width: 80,
      ellipsis: true,
      tooltip: true,
      render: (value: SendRecord['filterType']) => enumText.filterType(locale, value),
    },
    {
      title: t('column.createdAt'),
      dataIndex: 'createdAt',
      width: 156,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      // What the creator did (issue 19): fixed beside the status, so it shows without scrolling.
      title: t('column.stage'),
      dataIndex: 'stage',
      width: 104,
      fixed: 'right',
      render: (_: unknown, record) => <RecordStageTag record={record} />,
    },
    {
      title: t('column.status'),
      dataIndex: 'status',
      width: 112,
      fixed: 'right',
      render: (_: unknown, record) => <RecordStatus record={record} />,
    },
    {
      title: t('column.operations'),
      dataIndex: 'operations',
      width: 210,
      fixed: 'right',
      render: (_: unknown, record) => (
        <Space size={0} className="send-operations">
          <Button type="text" size="small" onClick={() => setViewing(record.id)}>
            {t('action.view')}
          </Button>
          {record.platform === 'tiktok' && record.status === 'success' && (
            <Button
              type="text"
              size="small"
              onClick={() =>
                setConversation({ kind: 'record', recordId: record.id, name: record.talentName })
              }
            >
              {t('action.messages')}
            </Button>
          )}
          <Button
            type="text"
            size="small"
            disabled={record.status !== 'pending'}
            title={record.status !== 'pending' ? t('action.editOnlyPending') : undefined}
            onClick={() => setEditing(record)}
          >
            {t('action.edit')}
          </Button>
          <Popconfirm
            title={t('action.deleteConfirm', { name: record.talentName })}
            okText={t('action.delete')}
            okButtonProps={{ status: 'danger' }}
            cancelText={t('crud.cancel')}
            onOk={() => onDelete(record)}
            disabled={isLeased(record)}
          >
            <Button
              type="text"
              size="small"
              status="danger"
              disabled={isLeased(record)}
              title={isLeased(record) ? t('action.deleteRunning') : undefined}
            >
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  // Which columns show, their order and the density: the seller's, kept per account.
  const table = useTableSettings('sendRecords', allColumns);
  const { columns } = table;
  const tableWidth = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  return (
    <FilterTableCard
      title={t('menu.sent.searchTable')}
      intro={t('page.intro')}
      filters={
        <SendFilterForm
          filters={list.filters}
          filtersKey={list.filtersKey}
          onSearch={list.search}
        />
      }
      toolbar={
        <Space wrap>
          <Button type="primary" icon={<IconPlus />} onClick={() => setCreating(true)}>
            {t('action.create')}
          </Button>
          <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
            {t('action.import')}
          </Button>
          <FileExportButton
            label={t('action.download')}
            title={t('export.title')}
            pending={exporter.isPending}
            progressPath={apiPaths.sendRecords.exportProgress}
            start={(format) =>
              exporter.mutateAsync({ format, timeZone: displayTimeZone(), ...filters })
            }
          />
        </Space>
      }
      tableSettings={table.controls}
      table={
        <Table<SendRecord>
          rowKey="id"
          className="send-table"
          columns={columns}
          size={table.size}
          data={rows}
          loading={list.loading}
          pagination={false}
          scroll={{ x: tableWidth }}
          border={{ wrapper: true, cell: false }}
          noDataElement={
            <ListEmpty
              load={list.load}
              description={list.filtered ? t('empty.filtered') : t('empty.none')}
            />
          }
        />
      }
      list={list}
      totalClassName="send-total"
    >
      <CreateTaskDrawer
        visible={creating}
        preset={preset}
        onClose={() => {
          setCreating(false);
          setPreset(null);
        }}
      />
      <SendImportModal visible={importing} onClose={() => setImporting(false)} />
      <RecordDetailDrawer id={viewing} onClose={() => setViewing(null)} />
      <ConversationDrawer subject={conversation} onClose={() => setConversation(null)} />
      <RecordEditModal record={editing} onClose={() => setEditing(null)} />
    </FilterTableCard>
  );
}
