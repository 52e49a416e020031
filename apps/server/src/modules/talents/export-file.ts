import type { PassThrough } from 'node:stream';
import { translate, type TalentFilters, type TalentSortField } from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import type { ExportJob, ExportJobs } from '../../lib/sheets/export-jobs.ts';
import {
  streamSheet,
  type Cell,
  type CellFormat,
  type SheetSource,
} from '../../lib/sheets/writer.ts';
import { currencyDigits } from '@inviteflow/contract';
import { stampInZone } from '../../lib/time-zones.ts';
import type { SortOrder } from './cursor.ts';
import {
  columnHeader,
  enumLabel,
  fileColumns,
  labelsToText,
  type ColumnKey,
} from './file-cells.ts';
import { walkTalents, type TalentRow, type WalkedRow } from './repository.ts';

/** A talent export: the rows of a filter in a sort, written in keyset batches (lib/sheets). */
export interface TalentExportParams {
  sort: TalentSortField;
  order: SortOrder;
  filters: TalentFilters;
}
export type TalentExportJob = ExportJob<TalentExportParams>;

export const EXPORT_BATCH = 1_000;

const moneyFen: Partial<Record<ColumnKey, keyof TalentRow>> = {
  videoGpm: 'videoGpmFen',
  liveGpm: 'liveGpmFen',
  businessAmount: 'businessAmountFen',
};

/**
 * The currency of a talent's business amount: the platform's orders' once they set it (issue
 * 19, affiliate-orders; in that currency's minor unit), else the seller's own figure in CNY.
 */
function businessCurrency(row: TalentRow): string {
  return (row.figuresSyncedAt ? row.figuresCurrency : null) ?? 'CNY';
}

/** A row's cells, in the file's columns, as the seller reads them. */
function cells(row: TalentRow, job: TalentExportJob, format: CellFormat): Cell[] {
  const { locale, timeZone } = job;
  return fileColumns('export').map((column): Cell => {
    if (column.key === 'businessAmount') {
      return format.money(row.businessAmountFen, currencyDigits(businessCurrency(row)));
    }
    const fenField = moneyFen[column.key];
    if (fenField) return format.money(row[fenField] as number);
    switch (column.key) {
      case 'businessAmountCurrency':
        return businessCurrency(row);
      case 'platform':
        return enumLabel('platform', row.platform, locale);
      case 'industry':
        return row.industry ? enumLabel('industry', row.industry, locale) : '';
      case 'status':
        return enumLabel('status', row.status, locale);
      case 'contactMethod':
        return row.contactMethod ? enumLabel('contactMethod', row.contactMethod, locale) : '';
      case 'labels':
        return labelsToText(row.labels, locale);
      case 'creatorUserOpenId':
        return row.creatorOpenId ?? '';
      case 'buyinId':
        return row.buyinId ?? '';
      case 'buyinUid':
        return row.buyinUid ?? '';
      case 'addedAt':
        return format.time(row.addedAt, timeZone);
      case 'updatedAt':
        return format.time(row.updatedAt, timeZone);
      default:
        return row[column.key as keyof TalentRow] as Cell;
    }
  });
}

export function exportFileName(job: TalentExportJob, now: Date) {
  const stamp = stampInZone(now, job.timeZone);
  return {
    name: `${translate(job.locale, 'export.fileName')}-${stamp}.${job.format}`,
    ascii: `talents-${stamp}.${job.format}`,
  };
}

/** The job's rows as a sheet: every export column, in keyset batches of the job's sort. */
function talentSheet(db: Executor, job: TalentExportJob): SheetSource<WalkedRow> {
  const { sort, order, filters } = job.params;
  return {
    format: job.format,
    sheetName: translate(job.locale, 'export.fileName'),
    columns: fileColumns('export').map((c) => ({
      header: columnHeader(c, job.locale, 'export'),
      key: c.key,
      width: c.key === 'addedAt' || c.key === 'updatedAt' ? 20 : 14,
      money: moneyFen[c.key] !== undefined,
      time: c.key === 'addedAt' || c.key === 'updatedAt',
    })),
    cells: (row, format) => cells(row, job, format),
    batch: (last) =>
      walkTalents(db, job.userId, filters, {
        sort,
        order,
        limit: EXPORT_BATCH,
        after: last?.position,
      }),
    batchSize: EXPORT_BATCH,
  };
}

/** Starts writing a claimed job into a stream for the reply (progress kept for the bar). */
export function streamExport(
  db: Executor,
  jobs: ExportJobs<TalentExportParams>,
  job: TalentExportJob,
  log: { warn: (details: object, message: string) => void },
): PassThrough {
  return streamSheet(talentSheet(db, job), jobs, job, log);
}
