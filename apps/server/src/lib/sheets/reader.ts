import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import {
  SheetLimitError,
  UnreadableFileError,
  defaultReadLimits,
  type FileFormat,
  type ReadLimits,
  type SheetRow,
} from './sheet-types.ts';
import { xlsxRows } from './xlsx-reader.ts';

export { type CellValue, type FileFormat, type ReadLimits, type SheetRow } from './sheet-types.ts';

/**
 * Reads the rows of an uploaded spreadsheet one at a time (the first worksheet of
 * an .xlsx, or a .csv), so memory stays flat whatever the file's length, within
 * `ReadLimits` (cells, characters in a cell, shared strings, inflated size, parts,
 * XML nesting, time). A file that cannot be read throws UnreadableFileError; one
 * past a limit throws SheetLimitError naming it. Reading never touches the database:
 * importers read a whole file before they write anything (issue 15, F3).
 */

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

export async function* readSheetRows(
  path: string,
  format: FileFormat,
  limits: ReadLimits = defaultReadLimits,
): AsyncGenerator<SheetRow> {
  try {
    yield* format === 'xlsx' ? xlsxRows(path, limits) : csvRows(path, limits);
  } catch (error) {
    if (error instanceof UnreadableFileError || error instanceof SheetLimitError) throw error;
    throw new UnreadableFileError(error);
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

async function* csvRows(path: string, limits: ReadLimits): AsyncGenerator<SheetRow> {
  const deadline = Date.now() + limits.seconds * 1000;
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
  let cells = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number += 1;
      cells += record.length;
      if (cells > limits.cells) throw new SheetLimitError('cells', { max: limits.cells });
      if (Date.now() > deadline) throw new SheetLimitError('seconds', { max: limits.seconds });
      for (const cell of record) {
        if (cell.length > limits.cellChars) {
          throw new SheetLimitError('cellChars', { max: limits.cellChars, row: number });
        }
      }
      yield { number, cells: record.map((cell) => (cell.trim() === '' ? null : cell)) };
    }
    await feeding;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
