import { setImmediate } from 'node:timers/promises';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { TalentFileFormat } from '@inviteflow/contract';
import { stringify } from 'csv-stringify';
import type * as ExcelJS from 'exceljs';
import { formatInZone, wallClockAsUtc } from '../time-zones.ts';
import { loadExcelJs } from './exceljs.ts';
import type { ExportJob, ExportJobs } from './export-jobs.ts';

/**
 * Writes an export as it reads it: batches of rows straight into a CSV or an XLSX
 * stream, so memory stays flat however many rows there are. Waits when the reader
 * (the browser) is slower than the database.
 */

export type Cell = string | number | Date;

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** Money columns: two decimals in XLSX (a number), yuan text in CSV. */
  money?: boolean;
  /** Time columns: a date cell in XLSX, `YYYY-MM-DD HH:mm:ss` text in CSV. */
  time?: boolean;
}

/** How the file's format writes money and times (CSV as text, XLSX as numbers and dates). */
export interface CellFormat {
  /** An amount in a currency's minor unit, with that unit's digits (2 when not said: fen). */
  money: (minor: number, digits?: number) => Cell;
  /** The clock reading of `at` in `timeZone`, to the second. */
  time: (at: Date, timeZone: string) => Cell;
}

export interface SheetSource<Row> {
  format: TalentFileFormat;
  sheetName: string;
  columns: readonly SheetColumn[];
  /** A row's cells in column order; money (from fen) and times through `format`. */
  cells: (row: Row, format: CellFormat) => Cell[];
  /** The next batch after `last` (the previous batch's last row; undefined at first). */
  batch: (last: Row | undefined) => Promise<Row[]>;
  batchSize: number;
}

/**
 * An amount in a minor unit of `digits` digits as its decimal text, exactly, with no floating
 * point on the way: fen as yuan "12.50", whole yen "1234".
 */
function minorText(minor: number, digits: number): string {
  if (digits <= 0) return String(minor);
  const unit = 10 ** digits;
  return `${Math.floor(minor / unit)}.${String(minor % unit).padStart(digits, '0')}`;
}

/*
 * Times: an XLSX date cell has no zone, so it holds the clock reading in the seller's
 * zone (what import reads back in the same zone), to the second.
 */
const csvFormat: CellFormat = {
  money: (minor, digits = 2) => minorText(minor, digits),
  time: formatInZone,
};
const xlsxFormat: CellFormat = {
  money: (minor, digits = 2) => minor / 10 ** digits,
  time: wallClockAsUtc,
};

/** Spreadsheet apps run a cell that starts like a formula; a leading ' makes it text. */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Excel and WPS read a CSV cell of digits as a number: past 11 digits it shows as
 * 1.23457E+15 and past 15 it loses its last digits; a leading 0 is dropped. Such text
 * (a long Douyin talent ID, a phone number with its 0) is written after a tab, which
 * keeps it text there and which import trims away.
 */
export function keepDigitsAsText(text: string): string {
  return /^(?:0\d+|\d{12,})$/.test(text) ? `\t${text}` : text;
}

/** A CSV text cell as spreadsheet apps should show it: never run, never turned into a number. */
export function csvText(text: string): string {
  return keepDigitsAsText(guardFormula(text));
}

interface RowSink<Row> {
  /** Writes a row; false when the sink wants to drain before the next one. */
  write(row: Row): boolean;
  /** The stream to wait on for 'drain'. */
  drainable: Writable;
  end(): Promise<void>;
}

function csvSink<Row>(source: SheetSource<Row>, out: Writable): RowSink<Row> {
  // A BOM and CRLF, so Excel and WPS open the Chinese text as it is.
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.pipe(out);
  // Every text cell is guarded: a spreadsheet would run one starting like a formula,
  // or turn one of many digits into a rounded number.
  const put = (record: Cell[]) =>
    csv.write(record.map((v) => (typeof v === 'string' ? csvText(v) : v)));
  put(source.columns.map((c) => c.header));
  return {
    write: (row) => put(source.cells(row, csvFormat)),
    drainable: csv,
    async end() {
      csv.end();
      await finished(out, { readable: false });
    },
  };
}

function xlsxSink<Row>(
  excel: typeof ExcelJS,
  source: SheetSource<Row>,
  out: Writable,
): RowSink<Row> {
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(source.sheetName);
  sheet.columns = source.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 14,
    style: c.money ? { numFmt: '0.00' } : c.time ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
  }));
  return {
    write(row) {
      sheet.addRow(source.cells(row, xlsxFormat)).commit();
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
 * Streams the source's rows into `out` and reports the count written after each
 * batch. Rows are written as they come; it waits only when the reader (the
 * browser) is slower than the database. Throws ExportCancelledError when `out`
 * is destroyed first.
 */
export async function writeSheet<Row>(
  source: SheetSource<Row>,
  out: Writable,
  progress: (written: number) => Promise<void>,
): Promise<void> {
  const sink =
    source.format === 'csv' ? csvSink(source, out) : xlsxSink(await loadExcelJs(), source, out);
  let last: Row | undefined;
  let written = 0;
  for (;;) {
    const rows = await source.batch(last);
    for (const row of rows) {
      if (!sink.write(row)) await unlessClosed(out, once(sink.drainable, 'drain'));
    }
    written += rows.length;
    await progress(written);
    // PGlite runs queries on this thread: let other requests (the progress bar's,
    // everyone else's) in between batches instead of after the whole export.
    await setImmediate();
    if (out.destroyed && !out.writableFinished) throw new ExportCancelledError();
    if (rows.length < source.batchSize) break;
    last = rows.at(-1);
  }
  await unlessClosed(out, sink.end());
  if (!out.writableFinished) throw new ExportCancelledError();
}

/**
 * Starts writing a claimed job into a stream for the reply, recording progress
 * after each batch and the end state (done, or failed when the browser went away
 * or the database failed) where the progress bar reads it.
 */
export function streamSheet<Row, P>(
  source: SheetSource<Row>,
  jobs: ExportJobs<P>,
  job: ExportJob<P>,
  log: { warn: (details: object, message: string) => void },
): PassThrough {
  const out = new PassThrough();
  const save = async (changes: Partial<ExportJob<P>>) => {
    Object.assign(job, changes);
    await jobs.save(job);
  };
  save({ state: 'running' })
    .then(() => writeSheet(source, out, (written) => save({ written })))
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
