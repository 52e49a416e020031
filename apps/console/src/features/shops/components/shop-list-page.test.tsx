import { apiPaths, type Shop, type ShopPage } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { ShopListPage, isWaiting } from './shop-list-page.tsx';

function shop(id: number, overrides: Partial<Shop> = {}): Shop {
  return {
    id,
    platform: 'douyin',
    shopName: `Shop ${id}`,
    siteName: 'CN',
    shopCode: `CODE-${id}`,
    bindStatus: 'BOUND',
    boundAt: '2025-03-08T06:05:09.000Z',
    nextBindAt: null,
    source: 'manual',
    platformRegion: null,
    connectionId: null,
    platformPause: null,
    createdAt: '2025-03-08T06:05:09.000Z',
    updatedAt: '2025-03-08T06:05:09.000Z',
    ...overrides,
  };
}

const future = new Date(Date.now() + 3_600_000).toISOString();

function page(
  list: Shop[],
  slots: ShopPage['slots'] = { limit: 3, used: 2, bound: 1, level: 'basic' },
) {
  return {
    list,
    total: list.length,
    page: 1,
    pageSize: 10,
    counts: { all: 3, BOUND: 1, UNBOUND: 1, EXPIRED: 1 },
    slots,
  } satisfies ShopPage;
}

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My Shops', () => {
  it('shows the tabs with their counts, the slots, and an action per bind status', async () => {
    const urls: string[] = [];
    stubFetch((url) => {
      urls.push(url);
      return ok(
        page([
          shop(1),
          shop(2, { bindStatus: 'UNBOUND', nextBindAt: future }),
          shop(3, { bindStatus: 'EXPIRED', source: 'extension' }),
        ]),
      );
    });
    renderPage(<ShopListPage />, '/shop/list');
    expect(await screen.findByText('Shop 1')).toBeInTheDocument();
    expect(urls[0]).toBe(`${apiPaths.shops.list}?tab=all&page=1&pageSize=20`);
    for (const tab of ['All (3)', 'Bound (1)', 'Unbound (1)', 'Expired (1)']) {
      expect(screen.getByText(tab)).toBeInTheDocument();
    }
    expect(screen.getByText('Plan: Basic')).toBeInTheDocument();
    expect(screen.getByText('1 bound, 2 / 3 slots in use')).toBeInTheDocument();
    const rows = document.querySelectorAll('.shop-table tbody tr');
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Unbind' })).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText(/^Can bind after /)).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByRole('button', { name: 'Bind again' }),
    ).toBeVisible();
    expect(
      within(rows[2] as HTMLElement).getByText('Reported by the extension'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByText('Expired (1)'));
    await waitFor(() =>
      expect(urls).toContain(`${apiPaths.shops.list}?tab=EXPIRED&page=1&pageSize=20`),
    );
  });

  it('binds a shop by hand and keeps the form when the server refuses', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    stubFetch((url, init) => {
      if (init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        if (refuse) {
          // The last slot went meanwhile (the extension bound a shop in another window).
          refuse = false;
          return fail(422, 'The shop limit of your free allowance is 1 and every slot is in use');
        }
        return ok({ shop: shop(9), outcome: 'bound', slots: page([]).slots });
      }
      return ok(page([], { limit: 1, used: 0, bound: 0, level: 'none' }));
    });
    renderPage(<ShopListPage />, '/shop/list');
    expect(await screen.findByText('0 bound, 0 / 1 slots in use')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Bind shop' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(await within(dialog).findByText('Shop code cannot be empty')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    fireEvent.click(within(dialog).getAllByText('Please choose')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Douyin' }));
    fireEvent.change(within(dialog).getByPlaceholderText('As the seller center shows it'), {
      target: { value: 'Glow Store' },
    });
    fireEvent.change(
      within(dialog).getByPlaceholderText('The shop ID or code in the seller center'),
      { target: { value: ' GLOW-1 ' } },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(
      await screen.findByText(
        'The shop limit of your free allowance is 1 and every slot is in use',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('Glow Store')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind' }));
    expect(await screen.findByText('Shop bound')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      platform: 'douyin',
      shopName: 'Glow Store',
      siteName: '',
      shopCode: 'GLOW-1',
    });
  });

  it('turns binding off at the limit, with the slots, the reason and the way up', async () => {
    stubFetch(() =>
      ok(
        page([shop(1), shop(2, { bindStatus: 'EXPIRED' })], {
          limit: 3,
          used: 3,
          bound: 3,
          level: 'basic',
        }),
      ),
    );
    const { router } = renderPage(<ShopListPage />, '/shop/list');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bind shop' })).toBeDisabled());
    const bind = screen.getByRole('button', { name: 'Bind shop' });
    // Said beside the button, before any form is filled.
    const full = screen.getByTestId('shop-bind-full');
    expect(full).toHaveTextContent('All slots in use (3 / 3)');
    // Bind again on a shop would take a slot too.
    expect(screen.getByRole('button', { name: 'Bind again' })).toBeDisabled();
    // The reason on hover: the plan's limit and the next plan's.
    fireEvent.mouseEnter(bind.parentElement as HTMLElement);
    expect(
      await screen.findByText(
        'All slots are in use (3 / 3): the Basic plan binds at most 3 shops.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Upgrade to Pro to bind up to 10 shops, or unbind a shop: its slot frees at its next bind time.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(full).getByText('Upgrade to Pro'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/membership/purchase'));
  });

  it('keeps binding on below the limit', async () => {
    stubFetch(() => ok(page([shop(1)], { limit: 3, used: 2, bound: 2, level: 'basic' })));
    renderPage(<ShopListPage />, '/shop/list');
    expect(await screen.findByText('2 bound, 2 / 3 slots in use')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bind shop' })).toBeEnabled();
    expect(screen.queryByTestId('shop-bind-full')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bind shop' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('offers no upgrade at the limit of the largest plan', async () => {
    stubFetch(() => ok(page([shop(1)], { limit: 50, used: 50, bound: 50, level: 'enterprise' })));
    renderPage(<ShopListPage />, '/shop/list');
    expect(await screen.findByText('50 bound, 50 / 50 slots in use')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bind shop' })).toBeDisabled();
    expect(screen.getByTestId('shop-bind-full')).toHaveTextContent('All slots in use (50 / 50)');
    expect(screen.queryByText(/^Upgrade/)).toBeNull();
  });

  it('tells an unbound shop still waiting from one that may be bound again', () => {
    expect(isWaiting(shop(1, { bindStatus: 'UNBOUND', nextBindAt: future }))).toBe(true);
    expect(
      isWaiting(shop(1, { bindStatus: 'UNBOUND', nextBindAt: '2020-01-01T00:00:00.000Z' })),
    ).toBe(false);
    expect(isWaiting(shop(1, { bindStatus: 'EXPIRED' }))).toBe(false);
  });
});
