import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/**
 * Spreadsheets built byte by byte, for the reader's tests and the import's limits
 * (issue 15, F3 and F6): a minimal ZIP writer and the parts of an .xlsx, so a test can
 * make exactly the file an attacker would (a huge shared strings table, many sheets,
 * millions of empty cells, a huge dimension, very long strings, deep XML, a DTD, zip
 * bombs that tell the truth about their size and ones that lie) without a spreadsheet
 * library smoothing it over. Every file stays small on disk.
 */

export interface ZipPart {
  name: string;
  /** The part's bytes (or text, as UTF-8). */
  data?: Buffer | string;
  /** Or: `chunk` repeated `times` times, deflated as a stream (for parts far larger than memory should hold). */
  repeat?: { chunk: Buffer; times: number };
  /** The uncompressed size to declare instead of the true one (a lying zip bomb). */
  declaredSize?: number;
  /** Stored instead of deflated. */
  stored?: boolean;
}

interface Packed {
  compressed: Buffer;
  crc: number;
  size: number;
  method: number;
}

const packCache = new WeakMap<Buffer, Packed>();

async function pack(part: ZipPart): Promise<Packed> {
  if (part.repeat) {
    const { chunk, times } = part.repeat;
    const deflate = createDeflateRaw({ level: 1 });
    const out: Buffer[] = [];
    deflate.on('data', (data: Buffer) => out.push(data));
    let crc = 0;
    for (let i = 0; i < times; i++) {
      crc = crc32(chunk, crc);
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
    await once(deflate, 'end');
    return { compressed: Buffer.concat(out), crc, size: chunk.length * times, method: 8 };
  }
  const data = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data!;
  if (part.stored) return { compressed: data, crc: crc32(data), size: data.length, method: 0 };
  const cached = packCache.get(data);
  if (cached) return cached;
  const packed = {
    compressed: deflateRawSync(data),
    crc: crc32(data),
    size: data.length,
    method: 8,
  };
  packCache.set(data, packed);
  return packed;
}

/** A ZIP archive of the parts, in order (no ZIP64: each part under 4 GB). */
export async function zipOf(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { compressed, crc, size, method } = await pack(part);
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    central.push(header, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column letters of a 1-based column number. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** A cell's XML: text as an inline string, numbers as they are, a raw string as written. */
export type CraftedCell = string | number | { xml: string } | null;

export function rowXml(number: number, cells: CraftedCell[]): string {
  const inner = cells
    .map((cell, index) => {
      const ref = `${columnName(index + 1)}${number}`;
      if (cell === null) return '';
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      if (typeof cell === 'object') return cell.xml.replace('{ref}', ref);
      return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
    })
    .join('');
  return `<row r="${number}">${inner}</row>`;
}

export function sheetXml(rows: string, extra = ''): string {
  return `${XML}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">${extra}<sheetData>${rows}</sheetData></worksheet>`;
}

export interface WorkbookParts {
  /** The sheets' XML (or parts with a streamed body), in tab order. */
  sheets: Array<string | Buffer | Omit<ZipPart, 'name'>>;
  sharedStrings?: string | Omit<ZipPart, 'name'>;
  styles?: string;
  /** More parts (images, anything) appended to the archive. */
  extra?: ZipPart[];
  date1904?: boolean;
}

/** An .xlsx made of the given parts, with the relationships and content types Excel writes. */
export async function craftedXlsx(parts: WorkbookParts): Promise<Buffer> {
  const sheetParts = parts.sheets.map((sheet, index): ZipPart => {
    const name = `xl/worksheets/sheet${index + 1}.xml`;
    return typeof sheet === 'string' || Buffer.isBuffer(sheet)
      ? { name, data: sheet }
      : { ...sheet, name };
  });
  const sheetEntries = parts.sheets
    .map((_, i) => `<sheet name="Sheet${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  const sheetRels = parts.sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join('');
  const n = parts.sheets.length;
  const workbookRels =
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    sheetRels +
    (parts.sharedStrings
      ? `<Relationship Id="rId${n + 1}" Type="${REL_TYPE}/sharedStrings" Target="sharedStrings.xml"/>`
      : '') +
    (parts.styles
      ? `<Relationship Id="rId${n + 2}" Type="${REL_TYPE}/styles" Target="styles.xml"/>`
      : '') +
    '</Relationships>';
  const zipParts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${NS}" xmlns:r="${REL_NS}">${parts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>${sheetEntries}</sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: workbookRels },
    ...sheetParts,
  ];
  if (parts.sharedStrings) {
    zipParts.push(
      typeof parts.sharedStrings === 'string'
        ? { name: 'xl/sharedStrings.xml', data: parts.sharedStrings }
        : { ...parts.sharedStrings, name: 'xl/sharedStrings.xml' },
    );
  }
  if (parts.styles) zipParts.push({ name: 'xl/styles.xml', data: parts.styles });
  zipParts.push(...(parts.extra ?? []));
  return zipOf(zipParts);
}

export function sharedStringsXml(items: string[]): string {
  return `${XML}<sst xmlns="${NS}" count="${items.length}" uniqueCount="${items.length}">${items.join('')}</sst>`;
}

/** The header row of the talent import (zh-CN), the first cells of every crafted sheet. */
export const HEADER = ['达人名称', '平台', '达人ID'];

/** One sheet: the header and `rows` talents. */
export function talentRows(rows: number, from = 2): string {
  let xml = rowXml(1, HEADER);
  for (let i = 0; i < rows; i++) xml += rowXml(from + i, [`达人${i}`, '抖音', `crafted_${i}`]);
  return xml;
}

/**
 * Each hostile file the import must refuse (or read cheaply), with what it holds, and
 * the en-US message it is refused with (null: it imports, and `imports` rows come in).
 * `limits` are the contract's importFileLimits.
 */
export async function craftedFiles(limits: {
  cells: number;
  cellChars: number;
  sharedChars: number;
  unzippedMb: number;
  parts: number;
  xmlDepth: number;
}): Promise<Array<{ name: string; content: Buffer; message: string | null; imports?: number }>> {
  const unreadable = 'The file cannot be read; please use the import template (.xlsx or .csv)';
  const oneRow = sheetXml(talentRows(1));

  // A shared strings table past its limit in characters, each string within a cell's.
  const stringLength = 8_000;
  const stringCount = Math.ceil(limits.sharedChars / stringLength) + 1;
  const longItem = Buffer.from(`<si><t>${'a'.repeat(stringLength)}</t></si>`);
  const sstHead = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">`;
  const hugeShared = Buffer.concat([
    Buffer.from(sstHead),
    Buffer.concat(Array.from({ length: stringCount }, () => longItem)),
    Buffer.from('</sst>'),
  ]);

  // Many sheets, each with more than half the cell limit: only the first is read.
  const emptyCells = (count: number) => '<c s="0"/>'.repeat(count);
  const heavySheet = Buffer.from(
    sheetXml(`${talentRows(2)}<row r="10">${emptyCells(Math.ceil(limits.cells / 2) + 1)}</row>`),
  );
  const manySheets = Array.from({ length: 40 }, (_, i) =>
    i === 0 ? sheetXml(talentRows(3)) : heavySheet,
  );

  // Millions of empty cells on the first sheet: past the cell limit, as a stream.
  const emptyRow = Buffer.from(`<row>${emptyCells(10_000)}</row>`);
  const emptyRows = Math.ceil(limits.cells / 10_000) + 1;
  const head = Buffer.from(sheetXml(talentRows(1)).replace('</sheetData></worksheet>', ''));
  const millionsOfCells = Buffer.concat([
    head,
    Buffer.concat(Array.from({ length: emptyRows }, () => emptyRow)),
    Buffer.from('</sheetData></worksheet>'),
  ]);

  // A huge dimension and a cell in the last column of the last row.
  const hugeDimension = sheetXml(
    `${talentRows(2)}<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far</t></is></c></row>`,
    '<dimension ref="A1:XFD1048576"/>',
  );

  const nested = `${'<r>'.repeat(limits.xmlDepth + 5)}<t>x</t>${'</r>'.repeat(limits.xmlDepth + 5)}`;

  // Billion laughs: entities that expand to gigabytes, if a parser expanded them.
  const laughs =
    `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">` +
    Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join('') +
    `]><worksheet xmlns="${NS}"><sheetData>${rowXml(1, HEADER)}<row r="2"><c r="A2" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>`;

  const bombSize = (limits.unzippedMb + 4) * 1024 * 1024;
  const spaces = Buffer.alloc(1024 * 1024, 0x20);

  return [
    {
      name: 'huge-shared-strings.xlsx',
      content: await craftedXlsx({
        sheets: [oneRow],
        sharedStrings: { data: hugeShared },
      }),
      message: `The file holds too much text (over ${limits.sharedChars} characters of shared text); import it in parts`,
    },
    {
      name: 'many-parts.xlsx',
      content: await craftedXlsx({
        sheets: [oneRow],
        extra: Array.from({ length: limits.parts }, (_, i) => ({
          name: `xl/media/image${i}.png`,
          data: 'x',
          stored: true,
        })),
      }),
      message: `The file holds too many sheets and parts (at most ${limits.parts}); keep only the sheet with the talents`,
    },
    {
      name: 'many-sheets.xlsx',
      content: await craftedXlsx({ sheets: manySheets }),
      message: null,
      imports: 3,
    },
    {
      name: 'millions-of-empty-cells.xlsx',
      content: await craftedXlsx({ sheets: [millionsOfCells] }),
      message: `The file has too many cells (at most ${limits.cells}, empty ones included); keep only the talent data or import it in parts`,
    },
    {
      name: 'huge-dimension.xlsx',
      content: await craftedXlsx({ sheets: [hugeDimension] }),
      message: null,
      imports: 2,
    },
    {
      name: 'long-inline-string.xlsx',
      content: await craftedXlsx({
        sheets: [
          sheetXml(
            `${rowXml(1, HEADER)}${rowXml(2, ['甲', '抖音', 'a'])}${rowXml(3, ['长'.repeat(limits.cellChars + 1), '抖音', 'b'])}`,
          ),
        ],
      }),
      message: `A cell in row 3 is longer than ${limits.cellChars} characters`,
    },
    {
      name: 'long-shared-string.xlsx',
      content: await craftedXlsx({
        sheets: [
          sheetXml(
            `${rowXml(1, HEADER)}${rowXml(2, [{ xml: '<c r="{ref}" t="s"><v>0</v></c>' }, '抖音', 'a'])}`,
          ),
        ],
        sharedStrings: sharedStringsXml([`<si><t>${'长'.repeat(limits.cellChars + 1)}</t></si>`]),
      }),
      message: `A cell of the file is longer than ${limits.cellChars} characters`,
    },
    {
      name: 'deeply-nested.xlsx',
      content: await craftedXlsx({
        sheets: [
          sheetXml(
            `${rowXml(1, HEADER)}${rowXml(2, [{ xml: `<c r="{ref}" t="inlineStr"><is>${nested}</is></c>` }, '抖音', 'a'])}`,
          ),
        ],
      }),
      message: `The file nests its content more than ${limits.xmlDepth} levels deep and cannot be read; please use the import template`,
    },
    {
      name: 'billion-laughs.xlsx',
      content: await craftedXlsx({ sheets: [laughs] }),
      message: unreadable,
    },
    {
      name: 'zip-bomb.xlsx',
      content: await craftedXlsx({
        sheets: [{ repeat: { chunk: spaces, times: bombSize / spaces.length } }],
      }),
      message: `The file is larger than ${limits.unzippedMb} MB once unzipped; keep only the talent data or import it in parts`,
    },
    {
      name: 'lying-zip-bomb.xlsx',
      content: await craftedXlsx({
        sheets: [
          {
            repeat: { chunk: spaces, times: 64 },
            declaredSize: 1_000,
          },
        ],
      }),
      message: unreadable,
    },
  ];
}
