import { apiPaths, type SendStats } from '@inviteflow/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { emptyFunnel } from './funnel-fixtures.ts';
import { WorkplacePage } from './workplace-page.tsx';

function stats(overrides: Partial<SendStats> = {}): SendStats {
  const days = Array.from({ length: 14 }, (_, i) => ({
    day: `2025-03-${String(i + 1).padStart(2, '0')}`,
    created: 0,
    succeeded: 0,
    failed: 0,
  }));
  return {
    timeZone: 'Asia/Shanghai',
    todayEndsAt: '2025-03-14T16:00:00.000Z',
    timeZoneDaysFrom: null,
    days,
    totals: { created: 0, succeeded: 0, failed: 0, successRate: null },
    topFailures: [],
    records: { pending: 0, running: 0, success: 0, failed: 0 },
    talentsByStatus: [],
    shops: {
      slots: { limit: 1, used: 0, bound: 0, level: 'none' },
      counts: { BOUND: 0, UNBOUND: 0, EXPIRED: 0 },
      list: [],
    },
    membership: {
      level: 'none',
      isActive: false,
      validTo: null,
      endedAt: null,
      shopBindLimit: 1,
      dailyInvitationCap: 20,
      usedToday: 0,
      remainingToday: 20,
    },
    ...overrides,
  };
}

/** The page's calls: the stats as `handler` answers them; the funnel (its own card) empty. */
function stubWorkplace(handler: Parameters<typeof stubFetch>[0]) {
  return stubFetch((url, init) =>
    url.startsWith(apiPaths.sendRecords.funnel) ? ok(emptyFunnel()) : handler(url, init),
  );
}

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('workplace', () => {
  it('is honest on a new account: zeros, empty charts and where to start', async () => {
    stubWorkplace(() => ok(stats()));
    renderPage(<WorkplacePage />, '/sent/workplace');
    expect(await screen.findByText(/^No invitations yet: bind a shop/)).toBeInTheDocument();
    expect(await screen.findByText('No invitations in this period yet')).toBeInTheDocument();
    expect(screen.getByText('No failed invitations in this period')).toBeInTheDocument();
    expect(screen.getByText('Your talent library is empty')).toBeInTheDocument();
    expect(screen.getByText('No invitation finished yet')).toBeInTheDocument();
    expect(screen.getByText('No membership: you are on the free allowance')).toBeInTheDocument();
    expect(screen.getByText('No shops yet')).toBeInTheDocument();
    // The funnel, its own card and call: nothing sent yet.
    expect(await screen.findByText(/^No invitations sent yet/)).toBeInTheDocument();
  });

  it('shows the numbers and draws the charts, and asks again for another period', async () => {
    const urls: string[] = [];
    const busy = stats({
      totals: { created: 12, succeeded: 6, failed: 2, successRate: 0.75 },
      topFailures: [{ errorCode: 'network', count: 2 }],
      records: { pending: 3, running: 1, success: 6, failed: 2 },
      talentsByStatus: [{ status: 'communicating', count: 4 }],
      membership: {
        level: 'pro',
        isActive: true,
        validTo: '2099-06-01T00:00:00.000Z',
        endedAt: null,
        shopBindLimit: 10,
        dailyInvitationCap: 1000,
        usedToday: 12,
        remainingToday: 988,
      },
    });
    busy.days[13] = { day: '2025-03-14', created: 12, succeeded: 6, failed: 2 };
    stubWorkplace((url) => {
      urls.push(url);
      return ok(busy);
    });
    renderPage(<WorkplacePage />, '/sent/workplace');
    expect(await screen.findByText('75.0%')).toBeInTheDocument();
    expect(screen.getByText('Daily cap 1,000, 988 left')).toBeInTheDocument();
    expect(screen.getByText('3 pending, 1 running')).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.queryByText(/^No invitations yet/)).toBeNull();
    // The charts arrive in their own chunk, then draw.
    expect(await screen.findByTestId('chart-daily')).toBeInTheDocument();
    expect(screen.getByTestId('chart-failures')).toBeInTheDocument();
    expect(screen.getByTestId('chart-talents')).toBeInTheDocument();
    expect(urls[0]).toBe(`${apiPaths.sendRecords.stats}?days=14`);
    fireEvent.click(screen.getByText('Last 30 days'));
    await waitFor(() => expect(urls).toContain(`${apiPaths.sendRecords.stats}?days=30`));
  });

  it('says when a lapsed membership ended, and warns before one ends', async () => {
    stubWorkplace(() =>
      ok(
        stats({
          membership: {
            ...stats().membership,
            endedAt: '2025-03-01T10:00:00.000Z',
          },
        }),
      ),
    );
    const { unmount } = renderPage(<WorkplacePage />, '/sent/workplace');
    expect(
      await screen.findByText(
        /^Your membership ended on 2025-03-01 \d{2}:\d{2}:00; you are on the free allowance/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No membership: you are on the free allowance')).toBeNull();
    unmount();

    const soon = new Date(Date.now() + 86_400_000).toISOString();
    stubWorkplace(() =>
      ok(
        stats({
          membership: {
            ...stats().membership,
            level: 'basic',
            isActive: true,
            validTo: soon,
            shopBindLimit: 3,
            dailyInvitationCap: 200,
          },
        }),
      ),
    );
    renderPage(<WorkplacePage />, '/sent/workplace');
    expect(
      await screen.findByText(/^Your membership ends on .+ Renew in time/),
    ).toBeInTheDocument();
  });
});

describe.each([
  [
    'en-US',
    "Days in America/Los_Angeles (GMT-7) time; today's allowance renews at 2025-03-15 00:00",
    'Days in America/Los_Angeles time',
    'Time zone changed: today is still the day counted before the change, until 2025-03-15 00:00; after that, days are in America/Los_Angeles (GMT-7) time',
  ],
  [
    'zh-CN',
    '日期按 America/Los_Angeles（GMT-7）时间统计，今日额度于 2025-03-15 00:00 重置',
    '按 America/Los_Angeles 时间',
    '时区已更改：今天仍按更改前的日期统计，至 2025-03-15 00:00 结束；之后日期按 America/Los_Angeles（GMT-7）时间统计',
  ],
] as const)('workplace days in %s', (locale, daysText, chartText, changingText) => {
  beforeEach(async () => {
    await resetApp(locale);
    signIn();
  });

  it("says which zone its days are counted in and when today's allowance renews", async () => {
    // The account counts days in Los Angeles: its midnight is 07:00 UTC in summer time.
    stubWorkplace(() =>
      ok(
        stats({
          timeZone: 'America/Los_Angeles',
          todayEndsAt: '2025-03-15T07:00:00.000Z',
          totals: { created: 1, succeeded: 0, failed: 0, successRate: null },
        }),
      ),
    );
    renderPage(<WorkplacePage />, '/sent/workplace');
    expect(await screen.findByTestId('days-zone')).toHaveTextContent(daysText);
    expect(await screen.findByText(chartText)).toBeInTheDocument();
  });

  it('says that today is still the day counted before a change of zone, and until when', async () => {
    stubWorkplace(() =>
      ok(
        stats({
          timeZone: 'America/Los_Angeles',
          todayEndsAt: '2025-03-15T07:00:00.000Z',
          timeZoneDaysFrom: '2025-03-15T07:00:00.000Z',
        }),
      ),
    );
    renderPage(<WorkplacePage />, '/sent/workplace');
    expect(await screen.findByTestId('days-zone')).toHaveTextContent(changingText);
  });
});
