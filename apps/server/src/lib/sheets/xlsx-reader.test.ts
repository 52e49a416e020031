import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  craftedXlsx,
  rowXml,
  sharedStringsXml,
  sheetXml,
} from '../../../test/support/crafted-sheets.ts';
import { readSheetRows, type ReadLimits, type SheetRow } from './reader.ts';
import { SheetLimitError, UnreadableFileError, defaultReadLimits } from './sheet-types.ts';
import { isDateFormat } from './xlsx-reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xlsx-reader-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileCounter = 0;
async function rowsOf(content: Buffer, limits: ReadLimits = defaultReadLimits) {
  fileCounter += 1;
  const path = join(dir, `f${fileCounter}.xlsx`);
  await writeFile(path, content);
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(path, 'xlsx', limits)) rows.push(row);
  return rows;
}

const styles = `<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd hh:mm"/><numFmt numFmtId="165" formatCode="&quot;¥&quot;#,##0.00"/></numFmts>
<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="49"/></cellXfs>
</styleSheet>`;

describe('the XLSX reader', () => {
  it('reads every kind of cell the importers take', async () => {
    const shared = sharedStringsXml([
      '<si><t>共享</t></si>',
      // Rich text runs are joined; the phonetic run is not text.
      '<si><r><t>富</t></r><r><rPr><b/></rPr><t xml:space="preserve">文本 </t></r><rPh sb="0" eb="1"><t>フ</t></rPh></si>',
      '<si><t>   </t></si>',
    ]);
    const cells = [
      { xml: '<c r="{ref}" t="s"><v>0</v></c>' },
      { xml: '<c r="{ref}" t="s"><v>1</v></c>' },
      { xml: '<c r="{ref}" t="inlineStr"><is><r><t>内</t></r><r><t>联</t></r></is></c>' },
      { xml: '<c r="{ref}"><v>12.5</v></c>' },
      { xml: '<c r="{ref}" t="b"><v>1</v></c>' },
      { xml: '<c r="{ref}" s="1"><v>46053</v></c>' },
      { xml: '<c r="{ref}" s="2"><v>46053.6041666667</v></c>' },
      { xml: '<c r="{ref}" s="3"><v>1580</v></c>' },
      { xml: '<c r="{ref}" t="str"><f>A1&amp;"!"</f><v>共享!</v></c>' },
      { xml: '<c r="{ref}"><f>1+1</f><v>2</v></c>' },
      { xml: '<c r="{ref}" t="e"><f>1/0</f><v>#DIV/0!</v></c>' },
      { xml: '<c r="{ref}"><f>NOW()</f></c>' },
      { xml: '<c r="{ref}" t="s"><v>2</v></c>' },
      { xml: '<c r="{ref}" t="d"><v>2026-01-31T14:30:00</v></c>' },
    ];
    const rows = await rowsOf(
      await craftedXlsx({
        sheets: [sheetXml(rowXml(1, cells)), sheetXml(rowXml(1, ['second sheet']))],
        sharedStrings: shared,
        styles,
      }),
    );
    expect(rows).toEqual([
      {
        number: 1,
        cells: [
          '共享',
          '富文本 ',
          '内联',
          12.5,
          true,
          new Date(Date.UTC(2026, 0, 31)),
          new Date(Date.UTC(2026, 0, 31, 14, 30)),
          1580,
          '共享!',
          2,
          null,
          null,
          null,
          new Date(Date.UTC(2026, 0, 31, 14, 30)),
        ],
      },
    ]);
  });

  it('places cells by their reference, numbers rows as written, and counts dates from 1904 when told', async () => {
    const sheet = sheetXml(
      '<row r="3"><c r="C3"><v>1</v></c><c><v>2</v></c></row>' +
        '<row><c r="B4" s="1"><v>0</v></c></row>' +
        '<row r="9" spans="1:3"/>',
    );
    const rows = await rowsOf(await craftedXlsx({ sheets: [sheet], styles, date1904: true }));
    expect(rows).toEqual([
      { number: 3, cells: [null, null, 1, 2] },
      { number: 4, cells: [null, new Date(Date.UTC(1904, 0, 1))] },
      { number: 9, cells: [] },
    ]);
  });

  it('reads what exceljs writes, dates and numbers told apart by their styles', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('达人');
    sheet.addRow(['名称', 12, new Date(Date.UTC(2026, 1, 3, 4, 5, 6)), '𠮷野家']);
    sheet.getCell('B1').numFmt = '0.00';
    workbook.addWorksheet('说明').addRow(['x']);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { number: 1, cells: ['名称', 12, new Date(Date.UTC(2026, 1, 3, 4, 5, 6)), '𠮷野家'] },
    ]);
  });

  it('tells date formats from number formats', () => {
    for (const code of [
      'yyyy-mm-dd',
      'm/d/yy h:mm',
      '[$-804]yyyy"年"m"月"d"日"',
      'hh:mm:ss',
      'mmm-yy',
    ])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of ['General', '0.00', '#,##0', '"¥"#,##0.00', '0.00E+00', '@', '[Red]0.0'])
      expect(isDateFormat(code), code).toBe(false);
  });

  it('refuses damaged parts, DTDs and a file that takes too long', async () => {
    const good = await craftedXlsx({ sheets: [sheetXml(rowXml(1, ['a', 'b']))] });
    // Flip a byte inside the sheet's compressed data: CRC or inflate fails.
    const damaged = Buffer.from(good);
    const at = damaged.indexOf(Buffer.from('xl/worksheets/sheet1.xml')) + 30;
    damaged[at] = damaged[at]! ^ 0xff;
    await expect(rowsOf(damaged)).rejects.toBeInstanceOf(UnreadableFileError);
    await expect(rowsOf(good.subarray(0, good.length - 30))).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
    const dtd = await craftedXlsx({
      sheets: [
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]><worksheet><sheetData/></worksheet>',
      ],
    });
    await expect(rowsOf(dtd)).rejects.toBeInstanceOf(UnreadableFileError);
    // The time limit is checked between chunks; a budget already spent stops at the first.
    const late = rowsOf(good, { ...defaultReadLimits, seconds: -1 });
    await expect(late).rejects.toBeInstanceOf(SheetLimitError);
    await expect(late).rejects.toMatchObject({ limit: 'seconds' });
  });
});
