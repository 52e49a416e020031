import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { CellValue as ExcelCellValue } from 'exceljs';
import { isIntactZip } from '../zip-integrity.ts';
import { loadExcelJs } from './exceljs.ts';

/** A cell as the readers hand it over. */
export type CellValue = string | number | boolean | Date | null;

/**
 * Reads the rows of an uploaded spreadsheet one at a time (the first worksheet of
 * an .xlsx, or a .csv), so memory stays flat whatever the file's length. Any
 * failure to read throws UnreadableFileError.
 */

export type FileFormat = 'xlsx' | 'csv';

export interface SheetRow {
  /** The row number a spreadsheet app shows (the first row is 1). */
  number: number;
  /** Cells from the first column on; empty cells are null. */
  cells: CellValue[];
}

export class UnreadableFileError extends Error {
  constructor(cause?: unknown) {
    super('unreadable file', { cause });
    this.name = 'UnreadableFileError';
  }
}

/** An .xlsx inflates to at most this much (a zip bomb is refused). */
const XLSX_UNZIPPED_MAX = 400 * 1024 * 1024;

/** The format by content, whatever the file is called; null for anything else (.xls, images). */
export async function sniffFormat(path: string): Promise<FileFormat | null> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
    // Text has no NUL bytes (UTF-16 files and binary formats do).
    if (bytesRead === 0 || bytes.includes(0)) return null;
    return 'csv';
  } finally {
    await file.close();
  }
}

export async function* readSheetRows(path: string, format: FileFormat): AsyncGenerator<SheetRow> {
  try {
    yield* format === 'xlsx' ? xlsxRows(path) : csvRows(path);
  } catch (error) {
    throw error instanceof UnreadableFileError ? error : new UnreadableFileError(error);
  }
}

type ExcelValue = ExcelCellValue | undefined;

function plainCell(value: ExcelValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  if (typeof value === 'object') {
    if ('richText' in value) return plainCell(value.richText.map((part) => part.text).join(''));
    if ('result' in value) return plainCell(value.result as ExcelValue);
    if ('text' in value && typeof value.text === 'string') return plainCell(value.text);
  }
  // Errors (#N/A) and formulas without a cached result hold nothing to import.
  return null;
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  // exceljs' streaming reader waits forever on a damaged entry: check the archive first.
  if (!(await isIntactZip(path, XLSX_UNZIPPED_MAX))) throw new UnreadableFileError();
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    // Styles tell date cells from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let first = true;
  try {
    for await (const worksheet of reader) {
      // Only the first sheet holds talents (the template's second explains the columns);
      // the others are read through so the archive is consumed to its end.
      for await (const row of worksheet) {
        if (!first) continue;
        const values = row.values as ExcelValue[];
        yield { number: row.number, cells: values.slice(1).map(plainCell) };
      }
      first = false;
    }
  } finally {
    (reader as unknown as { stream?: { destroy?: () => void } }).stream?.destroy?.();
  }
}

/** Streams the file through a decoder: throws on the first byte that is not valid text. */
function decoder(encoding: string): Transform {
  const textDecoder = new TextDecoder(encoding, { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, textDecoder.decode(chunk, { stream: true }));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, textDecoder.decode());
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

async function decodesAs(path: string, encoding: string): Promise<boolean> {
  try {
    await pipeline(createReadStream(path), decoder(encoding), async (text) => {
      for await (const _chunk of text) {
        // Only validity matters here.
      }
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * UTF-8 (with or without a BOM, as the template and "CSV UTF-8" are), else GB18030:
 * Excel and WPS on Chinese Windows save plain "CSV" in the ANSI code page.
 */
async function textEncoding(path: string): Promise<string> {
  if (await decodesAs(path, 'utf-8')) return 'utf-8';
  if (await decodesAs(path, 'gb18030')) return 'gb18030';
  throw new UnreadableFileError();
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const encoding = await textEncoding(path);
  const parser = parse({
    relax_column_count: true,
    // Blank lines still count as rows, so row numbers match what a spreadsheet shows.
    skip_empty_lines: false,
    max_record_size: 1024 * 1024,
  });
  const source = createReadStream(path);
  const feeding = pipeline(source, decoder(encoding), parser);
  // A failure surfaces through the parser's iteration; this keeps it from going unhandled.
  feeding.catch(() => undefined);
  let number = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number += 1;
      yield { number, cells: record.map((cell) => (cell.trim() === '' ? null : cell)) };
    }
    await feeding;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
