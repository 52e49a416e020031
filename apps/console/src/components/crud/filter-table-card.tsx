import { Button, Card, Divider, Pagination } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format-number.ts';
import { useT } from '@/locale/index.ts';
import { pageSizeOptions } from './page-size.ts';
import type { KeysetList } from './use-keyset-list.ts';
import './filter-table.css';

/**
 * A filtered keyset list page (talents, send records): intro, the search form, the
 * toolbar, the feature's table, and a pager that shows the rows seen so far until the
 * count arrives, then the total (or an estimate of a broad filter).
 */
export function FilterTableCard(props: {
  title: string;
  intro: string;
  /** The feature's `FilterBar`. */
  filters: ReactNode;
  /** The actions above the table, spread to both ends. */
  toolbar: ReactNode;
  /** The table's density and column settings (`useTableSettings`), at the right end. */
  tableSettings?: ReactNode;
  /** The feature's table (without pagination: the pager below pages it). */
  table: ReactNode;
  list: KeysetList;
  /** The class of the total beside the pager (its colour is the feature's). */
  totalClassName: string;
  /** The feature's drawers and dialogs. */
  children?: ReactNode;
}) {
  const { t, locale } = useT();
  const { list } = props;
  const { counted } = list;
  return (
    <Card className="filter-table-card" title={props.title}>
      {/* Arco's secondary paragraph, drawn by its classes: the list pages load no Typography. */}
      <div className="arco-typography arco-typography-secondary">{props.intro}</div>
      {props.filters}
      <Divider className="filter-table-divider" />
      <div className="filter-table-toolbar">
        <div className="filter-table-actions">{props.toolbar}</div>
        {props.tableSettings}
      </div>
      {props.table}
      <div className="filter-table-pager">
        <Pagination
          current={list.pager.page}
          pageSize={list.pager.pageSize}
          total={list.knownTotal}
          showTotal={() =>
            // A list that failed says so above, with its own Retry (which asks the count again).
            list.load.isError ? null : list.countFailed ? (
              <span className={props.totalClassName}>
                {t('pager.countFailed')}
                <Button type="text" size="mini" onClick={list.retryCount}>
                  {t('list.retry')}
                </Button>
              </span>
            ) : (
              <span className={props.totalClassName}>
                {counted === undefined
                  ? t('pager.counting')
                  : t(counted.exact ? 'pager.total' : 'pager.totalAbout', {
                      total: formatCount(counted.total, locale),
                    })}
              </span>
            )
          }
          sizeCanChange
          sizeOptions={pageSizeOptions}
          showJumper
          onChange={list.changePage}
        />
      </div>
      {props.children}
    </Card>
  );
}
