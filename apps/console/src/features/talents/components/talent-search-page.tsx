import { Button, Message, Space, Spin, Table, Tabs, Typography } from '@arco-design/web-react';
import type { SorterInfo } from '@arco-design/web-react/es/Table/interface';
import { IconPlus, IconUpload } from '@arco-design/web-react/icon';
import {
  BATCH_MAX,
  talentSortFields,
  type Talent,
  type TalentSortField,
} from '@inviteflow/contract';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConversationSubject } from '@/components/conversations/conversation-drawer.tsx';
import { FilterTableCard } from '@/components/crud/filter-table-card.tsx';
import { useKeysetList } from '@/components/crud/use-keyset-list.ts';
import { useTableSettings } from '@/components/crud/use-table-settings.tsx';
import { lazyWhenShown } from '@/components/lazy-when-shown.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useDeleteTalent } from '../api/delete-talent.ts';
import { useTalentCount } from '../api/get-talent-count.ts';
import { useTalents } from '../api/get-talents.ts';
import { useFindCreatorsT } from '../locale/find-creators.ts';
import { useSamplesT } from '../locale/samples.ts';
import { useTalentsT } from '../locale/index.ts';
import { talentFilterCodec, type AppliedFilters } from '../model/filters.ts';
import { BatchBlacklistModal } from './batch-blacklist-modal.tsx';
import { BatchLabelsModal } from './batch-labels-modal.tsx';
import { BatchStatusModal } from './batch-status-modal.tsx';
import { FollowUpDrawer } from './follow-up-drawer.tsx';
import { ImportModal } from './import-modal.tsx';
import {
  defaultSort,
  talentColumnsHiddenByDefault,
  useTalentColumns,
  type TalentSort,
} from './talent-columns.tsx';
import { TalentExport } from './talent-export.tsx';
import { TalentFilterForm } from './talent-filter-form.tsx';
import { TalentFormModal } from './talent-form-modal.tsx';
import './talents.css';

const ConversationDrawer = lazyWhenShown(
  async () =>
    (await import('@/components/conversations/conversation-drawer.tsx')).ConversationDrawer,
  (props: { subject: ConversationSubject | null; onClose: () => void }) => props.subject !== null,
);

const FindCreators = lazy(async () => ({
  default: (await import('./find-creators.tsx')).FindCreators,
}));
const SamplesTab = lazy(async () => ({
  default: (await import('./samples-tab.tsx')).SamplesTab,
}));

/** The library's tabs besides the library itself, as the URL names them (`?tab=…`). */
const otherTabs = ['find', 'samples'] as const;
type Tab = 'library' | (typeof otherTabs)[number];

type BatchKind = 'status' | 'labels' | 'blacklist';

function isSortField(value: unknown): value is TalentSortField {
  return (talentSortFields as readonly unknown[]).includes(value);
}

/** The sort the URL names (`?sort=fansCount&order=asc`), else the default. */
export function sortOf(params: URLSearchParams): TalentSort {
  const field = params.get('sort');
  const order = params.get('order');
  if (!isSortField(field)) return defaultSort;
  return { field, order: order === 'asc' ? 'asc' : 'desc' };
}

/** The sort after a click on a header: Arco's cycle, with "no sort" meaning the default. */
export function nextSort(current: TalentSort, sorter: SorterInfo): TalentSort {
  if (!isSortField(sorter.field)) return current;
  if (sorter.direction) {
    return { field: sorter.field, order: sorter.direction === 'ascend' ? 'asc' : 'desc' };
  }
  // Leaving the default column unsorted would show it sorted again: flip it instead.
  if (sorter.field === defaultSort.field && current.field === defaultSort.field) {
    return { field: current.field, order: current.order === 'asc' ? 'desc' : 'asc' };
  }
  return defaultSort;
}

/**
 * The talent library's page: the seller's own talents (the spec's Talent search) and, in a
 * second tab, Find creators on the platform (issue 19), and in a third the creators' sample
 * requests (issue 19, `?tab=samples`). The tab is in the URL (`?tab=find`), so a reload or a
 * link keeps it; each tab's code loads when it is first opened.
 */
