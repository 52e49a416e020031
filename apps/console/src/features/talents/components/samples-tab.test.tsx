import { apiPaths, type SampleRequest } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { chooseOption, pathOf, queryOf } from '@/test/talent-fixtures.ts';
import { TalentSearchTablePage } from './talent-search-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function sample(id: number, overrides: Partial<SampleRequest> = {}): SampleRequest {
  return {
    id,
    shopId: 7,
    shopName: 'Sunny US',
    platform: 'tiktok',
    talentId: 100 + id,
    creatorName: `Creator ${id}`,
    creatorUsername: `creator_${id}`,
    productId: `1729${id}`,
    productTitle: `Tea Sampler Box ${id}`,
    status: 'pending',
    platformStatus: 'PENDING',
    commissionRate: '0.1',
    appliedAt: '2026-11-20T08:00:00.000Z',
    approveExpiresAt: '2026-11-23T08:00:00.000Z',
    reviewedAt: null,
    reviewable: true,
    fulfilment: null,
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** The samples API at the network edge: one page of `rows`; reviews recorded. */
function stubSamplesApi(rows: SampleRequest[]) {
  const calls: Call[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const path = pathOf(url);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, query: queryOf(url), body });
    if (path === apiPaths.samples.list)
      return ok({ list: rows, total: rows.length, page: 1, pageSize: 10 });
    if (path.startsWith(`${apiPaths.samples.list}/`)) {
      const id = Number(path.split('/').at(-2));
      return ok({ ...rows.find((r) => r.id === id)!, status: 'approved', reviewable: false });
    }
    if (path === apiPaths.shops.list)
      return ok({
        list: [{ id: 7, shopName: 'Sunny US', platform: 'tiktok' }],
        total: 1,
        page: 1,
        pageSize: 100,
      });
    return ok(null);
  });
  const reviews = () => calls.filter((c) => c.method === 'POST');
  const lists = () => calls.filter((c) => c.path === apiPaths.samples.list);
  return { calls, reviews, lists };
}

const rows = [
  sample(1),
  sample(2, {
    status: 'completed',
    platformStatus: 'COMPLETED',
    reviewable: false,
    fulfilment: {
      status: 'SUCCEED',
      trackingNumber: 'SBX123',
      shipmentExpiresAt: null,
      contents: [
        {
          format: 'VIDEO',
          url: 'https://www.tiktok.com/@creator_2/video/1',
          viewCount: 1200,
          paidOrderCount: 3,
          postedAt: '2026-11-25T08:00:00.000Z',
        },
      ],
    },
  }),
  sample(3, { reviewable: false }),
];

describe('Samples tab (en-US)', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('lists the requests with their status, deadline and fulfilment; says 抖店 is not covered', async () => {
    const api = stubSamplesApi(rows);
    renderPage(<TalentSearchTablePage />, '/talent/search-table?tab=samples&talentId=101');
    await screen.findByText('Creator 1');
    expect(screen.getByText(/open platform has no API for sample requests/)).toBeInTheDocument();
    expect(screen.getAllByText('Pending review')).toHaveLength(2);
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('Tracking SBX123')).toBeInTheDocument();
    expect(screen.getByText(/VIDEO · 1,200 views · 3 orders/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View content' })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@creator_2/video/1',
    );
    // Only the reviewable request offers approve and reject; the late one says why not.
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(screen.getByText('Review deadline passed')).toBeInTheDocument();
    // The talent of the URL filters the list.
    expect(api.lists()[0]!.query).toMatchObject({ talentId: '101', page: '1' });
    expect(await screen.findByText('Talent: Creator 1 only')).toBeInTheDocument();

    await chooseOption(document.querySelector('.samples-status')!, 'Shipped');
    await waitFor(() => expect(api.lists().at(-1)!.query.status).toBe('shipped'));
  });

  it('rejects only with a reason, and approves after confirming', async () => {
    const api = stubSamplesApi(rows);
    renderPage(<TalentSearchTablePage />, '/talent/search-table?tab=samples');
    await screen.findByText('Creator 1');

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();
    expect(api.reviews()).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('The product is out of stock for now'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.reviews()).toHaveLength(1));
    expect(api.reviews()[0]).toMatchObject({
      path: apiPaths.samples.review(1),
      body: { result: 'reject', reason: 'OUT_OF_STOCK' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByText(/Approve Creator 1's sample request\?/);
    const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: /OK|确定/ }));
    await waitFor(() => expect(api.reviews()).toHaveLength(2));
    expect(api.reviews()[1]).toMatchObject({
      path: apiPaths.samples.review(1),
      body: { result: 'approve' },
    });
  });
});

describe('Samples tab (zh-CN)', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
  });

  it('speaks Chinese', async () => {
    stubSamplesApi(rows);
    renderPage(<TalentSearchTablePage />, '/talent/search-table?tab=samples');
    await screen.findByText('Creator 1');
    expect(screen.getByRole('tab', { name: '样品申请' })).toBeInTheDocument();
    expect(screen.getAllByText('待审核')).toHaveLength(2);
    expect(screen.getByText(/抖店开放平台没有样品申请的接口/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '通过' })).toBeInTheDocument();
  });
});
