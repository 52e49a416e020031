import {
  contactMethods,
  industries,
  locales,
  platforms,
  talentFileColumns,
  talentStatuses,
  talentTiers,
  translate,
  type Locale,
  type CatalogueKey,
} from '@inviteflow/contract';
import {
  formatInZone,
  isValidWallTime,
  zonedTimeToUtc,
  type WallTime,
} from '../../lib/time-zones.ts';
import { tierFromText } from './tiers.ts';

/**
 * How talent fields look in a spreadsheet cell, both ways: enum values as their
 * localized labels (either language is read back), money in yuan, times in the
 * seller's time zone, labels in one cell. Import, export and the template share it.
 */

export type ColumnKey = (typeof talentFileColumns)[number]['key'];
export type FileColumn = (typeof talentFileColumns)[number];
export type { CellValue } from '../../lib/sheets/reader.ts';
import type { CellValue } from '../../lib/sheets/reader.ts';

export const enumKinds = {
  platform: { prefix: 'enum.platform', keys: platforms },
  industry: { prefix: 'enum.industry', keys: industries },
  status: { prefix: 'enum.talentStatus', keys: talentStatuses },
  contactMethod: { prefix: 'enum.contactMethod', keys: contactMethods },
} as const;
export type EnumKind = keyof typeof enumKinds;

export function enumLabel(kind: EnumKind, key: string, locale: Locale): string {
  return translate(locale, `${enumKinds[kind].prefix}.${key}` as CatalogueKey);
}

const normalize = (text: string) => text.trim().toLowerCase();

/** Key, zh-CN label and en-US label of every value, to the key. */
function lookup(prefix: string, keys: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const key of keys) {
    map.set(normalize(key), key);
    for (const locale of locales) {
      map.set(normalize(translate(locale, `${prefix}.${key}` as CatalogueKey)), key);
    }
  }
  return map;
}

/**
 * Built on first use, not when the module loads: the en-US labels exist only once
 * '@inviteflow/contract/en-US' is imported (the server does it at start), and a module that
 * merely imports this one through talents/index.ts must not depend on that having happened.
 */
let enumLookups: Record<EnumKind, Map<string, string>> | undefined;
function enumLookup(kind: EnumKind): Map<string, string> {
  enumLookups ??= Object.fromEntries(
    Object.entries(enumKinds).map(([k, { prefix, keys }]) => [k, lookup(prefix, keys)]),
  ) as Record<EnumKind, Map<string, string>>;
  return enumLookups[kind];
}
const tierKeys: ReadonlySet<string> = new Set(talentTiers);

/**
 * The key a cell names (by key or by label, in either language, any case); text
 * that names nothing is handed on as it is, for validation to refuse by name.
 */
export function enumFromText(kind: EnumKind, text: string): string {
  return enumKeyFromText(kind, text) ?? text.trim();
}

/** The key a cell names (by key or by label, in either language, any case), if any. */
export function enumKeyFromText(kind: EnumKind, text: string): string | undefined {
  return enumLookup(kind).get(normalize(text));
}

/** The labels of these values, as a list a seller reads ("抖音、TikTok"). */
export function enumChoices(kind: EnumKind, keys: readonly string[], locale: Locale): string {
  return keys.map((key) => enumLabel(kind, key, locale)).join(locale === 'zh-CN' ? '、' : ', ');
}

export function labelsFromText(text: string): string[] {
  return text
    .split(/[,，;；|]/)
    .map((label) => label.trim())
    .filter(Boolean)
    .map((label) => tierFromText(label) ?? label);
}

export function labelsToText(labels: readonly string[], locale: Locale): string {
  return labels
    .map((label) =>
      tierKeys.has(label) ? translate(locale, `enum.talentTier.${label}` as CatalogueKey) : label,
    )
    .join(', ');
}

/** Yuan with at most two decimals, as fen; null when empty, 'invalid' otherwise. */
export function fenFromCell(value: CellValue): number | null | 'invalid' {
  if (value === null) return null;
  if (typeof value === 'number') {
    const fen = Math.round(value * 100);
    if (value < 0 || !Number.isSafeInteger(fen) || Math.abs(value * 100 - fen) > 1e-6) {
      return 'invalid';
    }
    return fen;
  }
  if (typeof value !== 'string') return 'invalid';
  const text = value.replace(/[\s,¥￥]/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return 'invalid';
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : 'invalid';
}

/** A whole number from a cell: numbers as they are, text without thousands separators. */
export function countFromCell(value: CellValue): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const text = value.replace(/[\s,]/g, '');
    return /^\d+$/.test(text) ? Number(text) : value;
  }
  return value;
}

/** Days between Excel's epoch (1899-12-30, after its 1900 leap-year bug) and 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

function wallFromUtcFields(date: Date): WallTime {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: 0,
  };
}

/**
 * A time cell as an ISO instant. Spreadsheet dates carry no zone: their clock
 * reading is taken in `timeZone`, like `YYYY-MM-DD HH:mm[:ss]` text; ISO text with
 * an offset or Z means itself. Null when empty, 'invalid' otherwise.
 */
export function timeFromCell(value: CellValue, timeZone: string): string | null | 'invalid' {
  if (value === null) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'invalid';
    return zonedTimeToUtc(wallFromUtcFields(value), timeZone).toISOString();
  }
  if (typeof value === 'number') {
    if (!(value > 0 && value < 2_958_466)) return 'invalid';
    const ms = Math.round((value - EXCEL_EPOCH_DAYS) * 86_400_000);
    return zonedTimeToUtc(wallFromUtcFields(new Date(ms)), timeZone).toISOString();
  }
  if (typeof value !== 'string') return 'invalid';
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? 'invalid' : date.toISOString();
  }
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(
    text,
  );
  if (!match) return 'invalid';
  const wall: WallTime = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
    second: Number(match[6] ?? 0),
    millisecond: 0,
  };
  if (!isValidWallTime(wall)) return 'invalid';
  return zonedTimeToUtc(wall, timeZone).toISOString();
}

export function timeText(date: Date, timeZone: string): string {
  return formatInZone(date, timeZone);
}

/** Text from any cell (a number typed into a text column stays its digits). */
export function textFromCell(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  // A NUL cannot be stored as text (the query would fail): it is dropped, never meaningful.
  const text = String(value).replaceAll('\u0000', '');
  // An exported cell guarded against formula injection comes back without its guard.
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export function columnHeader(
  column: FileColumn,
  locale: Locale,
  purpose: 'import' | 'export' = 'import',
): string {
  if (purpose === 'export' && 'exportZh' in column) {
    return locale === 'zh-CN' ? column.exportZh : column.exportEn;
  }
  return locale === 'zh-CN' ? column.zh : column.en;
}

/** Every header a column is read by: its key, its import and export headers in both languages. */
export function columnNames(column: FileColumn): string[] {
  return [
    column.zh,
    column.en,
    column.key,
    ...('exportZh' in column ? [column.exportZh, column.exportEn] : []),
  ];
}

/**
 * The file's columns for import (the template's: no export-only ones), for export, or that an
 * import reads: the template's and the export-only ones marked `importReads` (the currency of
 * an exported business amount, which says whether the amount is the seller's own in CNY).
 */
export function fileColumns(purpose: 'import' | 'export' | 'read'): FileColumn[] {
  return talentFileColumns.filter(
    (c) =>
      purpose === 'export' || !('exportOnly' in c) || (purpose === 'read' && 'importReads' in c),
  );
}