export function TalentSearchTablePage() {
  const { t } = useFindCreatorsT();
  const { t: tSamples } = useSamplesT();
  const [params, setParams] = useSearchParams();
  const named = params.get('tab');
  const tab: Tab = (otherTabs as readonly (string | null)[]).includes(named)
    ? (named as Tab)
    : 'library';
  return (
    <Tabs
      className="talent-library-tabs"
      activeTab={tab}
      lazyload
      onChange={(key) => setParams(key === 'library' ? {} : { tab: key }, { replace: false })}
    >
      <Tabs.TabPane key="library" title={t('tab.library')}>
        <TalentLibraryList />
      </Tabs.TabPane>
      <Tabs.TabPane key="find" title={t('tab.find')}>
        <Suspense fallback={<Spin className="talent-tab-loading" />}>
          <FindCreators />
        </Suspense>
      </Tabs.TabPane>
      <Tabs.TabPane key="samples" title={tSamples('tab.samples')}>
        <Suspense fallback={<Spin className="talent-tab-loading" />}>
          <SamplesTab />
        </Suspense>
      </Tabs.TabPane>
    </Tabs>
  );
}

/**
 * Talent Management Query (spec 'Talent search'): filters, a server-sorted and
 * server-paged table over cursors, row selection kept across pages for the batch actions,
 * and add, edit, delete, follow-up, import and export.
 */
