import { Table } from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage, resetApp, signIn } from '@/test/helpers.tsx';
import {
  effectiveChoices,
  moveChoice,
  moveChoiceTo,
  parseTableSettings,
  toggleChoice,
  visibleKeys,
  type ColumnPlan,
} from './table-settings.ts';
import { useTableSettings } from './use-table-settings.tsx';

interface Row {
  id: number;
  name: string;
  city: string;
  age: number;
  note: string;
}

const rows: Row[] = [{ id: 1, name: 'Luna', city: 'Hangzhou', age: 27, note: 'samples sent' }];

/** A list with a fixed name, the actions locked at the end and a note hidden by default. */
function SettingsTable() {
  const columns: ColumnProps<Row>[] = [
    { title: 'Name', dataIndex: 'name', fixed: 'left', width: 120 },
    { title: 'City', dataIndex: 'city', width: 120 },
    { title: 'Age', dataIndex: 'age', width: 80 },
    { title: 'Note', dataIndex: 'note', width: 160 },
    { title: 'Operations', dataIndex: 'operations', width: 100, render: () => 'edit' },
  ];
  const table = useTableSettings('blacklist', columns, {
    locked: ['operations'],
    hiddenByDefault: ['note'],
  });
  return (
    <>
      {table.controls}
      <Table<Row>
        rowKey="id"
        columns={table.columns}
        size={table.size}
        data={rows}
        pagination={false}
      />
    </>
  );
}

/** A fresh page load showing the table. */
function load() {
  return renderPage(<SettingsTable />);
}

const headers = () =>
  [...document.querySelectorAll<HTMLElement>('thead th')].map((th) => th.textContent ?? '');
const table = () => document.querySelector('.arco-table') as HTMLElement;

async function openColumns(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
  return screen.findByRole('list', { name: 'Column settings' });
}

async function chooseDensity(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Density' }));
  const menu = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.table-density-menu');
    if (!element) throw new Error('no density menu');
    return element;
  });
  fireEvent.click(within(menu).getByText(name));
}

beforeEach(async () => {
  await resetApp('en-US');
  signIn('access-1', 7);
});

describe('table settings', () => {
  it('opens at medium density with the default columns, fixed and locked ones in place', async () => {
    load();
    await waitFor(() => expect(headers()).toEqual(['Name', 'City', 'Age', 'Operations']));
    expect(table()).toHaveClass('arco-table-size-middle');
    const list = await openColumns();
    // Locked columns are listed, ticked and not changeable; the note is there to tick.
    expect(within(list).getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    expect(within(list).getByRole('checkbox', { name: 'Operations' })).toBeDisabled();
    expect(within(list).getByRole('checkbox', { name: 'Note' })).not.toBeChecked();
    expect(within(list).getByRole('checkbox', { name: 'City' })).toBeChecked();
  });

  it('keeps the density, the columns shown and their order across a reload', async () => {
    const page = load();
    await chooseDensity('Mini');
    await waitFor(() => expect(table()).toHaveClass('arco-table-size-mini'));

    const list = await openColumns();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'City' }));
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Note' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Move "Note" up' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Note', 'Age', 'Operations']));
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Age' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'Note', 'Operations']));
    // The last data column shown cannot go: the table would be empty.
    expect(within(list).getByRole('checkbox', { name: 'Note' })).toBeDisabled();

    // A reload: the same table, kept for this account.
    page.unmount();
    load();
    await waitFor(() => expect(headers()).toEqual(['Name', 'Note', 'Operations']));
    expect(table()).toHaveClass('arco-table-size-mini');
    expect(screen.getByText('samples sent')).toBeInTheDocument();
  });

  it('keeps settings per account and resets to the defaults', async () => {
    const first = load();
    const list = await openColumns();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'City' }));
    await chooseDensity('Large');
    await waitFor(() => expect(headers()).toEqual(['Name', 'Age', 'Operations']));
    expect(table()).toHaveClass('arco-table-size-default');
    first.unmount();

    // Another seller in this browser has their own table.
    await resetApp('en-US');
    signIn('access-2', 8);
    const second = load();
    await waitFor(() => expect(headers()).toEqual(['Name', 'City', 'Age', 'Operations']));
    expect(table()).toHaveClass('arco-table-size-middle');
    second.unmount();

    await resetApp('en-US');
    signIn('access-1', 7);
    load();
    await waitFor(() => expect(headers()).toEqual(['Name', 'Age', 'Operations']));
    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'City', 'Age', 'Operations']));
    // The density is its own choice: Reset is about the columns.
    expect(table()).toHaveClass('arco-table-size-default');
    expect(JSON.parse(localStorage.getItem('tableSettings:7:blacklist') ?? '{}')).toEqual({
      density: 'large',
    });
  });

  it('reorders by dragging one column onto another', async () => {
    load();
    const list = await openColumns();
    const row = (name: string) =>
      within(list).getByRole('checkbox', { name }).closest('[role="listitem"]') as HTMLElement;
    const dataTransfer = { effectAllowed: '', setData: () => undefined };
    fireEvent.dragStart(row('Age'), { dataTransfer });
    fireEvent.dragOver(row('City'), { dataTransfer });
    fireEvent.drop(row('City'), { dataTransfer });
    await waitFor(() => expect(headers()).toEqual(['Name', 'Age', 'City', 'Operations']));
  });
});

describe('table settings model', () => {
  const plan: ColumnPlan = {
    keys: ['name', 'city', 'age', 'note', 'operations'],
    locked: new Set(['name', 'operations']),
    hiddenByDefault: new Set(['note']),
  };

  it('reads only well-formed settings', () => {
    expect(parseTableSettings(null)).toEqual({});
    expect(parseTableSettings('not json')).toEqual({});
    expect(parseTableSettings('{"density":"huge","columns":"all"}')).toEqual({});
    expect(
      parseTableSettings(
        '{"density":"small","columns":[{"key":"age","shown":false},{"key":"age","shown":true},{"key":3},null]}',
      ),
    ).toEqual({ density: 'small', columns: [{ key: 'age', shown: false }] });
  });

  it('follows the table as it changes: gone columns dropped, new ones added', () => {
    const kept = [
      { key: 'age', shown: true },
      { key: 'gone', shown: true },
      { key: 'city', shown: false },
    ];
    const choices = effectiveChoices(plan, kept);
    expect(choices).toEqual([
      { key: 'age', shown: true },
      { key: 'city', shown: false },
      { key: 'note', shown: false },
    ]);
    expect(visibleKeys(plan, choices)).toEqual(['name', 'age', 'operations']);
  });

  it('moves and toggles within bounds', () => {
    const choices = effectiveChoices(plan, undefined);
    expect(moveChoice(choices, 'city', -1)).toBe(choices);
    expect(moveChoice(choices, 'note', 1)).toBe(choices);
    expect(moveChoiceTo(choices, 'note', 0).map((choice) => choice.key)).toEqual([
      'note',
      'city',
      'age',
    ]);
    const one = toggleChoice(choices, 'city', false);
    expect(toggleChoice(one, 'age', false)).toBe(one);
  });
});
