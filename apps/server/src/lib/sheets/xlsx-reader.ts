import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  SheetLimitError,
  UnreadableFileError,
  type CellValue,
  type ReadLimits,
  type SheetRow,
} from './sheet-types.ts';

/**
 * Our own streaming reader of the first worksheet of an .xlsx (issue 15, F3 and F6).
 *
 * exceljs' streaming reader decoded each inflated chunk on its own, so a character split
 * across two chunks became U+FFFD; it parsed every sheet, expanded huge dimensions and
 * waited forever on a damaged entry. This one:
 * - reads the archive by its central directory (yauzl), and inflates only the parts it
 *   needs: the package and workbook relationships, the workbook, the styles, the shared
 *   strings and the first sheet in tab order, never the others;
 * - checks each part's CRC-32 and size, and refuses a part that would inflate past the
 *   budget before inflating it (a zip bomb declares its size, or lies and is caught);
 * - decodes UTF-8 with one streaming TextDecoder per part, so a character split across
 *   chunks is joined, and feeds a streaming SAX parser (saxes) that refuses DTDs;
 * - stops at every limit of `ReadLimits` with a SheetLimitError naming it.
 * Memory stays bounded: one inflate window and one row at a time, the shared strings
 * (capped) and the styles' date flags. Nothing depends on timing but the last-resort
 * time limit, checked between chunks.
 */

/** Built-in number formats that show dates or times (ECMA-376 18.8.30, with the CJK ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A custom number format shows a date when it has date or time tokens outside quotes and brackets. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*]/g, '')
    .replace(/\\./g, '')
    .replace(/_./g, '')
    .replace(/\*./g, '');
  if (/^general$/i.test(bare.trim())) return false;
  return /[ymdhs]/i.test(bare.replace(/[eE][+-]/g, ''));
}

const MS_PER_DAY = 86_400_000;
/** Days from 1899-12-30 (Excel's day 0, after its 1900 leap-year bug) to 1970-01-01. */
const EPOCH_1900 = 25_569;
/** The 1904 date system counts from 1904-01-01. */
const EPOCH_1904 = EPOCH_1900 - 1_462;

/** A serial date as a Date whose UTC fields are the wall clock the cell shows (as exceljs did). */
function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? EPOCH_1904 : EPOCH_1900)) * MS_PER_DAY));
}

/** The name without its namespace prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Column number (A is 1) of a cell reference like `AB12`; 0 when it has none. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
    if (column > 16_384) return -1;
  }
  return column;
}

/** Cells past this column are not kept (no column of ours lives there). */
const MAX_COLUMN = 1_024;

interface Budget {
  readonly limits: ReadLimits;
  readonly deadline: number;
  /** Bytes still allowed to inflate. */
  inflate: number;
  cells: number;
}

function checkTime(budget: Budget): void {
  if (Date.now() > budget.deadline) {
    throw new SheetLimitError('seconds', { max: budget.limits.seconds });
  }
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error ? reject(new UnreadableFileError(error)) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, by name (at most `limits.parts`). */
function listEntries(zip: ZipFile, budget: Budget): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    if (zip.entryCount > budget.limits.parts) {
      reject(new SheetLimitError('parts', { max: budget.limits.parts }));
      return;
    }
    zip.on('entry', (entry: Entry) => {
      // Names are compared as written, without a leading slash; folders are not parts.
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: unknown) => reject(new UnreadableFileError(error)));
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error ? reject(new UnreadableFileError(error)) : resolve(stream),
    );
  });
}

/** Handlers of a part's XML; a handler may throw to stop reading. */
interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>, depth: number): void;
  close?(name: string, depth: number): void;
  text?(text: string): void;
  /** Called after each chunk: rows completed in it are handed on from here. */
  chunk?(): void;
}

/**
 * Streams one part through inflate, a streaming UTF-8 decoder and saxes, checking its
 * size, CRC-32, nesting and the time budget. Yields after each chunk (the handlers'
 * `chunk`), so a caller can hand rows on as they complete.
 */
