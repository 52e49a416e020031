import { apiPaths, type BlacklistEntry } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { pathOf, queryOf } from '@/test/talent-fixtures.ts';
import { TalentBlacklistPage } from './blacklist-page.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry: BlacklistEntry = {
  id: 7,
  talentName: 'Noisy Nick',
  platformTalentId: 'nick_07',
  fansCount: 48_000,
  reason: 'Asked for free samples three times',
  talentId: 3,
  createdAt: '2025-03-08T06:05:09.000Z',
};

describe('talent blacklist', () => {
  it('lists, searches by name, adds with every field required, and removes', async () => {
    let rows = [entry];
    const calls: Array<{
      method: string;
      path: string;
      query: Record<string, string>;
      body: unknown;
    }> = [];
    stubFetch((url, init) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: pathOf(url), query: queryOf(url), body });
      if (method === 'POST') {
        const added = { ...entry, id: 8, talentId: null, ...(body as object) };
        rows = [added, ...rows];
        return ok(added);
      }
      if (method === 'DELETE') {
        rows = rows.filter((row) => pathOf(url) !== apiPaths.blacklist.one(row.id));
        return ok(null);
      }
      return ok({ list: rows, total: rows.length, page: 1, pageSize: 10 });
    });
    renderPage(<TalentBlacklistPage />, '/talent/blacklist');
    const row = (await screen.findByText('Noisy Nick')).closest('tr') as HTMLElement;
    expect(screen.getByText('Talent Blacklist')).toBeInTheDocument();
    for (const text of ['nick_07', '48,000', 'Asked for free samples three times'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    // No edit: a blacklist entry is added or removed.
    expect(within(row).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByPlaceholderText('Talent name or talent ID'), {
      target: { value: 'nick' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toEqual({ page: '1', pageSize: '20', keyword: 'nick' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add blacklist' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      'Talent name cannot be empty',
      'Talent ID cannot be empty',
      'Fans count cannot be empty',
      'Reason cannot be empty',
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('The talent name on the platform'), {
      target: { value: 'Spam Sam' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('The talent ID on the platform'), {
      target: { value: 'sam_99' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('Fans count'), {
      target: { value: '1200' },
    });
    fireEvent.change(
      within(dialog).getByPlaceholderText(
        'For example: missed appointments, asked for free samples',
      ),
      { target: { value: 'Spam messages' } },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added to the blacklist')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      talentName: 'Spam Sam',
      platformTalentId: 'sam_99',
      fansCount: 1200,
      reason: 'Spam messages',
    });
    expect(await screen.findByText('Spam Sam')).toBeInTheDocument();

    const nick = screen.getByText('Noisy Nick').closest('tr') as HTMLElement;
    fireEvent.click(within(nick).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Remove this talent from the blacklist?')).toBeVisible();
    fireEvent.click(document.querySelector('.arco-popconfirm .arco-btn-primary') as HTMLElement);
    expect(await screen.findByText('Removed from the blacklist')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === apiPaths.blacklist.one(7)),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByText('Noisy Nick')).not.toBeInTheDocument());
  });

  it('keeps the modal open when the ID is already blacklisted', async () => {
    stubFetch((_url, init) =>
      init.method === 'POST'
        ? fail(409, 'Talent ID sam_99 is already blacklisted')
        : ok({ list: [], total: 0, page: 1, pageSize: 10 }),
    );
    renderPage(<TalentBlacklistPage />, '/talent/blacklist');
    expect(await screen.findByText('The blacklist is empty')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add blacklist' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('The talent name on the platform'), {
      target: { value: 'Spam Sam' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('The talent ID on the platform'), {
      target: { value: 'sam_99' },
    });
    fireEvent.change(within(dialog).getByPlaceholderText('Fans count'), { target: { value: '0' } });
    fireEvent.change(
      within(dialog).getByPlaceholderText(
        'For example: missed appointments, asked for free samples',
      ),
      { target: { value: 'Spam' } },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Talent ID sam_99 is already blacklisted')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
