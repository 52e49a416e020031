import { apiPaths } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { ProductTemplatesPage } from './product-templates-page.tsx';
import { ScriptTemplatesPage } from './script-templates-page.tsx';

const script = {
  id: 1,
  content: 'Hello, we would love to work with you',
  remark: 'home goods',
  createdAt: '2025-03-08T06:05:09.000Z',
  updatedAt: '2025-03-08T06:05:09.000Z',
};

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('script templates page', () => {
  it('lists with server pagination, searches, creates, edits and deletes', async () => {
    let rows = [script];
    const calls: string[] = [];
    const fetchStub = stubFetch((url, init) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'POST') {
        const body = JSON.parse(String(init.body)) as { content: string; remark: string };
        rows = [...rows, { ...script, id: 2, ...body }];
        return ok(rows[1]);
      }
      if (method === 'PUT') return ok({ ...script, ...(JSON.parse(String(init.body)) as object) });
      if (method === 'DELETE') {
        rows = rows.filter((row) => !url.endsWith(`/${row.id}`));
        return ok(null);
      }
      return ok({ list: rows, total: 23, page: 1, pageSize: 10 });
    });
    renderPage(<ScriptTemplatesPage />, '/template/script');
    expect(await screen.findByText(script.content)).toBeInTheDocument();
    expect(screen.getByText('home goods')).toBeInTheDocument();
    expect(screen.getByText('Total: 23')).toBeInTheDocument();
    expect(calls[0]).toBe(`GET ${apiPaths.templates.scripts}?page=1&pageSize=20`);

    fireEvent.change(screen.getByPlaceholderText('Search content or remark'), {
      target: { value: ' love ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls).toContain(`GET ${apiPaths.templates.scripts}?page=1&pageSize=20&keyword=love`),
    );

    // Create: content is required.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Script content cannot be empty')).toBeInTheDocument();
    fireEvent.change(
      within(dialog).getByPlaceholderText('The invitation message sent to talents'),
      {
        target: { value: 'A new script' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(await screen.findByText('A new script')).toBeInTheDocument();
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ content: 'A new script', remark: '' });

    // Edit the first row.
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0] as HTMLElement);
    const editDialog = await screen.findByRole('dialog');
    expect(within(editDialog).getByText('Edit script template')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(editDialog).getByDisplayValue(script.content)).toBeInTheDocument(),
    );
    fireEvent.click(within(editDialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(calls).toContain(`PUT ${apiPaths.templates.script(1)}`);

    // Delete asks first.
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    expect(await screen.findByText('Delete this script template?')).toBeInTheDocument();
    const confirm = document.querySelector('.arco-popconfirm .arco-btn-primary') as HTMLElement;
    fireEvent.click(confirm);
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(calls).toContain(`DELETE ${apiPaths.templates.script(1)}`);
    await waitFor(() => expect(screen.queryByText(script.content)).not.toBeInTheDocument());
  });
});

describe('template forms', () => {
  it('close at once unchanged, and ask before discarding an edit', async () => {
    stubFetch(() => ok({ list: [script], total: 1, page: 1, pageSize: 20 }));
    renderPage(<ScriptTemplatesPage />, '/template/script');
    expect(await screen.findByText(script.content)).toBeInTheDocument();
    const question = () => screen.queryByText('Discard your changes?');
    const openEdit = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      const dialog = (await screen.findByText('Edit script template')).closest(
        '.arco-modal',
      ) as HTMLElement;
      await waitFor(() =>
        expect(within(dialog).getByDisplayValue(script.content)).toBeInTheDocument(),
      );
      return dialog;
    };

    // Opened and left as it was: Cancel closes, nothing asked.
    let dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Edit script template')).toBeNull());
    expect(question()).toBeNull();

    // Changed: Esc asks; keeping on keeps the change; discarding closes.
    dialog = await openEdit();
    fireEvent.change(within(dialog).getByDisplayValue(script.content), {
      target: { value: 'Hello again' },
    });
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(within(dialog).getByDisplayValue('Hello again')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Edit script template')).toBeNull());

    // The next edit shows the template as it is, not the discarded text.
    dialog = await openEdit();
    expect(within(dialog).queryByDisplayValue('Hello again')).toBeNull();
  });
});

describe('product templates page', () => {
  it('checks required fields and keeps the modal open on a duplicate product ID', async () => {
    stubFetch((_url, init) =>
      init.method === 'POST'
        ? fail(409, 'A product template with product ID 42 already exists')
        : ok({ list: [], total: 0, page: 1, pageSize: 10 }),
    );
    renderPage(<ProductTemplatesPage />, '/template/product');
    expect(
      await screen.findByText('No product templates yet. Click "Create" to add the first one'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product ID cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Product name cannot be empty')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('Product ID on the platform'), {
      target: { value: '42' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('Product name'), {
      target: { value: 'Storage box' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A product template with product ID 42 already exists'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
