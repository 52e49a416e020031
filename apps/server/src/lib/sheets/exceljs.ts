import type * as ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | null = null;

/**
 * exceljs, loaded on the first spreadsheet read or written rather than at start: some
 * 15 MB of memory a server whose sellers use no .xlsx today does not need
 * (docs/performance.md, memory).
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
