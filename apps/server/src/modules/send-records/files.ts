import {
  INVITE_COOLDOWN_DAYS,
  SEND_TASK_TALENTS_MAX,
  identityFields,
  identityIssues,
  identityOf,
  issueMessage,
  sendImportColumnKeys,
  sendRecordFileColumns,
  talentBody,
  translate,
  type Locale,
  type CatalogueKey,
  type SendImportReport,
  type SendRecordFilters,
  type TalentFileFormat,
  type sendImportFields,
} from '@inviteflow/contract';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SortOrder } from '../../lib/keyset.ts';
import type { ExportJob } from '../../lib/sheets/export-jobs.ts';
import { readFailure, withImportClaim } from '../../lib/sheets/import-runs.ts';
import {
  readSheetRows,
  sniffFormat,
  type FileFormat,
  type SheetRow,
} from '../../lib/sheets/reader.ts';
import type { Cell, SheetSource } from '../../lib/sheets/writer.ts';
import { stampInZone } from '../../lib/time-zones.ts';
import {
  columnHeader,
  enumFromText,
  fileColumns,
  textFromCell,
  timeText,
  type ColumnKey,
  findByPlatformIds,
  isBlank,
  mapHeader,
} from '../talents/index.ts';
import { walkRecords, type SendRecordRow } from './repository.ts';
import { checkDailyCap, dailyAllowance } from './daily-allowance.ts';
import {
  checkPlatformFields,
  inTaskTransaction,
  checkActivityLeader,
  platformFieldsOf,
  writeTask,
  type TaskActionCompiler,
} from './task-creation.ts';
import { findings, toInvite, type PickedTalent } from './task-talents.ts';

/**
 * Send records from a file of talents (the talent template's name, platform and ID
 * columns, read by the talent import's reader and header rules), and exports of the
 * filtered records (written by the same sheet writer as the talent export).
 */

export type ImportSettings = z.output<typeof sendImportFields>;
type ImportRow = SendImportReport['rows'][number];

interface ImportOptions {
  userId: number;
  locale: Locale;
  settings: ImportSettings;
  now: Date;
  /** Compiles the task's actions (app.ts passes platforms' in: see TaskActionCompiler). */
  compiler: TaskActionCompiler;
}

