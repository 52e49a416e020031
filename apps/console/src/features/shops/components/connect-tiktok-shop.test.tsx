import {
  apiPaths,
  type PlatformConnection,
  type Shop,
  type ShopPage,
  type ShopPause,
} from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth-store.ts';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { authorizationNavigation } from '../model/go-to-authorization.ts';
import { ShopListPage } from './shop-list-page.tsx';

const at = '2026-03-08T06:05:09.000Z';

function shop(id: number, overrides: Partial<Shop> = {}): Shop {
  return {
    id,
    platform: 'tiktok',
    shopName: `Shop ${id}`,
    siteName: '美国站',
    shopCode: `CODE-${id}`,
    bindStatus: 'BOUND',
    boundAt: at,
    nextBindAt: null,
    source: 'authorization',
    platformRegion: 'US',
    connectionId: 5,
    platformPause: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const scopes = [
  'seller.authorization.info',
  'seller.creator_marketplace.read',
  'seller.affiliate_collaboration.read',
  'seller.affiliate_collaboration.write',
  'seller.affiliate_messages.write',
];

function connection(overrides: Partial<PlatformConnection> = {}): PlatformConnection {
  return {
    id: 5,
    platform: 'tiktok',
    sellerName: 'Global seller',
    sellerBaseRegion: 'CN',
    status: 'active',
    grantedScopes: scopes,
    missingScopes: [],
    needsReconnect: false,
    accessTokenExpiresAt: at,
    refreshTokenExpiresAt: at,
    errorCode: null,
    shopIds: [1, 2],
    connectedAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function page(list: Shop[]): ShopPage {
  return {
    list,
    total: list.length,
    page: 1,
    pageSize: 20,
    counts: { all: list.length, BOUND: list.length, UNBOUND: 0, EXPIRED: 0 },
    slots: { limit: 3, used: list.length, bound: list.length, level: 'basic' },
  };
}

/** The server: shops, connections, and the connect call (recorded). */
function server(options: { shops: Shop[]; connections: PlatformConnection[]; connect?: Response }) {
  const calls: Array<{ url: string; method: string }> = [];
  stubFetch((url, init) => {
    calls.push({ url, method: init.method ?? 'GET' });
    if (url.startsWith(apiPaths.platforms.connections)) return ok({ list: options.connections });
    if (url.startsWith(apiPaths.platforms.doudianConnect)) {
      return (
        options.connect ??
        ok({
          authorizeUrl: 'https://fuwu.jinritemai.com/authorize?service_id=12345&state=xyz',
          expiresAt: at,
        })
      );
    }
    if (url.startsWith(apiPaths.platforms.tiktokShopConnect)) {
      return (
        options.connect ??
        ok({
          authorizeUrl: 'https://services.tiktokshop.com/open/authorize?service_id=717&state=abc',
          expiresAt: at,
        })
      );
    }
    return ok(page(options.shops));
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My Shops: Connect TikTok Shop (en-US)', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('asks the server for the authorization page and sends the browser there', async () => {
    const go = vi.spyOn(authorizationNavigation, 'go').mockImplementation(() => {});
    const calls = server({ shops: [], connections: [] });
    renderPage(<ShopListPage />, '/shop/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect TikTok Shop' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith(
        'https://services.tiktokshop.com/open/authorize?service_id=717&state=abc',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      apiPaths.platforms.tiktokShopConnect,
    ]);
  });

  it('stays on the page and says why when connecting is not possible', async () => {
    const go = vi.spyOn(authorizationNavigation, 'go').mockImplementation(() => {});
    server({
      shops: [],
      connections: [],
      connect: fail(
        422,
        'TikTok Shop authorization is unavailable: the server has no TikTok Shop app configured',
      ),
    });
    renderPage(<ShopListPage />, '/shop/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect TikTok Shop' }));
    expect(await screen.findByText(/no TikTok Shop app configured/)).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('shows an authorized shop as "Authorized" with its scopes, its site in the reader’s language', async () => {
    server({
      shops: [shop(1), shop(2, { platformRegion: 'GB', siteName: '英国站' })],
      connections: [connection()],
    });
    renderPage(<ShopListPage />, '/shop/list');
    expect(await screen.findByText('Shop 1')).toBeInTheDocument();
    const rows = document.querySelectorAll('.shop-table tbody tr');
    const first = within(rows[0] as HTMLElement);
    expect(await first.findByText('Authorized')).toBeInTheDocument();
    expect(first.getByText('5 scopes')).toBeInTheDocument();
    expect(first.getByText('Authorized on the platform')).toBeInTheDocument();
    expect(first.getByText('US')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('UK')).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    fireEvent.mouseEnter(first.getByText('5 scopes'));
    expect(
      await screen.findByText(/^Granted scopes: seller\.authorization\.info, /),
    ).toBeInTheDocument();
  });

  it('offers "Reconnect" on a revoked, expired or scope-missing authorization', async () => {
    const go = vi.spyOn(authorizationNavigation, 'go').mockImplementation(() => {});
    server({
      shops: [
        shop(1, { connectionId: 5 }),
        shop(2, { connectionId: 6 }),
        shop(3, { connectionId: 7 }),
        shop(4, { connectionId: null, source: 'manual', platformRegion: null, siteName: '' }),
      ],
      connections: [
        connection({
          id: 5,
          status: 'revoked',
          needsReconnect: true,
          errorCode: 'authorization_revoked',
        }),
        connection({ id: 6, status: 'expired', needsReconnect: true }),
        connection({
          id: 7,
          grantedScopes: scopes.slice(0, 4),
          missingScopes: ['seller.affiliate_messages.write'],
          needsReconnect: true,
        }),
      ],
    });
    renderPage(<ShopListPage />, '/shop/list');
    expect(await screen.findByText('Shop 1')).toBeInTheDocument();
    const rows = [...document.querySelectorAll('.shop-table tbody tr')].map((r) =>
      within(r as HTMLElement),
    );
    expect(await rows[0]!.findByText('Authorization revoked')).toBeInTheDocument();
    expect(rows[1]!.getByText('Authorization expired')).toBeInTheDocument();
    expect(rows[2]!.getByText('Scope missing')).toBeInTheDocument();
    for (const row of rows.slice(0, 3)) {
      expect(row.getByRole('button', { name: 'Reconnect' })).toBeVisible();
    }
    // A shop bound by hand has no authorization.
    expect(rows[3]!.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(rows[3]!.queryByText('Authorized')).toBeNull();
    fireEvent.click(rows[2]!.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
  });

  it('shows the outcome the platform came back with, once', async () => {
    server({ shops: [shop(1)], connections: [connection()] });
    const { router } = renderPage(
      <ShopListPage />,
      '/shop/list?tiktokShop=connected&bound=1&already=0&refused=1&reason=limit_reached&page=2',
    );
    const outcome = await screen.findByTestId('connect-outcome');
    expect(within(outcome).getByText('1 shop bound')).toBeInTheDocument();
    expect(
      within(outcome).getByText(
        "1 shop not bound: your plan's shop slots are all in use; upgrade or unbind a shop, then authorize again",
      ),
    ).toBeInTheDocument();
    // The outcome is taken out of the address, so a reload does not announce it again.
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(within(outcome).getByText('1 shop bound')).toBeInTheDocument();
  });

  it('says a declined or failed authorization plainly', async () => {
    server({ shops: [], connections: [] });
    renderPage(
      <ShopListPage />,
      '/shop/list?tiktokShop=failed&bound=0&already=0&refused=0&reason=state_invalid',
    );
    expect(
      await screen.findByText(
        'The authorization was not completed: the authorization link expired or was used already; click "Connect TikTok Shop" again',
      ),
    ).toBeInTheDocument();
  });
});

describe('My Shops: a shop whose platform calls are paused', () => {
  const quota: ShopPause = {
    reason: 'quota_exceeded',
    channel: 'api',
    // Sunday 00:00 in Los Angeles, the platform's weekly reset.
    resumesAt: '2026-11-29T08:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    answer: { code: '16024019', message: 'insufficient quota', requestId: 'req-9' },
    since: at,
  };

  it('tags the paused shop only, and tells why on hover (en-US)', async () => {
    await resetApp('en-US');
    signIn();
    useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
    server({ shops: [shop(1, { platformPause: quota }), shop(2)], connections: [connection()] });
    renderPage(<ShopListPage />, '/shop/list');
    expect(await screen.findByText('Shop 2')).toBeInTheDocument();
    const rows = document.querySelectorAll('.shop-table tbody tr');
    expect(within(rows[1] as HTMLElement).queryByTestId('shop-pause')).toBeNull();
    const tag = within(rows[0] as HTMLElement).getByTestId('shop-pause');
    expect(tag).toHaveTextContent('Paused');
    fireEvent.mouseEnter(tag);
    expect(
      await screen.findByText(
        'The platform invitation quota is used up; resumes 2026-11-29 16:00 (00:00 shop time, America/Los_Angeles)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Platform code 16024019 · insufficient quota')).toBeInTheDocument();
  });

  it('says it in Chinese, and asks for a new authorization when that is what it waits for', async () => {
    await resetApp('zh-CN');
    signIn();
    server({
      shops: [
        shop(1, {
          platformPause: {
            ...quota,
            reason: 'authorization_revoked',
            channel: 'api',
            resumesAt: null,
            answer: { code: '105002', message: 'access token revoked', requestId: null },
          },
        }),
      ],
      connections: [connection({ status: 'revoked', needsReconnect: true })],
    });
    renderPage(<ShopListPage />, '/shop/list');
    const tag = await screen.findByTestId('shop-pause');
    expect(tag).toHaveTextContent('邀约暂停');
    fireEvent.mouseEnter(tag);
    expect(
      await screen.findByText('店铺授权已失效或缺少权限：重新授权后继续，记录保持等待中'),
    ).toBeInTheDocument();
  });
});

describe('My Shops: Connect TikTok Shop (zh-CN)', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
  });

  it('speaks Chinese: the button, the states, the outcome', async () => {
    server({
      shops: [shop(1), shop(2, { connectionId: 6, platformRegion: 'GB', siteName: '英国站' })],
      connections: [connection(), connection({ id: 6, status: 'revoked', needsReconnect: true })],
    });
    renderPage(<ShopListPage />, '/shop/list?tiktokShop=connected&bound=2&already=0&refused=0');
    expect(await screen.findByRole('button', { name: '连接 TikTok Shop' })).toBeVisible();
    expect(await screen.findByText('已授权')).toBeInTheDocument();
    expect(screen.getByText('授权已撤销')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新授权' })).toBeVisible();
    expect(screen.getByText('美国站')).toBeInTheDocument();
    expect(screen.getByText('英国站')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('connect-outcome')).getByText('已绑定 2 个店铺'),
    ).toBeInTheDocument();
  });

  it('says when the seller declined on the platform’s page', async () => {
    server({ shops: [], connections: [] });
    renderPage(<ShopListPage />, '/shop/list?tiktokShop=denied');
    expect(
      await screen.findByText('你在 TikTok Shop 页面取消了授权，没有店铺被绑定'),
    ).toBeInTheDocument();
  });
});

describe('My Shops: Connect 抖店', () => {
  const doudianShop = (overrides: Partial<Shop> = {}) =>
    shop(9, {
      platform: 'douyin',
      shopName: '沙箱家居旗舰店',
      siteName: '中国站',
      shopCode: '68314201',
      platformRegion: 'CN',
      connectionId: 8,
      ...overrides,
    });
  const doudianConnection = (overrides: Partial<PlatformConnection> = {}) =>
    connection({
      id: 8,
      platform: 'douyin',
      sellerName: '沙箱家居旗舰店',
      grantedScopes: [],
      shopIds: [9],
      ...overrides,
    });

  it('sits beside "Connect TikTok Shop" and sends the browser to 抖店’s authorization page (en-US)', async () => {
    await resetApp('en-US');
    signIn();
    const go = vi.spyOn(authorizationNavigation, 'go').mockImplementation(() => {});
    const calls = server({ shops: [], connections: [] });
    renderPage(<ShopListPage />, '/shop/list');
    const button = await screen.findByRole('button', { name: 'Connect 抖店' });
    expect(screen.getByRole('button', { name: 'Connect TikTok Shop' })).toBeVisible();
    fireEvent.click(button);
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith(
        'https://fuwu.jinritemai.com/authorize?service_id=12345&state=xyz',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      apiPaths.platforms.doudianConnect,
    ]);
  });

  it('names 抖店 in the outcome, in Chinese; a lost authorization offers 重新授权 through 抖店', async () => {
    await resetApp('zh-CN');
    signIn();
    const go = vi.spyOn(authorizationNavigation, 'go').mockImplementation(() => {});
    const calls = server({
      shops: [doudianShop()],
      connections: [doudianConnection({ status: 'revoked', needsReconnect: true })],
    });
    renderPage(
      <ShopListPage />,
      '/shop/list?tiktokShop=connected&platform=douyin&bound=1&already=0&refused=0',
    );
    const outcome = await screen.findByTestId('connect-outcome');
    expect(within(outcome).getByText('抖店授权')).toBeInTheDocument();
    expect(within(outcome).getByText('已绑定 1 个店铺')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '连接抖店' })).toBeVisible();
    // Its site is mainland China's, named in the reader's language.
    expect(await screen.findByText('中国站')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '重新授权' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      apiPaths.platforms.doudianConnect,
    ]);
  });

  it('says a declined or failed 抖店 authorization with 抖店’s words', async () => {
    await resetApp('zh-CN');
    signIn();
    server({ shops: [], connections: [] });
    renderPage(<ShopListPage />, '/shop/list?tiktokShop=denied&platform=douyin');
    expect(
      await screen.findByText('你在抖店授权页面取消了授权，没有店铺被绑定'),
    ).toBeInTheDocument();
  });

  it('says a link used twice with 抖店’s button (en-US)', async () => {
    await resetApp('en-US');
    signIn();
    server({ shops: [], connections: [] });
    renderPage(
      <ShopListPage />,
      '/shop/list?tiktokShop=failed&platform=douyin&bound=0&already=0&refused=0&reason=state_invalid',
    );
    expect(
      await screen.findByText(
        'The authorization was not completed: the authorization link expired or was used already; click "Connect 抖店" again',
      ),
    ).toBeInTheDocument();
  });
});
