import { apiPaths, type FollowUp } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { chooseOption, formItem, makeTalent, pathOf, queryOf } from '@/test/talent-fixtures.ts';
import { FollowUpDrawer } from './follow-up-drawer.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const record = (id: number, overrides: Partial<FollowUp> = {}): FollowUp => ({
  id,
  talentId: 3,
  author: 'seller01',
  content: `Note ${id}`,
  statusAtTime: 'communicating',
  event: null,
  createdAt: `2025-03-${String(10 + (id % 10)).padStart(2, '0')}T02:00:00.000Z`,
  ...overrides,
});

/** Arco's Drawer has no dialog role: find it by its class. */
function findDrawer(): Promise<HTMLElement> {
  return waitFor(() => {
    const drawer = document.querySelector<HTMLElement>('.arco-drawer');
    if (!drawer) throw new Error('no drawer');
    return drawer;
  });
}

describe('follow-up drawer', () => {
  it('shows the talent and its history, loads more, and adds a record with a new status', async () => {
    // 12 records, newest first: page 1 holds 12..3, page 2 holds 2..1.
    let records = Array.from({ length: 12 }, (_, index) => record(12 - index));
    const posted: unknown[] = [];
    stubFetch((url, init) => {
      expect(pathOf(url)).toBe(apiPaths.talents.followUps(3));
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { content: string; status?: string };
        posted.push(body);
        const created = record(13, { content: body.content, statusAtTime: 'cooperating' });
        records = [created, ...records];
        return ok(created);
      }
      const { page, pageSize } = queryOf(url);
      const size = Number(pageSize);
      const start = (Number(page) - 1) * size;
      return ok({
        list: records.slice(start, start + size),
        total: records.length,
        page: Number(page),
        pageSize: size,
      });
    });
    const talent = makeTalent(3, { name: 'Lin', platformTalentId: 'lin_03', fansCount: 52_000 });
    renderPage(<FollowUpDrawer talent={talent} onClose={() => undefined} />);
    const drawer = await findDrawer();
    expect(within(drawer).getByText('Follow-up record')).toBeInTheDocument();
    for (const text of ['Lin', 'lin_03', 'Douyin', 'Pending contact', '52,000', 'WeChat wx_3'])
      expect(within(drawer).getByText(text)).toBeInTheDocument();

    // The history: time, author, content and the status then.
    expect(await within(drawer).findByText('Note 12')).toBeInTheDocument();
    expect(within(drawer).getByText('12 records')).toBeInTheDocument();
    expect(within(drawer).getAllByText('seller01')).toHaveLength(10);
    expect(within(drawer).getAllByText('Communicating')).toHaveLength(10);
    expect(within(drawer).queryByText('Note 2')).not.toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Load more' }));
    expect(await within(drawer).findByText('Note 1')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // Content is required; the new status is optional.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save follow-up' }));
    expect(await within(drawer).findByText('Follow-up content cannot be empty')).toBeVisible();
    fireEvent.change(within(drawer).getByPlaceholderText('What was said and what came of it'), {
      target: { value: 'Agreed to a live session next week' },
    });
    await chooseOption(formItem('Also change the status', drawer), 'Cooperating');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save follow-up' }));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(posted).toEqual([
      { content: 'Agreed to a live session next week', status: 'cooperating' },
    ]);
    expect(await within(drawer).findByText('Agreed to a live session next week')).toBeVisible();
    await waitFor(() =>
      expect(within(drawer).getByPlaceholderText('What was said and what came of it')).toHaveValue(
        '',
      ),
    );
  });

  it('shows an empty history and does not offer a status change for a blacklisted talent', async () => {
    stubFetch(() => ok({ list: [], total: 0, page: 1, pageSize: 10 }));
    renderPage(
      <FollowUpDrawer
        talent={makeTalent(4, { status: 'blacklisted' })}
        onClose={() => undefined}
      />,
    );
    const drawer = await findDrawer();
    expect(await within(drawer).findByText('No follow-up records yet')).toBeInTheDocument();
    expect(
      within(drawer).getByText(
        'This talent is blacklisted; remove them from the blacklist to change the status',
      ),
    ).toBeInTheDocument();
    expect(formItem('Also change the status', drawer).querySelector('.arco-select')).toHaveClass(
      'arco-select-disabled',
    );
  });

  it('shows a TikTok talent’s username and open id, in both languages', async () => {
    stubFetch(() => ok({ list: [], total: 0, page: 1, pageSize: 10 }));
    const talent = makeTalent(4, { platform: 'tiktok', platformTalentId: 'lily.chen' });
    const view = renderPage(<FollowUpDrawer talent={talent} onClose={() => undefined} />);
    let drawer = await findDrawer();
    for (const text of ['TikTok username', '@lily.chen', 'TikTok open ID'])
      expect(within(drawer).getByText(text)).toBeInTheDocument();
    expect(
      within(drawer).getByText('Not given (looked up by username before sending)'),
    ).toBeInTheDocument();
    view.unmount();
    await resetApp('zh-CN');
    signIn();
    renderPage(
      <FollowUpDrawer
        talent={{
          ...talent,
          identity: {
            ...talent.identity,
            creatorUserOpenId: 'uACafQ_open_id',
          } as typeof talent.identity,
        }}
        onClose={() => undefined}
      />,
    );
    drawer = await findDrawer();
    for (const text of ['TikTok 用户名', '@lily.chen', 'TikTok Open ID', 'uACafQ_open_id'])
      expect(within(drawer).getByText(text)).toBeInTheDocument();
  });
});
