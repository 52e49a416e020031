import { apiPaths, type SendImportReport } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, formItem } from '@/test/talent-fixtures.ts';
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

/**
 * The API as the import modal calls it: `shops` and `products` (the product templates) are
 * listed, every other list is empty, and the upload answers `report`; the forms uploaded are
 * kept in the array returned.
 */
function stubImportApi(shops: object[], products: object[] = []): FormData[] {
  const uploads: FormData[] = [];
  const page = (list: object[]) => ok({ list, total: list.length, page: 1, pageSize: 100 });
  stubFetch((url, init) => {
    const path = url.split('?')[0];
    if (init.method === 'POST') {
      expect(path).toBe(apiPaths.sendRecords.import);
      uploads.push(init.body as FormData);
      return ok(report);
    }
    if (path === apiPaths.shops.list) return page(shops);
    if (path === apiPaths.templates.products) return page(products);
    return page([]);
  });
  return uploads;
}

describe('import send records', () => {
  it('asks the task settings first, then uploads the file with them and shows the report', async () => {
    const uploads = stubImportApi([{ id: 5, shopName: 'Glow Store', bindStatus: 'BOUND' }]);
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

  // Issue 16: a TikTok shop's import carries the target collaboration's terms, as a create does.
  it('asks a TikTok shop’s import for the target collaboration’s terms and sends them as text', async () => {
    const uploads = stubImportApi(
      [{ id: 5, shopName: 'US Store', platform: 'tiktok', bindStatus: 'BOUND' }],
      [{ id: 11, productId: 'P-1', productName: 'Mask' }],
    );
    renderPage(<SendImportModal visible onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await chooseOption(formItem('Shop', dialog), 'US Store');
    const section = await within(dialog).findByTestId('send-collaboration');
    fireEvent.change(
      within(dialog).getByPlaceholderText('Write the invitation; insert the variables below'),
      { target: { value: 'Hi {talentName}' } },
    );
    fireEvent.change(within(dialog).getByPlaceholderText('e.g. Spring launch'), {
      target: { value: 'Spring' },
    });
    pick(new File(['name,platform,talent id\n'], 'talents.csv', { type: 'text/csv' }));
    const start = within(dialog).getByRole('button', { name: 'Import' });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    expect(await within(dialog).findByText('Please enter the collaboration name')).toBeVisible();
    expect(
      within(dialog).getByText('A target collaboration needs at least one product'),
    ).toBeVisible();
    expect(uploads).toHaveLength(0);

    await chooseOption(formItem('Product templates', dialog), /^Mask/);
    const commission = await waitFor(() => {
      const found = section.querySelector<HTMLInputElement>('.send-commission input');
      if (!found) throw new Error('no commission input');
      return found;
    });
    fireEvent.change(commission, { target: { value: '15' } });
    fireEvent.blur(commission);
    fireEvent.change(formItem('Collaboration name', dialog).querySelector('input')!, {
      target: { value: 'Import collab' },
    });
    fireEvent.change(formItem('Seller contact e-mail', dialog).querySelector('input')!, {
      target: { value: 'bd@example.com' },
    });
    const day = formItem('Ends on', dialog).querySelector('input')!;
    fireEvent.click(day);
    fireEvent.change(day, { target: { value: '2030-04-30' } });
    fireEvent.keyDown(day, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(day).toHaveValue('2030-04-30'));
    fireEvent.click(start);
    await waitFor(() => expect(uploads).toHaveLength(1));
    const body = uploads[0]!;
    expect(body.get('collaborationName')).toBe('Import collab');
    expect(body.get('contactEmail')).toBe('bd@example.com');
    expect(JSON.parse(String(body.get('commissionRates')))).toEqual({ '11': 1500 });
    expect(String(body.get('endsAt'))).toMatch(/^2030-04-30T\d{2}:59:59\.000Z$/);
    expect(body.get('sampleApproval')).toBe('review');
    expect(body.get('freeSample')).toBeNull();
  });

  it('asks an authorized 抖店 shop’s import for its 定向计划 and sends the plan’s terms as text', async () => {
    const uploads = stubImportApi(
      [
        {
          id: 8,
          shopName: '抖店旗舰店',
          platform: 'douyin',
          source: 'authorization',
          bindStatus: 'BOUND',
        },
      ],
      [{ id: 21, productId: '3601', productName: 'Serum' }],
    );
    renderPage(<SendImportModal visible onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await chooseOption(formItem('Shop', dialog), '抖店旗舰店');
    await chooseOption(formItem('Task type', dialog), 'Targeted product invitation');
    const plan = await within(dialog).findByTestId('send-doudian-plan');
    // No TikTok collaboration terms for a 抖店 shop.
    expect(within(dialog).queryByTestId('send-collaboration')).toBeNull();
    fireEvent.change(
      within(dialog).getByPlaceholderText('Write the invitation; insert the variables below'),
      { target: { value: 'Hi {talentName}' } },
    );
    fireEvent.change(within(dialog).getByPlaceholderText('e.g. Spring launch'), {
      target: { value: 'Spring' },
    });
    await chooseOption(formItem('Product templates', dialog), /^Serum/);
    const ratio = await waitFor(() => {
      const found = formItem('Commission rate', plan).querySelector<HTMLInputElement>('input');
      if (!found) throw new Error('no commission input');
      return found;
    });
    fireEvent.change(ratio, { target: { value: '20' } });
    fireEvent.blur(ratio);
    const day = formItem('Plan ends on', plan).querySelector('input')!;
    fireEvent.click(day);
    fireEvent.change(day, { target: { value: '2030-04-30' } });
    fireEvent.keyDown(day, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(day).toHaveValue('2030-04-30'));
    fireEvent.click(formItem('Talents may apply', plan).querySelector('button')!);
    const audit = await waitFor(() => formItem('Review applications', plan));
    fireEvent.click(audit.querySelector('button')!);
    pick(new File(['name,platform,talent id\n'], 'talents.csv', { type: 'text/csv' }));
    const start = within(dialog).getByRole('button', { name: 'Import' });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    await waitFor(() => expect(uploads).toHaveLength(1));
    const body = uploads[0]!;
    expect(body.get('taskType')).toBe('targeted_product');
    expect(JSON.parse(String(body.get('commissionRates')))).toEqual({ '21': 2000 });
    expect(String(body.get('endsAt'))).toMatch(/^2030-04-30T\d{2}:59:59\.000Z$/);
    expect(body.get('planAllowApply')).toBe('true');
    expect(body.get('planAuditApplications')).toBe('true');
    expect(body.get('collaborationName')).toBeNull();
    expect(body.get('contactEmail')).toBeNull();
  });
});
