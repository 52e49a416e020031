import { apiPaths, type FunnelData } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { FunnelCard } from './funnel-card.tsx';
import { emptyFunnel, funnelGroup } from './funnel-fixtures.ts';

/** Two templates: one with a sample worth reading, one of 12 invitations; GMV in two currencies. */
function busyFunnel(groupBy: FunnelData['groupBy'] = 'template'): FunnelData {
  const big = funnelGroup({
    id: 4,
    name: 'Friendly hello',
    tasks: 3,
    counts: {
      sent: 200,
      accepted: 50,
      replied: 30,
      sample_requested: 12,
      content_posted: 6,
      first_order: 3,
    },
    gmv: [{ currency: 'USD', amountMinor: 129_900, orders: 7 }],
  });
  const small = funnelGroup({
    id: null,
    tasks: 1,
    counts: {
      sent: 12,
      accepted: 6,
      replied: 1,
      sample_requested: 0,
      content_posted: 0,
      first_order: 0,
    },
  });
  return {
    groupBy,
    groups: [big, small],
    groupCount: 2,
    totals: funnelGroup({
      tasks: 4,
      counts: {
        sent: 212,
        accepted: 56,
        replied: 31,
        sample_requested: 12,
        content_posted: 6,
        first_order: 3,
      },
      gmv: big.gmv,
    }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('workplace funnel card (en-US)', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('draws the steps with their share of sent, rates with n, and marks a small sample', async () => {
    stubFetch(() => ok(busyFunnel()));
    renderPage(<FunnelCard shops={[]} />, '/sent/workplace');
    const bars = await screen.findByTestId('funnel-bars');
    expect(bars).toHaveTextContent('Sent212');
    expect(bars).toHaveTextContent('Accepted56 · 26.4%');
    expect(bars).toHaveTextContent('$1,299.00 · 7 orders');
    const rows = screen.getAllByRole('row');
    const friendly = rows.find((r) => r.textContent?.includes('Friendly hello'))!;
    // The sample size is its own column, beside the rates read from it.
    expect(screen.getByRole('columnheader', { name: 'Sent (n)' })).toBeInTheDocument();
    expect(within(friendly).getAllByRole('cell')[1]).toHaveTextContent(/^200$/);
    expect(friendly).toHaveTextContent('25.0%');
    expect(within(friendly).queryByTestId('funnel-small')).toBeNull();
    const none = rows.find((r) => r.textContent?.includes('No template'))!;
    expect(within(none).getAllByRole('cell')[1]).toHaveTextContent(/^12$/);
    expect(none).toHaveTextContent('50.0%');
    expect(within(none).getByTestId('funnel-small')).toHaveTextContent('Small sample');
  });

  it('asks again when the grouping changes, and names the column by it', async () => {
    const urls: string[] = [];
    stubFetch((url) => {
      urls.push(url);
      const groupBy = (new URL(url, 'http://x').searchParams.get('groupBy') ??
        'template') as FunnelData['groupBy'];
      return ok(busyFunnel(groupBy));
    });
    renderPage(<FunnelCard shops={[]} />, '/sent/workplace');
    await screen.findByTestId('funnel-bars');
    expect(urls[0]).toBe(`${apiPaths.sendRecords.funnel}?groupBy=template`);
    fireEvent.click(screen.getByText('By shop'));
    await waitFor(() => expect(urls).toContain(`${apiPaths.sendRecords.funnel}?groupBy=shop`));
    expect(await screen.findByRole('columnheader', { name: 'Shop' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('By task'));
    expect(await screen.findByText('#4 Friendly hello')).toBeInTheDocument();
  });

  it('says when nothing was sent yet', async () => {
    stubFetch(() => ok(emptyFunnel()));
    renderPage(<FunnelCard shops={[]} />, '/sent/workplace');
    expect(await screen.findByText(/^No invitations sent yet/)).toBeInTheDocument();
  });
});

describe('workplace funnel card (zh-CN)', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
  });

  it('speaks Chinese, the small-sample hint included', async () => {
    stubFetch(() => ok(busyFunnel()));
    renderPage(<FunnelCard shops={[]} />, '/sent/workplace');
    expect(await screen.findByTestId('funnel-bars')).toHaveTextContent('已接受56 · 26.4%');
    expect(screen.getByText('邀约漏斗')).toBeInTheDocument();
    expect(screen.getAllByRole('row').some((r) => r.textContent?.includes('未使用模板'))).toBe(
      true,
    );
    expect(screen.getByTestId('funnel-small')).toHaveTextContent('样本少');
    expect(screen.getByRole('columnheader', { name: '接受率' })).toBeInTheDocument();
  });
});
