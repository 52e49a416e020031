import type { TableProps } from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { useMemo, useState, type ReactNode } from 'react';
import { useAuthStore } from '@/stores/auth-store.ts';
import type { ListKey } from './page-size.ts';
import { TableSettingsBar } from './table-settings-bar.tsx';
import {
  TABLE_DENSITY_DEFAULT,
  arcoTableSize,
  effectiveChoices,
  isDefaultChoices,
  readTableSettings,
  visibleKeys,
  writeTableSettings,
  type ColumnChoice,
  type ColumnPlan,
  type TableDensity,
  type TableSettings,
} from './table-settings.ts';

export interface TableSettingsOptions {
  /** Columns that always show in their place besides the fixed ones (the actions, say). */
  locked?: readonly string[];
  /** Movable columns hidden until the seller shows them. */
  hiddenByDefault?: readonly string[];
}

/** A column's key: its own, else its data field. */
export function columnKey(column: ColumnProps<unknown>): string {
  return String(column.key ?? column.dataIndex);
}

/**
 * A table's density and columns as the seller set them for this list (kept per account):
 * the columns to render, Arco's size, and the toolbar controls that change them (Arco Pro's
 * density dropdown and column settings). Fixed columns stay shown in their place.
 */
export function useTableSettings<Row>(
  list: ListKey,
  columns: ColumnProps<Row>[],
  options: TableSettingsOptions = {},
): { columns: ColumnProps<Row>[]; size: NonNullable<TableProps['size']>; controls: ReactNode } {
  const accountId = useAuthStore((state) => state.accountId);
  const [kept, setKept] = useState(() => ({
    accountId,
    settings: readTableSettings(list, accountId),
  }));
  // Another account signed in in this page: its own settings.
  const settings: TableSettings =
    kept.accountId === accountId ? kept.settings : readTableSettings(list, accountId);

  const keys = columns.map((column) => columnKey(column as ColumnProps<unknown>));
  const lockedOption = options.locked?.join('\n') ?? '';
  const hiddenOption = options.hiddenByDefault?.join('\n') ?? '';
  const fixedKeys = columns
    .filter((column) => column.fixed)
    .map((column) => columnKey(column as ColumnProps<unknown>))
    .join('\n');
  const keysKey = keys.join('\n');
  const plan = useMemo<ColumnPlan>(
    () => ({
      keys: keysKey.split('\n'),
      locked: new Set([...fixedKeys.split('\n'), ...lockedOption.split('\n')].filter(Boolean)),
      hiddenByDefault: new Set(hiddenOption.split('\n').filter(Boolean)),
    }),
    [keysKey, fixedKeys, lockedOption, hiddenOption],
  );
  const choices = effectiveChoices(plan, settings.columns);
  const density = settings.density ?? TABLE_DENSITY_DEFAULT;

  const save = (next: TableSettings) => {
    setKept({ accountId, settings: next });
    writeTableSettings(list, accountId, next);
  };
  const setDensity = (next: TableDensity) =>
    save({ ...settings, density: next === TABLE_DENSITY_DEFAULT ? undefined : next });
  const setChoices = (next: ColumnChoice[]) =>
    save({ ...settings, columns: isDefaultChoices(plan, next) ? undefined : next });

  const byKey = new Map(keys.map((key, index) => [key, columns[index] as ColumnProps<Row>]));
  const shown = visibleKeys(plan, choices).map((key) => byKey.get(key) as ColumnProps<Row>);
  const titles = new Map(keys.map((key, index) => [key, columns[index]?.title as ReactNode]));

  return {
    columns: shown,
    size: arcoTableSize[density],
    controls: (
      <TableSettingsBar
        density={density}
        onDensity={setDensity}
        plan={plan}
        choices={choices}
        titles={titles}
        onChoices={setChoices}
        onReset={() => save({ ...settings, columns: undefined })}
      />
    ),
  };
}
