import { apiPaths, type SendImportReport } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { SendImportModal } from './send-import-modal.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const report: SendImportReport = {
  taskId: 3,
  accepted: 1,
  updated: 0,
  rejected: 1,
  rows: [
    { row: 2, outcome: 'accepted', name: 'Luna', platformTalentId: 'l7', reason: null },
    { row: 3, outcome: 'rejected', name: 'Banned', platformTalentId: 'b9', reason: 'Blacklisted' },
  ],
};

function pick(file: File) {
  const input = document.querySelector('.arco-modal input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('import send records', () => {
  it('asks the task settings first, then uploads the file with them and shows the report', async () => {
    const uploads: FormData[] = [];
    stubFetch((url, init) => {
      const path = url.split('?')[0];
      if (init.method === 'POST') {
        expect(path).toBe(apiPaths.sendRecords.import);
        uploads.push(init.body as FormData);
        return ok(report);
      }
      if (path === apiPaths.shops.list) {
        return ok({
          list: [{ id: 5, shopName: 'Glow Store', bindStatus: 'BOUND' }],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      return ok({ list: [], total: 0, page: 1, pageSize: 100 });
    });
    renderPage(<SendImportModal visible onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import send records')).toBeInTheDocument();
    const steps = [...dialog.querySelectorAll('.import-steps > .arco-typography')].map(
      (step) => step.textContent,
    );
    expect(steps.filter((text) => /^\d\. /.test(text ?? ''))).toEqual([
      '1. Choose the task settings',
      '2. Download the template and fill in one talent per row (name, platform, ID)',
      '3. Pick the filled-in file and upload it',
    ]);
    expect(within(dialog).getByText('Excel template').closest('a')).toHaveAttribute(
      'href',
      `${apiPaths.sendRecords.importTemplate}?format=xlsx&lang=en-US`,
    );
    expect(within(dialog).getByText('CSV template').closest('a')).toHaveAttribute(
      'href',
      `${apiPaths.sendRecords.importTemplate}?format=csv&lang=en-US`,
    );
    const start = within(dialog).getByRole('button', { name: 'Import' });
    expect(start).toBeDisabled();
    pick(new File(['x'], 'talents.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Only .xlsx or .csv files are supported')).toBeVisible();

    pick(new File(['name,platform,talent id\n'], 'talents.csv', { type: 'text/csv' }));
    await waitFor(() => expect(start).toBeEnabled());
    // The settings are checked before anything is sent.
    fireEvent.click(start);
    await waitFor(() => expect(dialog.querySelector('.arco-form-item-error')).not.toBeNull());
    expect(uploads).toHaveLength(0);

    fireEvent.click(within(dialog).getAllByText('Choose a bound shop')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Glow Store' }));
    fireEvent.change(
      within(dialog).getByPlaceholderText('Write the invitation; insert the variables below'),
      { target: { value: 'Hi {talentName}' } },
    );
    fireEvent.change(within(dialog).getByPlaceholderText('e.g. Spring launch'), {
      target: { value: 'Spring' },
    });
    fireEvent.click(start);
    expect(
      await screen.findByText('Import finished: 1 send record created, 1 row rejected'),
    ).toBeInTheDocument();
    const body = uploads[0]!;
    expect(body.get('shopId')).toBe('5');
    expect(body.get('taskType')).toBe('free_product');
    expect(body.get('contentType')).toBe('vertical_video');
    expect(body.get('script')).toBe('Hi {talentName}');
    expect(body.get('setName')).toBe('Spring');
    expect(body.get('cooldown')).toBe('skip');
    expect((body.get('file') as File).name).toBe('talents.csv');

    // An import that never updates shows no Updated count.
    const counts = dialog.querySelectorAll('.import-count');
    expect([...counts].map((count) => count.textContent)).toEqual(['Added1', 'Rejected1']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import another file' }));
    expect(await within(dialog).findByRole('button', { name: 'Import' })).toBeDisabled();
    // The settings stay for the next file.
    expect(within(dialog).getByDisplayValue('Spring')).toBeInTheDocument();
  });
});