async function* parsePart(
  zip: ZipFile,
  entry: Entry,
  budget: Budget,
  handlers: XmlHandlers,
): AsyncGenerator<void> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new UnreadableFileError();
  }
  // A zip bomb that declares its size is refused before anything inflates.
  budget.inflate -= entry.uncompressedSize;
  if (budget.inflate < 0) {
    throw new SheetLimitError('unzippedMb', { max: budget.limits.unzippedMb });
  }
  const stream = await openEntry(zip, entry);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = new SaxesParser<{ xmlns: false; position: false }>({
    xmlns: false,
    position: false,
  });
  let depth = 0;
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  parser.on('doctype', () => fail(new UnreadableFileError(new Error('DTD in a spreadsheet part'))));
  parser.on('error', (error) => fail(new UnreadableFileError(error)));
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth += 1;
    if (depth > budget.limits.xmlDepth) {
      fail(new SheetLimitError('xmlDepth', { max: budget.limits.xmlDepth }));
      return;
    }
    if (failure) return;
    try {
      handlers.open?.(local(tag.name), tag.attributes, depth);
    } catch (error) {
      fail(error);
    }
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (!failure) {
      try {
        handlers.close?.(local(tag.name), depth);
      } catch (error) {
        fail(error);
      }
    }
    depth -= 1;
  });
  if (handlers.text) {
    const onText = handlers.text;
    const text = (value: string) => {
      if (failure) return;
      try {
        onText(value);
      } catch (error) {
        fail(error);
      }
    };
    parser.on('text', text);
    parser.on('cdata', text);
  }
  let crc = 0;
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      checkTime(budget);
      size += chunk.length;
      if (size > entry.uncompressedSize) throw new UnreadableFileError();
      crc = crc32(chunk, crc);
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch (error) {
        throw new UnreadableFileError(error);
      }
      parser.write(text);
      if (failure) throw failure;
      handlers.chunk?.();
      yield;
    }
    try {
      parser.write(decoder.decode());
    } catch (error) {
      throw new UnreadableFileError(error);
    }
    parser.close();
    if (failure) throw failure;
    handlers.chunk?.();
  } catch (error) {
    if (error instanceof SheetLimitError || error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(error);
  } finally {
    stream.destroy();
  }
  if (size !== entry.uncompressedSize || crc >>> 0 !== entry.crc32 >>> 0) {
    throw new UnreadableFileError(new Error(`damaged part ${entry.fileName}`));
  }
}

/** Reads a small part to its end (no rows to hand on). */
async function readPart(
  zip: ZipFile,
  entry: Entry,
  budget: Budget,
  handlers: XmlHandlers,
): Promise<void> {
  for await (const _ of parsePart(zip, entry, budget, handlers)) {
    // Only the handlers' side effects matter.
  }
}

/** A part's path from a relationship target, relative to the folder of the part that names it. */
function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

function relsPathOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

interface Relationship {
  type: string;
  target: string;
}

async function readRelationships(
  zip: ZipFile,
  entries: Map<string, Entry>,
  part: string,
  budget: Budget,
): Promise<Map<string, Relationship>> {
  const relationships = new Map<string, Relationship>();
  const entry = entries.get(relsPathOf(part));
  if (!entry) return relationships;
  await readPart(zip, entry, budget, {
    open(name, attributes) {
      if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
      if (attributes.TargetMode === 'External') return;
      relationships.set(attributes.Id, {
        type: attributes.Type ?? '',
        target: resolveTarget(part, attributes.Target),
      });
    },
  });
  return relationships;
}

const byType = (relationships: Map<string, Relationship>, suffix: string) =>
  [...relationships.values()].find((r) => r.type.endsWith(suffix))?.target;

interface Workbook {
  /** The first sheet in tab order. */
  sheetPath: string;
  sharedStringsPath: string | undefined;
  stylesPath: string | undefined;
  date1904: boolean;
}

