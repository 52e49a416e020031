import { apiPaths, type ImportReport } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { pathOf } from '@/test/talent-fixtures.ts';
import { ImportModal } from './import-modal.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const report: ImportReport = {
  accepted: 2,
  updated: 1,
  rejected: 2,
  rows: [
    { row: 2, outcome: 'accepted', name: 'Amy', platformTalentId: 'amy', reason: null },
    { row: 3, outcome: 'updated', name: 'Bo', platformTalentId: 'bo', reason: null },
    {
      row: 4,
      outcome: 'rejected',
      name: 'Cy',
      platformTalentId: 'cy!',
      reason: 'Talent ID: Talent ID may contain only letters, digits and _ . @ -',
    },
    { row: 5, outcome: 'accepted', name: 'Di', platformTalentId: 'di', reason: null },
    { row: 6, outcome: 'rejected', name: '', platformTalentId: 'ed', reason: 'Talent name: empty' },
  ],
};

function pick(file: File) {
  const input = document.querySelector('.arco-modal input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('import talents', () => {
  it('offers the templates, checks the file, uploads it and shows the report', async () => {
    const uploads: FormData[] = [];
    stubFetch((url, init) => {
      expect(pathOf(url)).toBe(apiPaths.talents.import);
      uploads.push(init.body as FormData);
      return ok(report);
    });
    renderPage(<ImportModal visible onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    // Templates in the console language, as a plain download (public, no token needed).
    expect(within(dialog).getByText('Excel template').closest('a')).toHaveAttribute(
      'href',
      `${apiPaths.talents.importTemplate}?format=xlsx&lang=en-US`,
    );
    expect(within(dialog).getByText('CSV template').closest('a')).toHaveAttribute(
      'href',
      `${apiPaths.talents.importTemplate}?format=csv&lang=en-US`,
    );
    const start = within(dialog).getByRole('button', { name: 'Import' });
    expect(start).toBeDisabled();

    // Checked before any upload: the type, then the size.
    pick(new File(['x'], 'talents.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Only .xlsx or .csv files are supported')).toBeVisible();
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    pick(big);
    expect(await within(dialog).findByText('The file cannot be larger than 20 MB')).toBeVisible();
    expect(start).toBeDisabled();

    const file = new File(['name,platform,talent id\n'], 'talents.csv', { type: 'text/csv' });
    pick(file);
    await waitFor(() => expect(start).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(start);
    expect(
      await screen.findByText('Import finished: 2 added, 1 updated, 2 rejected'),
    ).toBeInTheDocument();
    expect(uploads[0]?.get('file')).toBeInstanceOf(File);
    expect((uploads[0]?.get('file') as File).name).toBe('talents.csv');
    expect(uploads[0]?.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    // The report: counts, then every row, the rejected ones first with their reasons.
    const counts = dialog.querySelectorAll('.import-count');
    expect([...counts].map((count) => count.textContent)).toEqual([
      'Added2',
      'Updated1',
      'Rejected2',
    ]);
    const rows = [...dialog.querySelectorAll('.import-report tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      [
        '4',
        'Rejected',
        'Cy',
        'cy!',
        'Talent ID: Talent ID may contain only letters, digits and _ . @ -',
      ],
      ['6', 'Rejected', '', 'ed', 'Talent name: empty'],
      ['2', 'Added', 'Amy', 'amy', '—'],
      ['5', 'Added', 'Di', 'di', '—'],
      ['3', 'Updated', 'Bo', 'bo', '—'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import another file' }));
    expect(await within(dialog).findByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('keeps the modal for another try when the server refuses the file', async () => {
    stubFetch(() => fail(400, 'Required columns are missing: Talent ID'));
    renderPage(<ImportModal visible onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    pick(new File(['a'], 'talents.xlsx'));
    const start = within(dialog).getByRole('button', { name: 'Import' });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    expect(await screen.findByText('Required columns are missing: Talent ID')).toBeVisible();
    expect(within(dialog).queryByText('Row by row')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
  });
});
