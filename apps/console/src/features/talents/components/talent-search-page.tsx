import {
  Button,
  Card,
  Divider,
  Empty,
  Message,
  Pagination,
  Space,
  Table,
  Typography,
} from '@arco-design/web-react';
import type { SorterInfo } from '@arco-design/web-react/es/Table/interface';
import { IconPlus, IconUpload } from '@arco-design/web-react/icon';
import {
  BATCH_MAX,
  TALENT_PAGE_SIZE_DEFAULT,
  talentSortFields,
  type Talent,
  type TalentSortField,
} from '@inviteflow/contract';
import { useEffect, useState } from 'react';
import { pageSizeOptions } from '@/components/crud/use-list-state.ts';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useDeleteTalent } from '../api/delete-talent.ts';
import { useTalentCount } from '../api/get-talent-count.ts';
import { useTalents, type TalentsQuery } from '../api/get-talents.ts';
import { useTalentsT } from '../locale/index.ts';
import type { AppliedFilters } from '../model/filters.ts';
import {
  firstPage,
  goToPage,
  exactTotal,
  knownTotal,
  learnCursors,
  pagingQuery,
  type PagerState,
} from '@/components/crud/keyset-pager.ts';
import { BatchBlacklistModal } from './batch-blacklist-modal.tsx';
import { BatchLabelsModal } from './batch-labels-modal.tsx';
import { BatchStatusModal } from './batch-status-modal.tsx';
import { FollowUpDrawer } from './follow-up-drawer.tsx';
import { ImportModal } from './import-modal.tsx';
import { defaultSort, useTalentColumns, type TalentSort } from './talent-columns.tsx';
import { TalentExport } from './talent-export.tsx';
import { TalentFilterForm } from './talent-filter-form.tsx';
import { TalentFormModal } from './talent-form-modal.tsx';
import './talents.css';

type BatchKind = 'status' | 'labels' | 'blacklist';

function isSortField(value: unknown): value is TalentSortField {
  return (talentSortFields as readonly unknown[]).includes(value);
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
 * Talent Management Query (spec 'Talent search'): filters, a server-sorted and
 * server-paged table over cursors, row selection kept across pages for the batch actions,
 * and add, edit, delete, follow-up, import and export.
 */
export function TalentSearchTablePage() {
  const { t, locale } = useTalentsT();
  const [filters, setFilters] = useState<AppliedFilters>({});
  const [sort, setSort] = useState<TalentSort>(defaultSort);
  const [pager, setPager] = useState<PagerState>(() => firstPage(TALENT_PAGE_SIZE_DEFAULT));
  // Each Search or Reset asks the server again, even for filters asked a moment ago.
  const [run, setRun] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<number, Talent>>(new Map());
  const [formState, setFormState] = useState<{ open: boolean; editing: Talent | null }>({
    open: false,
    editing: null,
  });
  const [batch, setBatch] = useState<BatchKind | null>(null);
  const [followUp, setFollowUp] = useState<Talent | null>(null);
  const [importing, setImporting] = useState(false);

  const query: TalentsQuery = {
    ...filters,
    sort: sort.field,
    order: sort.order,
    ...pagingQuery(pager),
  };
  const list = useTalents(query, run);
  const count = useTalentCount(filters, run);
  const remove = useDeleteTalent();
  // A count still loading for new filters is not the total of what is shown.
  const counted = count.data !== undefined && !count.isPlaceholderData ? count.data : undefined;
  const rows = list.data?.list ?? [];
  const fresh = list.data !== undefined && !list.isPlaceholderData;
  const hasNext = Boolean(list.data?.nextCursor);
  // Jumps counted from the end need the exact total, never an estimate.
  const total = exactTotal(pager, rows.length, hasNext, counted);

  // Each page tells how to reach its neighbours: remember it for the pager.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const data = list.data;
    setPager((state) => learnCursors(state, state.page, data));
  }, [list.data, list.isPlaceholderData]);

  // The last row of a page was deleted: show the page before instead of an empty one.
  useEffect(() => {
    if (!fresh || rows.length > 0 || pager.page <= 1) return;
    setPager((state) => {
      const previous = goToPage(state, state.page - 1, total);
      return previous === 'tooDeep' ? firstPage(state.pageSize) : previous;
    });
  }, [fresh, rows.length, pager.page, total]);

  const search = (next: AppliedFilters) => {
    setFilters(next);
    setRun((value) => value + 1);
    setPager((state) => firstPage(state.pageSize));
  };

  const changePage = (page: number, size: number) => {
    if (size !== pager.pageSize) {
      setPager(firstPage(size));
      return;
    }
    const next = goToPage(pager, page, total);
    if (next === 'tooDeep') {
      Message.warning(tCatalogue('validation.offsetTooDeep'));
      return;
    }
    setPager(next);
  };

  const changeSort = (sorter: SorterInfo) => {
    setSort((current) => nextSort(current, sorter));
    setPager((state) => firstPage(state.pageSize));
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

  const columns = useTalentColumns({
    sort,
    onEdit: (talent) => setFormState({ open: true, editing: talent }),
    onDelete,
    onFollowUp: setFollowUp,
  });
  const scrollX = columns.reduce((sum, column) => sum + Number(column.width ?? 120), 48);
  const filtered = Object.keys(filters).length > 0;
  const selectedTalents = [...selected.values()];
  // The drawer shows the talent as the list now has it (a follow-up may change its status).
  const followUpTalent = followUp ? (rows.find((row) => row.id === followUp.id) ?? followUp) : null;

  return (
    <Card className="talent-card" title={t('menu.talent.searchTable')}>
      <Typography.Paragraph type="secondary">{t('page.intro')}</Typography.Paragraph>
      <TalentFilterForm onSearch={search} />
      <Divider className="talent-divider" />
      <div className="talent-toolbar">
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
      </div>
      <Table<Talent>
        rowKey="id"
        className="talent-table"
        columns={columns}
        data={rows}
        loading={list.isFetching}
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
        noDataElement={<Empty description={filtered ? t('empty.filtered') : t('empty.none')} />}
      />
      <div className="talent-pager">
        <Pagination
          current={pager.page}
          pageSize={pager.pageSize}
          total={knownTotal(pager, rows.length, hasNext, counted)}
          showTotal={() => (
            <span className="talent-total">
              {counted === undefined
                ? t('pager.counting')
                : t(counted.exact ? 'pager.total' : 'pager.totalAbout', {
                    total: formatCount(counted.total, locale),
                  })}
            </span>
          )}
          sizeCanChange
          sizeOptions={pageSizeOptions}
          showJumper
          onChange={changePage}
        />
      </div>
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
      <ImportModal visible={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