async function readWorkbook(
  zip: ZipFile,
  entries: Map<string, Entry>,
  budget: Budget,
): Promise<Workbook> {
  const root = await readRelationships(zip, entries, '', budget);
  const workbookPath = byType(root, '/officeDocument') ?? 'xl/workbook.xml';
  const workbookEntry = entries.get(workbookPath);
  if (!workbookEntry) throw new UnreadableFileError(new Error('no workbook'));
  let firstSheetId: string | undefined;
  let date1904 = false;
  await readPart(zip, workbookEntry, budget, {
    open(name, attributes) {
      if (name === 'workbookPr') {
        date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      } else if (name === 'sheet' && firstSheetId === undefined) {
        const id = Object.entries(attributes).find(
          ([key]) => key.includes(':') && local(key) === 'id',
        );
        firstSheetId = id?.[1];
      }
    },
  });
  const relationships = await readRelationships(zip, entries, workbookPath, budget);
  const sheet = firstSheetId === undefined ? undefined : relationships.get(firstSheetId);
  if (!sheet || !entries.has(sheet.target)) {
    throw new UnreadableFileError(new Error('no first sheet'));
  }
  return {
    sheetPath: sheet.target,
    sharedStringsPath: byType(relationships, '/sharedStrings'),
    stylesPath: byType(relationships, '/styles'),
    date1904,
  };
}

