import { apiPaths, type AffiliateOrder } from '@inviteflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { formItem, makeTalent, pathOf } from '@/test/talent-fixtures.ts';
import { TalentFigure } from './platform-figures.tsx';
import { TalentFormModal } from './talent-form-modal.tsx';
import { TalentOrders } from './talent-orders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const line = (id: number, overrides: Partial<AffiliateOrder> = {}): AffiliateOrder => ({
  id,
  shopId: 4,
  shopName: 'Bright Living GB',
  platform: 'tiktok',
  orderId: `57912552949911020${id}`,
  productId: `172950317945707032${id}`,
  quantity: 1,
  amountMinor: 1999,
  currency: 'GBP',
  status: 'COMPLETED',
  void: false,
  taskId: 9,
  recordId: 90,
  orderedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const synced = makeTalent(3, {
  platform: 'tiktok',
  platformTalentId: 'chill_life_gb1',
  businessAmountFen: 58_988,
  dealCount: 10,
  figuresSyncedAt: '2026-11-27T08:00:00.000Z',
  figuresCurrency: 'GBP',
});

describe.each(['en-US', 'zh-CN'] as const)('what a talent sold (%s)', (locale) => {
  const en = locale === 'en-US';
  beforeEach(async () => {
    await resetApp(locale);
    signIn();
  });

  it('marks platform figures; every amount names its currency, the seller’s own in CNY', async () => {
    renderPage(
      <div>
        <div data-testid="synced">
          <TalentFigure talent={synced} field="businessAmountFen" />
          <TalentFigure talent={synced} field="dealCount" />
        </div>
        <div data-testid="own">
          <TalentFigure talent={makeTalent(4)} field="businessAmountFen" />
        </div>
      </div>,
    );
    const mine = await screen.findByTestId('synced');
    expect(within(mine).getAllByText(en ? 'Platform' : '平台')).toHaveLength(2);
    expect(within(mine).getByText(/GBP\s*589\.88/)).toBeInTheDocument();
    expect(within(mine).getByText('10')).toBeInTheDocument();
    const own = screen.getByTestId('own');
    expect(within(own).queryByText(en ? 'Platform' : '平台')).not.toBeInTheDocument();
    expect(within(own).getByText(/CNY\s*12,345\.67/)).toBeInTheDocument();
  });

  it("lists the talent's order lines: shop, product, amount in its currency, status, the void ones marked", async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(pathOf(url));
      return ok({
        list: [
          line(1),
          line(2, { status: 'CANCELLED', void: true, amountMinor: 0, currency: 'EUR' }),
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      });
    });
    renderPage(<TalentOrders talent={synced} />);
    expect(await screen.findByText('1729503179457070321')).toBeInTheDocument();
    expect(asked).toEqual([apiPaths.talents.orders(3)]);
    expect(screen.getAllByText('Bright Living GB')).toHaveLength(2);
    expect(screen.getByText(/GBP\s*19\.99/)).toBeInTheDocument();
    expect(screen.getByText(/EUR\s*0\.00/)).toHaveClass('talent-order-void');
    expect(screen.getByText(en ? 'Completed' : '已完成')).toBeInTheDocument();
    expect(screen.getByText(en ? 'Cancelled' : '已取消')).toBeInTheDocument();
    expect(screen.getByText(en ? 'Not counted' : '不计入')).toBeInTheDocument();
    expect(screen.getByText(en ? '2 order lines' : '共 2 条')).toBeInTheDocument();
  });

  it('says why a 抖店 talent has no orders listed, and asks for none', async () => {
    const fetch = stubFetch(() => ok({}));
    renderPage(<TalentOrders talent={makeTalent(5)} />);
    expect(
      await screen.findByText(en ? /alliance\.getOrderList/ : /只能按订单号查询/),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a synced talent’s business amount and deal count read-only, "from the platform"', async () => {
    stubFetch((url) =>
      pathOf(url) === apiPaths.talents.facets ? ok({ shopNames: [], labels: [] }) : ok({}),
    );
    renderPage(<TalentFormModal visible editing={synced} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    // Its label names no currency: the value says GBP.
    const amount = formItem(en ? 'Business amount' : '带货金额', dialog);
    await waitFor(() => expect(amount.querySelector('input')).toBeDisabled());
    expect(amount.querySelector('input')).toHaveValue(
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'GBP',
        currencyDisplay: 'code',
      }).format(589.88),
    );
    const extra = en ? "From the platform's orders; not editable" : '来自平台订单，不可手动修改';
    expect(within(amount).getByText(extra)).toBeInTheDocument();
    const deals = formItem(en ? 'Deal count' : '成交单数', dialog);
    expect(deals.querySelector('input')).toBeDisabled();
    expect(within(deals).getByText(extra)).toBeInTheDocument();
  });
});
