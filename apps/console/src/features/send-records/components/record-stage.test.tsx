import { apiPaths, type SendRecord, type SendRecordPage } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, formItem } from '@/test/talent-fixtures.ts';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { buildFilters } from '../model/filters.ts';
import { SentSearchTablePage } from './sent-search-page.tsx';

/**
 * Issue 19, "Know who answered": the send records table shows the stage each record reached
 * (a tag), filters by "reached this stage", and a record's details show its stages in time
 * order.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sent = '2026-11-26T02:00:00.000Z';

function record(id: number, overrides: Partial<SendRecord> = {}): SendRecord {
  return {
    id,
    taskId: 9,
    shopId: 5,
    shopName: 'Glow US',
    talentId: id,
    talentName: `Creator ${id}`,
    platform: 'tiktok',
    platformTalentId: `creator_${id}`,
    identity: { platform: 'tiktok', handle: `creator_${id}`, creatorUserOpenId: null },
    taskType: 'targeted_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    setName: 'Spring',
    message: 'Hi',
    products: [],
    status: 'success',
    errorCode: null,
    errorMessage: null,
    attempts: 1,
    channel: 'api',
    platformReference: { targetCollaborationId: '7301' },
    platformAnswer: null,
    leasedUntil: null,
    claimedAt: sent,
    finishedAt: sent,
    stage: null,
    acceptedAt: null,
    declinedAt: null,
    expiredAt: null,
    repliedAt: null,
    sampleRequestedAt: null,
    contentPostedAt: null,
    firstOrderAt: null,
    createdAt: sent,
    updatedAt: sent,
    ...overrides,
  };
}

const rows = [
  record(1, {
    stage: 'sample_requested',
    // Replied after the acceptance: the timeline orders by time, not by rank.
    sampleRequestedAt: '2026-11-26T05:00:00.000Z',
    acceptedAt: '2026-11-26T03:00:00.000Z',
    repliedAt: '2026-11-26T04:00:00.000Z',
  }),
  record(2, { stage: 'declined', declinedAt: '2026-11-26T03:00:00.000Z' }),
  record(3),
];

function pageOf(list: SendRecord[]): SendRecordPage {
  return { list, pageSize: 20, nextCursor: null, prevCursor: null };
}

function stub(asked: Array<Record<string, string>>) {
  stubFetch((url) => {
    const [path, query] = url.split('?');
    if (path === apiPaths.sendRecords.count) return ok({ total: 3, exact: true });
    if (path === apiPaths.shops.list) return ok({ list: [], total: 0, page: 1, pageSize: 100 });
    const one = rows.find((r) => path === apiPaths.sendRecords.one(r.id));
    if (one) return ok(one);
    const params = Object.fromEntries(new URLSearchParams(query));
    asked.push(params);
    return ok(pageOf(params.stage === 'accepted' ? [rows[0]!] : rows));
  });
}

describe('send records: the stage a creator reached', () => {
  it('shows each record’s stage as a tag, filters by it, and puts the filter in the URL', async () => {
    await resetApp('en-US');
    signIn();
    const asked: Array<Record<string, string>> = [];
    stub(asked);
    const { router } = renderPage(<SentSearchTablePage />, '/sent/search-table');
    const first = (await screen.findByText('Creator 1')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Sample requested')).toBeInTheDocument();
    const second = screen.getByText('Creator 2').closest('tr') as HTMLElement;
    expect(within(second).getByText('Declined')).toBeInTheDocument();
    const third = screen.getByText('Creator 3').closest('tr') as HTMLElement;
    expect(within(third).getByTitle('No answer yet')).toHaveTextContent('—');

    await chooseOption(formItem('Creator progress'), 'Accepted');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?stage=accepted'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ stage: 'accepted', pageSize: '20' }));
    await waitFor(() => expect(screen.queryByText('Creator 2')).not.toBeInTheDocument());
    expect(buildFilters({ stage: 'declined' })).toEqual({ stage: 'declined' });
  });

  it('opens at the stage of its URL, in Chinese, and shows a record’s stages in time order', async () => {
    await resetApp('zh-CN');
    signIn();
    const asked: Array<Record<string, string>> = [];
    stub(asked);
    renderPage(<SentSearchTablePage />, '/sent/search-table?stage=declined');
    await waitFor(() => expect(asked[0]).toEqual({ stage: 'declined', pageSize: '20' }));
    expect(within(formItem('达人进展')).getByText('已拒绝')).toBeInTheDocument();
    const first = (await screen.findByText('Creator 1')).closest('tr') as HTMLElement;
    expect(within(first).getByText('已申请样品')).toBeInTheDocument();

    fireEvent.click(within(first).getByRole('button', { name: '查看' }));
    const timeline = await screen.findByTestId('stage-timeline');
    const steps = [...timeline.querySelectorAll('.arco-timeline-item-content')].map(
      (item) => item.textContent,
    );
    expect(steps).toEqual(['邀约已送达', '已接受', '已回复', '已申请样品']);
  });

  it('says a delivered record not yet answered has no answer', async () => {
    await resetApp('en-US');
    signIn();
    stub([]);
    renderPage(<SentSearchTablePage />, '/sent/search-table');
    const third = (await screen.findByText('Creator 3')).closest('tr') as HTMLElement;
    fireEvent.click(within(third).getByRole('button', { name: 'View' }));
    const timeline = await screen.findByTestId('stage-timeline');
    expect(within(timeline).getByText('Invitation delivered')).toBeInTheDocument();
    expect(within(timeline).getByText('No answer yet')).toBeInTheDocument();
  });
});