/** For each cell style (the `s` of a cell), whether its number format shows a date. */
async function readDateStyles(
  zip: ZipFile,
  entry: Entry | undefined,
  budget: Budget,
): Promise<boolean[]> {
  if (!entry) return [];
  const customDates = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await readPart(zip, entry, budget, {
    open(name, attributes, depth) {
      if (name === 'numFmt' && attributes.numFmtId !== undefined) {
        customDates.set(Number(attributes.numFmtId), isDateFormat(attributes.formatCode ?? ''));
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (inCellXfs && name === 'xf' && depth === 3) {
        if (styles.length >= budget.limits.cells) throw new UnreadableFileError();
        const id = Number(attributes.numFmtId ?? 0);
        styles.push(customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/**
 * The shared strings table, capped in count (no more strings than cells) and in
 * characters. Rich text runs are joined; phonetic runs (`rPh`) are not text.
 */
async function readSharedStrings(
  zip: ZipFile,
  entry: Entry | undefined,
  budget: Budget,
): Promise<string[]> {
  if (!entry) return [];
  const { limits } = budget;
  const strings: string[] = [];
  let chars = 0;
  let current: string[] | null = null;
  let currentLength = 0;
  let inText = false;
  let phonetic = 0;
  await readPart(zip, entry, budget, {
    open(name) {
      if (name === 'si') {
        if (strings.length >= limits.cells)
          throw new SheetLimitError('cells', { max: limits.cells });
        current = [];
        currentLength = 0;
      } else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && current && !phonetic) inText = true;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      }
    },
    text(text) {
      if (!inText || !current) return;
      currentLength += text.length;
      chars += text.length;
      if (currentLength > limits.cellChars) {
        throw new SheetLimitError('cellChars', { max: limits.cellChars, row: null });
      }
      if (chars > limits.sharedChars) {
        throw new SheetLimitError('sharedChars', { max: limits.sharedChars });
      }
      current.push(text);
    },
  });
  return strings;
}

/** The value of a finished cell, as the importers take it. */
function cellValue(
  type: string,
  raw: string,
  style: number,
  context: { shared: string[]; dateStyles: boolean[]; date1904: boolean },
): CellValue {
  const text = (value: string | undefined): CellValue =>
    value === undefined || value.trim() === '' ? null : value;
  switch (type) {
    case 's': {
      const index = Number(raw);
      return Number.isInteger(index) ? text(context.shared[index]) : null;
    }
    case 'inlineStr':
    case 'str':
      return text(raw);
    case 'b':
      return raw.trim() === '' ? null : raw.trim() === '1' || raw.trim() === 'true';
    case 'e':
      // Errors (#N/A) hold nothing to import.
      return null;
    case 'd': {
      if (raw.trim() === '') return null;
      // An ISO date without a zone: its clock reading, kept in the UTC fields.
      const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(raw) ? raw : `${raw.trim()}Z`);
      return Number.isNaN(date.getTime()) ? text(raw) : date;
    }
    default: {
      if (raw.trim() === '') return null;
      const number = Number(raw);
      if (!Number.isFinite(number)) return text(raw);
      return context.dateStyles[style] ? serialToDate(number, context.date1904) : number;
    }
  }
}

/** Rows of the first worksheet, as they complete. */
async function* sheetRows(
  zip: ZipFile,
  entry: Entry,
  budget: Budget,
  context: { shared: string[]; dateStyles: boolean[]; date1904: boolean },
): AsyncGenerator<SheetRow> {
  const { limits } = budget;
  const done: SheetRow[] = [];
  let rowNumber = 0;
  let cells: CellValue[] | null = null;
  let column = 0;
  // The cell being read.
  let inCell = false;
  let type = 'n';
  let style = 0;
  let raw: string[] = [];
  let rawLength = 0;
  let inValue = false;
  let inInline = 0;
  let inText = false;
  let phonetic = 0;
  let inSheetData = false;

  const handlers: XmlHandlers = {
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      if (name === 'row') {
        const r = Number(attributes.r);
        rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
        cells = [];
        column = 0;
      } else if (name === 'c' && cells) {
        budget.cells += 1;
        if (budget.cells > limits.cells) throw new SheetLimitError('cells', { max: limits.cells });
        const ref = attributes.r ? columnOf(attributes.r) : 0;
        column = ref > column ? ref : column + 1;
        inCell = true;
        type = attributes.t ?? 'n';
        style = Number(attributes.s ?? 0);
        raw = [];
        rawLength = 0;
      } else if (inCell) {
        if (name === 'v') inValue = true;
        else if (name === 'is') inInline += 1;
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && inInline && !phonetic) inText = true;
      }
    },
    close(name) {
      if (!inSheetData) return;
      if (name === 'sheetData') inSheetData = false;
      else if (name === 'v') inValue = false;
      else if (name === 'is') inInline -= 1;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
      else if (name === 'c' && inCell) {
        inCell = false;
        if (cells && column <= MAX_COLUMN) {
          const value = cellValue(type, raw.join(''), style, context);
          if (value !== null) {
            while (cells.length < column - 1) cells.push(null);
            cells[column - 1] = value;
          }
        }
      } else if (name === 'row' && cells) {
        done.push({ number: rowNumber, cells });
        cells = null;
      }
    },
    text(text) {
      if (!inCell) return;
      // An inline string's text is in <is><t>; a value (shared index, number, formula result) in <v>.
      if (!(inValue || inText)) return;
      if (inValue && inInline) return;
      rawLength += text.length;
      if (rawLength > limits.cellChars) {
        throw new SheetLimitError('cellChars', { max: limits.cellChars, row: rowNumber });
      }
      raw.push(text);
    },
  };
  for await (const _ of parsePart(zip, entry, budget, handlers)) {
    while (done.length) yield done.shift()!;
  }
  while (done.length) yield done.shift()!;
}

/** The rows of the first worksheet of an .xlsx, one at a time. */
export async function* xlsxRows(path: string, limits: ReadLimits): AsyncGenerator<SheetRow> {
  const budget: Budget = {
    limits,
    deadline: Date.now() + limits.seconds * 1000,
    inflate: limits.unzippedMb * 1024 * 1024,
    cells: 0,
  };
  const zip = await openZip(path);
  try {
    const entries = await listEntries(zip, budget);
    const workbook = await readWorkbook(zip, entries, budget);
    const dateStyles = await readDateStyles(
      zip,
      workbook.stylesPath ? entries.get(workbook.stylesPath) : undefined,
      budget,
    );
    const shared = await readSharedStrings(
      zip,
      workbook.sharedStringsPath ? entries.get(workbook.sharedStringsPath) : undefined,
      budget,
    );
    yield* sheetRows(zip, entries.get(workbook.sheetPath)!, budget, {
      shared,
      dateStyles,
      date1904: workbook.date1904,
    });
  } finally {
    zip.close();
  }
}
