import { apiPaths, type SampleRequest, type Talent } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { chooseOption, makeTalent, pathOf, queryOf } from '@/test/talent-fixtures.ts';
import { TalentSearchTablePage } from './talent-search-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A TikTok talent whose figures come from the platform's US orders, and a 抖店 one typed in. */
const rows: Talent[] = [
  makeTalent(1, {
    name: 'Rosy',
    platform: 'tiktok',
    platformTalentId: 'rosy_cook',
    businessAmountFen: 5_000,
    figuresSyncedAt: '2026-11-27T08:00:00.000Z',
    figuresCurrency: 'USD',
  }),
  makeTalent(2, { name: 'Own', platform: 'douyin', businessAmountFen: 12_345 }),
];

const sample: SampleRequest = {
  id: 9,
  shopId: 7,
  shopName: 'Sunny US',
  platform: 'tiktok',
  talentId: 1,
  creatorName: 'Rosy Cook',
  creatorUsername: 'rosy_cook',
  productId: '17291',
  productTitle: 'Tea Sampler Box',
  status: 'pending',
  platformStatus: 'PENDING',
  commissionRate: '0.1',
  appliedAt: '2026-11-20T08:00:00.000Z',
  approveExpiresAt: '2026-11-23T08:00:00.000Z',
  reviewedAt: null,
  reviewable: true,
  fulfilment: null,
};

function stubApi() {
  const calls: Array<{ path: string; query: Record<string, string> }> = [];
  stubFetch((url) => {
    const path = pathOf(url);
    calls.push({ path, query: queryOf(url) });
    if (path === apiPaths.talents.count) return ok({ total: rows.length, exact: true });
    if (path === apiPaths.talents.facets) return ok({ shopNames: [], labels: [] });
    if (path === apiPaths.talents.list) {
      return ok({ list: rows, pageSize: 20, nextCursor: null, prevCursor: null });
    }
    if (path === apiPaths.samples.list) {
      return ok({ list: [sample], total: 1, page: 1, pageSize: 10 });
    }
    if (path === apiPaths.shops.list) {
      return ok({
        list: [
          { id: 7, shopName: 'Sunny US', platform: 'tiktok' },
          { id: 8, shopName: 'Bright GB', platform: 'tiktok' },
        ],
        total: 2,
        page: 1,
        pageSize: 100,
      });
    }
    return ok(null);
  });
  return { samples: () => calls.filter((c) => c.path === apiPaths.samples.list) };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe.each(['en-US', 'zh-CN'] as const)('talent library links (%s)', (locale) => {
  const en = locale === 'en-US';
  beforeEach(async () => {
    await resetApp(locale);
    signIn();
  });

  it("names no currency in the amount's header and each row's own currency", async () => {
    stubApi();
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Rosy');
    const headers = [...document.querySelectorAll('.talent-table thead th')].map(
      (th) => th.textContent ?? '',
    );
    expect(headers).toContain(en ? 'Business amount' : '带货金额');
    expect(headers.join('|')).not.toMatch(/Business amount \(CNY\)|带货金额（元）/);
    expect(within(rowOf('Rosy')).getByText(/USD\s*50\.00/)).toBeInTheDocument();
    expect(within(rowOf('Own')).getByText(/CNY\s*123\.45/)).toBeInTheDocument();
  });

  it('links a TikTok talent to its sample requests, filtered in the URL', async () => {
    const api = stubApi();
    const { router } = renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Rosy');
    const label = en ? 'Sample requests' : '样品申请';
    // 抖店 has no sample-request API: no link on its talents.
    expect(within(rowOf('Own')).queryByLabelText(label)).toBeNull();
    fireEvent.click(within(rowOf('Rosy')).getByLabelText(label));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=samples&talentId=1'));
    await waitFor(() => expect(api.samples()[0]?.query).toMatchObject({ talentId: '1' }));
    expect(
      await screen.findByText(en ? 'Talent: Rosy Cook only' : '只看达人：Rosy Cook'),
    ).toBeInTheDocument();

    // The other filters join the URL too, the talent kept.
    await chooseOption(document.querySelector('.samples-shop') as HTMLElement, 'Bright GB');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=samples&talentId=1&shopId=8'),
    );
    await waitFor(() =>
      expect(api.samples().at(-1)?.query).toMatchObject({ talentId: '1', shopId: '8' }),
    );
    // Closing the talent's tag lists every talent's again.
    fireEvent.click(document.querySelector('.samples-talent .arco-tag-close-btn') as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=samples&shopId=8'));
    await waitFor(() => expect(api.samples().at(-1)?.query.talentId).toBeUndefined());
  });
});
