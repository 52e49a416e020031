import {
  apiPaths,
  type FollowUpCounts,
  type TaskFollowUp,
  type TaskFollowUps as TaskFollowUpsData,
} from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, formItem } from '@/test/talent-fixtures.ts';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { SentSearchTablePage } from './sent-search-page.tsx';
import { followUpDaysProblem, followUpsBody } from './follow-ups-fields.tsx';
import { TaskFollowUps } from './task-follow-ups.tsx';

const at = '2026-11-26T02:00:00.000Z';

function counts(overrides: Partial<FollowUpCounts> = {}): FollowUpCounts {
  return {
    sent: 0,
    skipped: {
      replied: 0,
      accepted: 0,
      declined: 0,
      blacklisted: 0,
      cool_down: 0,
      no_channel: 0,
    },
    failed: 0,
    failures: [],
    sending: 0,
    waiting: 0,
    ...overrides,
  };
}

function followUp(step: number, overrides: Partial<TaskFollowUp> = {}): TaskFollowUp {
  return {
    id: 40 + step,
    taskId: 9,
    step,
    afterDays: step * 3,
    scriptTemplateId: 5,
    script: `Hi {talentName}, reminder ${step}`,
    status: 'scheduled',
    cancelledAt: null,
    createdAt: at,
    counts: counts(),
    ...overrides,
  };
}

async function start(locale: 'en-US' | 'zh-CN') {
  await resetApp(locale);
  signIn();
}

beforeEach(() => start('en-US'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a task’s follow-ups', () => {
  it('shows each with its counts, and cancels one', async () => {
    let data: TaskFollowUpsData = {
      taskId: 9,
      canFollowUp: true,
      list: [
        followUp(1, {
          counts: counts({
            sent: 12,
            waiting: 3,
            failed: 1,
            failures: [{ code: 'sensitive_words', count: 1 }],
            skipped: { ...counts().skipped, replied: 4, blacklisted: 2 },
          }),
        }),
        followUp(2, { counts: counts({ waiting: 12 }) }),
      ],
    };
    const cancelled: string[] = [];
    stubFetch((url, init) => {
      const path = url.split('?')[0];
      if (path === apiPaths.sendRecords.taskFollowUps(9)) return ok(data);
      if (path === apiPaths.sendRecords.cancelFollowUp(9, 42) && init.method === 'POST') {
        cancelled.push(path);
        data = {
          ...data,
          list: [data.list[0]!, { ...data.list[1]!, status: 'cancelled', cancelledAt: at }],
        };
        return ok(data);
      }
      return fail(404, 'Not found');
    });
    renderPage(<TaskFollowUps taskId={9} />);
    const first = await screen.findByTestId('follow-up-1');
    expect(within(first).getByText('Follow-up 1')).toBeInTheDocument();
    expect(
      within(first).getByText('No reply or acceptance 3 days after the invitation'),
    ).toBeInTheDocument();
    const shown = within(within(first).getByTestId('follow-up-counts'));
    for (const text of ['Sent 12', 'Waiting 3', 'Failed 1', 'Replied 4', 'Blacklisted 2'])
      expect(shown.getByText(text)).toBeInTheDocument();
    expect(shown.queryByText(/Accepted/)).toBeNull();

    const second = screen.getByTestId('follow-up-2');
    fireEvent.click(within(second).getByText('Cancel follow-up'));
    expect(
      await screen.findByText(
        'Cancel follow-up 2? Creators who have not received it yet never will.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(cancelled).toHaveLength(1));
    await waitFor(() =>
      expect(within(screen.getByTestId('follow-up-2')).getByText('Cancelled')).toBeInTheDocument(),
    );
    expect(within(screen.getByTestId('follow-up-2')).queryByText('Cancel follow-up')).toBeNull();
  });

  it('says, in Chinese, that a shop without authorization cannot follow up', async () => {
    await start('zh-CN');
    stubFetch(() => ok({ taskId: 9, canFollowUp: false, list: [] }));
    renderPage(<TaskFollowUps taskId={9} />);
    expect(
      await screen.findByText(
        '跟进通过平台的达人私信发送，只支持通过授权连接的 TikTok Shop 店铺。该任务的店铺不是，不能安排跟进；在“我的店铺”中授权连接后，新建的任务即可安排。',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('跟进')).toBeInTheDocument();
  });
});

describe('the create form’s follow-ups', () => {
  it('checks the days as the contract words it, in both languages', () => {
    expect(followUpDaysProblem([{ afterDays: 0 }], 0, 'en-US')).toBe(
      'Enter the follow-up days as a whole number from 1 to 30',
    );
    expect(followUpDaysProblem([{ afterDays: 3 }], 0, 'en-US')).toBeNull();
    expect(followUpDaysProblem([{ afterDays: 3 }, { afterDays: 3 }], 1, 'zh-CN')).toBe(
      '第二次跟进的天数必须大于第一次',
    );
    expect(followUpDaysProblem([{ afterDays: 3 }, { afterDays: 31 }], 1, 'en-US')).toBe(
      'Enter the follow-up days as a whole number from 1 to 30',
    );
    expect(followUpsBody([{ afterDays: 3, scriptTemplateId: 5 }])).toEqual([
      { afterDays: 3, scriptTemplateId: 5 },
    ]);
    expect(followUpsBody(undefined)).toEqual([]);
  });
});

describe('the create drawer’s Follow-ups section', () => {
  it('offers rows only for a TikTok shop connected by authorization, and says why otherwise', async () => {
    const shops = [
      { id: 5, shopName: 'US Store', platform: 'tiktok', bindStatus: 'BOUND' },
      {
        id: 7,
        shopName: 'Authorized Store',
        platform: 'tiktok',
        bindStatus: 'BOUND',
        source: 'authorization',
      },
    ];
    stubFetch((url) => {
      const path = url.split('?')[0]!;
      const page = <T,>(list: T[]) => ok({ list, total: list.length, page: 1, pageSize: 100 });
      if (path === apiPaths.shops.list) return page(shops);
      if (path === apiPaths.templates.scripts)
        return page([{ id: 5, content: 'Hi again {talentName}', remark: 'Reminder' }]);
      if (path === apiPaths.templates.products) return page([]);
      if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
      return ok({ list: [], pageSize: 20, nextCursor: null, prevCursor: null });
    });
    renderPage(<SentSearchTablePage />, '/sent/search-table');
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const drawer = (await screen.findByText('Create invitation task')).closest(
      '.arco-drawer',
    ) as HTMLElement;
    await chooseOption(formItem('Shop', drawer), 'US Store');
    expect(await within(drawer).findByTestId('follow-ups-need-api')).toHaveTextContent(
      "Follow-ups need a TikTok Shop shop connected by authorization (the platform's creator messages): this shop cannot schedule them.",
    );
    expect(within(drawer).queryByTestId('add-follow-up')).toBeNull();

    await chooseOption(formItem('Shop', drawer), 'Authorized Store');
    await waitFor(() => expect(within(drawer).queryByTestId('follow-ups-need-api')).toBeNull());
    fireEvent.click(within(drawer).getByTestId('add-follow-up'));
    expect(await within(drawer).findByText('No. 1')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByTestId('add-follow-up'));
    expect(await within(drawer).findByText('No. 2')).toBeInTheDocument();
    // Two at most.
    expect(within(drawer).queryByTestId('add-follow-up')).toBeNull();
  });
});
