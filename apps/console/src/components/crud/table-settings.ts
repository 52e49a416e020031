import type { TableProps } from '@arco-design/web-react';
import type { ListKey } from './page-size.ts';

/**
 * What a seller chooses for a table (spec: table densities mini, small, medium, large; and
 * which columns show, in which order), kept per list and per account in this browser's
 * storage like the page size (`page-size.ts`), so it survives reloads and follows whoever
 * signs in.
 */
export const tableDensities = ['mini', 'small', 'medium', 'large'] as const;
export type TableDensity = (typeof tableDensities)[number];

/** Arco Pro's default density. */
export const TABLE_DENSITY_DEFAULT: TableDensity = 'medium';

/** Arco's own sizes for the spec's densities ('default' is Arco's largest). */
export const arcoTableSize: Record<TableDensity, NonNullable<TableProps['size']>> = {
  mini: 'mini',
  small: 'small',
  medium: 'middle',
  large: 'default',
};

/** A column as the settings know it: its key and whether it is shown. */
export interface ColumnChoice {
  key: string;
  shown: boolean;
}

/** What is kept: absent parts are the table's defaults. */
export interface TableSettings {
  density?: TableDensity;
  /** The movable columns in the seller's order, each shown or hidden. */
  columns?: ColumnChoice[];
}

/** What a table says about its columns: all of them in the default order. */
export interface ColumnPlan {
  /** Every column's key in the default order. */
  keys: readonly string[];
  /** Columns that always show in their place (fixed ones, the actions). */
  locked: ReadonlySet<string>;
  /** Movable columns hidden until the seller shows them. */
  hiddenByDefault: ReadonlySet<string>;
}

const storageKey = (list: ListKey, accountId: string) => `tableSettings:${accountId}:${list}`;

function isDensity(value: unknown): value is TableDensity {
  return (tableDensities as readonly unknown[]).includes(value);
}

/** Reads what was kept, dropping anything malformed (an old or hand-edited entry). */
export function parseTableSettings(raw: string | null): TableSettings {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const settings: TableSettings = {};
  if (isDensity(record.density)) settings.density = record.density;
  if (Array.isArray(record.columns)) {
    const seen = new Set<string>();
    const columns: ColumnChoice[] = [];
    for (const item of record.columns as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { key, shown } = item as Record<string, unknown>;
      if (typeof key !== 'string' || typeof shown !== 'boolean' || seen.has(key)) continue;
      seen.add(key);
      columns.push({ key, shown });
    }
    settings.columns = columns;
  }
  return settings;
}

/** The settings kept for this list and account (none when signed out). */
export function readTableSettings(list: ListKey, accountId: string | null): TableSettings {
  if (!accountId) return {};
  try {
    return parseTableSettings(localStorage.getItem(storageKey(list, accountId)));
  } catch {
    // Storage can be unavailable (private mode): the defaults serve.
    return {};
  }
}

/** Keeps the settings; empty settings remove the entry (back to the defaults). */
export function writeTableSettings(
  list: ListKey,
  accountId: string | null,
  settings: TableSettings,
): void {
  if (!accountId) return;
  try {
    if (settings.density === undefined && settings.columns === undefined) {
      localStorage.removeItem(storageKey(list, accountId));
    } else {
      localStorage.setItem(storageKey(list, accountId), JSON.stringify(settings));
    }
  } catch {
    // Not kept then; the table still shows what was chosen until the page goes.
  }
}

/** The movable columns in their default order and visibility. */
export function defaultChoices(plan: ColumnPlan): ColumnChoice[] {
  return plan.keys
    .filter((key) => !plan.locked.has(key))
    .map((key) => ({ key, shown: !plan.hiddenByDefault.has(key) }));
}

/**
 * The movable columns as the seller left them, against today's columns: a column that no
 * longer exists is dropped, a new one joins at the end with its default visibility.
 */
export function effectiveChoices(plan: ColumnPlan, kept: ColumnChoice[] | undefined) {
  const defaults = defaultChoices(plan);
  if (!kept) return defaults;
  const movable = new Set(defaults.map((choice) => choice.key));
  const result = kept.filter((choice) => movable.has(choice.key));
  const known = new Set(result.map((choice) => choice.key));
  for (const choice of defaults) if (!known.has(choice.key)) result.push(choice);
  return result;
}

/**
 * The keys to show, in order: locked columns at their default places, the movable ones in
 * the seller's order in the places between.
 */
export function visibleKeys(plan: ColumnPlan, choices: ColumnChoice[]): string[] {
  const movable = choices[Symbol.iterator]();
  const ordered: ColumnChoice[] = plan.keys.map((key) =>
    plan.locked.has(key) ? { key, shown: true } : (movable.next().value as ColumnChoice),
  );
  return ordered.filter((choice) => choice.shown).map((choice) => choice.key);
}

/** Moves a movable column by `delta` places (−1: up, +1: down); out of range: unchanged. */
export function moveChoice(choices: ColumnChoice[], key: string, delta: number): ColumnChoice[] {
  const from = choices.findIndex((choice) => choice.key === key);
  return moveChoiceTo(choices, key, from + delta);
}

/** Moves a movable column to index `to` (a drop on another column's place). */
export function moveChoiceTo(choices: ColumnChoice[], key: string, to: number): ColumnChoice[] {
  const from = choices.findIndex((choice) => choice.key === key);
  if (from < 0 || to < 0 || to >= choices.length || to === from) return choices;
  const next = [...choices];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as ColumnChoice);
  return next;
}

/** Shows or hides a column; the last shown movable column stays (a table keeps its data). */
export function toggleChoice(choices: ColumnChoice[], key: string, shown: boolean) {
  if (!shown && choices.filter((choice) => choice.shown && choice.key !== key).length === 0) {
    return choices;
  }
  return choices.map((choice) => (choice.key === key ? { ...choice, shown } : choice));
}

/** Whether the choices are the defaults (then nothing needs keeping). */
export function isDefaultChoices(plan: ColumnPlan, choices: ColumnChoice[]): boolean {
  const defaults = defaultChoices(plan);
  return (
    defaults.length === choices.length &&
    defaults.every(
      (choice, index) =>
        choice.key === choices[index]?.key && choice.shown === choices[index]?.shown,
    )
  );
}
