import { setImmediate } from 'node:timers/promises';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { translate } from '@inviteflow/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Executor } from '../../db/client.ts';
import { stampInZone } from '../../lib/time-zones.ts';
import type { Position } from './cursor.ts';
import {
  columnHeader,
  enumLabel,
  fileColumns,
  guardFormula,
  labelsToText,
  timeText,
  yuanText,
  type ColumnKey,
} from './file-cells.ts';
import type { ExportJob, ExportJobs } from './export-jobs.ts';
import { walkTalents, type TalentRow } from './repository.ts';

/**
 * Writes an export as it reads it: keyset batches of rows straight into a CSV or
 * an XLSX stream, so memory stays flat however many rows there are. Waits when
 * the reader (the browser) is slower than the database.
 */

export const EXPORT_BATCH = 1_000;

const moneyFen: Partial<Record<ColumnKey, keyof TalentRow>> = {
  videoGpm: 'videoGpmFen',
  liveGpm: 'liveGpmFen',
  businessAmount: 'businessAmountFen',
};

type Cell = string | number;

/** A row's cells, in the file's columns, as the seller reads them. */
function cells(row: TalentRow, job: ExportJob, money: (fen: number) => Cell): Cell[] {
  const { locale, timeZone } = job;
  return fileColumns('export').map((column): Cell => {
    const fenField = moneyFen[column.key];
    if (fenField) return money(row[fenField] as number);
    switch (column.key) {
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
      case 'addedAt':
        return timeText(row.addedAt, timeZone);
      case 'updatedAt':
        return timeText(row.updatedAt, timeZone);
      default:
        return row[column.key as keyof TalentRow] as Cell;
    }
  });
}

export function exportFileName(job: ExportJob, now: Date) {
  const stamp = stampInZone(now, job.timeZone);
  return {
    name: `${translate(job.locale, 'export.fileName')}-${stamp}.${job.format}`,
    ascii: `talents-${stamp}.${job.format}`,
  };
}

interface RowSink {
  /** Writes a row; false when the sink wants to drain before the next one. */
  write(row: TalentRow): boolean;
  /** The stream to wait on for 'drain'. */
  drainable: Writable;
  end(): Promise<void>;
}

function csvSink(job: ExportJob, out: Writable): RowSink {
  // A BOM and CRLF, so Excel and WPS open the Chinese text as it is.
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.pipe(out);
  // Every text cell is guarded: a spreadsheet would run one starting like a formula.
  const put = (record: Cell[]) =>
    csv.write(record.map((v) => (typeof v === 'string' ? guardFormula(v) : v)));
  put(fileColumns('export').map((c) => columnHeader(c, job.locale)));
  return {
    write: (row) => put(cells(row, job, yuanText)),
    drainable: csv,
    async end() {
      csv.end();
      await finished(out, { readable: false });
    },
  };
}

function xlsxSink(job: ExportJob, out: Writable): RowSink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(translate(job.locale, 'export.fileName'));
  sheet.columns = fileColumns('export').map((c) => ({
    header: columnHeader(c, job.locale),
    key: c.key,
    width: c.key === 'addedAt' || c.key === 'updatedAt' ? 20 : 14,
    style: moneyFen[c.key] ? { numFmt: '0.00' } : {},
  }));
  return {
    write(row) {
      sheet.addRow(cells(row, job, (fen) => fen / 100)).commit();
      // The workbook pipes its zip into `out`: that is where backpressure shows.
      return !out.writableNeedDrain;
    },
    drainable: out,
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** The download ended before the file was complete (the browser went away). */
export class ExportCancelledError extends Error {
  constructor() {
    super('export download cancelled');
    this.name = 'ExportCancelledError';
  }
}

/**
 * Waits for `work` unless `out` closes first, then throws ExportCancelledError: a
 * writer whose target is gone never finishes. The close listener is removed after
 * each wait, so waiting often holds nothing.
 */
async function unlessClosed<T>(out: Writable, work: Promise<T>): Promise<T> {
  let onClose = () => undefined as void;
  const closed = new Promise<never>((_, reject) => {
    // Closing after the last byte is the normal end; closing before it is a cancel.
    onClose = () => {
      if (!out.writableFinished) reject(new ExportCancelledError());
    };
    if (out.closed) onClose();
    out.once('close', onClose);
  });
  closed.catch(() => undefined);
  try {
    return await Promise.race([work, closed]);
  } finally {
    out.off('close', onClose);
  }
}

/**
 * Streams the job's rows into `out` and reports the count written after each
 * batch. Rows are written as they come; it waits only when the reader (the
 * browser) is slower than the database. Throws ExportCancelledError when `out`
 * is destroyed first.
 */
export async function writeExport(
  db: Executor,
  job: ExportJob,
  out: Writable,
  progress: (written: number) => Promise<void>,
): Promise<void> {
  const sink = job.format === 'csv' ? csvSink(job, out) : xlsxSink(job, out);
  let after: Position | undefined;
  let written = 0;
  for (;;) {
    const rows = await walkTalents(db, job.userId, job.filters, {
      sort: job.sort,
      order: job.order,
      limit: EXPORT_BATCH,
      after,
    });
    for (const row of rows) {
      if (!sink.write(row)) await unlessClosed(out, once(sink.drainable, 'drain'));
    }
    written += rows.length;
    await progress(written);
    // PGlite runs queries on this thread: let other requests (the progress bar's,
    // everyone else's) in between batches instead of after the whole export.
    await setImmediate();
    if (out.destroyed && !out.writableFinished) throw new ExportCancelledError();
    if (rows.length < EXPORT_BATCH) break;
    after = rows.at(-1)!.position;
  }
  await unlessClosed(out, sink.end());
  if (!out.writableFinished) throw new ExportCancelledError();
}

/**
 * Starts writing a claimed job into a stream for the reply, recording progress
 * after each batch and the end state (done, or failed when the browser went away
 * or the database failed) where the progress bar reads it.
 */
export function streamExport(
  db: Executor,
  jobs: ExportJobs,
  job: ExportJob,
  log: { warn: (details: object, message: string) => void },
): PassThrough {
  const out = new PassThrough();
  const save = async (changes: Partial<ExportJob>) => {
    Object.assign(job, changes);
    await jobs.save(job);
  };
  save({ state: 'running' })
    .then(() => writeExport(db, job, out, (written) => save({ written })))
    .then(
      () => save({ state: 'done' }),
      async (error: unknown) => {
        log.warn({ err: error, exportId: job.id }, 'export did not complete');
        out.destroy();
        await save({ state: 'failed' }).catch(() => undefined);
      },
    )
    .catch((error: unknown) =>
      log.warn({ err: error, exportId: job.id }, 'export state not saved'),
    );
  return out;
}
