import { importFileLimits } from '@inviteflow/contract';

/** A cell as the readers hand it over. */
export type CellValue = string | number | boolean | Date | null;

export type FileFormat = 'xlsx' | 'csv';

export interface SheetRow {
  /** The row number a spreadsheet app shows (the first row is 1). */
  number: number;
  /** Cells from the first column on; empty cells are null. */
  cells: CellValue[];
}

/** What reading one file may cost (see `importFileLimits`). */
export type ReadLimits = { readonly [K in keyof typeof importFileLimits]: number };

export const defaultReadLimits: ReadLimits = importFileLimits;

export class UnreadableFileError extends Error {
  constructor(cause?: unknown) {
    super('unreadable file', { cause });
    this.name = 'UnreadableFileError';
  }
}

export type SheetLimit = keyof ReadLimits;

/** The file goes past one of the read limits: the import says which, and writes nothing. */
export class SheetLimitError extends Error {
  constructor(
    readonly limit: SheetLimit,
    readonly params: { max: number; row?: number | null },
  ) {
    super(`file over the ${limit} limit (${params.max})`);
    this.name = 'SheetLimitError';
  }
}
