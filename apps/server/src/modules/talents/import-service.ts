import {
  DEFAULT_TALENT_STATUS,
  IMPORT_MAX_ROWS,
  canonicalTalentId,
  identityFields,
  issueMessage,
  settableTalentStatuses,
  talentBody,
  talentStatuses,
  translate,
  type ImportReport,
  type Locale,
  type CatalogueKey,
  type TextParams,
  type TalentStatus,
} from '@inviteflow/contract';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  blacklistedIds,
  lockBlacklistDecisions,
  statusAfterBlacklist,
  statusForSave,
} from './blacklist-service.ts';
import {
  columnHeader,
  columnNames,
  countFromCell,
  enumChoices,
  enumFromText,
  enumKeyFromText,
  enumKinds,
  fenFromCell,
  fileColumns,
  labelsFromText,
  textFromCell,
  timeFromCell,
  type CellValue,
  type ColumnKey,
  type EnumKind,
  type FileColumn,
} from './file-cells.ts';
import {
  claimImport,
  readFailure,
  releaseImport,
  renewImport,
  type ImportRun,
} from '../../lib/sheets/import-runs.ts';
import {
  readSheetRows,
  sniffFormat,
  type FileFormat,
  type SheetRow,
} from '../../lib/sheets/reader.ts';
import { dropJournal, undoTalentImport } from './import-journal.ts';
import { journalAdditions, journalUpdates, upsertTalents } from './import-repository.ts';
import {
  findByBuyinIds,
  findByOpenIds,
  findByPlatformIds,
  rememberLabels,
  type TalentRow,
  type TalentValues,
} from './repository.ts';
import { savedValues, type TalentInput } from './service.ts';

/**
 * Imports talents from a spreadsheet (issue 15, F3). First the whole file is read, with
 * the read limits and no database work: the header mapped, the rows counted, and the
 * columns that matter spooled to a temporary file, so a file that cannot be read, has
 * no header, no rows or too many writes nothing. Then the rows are written in chunks,
 * each in its own short transaction: there each row is checked with the add-talent
 * rules against the stored talent and the blacklist (under its lock), existing talents
 * (same platform and talent ID) are updated, new ones added, and the report says why
 * each bad row was refused, naming the column. Other accounts' queries run between the
 * chunks. All or nothing still: each chunk journals what it overwrites
 * (import-journal.ts; the statements in import-repository.ts), and a failure part-way
 * rolls the chunks written back. One import at a time per account (import_runs): a
 * second one is refused with 409.
 */

/**
 * Rows written per transaction. A transaction holds the database, and on PGlite (one
 * query at a time, taken in turn) everyone waits for it: each query of another request
 * waits at most one chunk. So chunks are sized to take about CHUNK_TARGET_MS, from how
 * long the last one took (the machine's speed and load, the account's indexes).
 */
const CHUNK_FIRST = 100;
const CHUNK_MIN = 25;
const CHUNK_MAX = 500;
const CHUNK_TARGET_MS = 40;
/** Labels remembered per statement after the import. */
const LABEL_CHUNK = 1_000;
/** Rows listed in the report (every rejected row first). */
const REPORT_ROWS_MAX = 1_000;

type RowOutcome = ImportReport['rows'][number];
type Candidate = Record<string, unknown>;

/** The talent field a column fills (money columns in yuan fill the fen fields). */
const fieldOf: Partial<Record<ColumnKey, keyof TalentInput>> = {
  videoGpm: 'videoGpmFen',
  liveGpm: 'liveGpmFen',
  businessAmount: 'businessAmountFen',
};
const columnOfField = new Map<string, ColumnKey>(
  fileColumns('import').map((c) => [fieldOf[c.key] ?? c.key, c.key]),
);