const REPORT_ROWS_MAX = 1_000;
const importColumns = fileColumns('import').filter((c) =>
  (sendImportColumnKeys as readonly string[]).includes(c.key),
);
/** A row's talent: its name and identity, by the add-talent form's rules. */
const identitySchema = z
  .object({
    name: talentBody.shape.name,
    platform: talentBody.shape.platform,
    platformTalentId: talentBody.shape.platformTalentId,
    creatorUserOpenId: talentBody.shape.creatorUserOpenId,
    buyinId: talentBody.shape.buyinId,
    buyinUid: talentBody.shape.buyinUid,
  })
  .superRefine((value, ctx) => {
    for (const issue of identityIssues(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });

interface ParsedRow {
  row: number;
  talent?: PickedTalent;
  name: string;
  platformTalentId: string;
  reason?: string;
}

/** The rows of the file as talents, each with the reason it cannot be one. */
async function readTalents(path: string, format: FileFormat, locale: Locale): Promise<ParsedRow[]> {
  let header: Map<ColumnKey, number> | null = null;
  const parsed: ParsedRow[] = [];
  const seen = new Map<string, number>();
  const cell = (row: SheetRow, key: ColumnKey) => {
    const position = header!.get(key);
    return position === undefined ? null : (row.cells[position] ?? null);
  };
  const reason = (key: ColumnKey, message: string) =>
    translate(locale, 'error.importCell', {
      column: columnHeader(
        importColumns.find((c) => c.key === key)!,
        locale,
      ),
      message,
    });
  try {
    for await (const row of readSheetRows(path, format)) {
      if (isBlank(row)) continue;
      if (!header) {
        header = mapHeader(row.cells, locale, importColumns);
        continue;
      }
      if (parsed.length >= SEND_TASK_TALENTS_MAX) {
        throw badRequest('error.importTooManyRows', { max: SEND_TASK_TALENTS_MAX });
      }
      const raw = {
        name: textFromCell(cell(row, 'name')),
        platform: enumFromText('platform', textFromCell(cell(row, 'platform'))),
        platformTalentId: textFromCell(cell(row, 'platformTalentId')).trim(),
        creatorUserOpenId: textFromCell(cell(row, 'creatorUserOpenId')),
        buyinId: textFromCell(cell(row, 'buyinId')),
        buyinUid: textFromCell(cell(row, 'buyinUid')),
      };
      const base = {
        row: row.number,
        name: raw.name.trim(),
        platformTalentId: raw.platformTalentId,
      };
      const result = identitySchema.safeParse(raw);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        parsed.push({
          ...base,
          reason: reason(issue.path[0] as ColumnKey, issueMessage(locale, issue)),
        });
        continue;
      }
      const key = `${result.data.platform}|${result.data.platformTalentId}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        parsed.push({
          ...base,
          reason: reason(
            'platformTalentId',
            translate(locale, 'error.importRowDuplicate', { row: earlier }),
          ),
        });
        continue;
      }
      seen.set(key, row.number);
      const { name, platform, platformTalentId } = result.data;
      parsed.push({
        ...base,
        name,
        platformTalentId,
        talent: {
          id: 0,
          talentId: null,
          name,
          platform,
          platformTalentId,
          identity: identityOf({ platform, platformTalentId, ...identityFields(result.data) }),
        },
      });
    }
  } catch (error) {
    throw readFailure(error);
  }
  if (!parsed.length) throw badRequest('error.importEmpty');
  return parsed;
}

/**
 * Links each talent of the file to the seller's library talent of the same platform and ID,
 * if any: the record then names it, and carries the library's identity where the file
 * leaves a field out (an open id the library knows, say).
 */
async function linkLibrary(db: Executor, userId: number, rows: ParsedRow[]) {
  const talents = rows.flatMap((r) => (r.talent ? [r.talent] : []));
  const library = await findByPlatformIds(
    db,
    userId,
    talents.map((t) => t.platformTalentId),
  );
  const byIdentity = new Map(library.map((t) => [`${t.platform}|${t.platformTalentId}`, t]));
  for (const talent of talents) {
    const known = byIdentity.get(`${talent.platform}|${talent.platformTalentId}`);
    if (known === undefined) continue;
    talent.id = known.id;
    talent.talentId = known.id;
    const stored = identityOf(known);
    talent.identity =
      talent.identity.platform === 'tiktok' && stored.platform === 'tiktok'
        ? {
            ...stored,
            creatorUserOpenId: talent.identity.creatorUserOpenId ?? stored.creatorUserOpenId,
          }
        : talent.identity.platform === 'douyin' && stored.platform === 'douyin'
          ? {
              ...stored,
              buyinId: talent.identity.buyinId ?? stored.buyinId,
              uid: talent.identity.uid ?? stored.uid,
            }
          : stored;
  }
}

/**
 * Imports a file of talents as one task: each valid row a pending record, unless the
 * talent is blacklisted or (when skipping) in the cool-down, each refusal with its
 * reason. The daily cap applies to the rows accepted; all in one transaction.
 */
export async function importSendRecords(
  db: Database,
  path: string,
  options: ImportOptions,
): Promise<SendImportReport> {
  const { userId, locale, now } = options;
  const format = await sniffFormat(path);
  if (!format) throw badRequest('validation.fileFormat');
  // One import at a time per account, whichever kind; the file is read whole (within the
  // read limits) before the transaction opens.
  return withImportClaim(db, userId, 'send-records', now, async () => {
    const rows = await readTalents(path, format, locale);
    return writeImport(db, rows, options);
  });
}

async function writeImport(
  db: Database,
  rows: ParsedRow[],
  options: ImportOptions,
): Promise<SendImportReport> {
  const { userId, locale, settings, now, compiler } = options;
  return inTaskTransaction(db, userId, settings.shopId, now, async (tx, shop, state) => {
    const platformFields = platformFieldsOf(settings);
    checkPlatformFields(shop, settings.taskType, platformFields, settings.productTemplateIds, now);
    await linkLibrary(tx, userId, rows);
    const picked = rows.flatMap((r) => (r.talent ? [r.talent] : []));
    const found = await findings(tx, userId, shop, settings.taskType, picked, now);
    const invite = new Set(toInvite(found, settings.cooldown));
    const otherPlatform = new Set(found.otherPlatform);
    const blacklisted = new Set(found.blacklisted);
    const platformName = (platform: string) =>
      translate(locale, `enum.platform.${platform}` as CatalogueKey);
    for (const row of rows) {
      if (!row.talent || invite.has(row.talent)) continue;
      // Each row refused for its real cause; a row of another platform is the shop's refusal.
      row.reason = otherPlatform.has(row.talent)
        ? translate(locale, 'error.importRowOtherPlatform', {
            platform: platformName(row.talent.platform),
            shopPlatform: platformName(shop.platform),
          })
        : blacklisted.has(row.talent)
          ? translate(locale, 'error.importRowBlacklisted')
          : translate(locale, 'error.importRowCooldown', { days: INVITE_COOLDOWN_DAYS });
    }
    let taskId: number | null = null;
    if (invite.size) {
      // A 团长 activity application is the 团长's only: the file names that one talent.
      checkActivityLeader(shop, settings.taskType, platformFields, [...invite]);
      checkDailyCap(state, await dailyAllowance(tx, userId, now, state), invite.size);
      taskId = await writeTask(
        tx,
        userId,
        {
          shop,
          taskType: settings.taskType,
          contentType: settings.contentType,
          filterType: 'manual',
          rules: null,
          script: settings.script,
          scriptTemplateId: settings.scriptTemplateId,
          productTemplateIds: settings.productTemplateIds,
          setName: settings.setName,
          platformFields,
          source: 'import',
        },
        [...invite],
        now,
        compiler,
      );
    }
    const outcome = (row: ParsedRow): ImportRow => ({
      row: row.row,
      outcome: row.reason ? 'rejected' : 'accepted',
      name: row.name,
      platformTalentId: row.platformTalentId,
      reason: row.reason ?? null,
    });
    const rejected = rows.filter((r) => r.reason).map(outcome);
    const accepted = rows.filter((r) => !r.reason).map(outcome);
    return {
      taskId,
      accepted: accepted.length,
      updated: 0,
      rejected: rejected.length,
      rows: [...rejected, ...accepted].slice(0, REPORT_ROWS_MAX),
    };
  });
}

// ---------------------------------------------------------------------------
// Export.
// ---------------------------------------------------------------------------

export interface RecordExportParams {
  order: SortOrder;
  filters: SendRecordFilters;
}
export type RecordExportJob = ExportJob<RecordExportParams>;

export const RECORD_EXPORT_BATCH = 1_000;

type RecordColumnKey = (typeof sendRecordFileColumns)[number]['key'];

function recordCells(row: SendRecordRow, job: RecordExportJob): Cell[] {
  const { locale, timeZone } = job;
  const label = (key: string) => translate(locale, key as Parameters<typeof translate>[1]);
  const value: Record<RecordColumnKey, Cell> = {
    id: row.id,
    talentName: row.talentName,
    platform: label(`enum.platform.${row.platform}`),
    platformTalentId: row.platformTalentId,
    taskType: label(`enum.taskType.${row.taskType}`),
    shopName: row.shopName,
    setName: row.setName,
    contentType: label(`enum.contentType.${row.contentType}`),
    filterType: label(`enum.filterType.${row.filterType}`),
    status: label(`enum.sendStatus.${row.status}`),
    stage: row.stage ? label(`enum.recordStage.${row.stage}`) : '',
    errorCode: row.errorCode ? label(`enum.sendErrorCode.${row.errorCode}`) : '',
    errorMessage: row.errorMessage ?? '',
    message: row.message,
    products: row.products.map((p) => `${p.productName} (${p.productId})`).join(', '),
    createdAt: timeText(row.createdAt, timeZone),
    finishedAt: row.finishedAt ? timeText(row.finishedAt, timeZone) : '',
  };
  return sendRecordFileColumns.map((c) => value[c.key]);
}

/** The job's records as a sheet, in keyset batches of the list's order. */
export function recordSheet(
  db: Executor,
  job: RecordExportJob,
): SheetSource<SendRecordRow & { position: { value: string | number; id: number } }> {
  return {
    format: job.format,
    sheetName: translate(job.locale, 'export.sendRecordsFileName'),
    columns: sendRecordFileColumns.map((c) => ({
      header: job.locale === 'zh-CN' ? c.zh : c.en,
      key: c.key,
      width: c.key === 'message' ? 40 : c.key.endsWith('At') ? 20 : 16,
    })),
    cells: (row) => recordCells(row, job),
    batch: (last) =>
      walkRecords(db, job.userId, job.params.filters, {
        order: job.params.order,
        limit: RECORD_EXPORT_BATCH,
        ...(last ? { after: last.position } : {}),
      }),
    batchSize: RECORD_EXPORT_BATCH,
  };
}

export function recordFileName(job: {
  locale: Locale;
  timeZone: string;
  format: TalentFileFormat;
}) {
  const stamp = stampInZone(new Date(), job.timeZone);
  return {
    name: `${translate(job.locale, 'export.sendRecordsFileName')}-${stamp}.${job.format}`,
    ascii: `send-records-${stamp}.${job.format}`,
  };
}

export function importTemplateFileName(format: TalentFileFormat, locale: Locale) {
  return {
    name: `${translate(locale, 'template.sendImportFileName')}.${format}`,
    ascii: `send-record-import-template.${format}`,
  };
}