function TalentLibraryList() {
  const { t, locale } = useTalentsT();
  // Filters, page, page size and sort live in the URL: a reload, Back or a link keeps them.
  const [params] = useSearchParams();
  const sort = sortOf(params);
  const list = useKeysetList<AppliedFilters, Talent>({
    list: 'talents',
    codec: talentFilterCodec,
    scope: `${sort.field} ${sort.order}`,
    usePage: (filters, paging, run) =>
      useTalents({ ...filters, sort: sort.field, order: sort.order, ...paging }, run),
    useCount: useTalentCount,
  });
  const [selected, setSelected] = useState<ReadonlyMap<number, Talent>>(new Map());
  const [formState, setFormState] = useState<{ open: boolean; editing: Talent | null }>({
    open: false,
    editing: null,
  });
  const [batch, setBatch] = useState<BatchKind | null>(null);
  const [followUp, setFollowUp] = useState<Talent | null>(null);
  const [messages, setMessages] = useState<ConversationSubject | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteTalent();
  const { filters, rows } = list;

  const changeSort = (sorter: SorterInfo) => {
    const next = nextSort(sort, sorter);
    const isDefault = next.field === defaultSort.field && next.order === defaultSort.order;
    list.restart(
      isDefault ? { sort: undefined, order: undefined } : { sort: next.field, order: next.order },
    );
  };

  const select = (keys: (string | number)[], selectedRows: Talent[]) => {
    setSelected((previous) => {
      const next = new Map<number, Talent>();
      for (const key of keys) {
        const id = Number(key);
        const row =
          rows.find((item) => item.id === id) ??
          selectedRows.find((item) => item.id === id) ??
          previous.get(id);
        if (row) next.set(id, row);
      }
      return next;
    });
  };
  const clearSelection = () => setSelected(new Map());

  const openBatch = (kind: BatchKind) => {
    if (selected.size === 0) {
      Message.warning(t('selection.none'));
      return;
    }
    if (selected.size > BATCH_MAX) {
      Message.warning(t('selection.tooMany', { max: BATCH_MAX, count: selected.size }));
      return;
    }
    setBatch(kind);
  };
  const batchDone = () => {
    setBatch(null);
    clearSelection();
  };

  const onDelete = async (talent: Talent) => {
    try {
      await remove.mutateAsync(talent.id);
      Message.success(tCatalogue('success.deleted'));
      setSelected((previous) => {
        if (!previous.has(talent.id)) return previous;
        const next = new Map(previous);
        next.delete(talent.id);
        return next;
      });
    } catch {
      // Shown by the request layer.
    }
  };

  // Which columns show, their order and the density: the seller's, kept per account.
  const table = useTableSettings(
    'talents',
    useTalentColumns({
      sort,
      onEdit: (talent) => setFormState({ open: true, editing: talent }),
      onDelete,
      onFollowUp: setFollowUp,
      onMessages: (talent) =>
        setMessages({ kind: 'talent', talentId: talent.id, name: talent.name }),
    }),
    { hiddenByDefault: talentColumnsHiddenByDefault },
  );
  const { columns } = table;
  const scrollX = columns.reduce((sum, column) => sum + Number(column.width ?? 120), 48);
  const selectedTalents = [...selected.values()];
  // The drawer shows the talent as the list now has it (a follow-up may change its status).
  const followUpTalent = followUp ? (rows.find((row) => row.id === followUp.id) ?? followUp) : null;

  return (
    <FilterTableCard
      title={t('menu.talent.searchTable')}
      intro={t('page.intro')}
      filters={
        <TalentFilterForm
          filters={list.filters}
          filtersKey={list.filtersKey}
          onSearch={list.search}
        />
      }
      toolbar={
        <>
          <Space wrap>
            <Button
              type="primary"
              icon={<IconPlus />}
              onClick={() => setFormState({ open: true, editing: null })}
            >
              {t('action.add')}
            </Button>
            <Button icon={<IconUpload />} onClick={() => setImporting(true)}>
              {t('action.import')}
            </Button>
            <TalentExport filters={filters} sort={sort} />
          </Space>
          <Space wrap className="talent-batch">
            {selected.size > 0 && (
              <span className="talent-selection" role="status">
                <Typography.Text>
                  {t('selection.count', { count: formatCount(selected.size, locale) })}
                </Typography.Text>
                <Button type="text" size="small" onClick={clearSelection}>
                  {t('selection.clear')}
                </Button>
              </span>
            )}
            <Button disabled={selected.size === 0} onClick={() => openBatch('status')}>
              {t('action.modifyStatus')}
            </Button>
            <Button disabled={selected.size === 0} onClick={() => openBatch('labels')}>
              {t('action.modifyLabel')}
            </Button>
            <Button
              status="danger"
              disabled={selected.size === 0}
              onClick={() => openBatch('blacklist')}
            >
              {t('action.batchBlacklist')}
            </Button>
          </Space>
        </>
      }
      tableSettings={table.controls}
      table={
        <Table<Talent>
          rowKey="id"
          className="talent-table"
          columns={columns}
          size={table.size}
          data={rows}
          loading={list.loading}
          pagination={false}
          scroll={{ x: scrollX }}
          border={{ wrapper: true, cell: false }}
          onChange={(_pagination, sorter, _filters, extra) => {
            if (extra.action === 'sort' && !Array.isArray(sorter)) changeSort(sorter);
          }}
          rowSelection={{
            type: 'checkbox',
            fixed: true,
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            checkCrossPage: true,
            onChange: select,
          }}
          noDataElement={
            <ListEmpty
              load={list.load}
              description={list.filtered ? t('empty.filtered') : t('empty.none')}
            />
          }
        />
      }
      list={list}
      totalClassName="talent-total"
    >
      <TalentFormModal
        visible={formState.open}
        editing={formState.editing}
        onClose={() => setFormState({ open: false, editing: null })}
      />
      <BatchStatusModal
        visible={batch === 'status'}
        talents={selectedTalents}
        onClose={() => setBatch(null)}
        onDone={batchDone}
      />
      <BatchLabelsModal
        visible={batch === 'labels'}
        talents={selectedTalents}
        onClose={() => setBatch(null)}
        onDone={batchDone}
      />
      <BatchBlacklistModal
        visible={batch === 'blacklist'}
        talents={selectedTalents}
        onClose={() => setBatch(null)}
        onDone={batchDone}
      />
      <FollowUpDrawer talent={followUpTalent} onClose={() => setFollowUp(null)} />
      <ConversationDrawer subject={messages} onClose={() => setMessages(null)} />
      <ImportModal visible={importing} onClose={() => setImporting(false)} />
    </FilterTableCard>
  );
}