const textColumns = new Set<ColumnKey>([
  'name',
  'platformTalentId',
  'creatorUserOpenId',
  'buyinId',
  'buyinUid',
  'shopName',
  'contactInfo',
  'remark',
]);
/** Identity columns of digits, which a spreadsheet may hold as numbers. */
const numericIdColumns = new Set<ColumnKey>(['platformTalentId', 'buyinId']);
/** The identity keys a talent holds besides its talent ID: one talent each in an account. */
const identityKeys = [
  { column: 'creatorUserOpenId', field: 'creatorOpenId', taken: 'error.creatorOpenIdTaken' },
  { column: 'buyinId', field: 'buyinId', taken: 'error.buyinIdTaken' },
] as const;
const enumColumns = new Set<ColumnKey>(['platform', 'industry', 'contactMethod']);
const countColumns = new Set<ColumnKey>([
  'fansCount',
  'videoAvgViews',
  'liveAvgViews',
  'dealCount',
]);
const moneyColumns = new Set<ColumnKey>(['videoGpm', 'liveGpm', 'businessAmount']);

class RowRejected extends Error {
  constructor(
    readonly column: ColumnKey,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface ImportOptions {
  userId: number;
  locale: Locale;
  /** Zone of times written without an offset. */
  timeZone: string;
  now: () => Date;
}

export async function importTalents(
  db: Database,
  path: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const format = await sniffFormat(path);
  if (!format) throw badRequest('validation.fileFormat');
  const run = await claimImport(db, options.userId, 'talents', options.now());
  let committed = false;
  try {
    const spool = await spoolRows(path, format, options.locale);
    const writer = new TalentRowWriter(options, run, spool.header);
    let size = CHUNK_FIRST;
    const write = async (chunk: SheetRow[]) => {
      const started = performance.now();
      await db.transaction(async (tx) => {
        await renewImport(tx, run, options.now());
        await lockBlacklistDecisions(tx, options.userId);
        await writer.flush(tx, chunk);
      });
      const took = Math.max(1, performance.now() - started);
      size = Math.round(Math.min(CHUNK_MAX, Math.max(CHUNK_MIN, size * (CHUNK_TARGET_MS / took))));
      // PGlite runs in this thread: let the requests that arrived meanwhile in (and queue
      // their queries) before the next chunk, or they would wait for several.
      await setImmediate();
    };
    let chunk: SheetRow[] = [];
    for await (const row of spool.rows()) {
      chunk.push(row);
      if (chunk.length >= size) {
        await write(chunk);
        chunk = [];
      }
    }
    if (chunk.length) await write(chunk);
    // The commit point: with the run gone, its journal is garbage and the account free.
    await releaseImport(db, run);
    committed = true;
    const labels = [...writer.labels];
    for (let i = 0; i < labels.length; i += LABEL_CHUNK) {
      await rememberLabels(db, options.userId, labels.slice(i, i + LABEL_CHUNK));
    }
    await dropJournal(db, run.id);
    return writer.report();
  } catch (error) {
    if (!committed) await rollBack(db, run, options.now);
    throw readFailure(error);
  }
}

/**
 * Undoes what the run wrote and frees the account. When that fails too (the database is
 * away), the lease lapses and the import-recovery job finishes the rollback.
 */
async function rollBack(db: Database, run: ImportRun, now: () => Date): Promise<void> {
  try {
    await undoTalentImport(db, run, { undoing: false, now });
    await releaseImport(db, run);
  } catch {
    // Left to the job; the request answers its own failure.
  }
}

/** The rows of a file, read and checked, waiting in a temporary file beside it. */
interface Spool {
  /** Each import column's position in the spooled rows. */
  header: Map<ColumnKey, number>;
  rows(): AsyncGenerator<SheetRow>;
}

/** A cell as one JSON value (dates tagged). */
const encodeCell = (cell: CellValue) => (cell instanceof Date ? { d: cell.getTime() } : cell);
const decodeCell = (value: unknown): CellValue =>
  value !== null && typeof value === 'object'
    ? new Date((value as { d: number }).d)
    : (value as CellValue);

/**
 * Reads the whole file before anything is written: the header, the count of data rows
 * (at most IMPORT_MAX_ROWS) and every read limit are checked here. Only the import
 * columns of each row are kept, one JSON line per row on disk, so memory stays flat.
 */
async function spoolRows(path: string, format: FileFormat, locale: Locale): Promise<Spool> {
  const spoolPath = `${path}.rows`;
  const out = createWriteStream(spoolPath);
  let positions: Array<[ColumnKey, number]> | null = null;
  let dataRows = 0;
  try {
    for await (const row of readSheetRows(path, format)) {
      if (isBlank(row)) continue;
      if (!positions) {
        positions = [...mapHeader(row.cells, locale, fileColumns('read'))];
        continue;
      }
      dataRows += 1;
      if (dataRows > IMPORT_MAX_ROWS) {
        throw badRequest('error.importTooManyRows', { max: IMPORT_MAX_ROWS });
      }
      const line = [row.number, ...positions.map(([, at]) => encodeCell(row.cells[at] ?? null))];
      if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await finished(out).catch(() => undefined);
  }
  if (!positions || !dataRows) throw badRequest('error.importEmpty');
  const header = new Map(positions.map(([key], index) => [key, index]));
  return {
    header,
    async *rows() {
      const lines = createInterface({ input: createReadStream(spoolPath), crlfDelay: Infinity });
      for await (const line of lines) {
        const [number, ...cells] = JSON.parse(line) as [number, ...unknown[]];
        yield { number, cells: cells.map(decodeCell) };
      }
    },
  };
}

export function isBlank(row: SheetRow): boolean {
  return row.cells.every((cell) => cell === null || String(cell).trim() === '');
}

const normalizeHeader = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * Each column's position from the header row (zh-CN or en-US headers, or keys, any
 * order); a missing required column of `columns` answers 400 naming it.
 */
export function mapHeader(
  cells: CellValue[],
  locale: Locale,
  columns: readonly FileColumn[] = fileColumns('import'),
): Map<ColumnKey, number> {
  const names = new Map<string, ColumnKey>();
  for (const column of columns) {
    for (const name of columnNames(column)) names.set(normalizeHeader(name), column.key);
  }
  const positions = new Map<ColumnKey, number>();
  cells.forEach((cell, index) => {
    const key = cell === null ? undefined : names.get(normalizeHeader(String(cell)));
    if (key && !positions.has(key)) positions.set(key, index);
  });
  const missing = columns.filter((column) => 'required' in column && !positions.has(column.key));
  if (missing.length) {
    throw badRequest('error.importHeaderMissing', {
      columns: missing.map((column) => columnHeader(column, locale)).join(', '),
    });
  }
  return positions;
}

/** Checks and writes the spooled rows, a chunk per transaction, and keeps the report. */
class TalentRowWriter {
  /** Identity (platform + talent ID) of every row written, and its row number. */
  private readonly written = new Map<string, number>();
  /** The open ids and 百应IDs rows took: the identity (platform + talent ID) and row of each. */
  private readonly writtenKeys = {
    creatorOpenId: new Map<string, { key: string; row: number }>(),
    buyinId: new Map<string, { key: string; row: number }>(),
  };
  private readonly rejected: RowOutcome[] = [];
  private readonly done: RowOutcome[] = [];
  private readonly counts = { accepted: 0, updated: 0, rejected: 0 };
  private readonly columns: Map<ColumnKey, FileColumn>;
  /** The seller's own labels the rows carry, remembered once the import is done. */
  readonly labels = new Set<string>();

  constructor(
    private readonly options: ImportOptions,
    private readonly run: ImportRun,
    private readonly header: Map<ColumnKey, number>,
  ) {
    this.columns = new Map(fileColumns('read').map((c) => [c.key, c]));
  }

  report(): ImportReport {
    const rows = [
      ...this.rejected,
      ...this.done.slice(0, Math.max(0, REPORT_ROWS_MAX - this.rejected.length)),
    ];
    return { ...this.counts, rows };
  }

  private message(key: CatalogueKey, params?: TextParams): string {
    return translate(this.options.locale, key, params);
  }

  private reason(column: ColumnKey, message: string): string {
    const header = columnHeader(this.columns.get(column)!, this.options.locale);
    return this.message('error.importCell', { column: header, message });
  }

  private cell(row: SheetRow, key: ColumnKey): CellValue | undefined {
    const position = this.header.get(key);
    return position === undefined ? undefined : (row.cells[position] ?? null);
  }

  private identity(row: SheetRow): { platform: string; platformTalentId: string } {
    const platform = this.cell(row, 'platform') ?? null;
    const id = this.cell(row, 'platformTalentId') ?? null;
    return {
      platform: platform === null ? '' : enumFromText('platform', textFromCell(platform)),
      // As the body keeps it: a handle's @ dropped, so "@lily" updates the talent lily.
      platformTalentId: canonicalTalentId(textFromCell(id)),
    };
  }

  /** The talents that hold the open ids and 百应IDs the chunk's rows name, by that key. */
  private async identityOwners(tx: Executor, chunk: readonly SheetRow[]) {
    const named = (column: 'creatorUserOpenId' | 'buyinId') => [
      ...new Set(
        chunk.map((row) => textFromCell(this.cell(row, column) ?? null).trim()).filter(Boolean),
      ),
    ];
    const { userId } = this.options;
    return {
      creatorOpenId: new Map(
        (await findByOpenIds(tx, userId, named('creatorUserOpenId'))).map((t) => [
          t.creatorOpenId!,
          t,
        ]),
      ),
      buyinId: new Map(
        (await findByBuyinIds(tx, userId, named('buyinId'))).map((t) => [t.buyinId!, t]),
      ),
    };
  }

  /**
   * One talent per open id and per 百应ID (as the add-talent form): a row whose key another
   * talent holds, or an earlier row took, is refused naming it.
   */
  private refuseTakenKeys(
    input: TalentInput,
    key: string,
    owners: Awaited<ReturnType<TalentRowWriter['identityOwners']>>,
  ): void {
    const held = identityFields(input);
    for (const { column, field, taken } of identityKeys) {
      const value = held[field];
      if (value === null) continue;
      const earlier = this.writtenKeys[field].get(value);
      if (earlier && earlier.key !== key) {
        throw new RowRejected(
          column,
          this.message('error.importRowDuplicateIdentity', {
            row: earlier.row,
            field: columnHeader(this.columns.get(column)!, this.options.locale),
          }),
        );
      }
      const owner = owners[field].get(value);
      if (owner && `${owner.platform}|${owner.platformTalentId}` !== key) {
        throw new RowRejected(
          column,
          this.message(taken, { name: owner.name, platformTalentId: owner.platformTalentId }),
        );
      }
    }
  }

  private rememberKeys(input: TalentInput, key: string, row: number): void {
    const held = identityFields(input);
    for (const { field } of identityKeys) {
      const value = held[field];
      if (value !== null) this.writtenKeys[field].set(value, { key, row });
    }
  }

  /**
   * One chunk, inside its transaction (which holds the blacklist's lock): each row
   * checked against the stored talent, the values it overwrites journaled, then one
   * upsert, and the talents it added journaled.
   */
  async flush(tx: Executor, chunk: readonly SheetRow[]): Promise<void> {
    if (!chunk.length) return;
    const { userId } = this.options;
    const ids = [...new Set(chunk.map((row) => this.identity(row).platformTalentId))];
    const existing = new Map<string, TalentRow>();
    for (const talent of await findByPlatformIds(tx, userId, ids)) {
      existing.set(`${talent.platform}|${talent.platformTalentId}`, talent);
    }
    const listed = await blacklistedIds(tx, userId, ids);
    const owners = await this.identityOwners(tx, chunk);
    // One stamp for the whole import: a rollback recognizes what it wrote by it.
    const now = this.run.writtenAt;
    const values: TalentValues[] = [];
    const updated: number[] = [];
    for (const row of chunk) {
      const { platform, platformTalentId } = this.identity(row);
      const key = `${platform}|${platformTalentId}`;
      const current = existing.get(key);
      const outcome = { row: row.number, name: textFromCell(this.cell(row, 'name') ?? null) };
      try {
        const earlier = this.written.get(key);
        if (earlier !== undefined) {
          throw new RowRejected(
            'platformTalentId',
            this.message('error.importRowDuplicate', { row: earlier }),
          );
        }
        const { input, statusGiven } = this.parse(row, current);
        this.refuseTakenKeys(input, key, owners);
        const requested = this.requestedStatus(input, statusGiven, current, listed);
        values.push({
          userId,
          ...savedValues(userId, input),
          ...statusForSave(requested, listed.has(input.platformTalentId)),
          addedAt: input.addedAt ? new Date(input.addedAt) : (current?.addedAt ?? now),
          createdAt: now,
          updatedAt: now,
        });
        for (const label of input.labels) this.labels.add(label);
        if (current) updated.push(current.id);
        this.written.set(key, row.number);
        this.rememberKeys(input, key, row.number);
        this.record({
          ...outcome,
          name: input.name,
          platformTalentId: input.platformTalentId,
          outcome: current ? 'updated' : 'accepted',
          reason: null,
        });
      } catch (error) {
        if (!(error instanceof RowRejected)) throw error;
        this.record({
          ...outcome,
          platformTalentId,
          outcome: 'rejected',
          reason: this.reason(error.column, error.reason),
        });
      }
    }
    await journalUpdates(tx, this.run, updated);
    const writtenIds = await upsertTalents(tx, values);
    const before = new Set(updated);
    await journalAdditions(
      tx,
      this.run,
      writtenIds.filter((id) => !before.has(id)),
    );
  }

  private record(outcome: RowOutcome): void {
    this.counts[outcome.outcome] += 1;
    if (outcome.outcome === 'rejected') {
      if (this.rejected.length < REPORT_ROWS_MAX) this.rejected.push(outcome);
    } else if (this.done.length < REPORT_ROWS_MAX) {
      this.done.push(outcome);
    }
  }

  /**
   * The row as the add-talent modal would send it. Columns the sheet does not have
   * keep an existing talent's values; empty cells clear them (to 0 for numbers).
   */
  private parse(
    row: SheetRow,
    current: TalentRow | undefined,
  ): { input: TalentInput; statusGiven: TalentStatus | 'blacklisted' | null } {
    const { locale, timeZone } = this.options;
    const candidate: Candidate = current ? fromExisting(current) : {};
    let statusGiven: TalentStatus | 'blacklisted' | null = null;
    for (const [key] of this.header) {
      const value = this.cell(row, key) ?? null;
      const field = fieldOf[key] ?? key;
      if (textColumns.has(key)) {
        if (
          numericIdColumns.has(key) &&
          typeof value === 'number' &&
          !Number.isSafeInteger(value)
        ) {
          // A long numeric ID typed into a number cell has lost its last digits.
          throw new RowRejected(
            key,
            this.message(
              key === 'buyinId' ? 'validation.buyinIdFormat' : 'validation.platformTalentIdFormat',
            ),
          );
        }
        candidate[field] = textFromCell(value);
      } else if (enumColumns.has(key)) {
        const kind = key as Exclude<EnumKind, 'status'>;
        candidate[field] =
          value === null ? null : this.enumKey(key, kind, enumKinds[kind].keys, value);
      } else if (key === 'status') {
        // "blacklisted" is named here too, so the blacklist rule below can refuse it by name.
        if (value !== null)
          statusGiven = this.enumKey(key, 'status', talentStatuses, value) as TalentStatus;
      } else if (key === 'labels') {
        candidate.labels = value === null ? [] : labelsFromText(textFromCell(value));
      } else if (countColumns.has(key)) {
        candidate[field] = countFromCell(value);
      } else if (moneyColumns.has(key)) {
        const fen = fenFromCell(value);
        if (fen === 'invalid') throw new RowRejected(key, this.message('validation.moneyInvalid'));
        // An exported row's amount in another currency is the platform's (affiliate orders),
        // in that currency's unit: never read as yuan. The talent keeps what it has.
        if (key === 'businessAmount' && this.amountCurrency(row) !== 'CNY') continue;
        candidate[field] = fen ?? 0;
      } else if (key === 'addedAt') {
        const time = timeFromCell(value, timeZone);
        if (time === 'invalid') throw new RowRejected(key, this.message('validation.dateInvalid'));
        candidate.addedAt = time;
      }
    }
    // The status is decided with the blacklist below; any settable one passes validation here.
    const parsed = talentBody.safeParse({
      ...candidate,
      status: statusGiven === null || statusGiven === 'blacklisted' ? undefined : statusGiven,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'name');
      throw new RowRejected(columnOfField.get(field) ?? 'name', issueMessage(locale, issue));
    }
    return { input: parsed.data, statusGiven };
  }

  /**
   * The currency of the row's business amount: the export's currency column (ISO 4217), CNY
   * when the file has none or the cell is empty (the import template's amount is in yuan).
   */
  private amountCurrency(row: SheetRow): string {
    const text = textFromCell(this.cell(row, 'businessAmountCurrency') ?? null)
      .trim()
      .toUpperCase();
    if (!text) return 'CNY';
    if (!/^[A-Z]{3}$/.test(text)) {
      throw new RowRejected(
        'businessAmountCurrency',
        this.message('validation.invalidField', {
          field: columnHeader(this.columns.get('businessAmountCurrency')!, this.options.locale),
        }),
      );
    }
    return text;
  }

  /**
   * The value a cell of a choice column names, in either language; a value it does not
   * name is refused with the choices listed (the form's "please choose" would not say why).
   */
  private enumKey(
    column: ColumnKey,
    kind: EnumKind,
    keys: readonly string[],
    value: CellValue,
  ): string {
    const text = textFromCell(value);
    const key = enumKeyFromText(kind, text);
    if (key !== undefined && keys.includes(key)) return key;
    const choices = kind === 'status' ? settableTalentStatuses : keys;
    throw new RowRejected(
      column,
      this.message('error.importValueUnknown', {
        value: text.trim(),
        values: enumChoices(kind, choices, this.options.locale),
      }),
    );
  }

  /**
   * The status the seller asks for: the cell's, else the talent's own (for a
   * blacklisted one, the status it returns to), else pending_contact. The
   * blacklist's rules apply as in an edit.
   */
  private requestedStatus(
    input: TalentInput,
    given: TalentStatus | 'blacklisted' | null,
    current: TalentRow | undefined,
    listed: ReadonlySet<string>,
  ): TalentStatus {
    const isListed = listed.has(input.platformTalentId);
    if (given === 'blacklisted' && !isListed) {
      throw new RowRejected('status', this.message('validation.statusNotSettable'));
    }
    const kept = current
      ? current.status === 'blacklisted'
        ? statusAfterBlacklist(current.statusBeforeBlacklist)
        : (current.status as TalentStatus)
      : DEFAULT_TALENT_STATUS;
    if (given === null || given === 'blacklisted') return kept;
    if (current?.status === 'blacklisted' && given !== kept) {
      throw new RowRejected(
        'status',
        this.message('error.talentBlacklisted', { names: current.name }),
      );
    }
    return given;
  }
}

/** An existing talent's fields, as the columns a sheet leaves out keep them. */
function fromExisting(row: TalentRow): Candidate {
  return {
    platform: row.platform,
    platformTalentId: row.platformTalentId,
    creatorUserOpenId: row.creatorOpenId,
    buyinId: row.buyinId,
    buyinUid: row.buyinUid,
    name: row.name,
    shopName: row.shopName,
    industry: row.industry,
    labels: row.labels,
    contactMethod: row.contactMethod,
    contactInfo: row.contactInfo,
    fansCount: row.fansCount,
    videoAvgViews: row.videoAvgViews,
    videoGpmFen: row.videoGpmFen,
    liveAvgViews: row.liveAvgViews,
    liveGpmFen: row.liveGpmFen,
    businessAmountFen: row.businessAmountFen,
    dealCount: row.dealCount,
    remark: row.remark,
  };
}
