import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TabBar } from '@/layout/tab-bar/tab-bar.tsx';
import { renderRoutes, resetApp, signIn } from '@/test/helpers.tsx';
import {
  DEFAULT_TAB,
  REDIRECT_ROUTE_NAME,
  useTabBarStore,
  type TabEntry,
} from '@/stores/tab-bar-store.ts';

beforeEach(() => resetApp('en-US'));

function tab(name: string, fullPath: string, ignoreCache = false): TabEntry {
  return { title: `menu.${name}`, name, fullPath, query: {}, ignoreCache };
}

describe('tab bar store', () => {
  it('starts with the default send-records tab, cached', () => {
    const { tabs, cacheList } = useTabBarStore.getState();
    expect(tabs).toEqual([DEFAULT_TAB]);
    expect(DEFAULT_TAB).toEqual({
      title: 'menu.sent.searchTable',
      name: 'SentSearchTable',
      fullPath: '/sent/search-table',
      query: {},
      ignoreCache: false,
    });
    expect(cacheList).toEqual(['SentSearchTable']);
  });

  it('never adds the redirect route', () => {
    useTabBarStore.getState().addTab(tab(REDIRECT_ROUTE_NAME, '/redirect/template/script'));
    expect(useTabBarStore.getState().tabs).toEqual([DEFAULT_TAB]);
  });

  it('adds a tab once per full path and caches it', () => {
    const scripts = tab('TemplateScript', '/template/script');
    useTabBarStore.getState().addTab(scripts);
    useTabBarStore.getState().addTab(scripts);
    expect(useTabBarStore.getState().tabs).toEqual([DEFAULT_TAB, scripts]);
    expect(useTabBarStore.getState().cacheList).toContain('TemplateScript');
  });

  // Issue 20 #17: a list's filters and page live in its URL; its tab follows, one per page.
  it('keeps one tab per page, following the query of its URL', () => {
    const talents = (query: string) =>
      tab('TalentSearchTable', `/talent/search-table${query ? `?${query}` : ''}`);
    useTabBarStore.getState().addTab(talents(''));
    useTabBarStore.getState().addTab(talents('status=cooperating'));
    useTabBarStore.getState().addTab(talents('status=cooperating&page=2'));
    expect(useTabBarStore.getState().tabs.map((entry) => entry.fullPath)).toEqual([
      DEFAULT_TAB.fullPath,
      '/talent/search-table?status=cooperating&page=2',
    ]);
    // The default tab follows its page too, and stays first.
    useTabBarStore.getState().addTab({ ...DEFAULT_TAB, fullPath: '/sent/search-table?page=3' });
    useTabBarStore.getState().closeOthers('/talent/search-table?status=cooperating&page=2');
    expect(useTabBarStore.getState().tabs.map((entry) => entry.fullPath)).toEqual([
      '/sent/search-table?page=3',
      '/talent/search-table?status=cooperating&page=2',
    ]);
  });

  it('does not cache a tab with ignoreCache', () => {
    useTabBarStore.getState().addTab(tab('UserChangePassword', '/user/change-password', true));
    expect(useTabBarStore.getState().tabs).toHaveLength(2);
    expect(useTabBarStore.getState().cacheList).not.toContain('UserChangePassword');
  });

  it('closes a tab, drops its cache and names the neighbour to show', () => {
    const a = tab('TemplateScript', '/template/script');
    const b = tab('TemplateProduct', '/template/product');
    useTabBarStore.getState().addTab(a);
    useTabBarStore.getState().addTab(b);
    expect(useTabBarStore.getState().closeTab(b.fullPath)).toEqual(a);
    expect(useTabBarStore.getState().tabs).toEqual([DEFAULT_TAB, a]);
    expect(useTabBarStore.getState().cacheList).not.toContain('TemplateProduct');
  });

  it('keeps the default tab: it cannot be closed and survives close-others and close-all', () => {
    const a = tab('TemplateScript', '/template/script');
    useTabBarStore.getState().addTab(a);
    expect(useTabBarStore.getState().closeTab(DEFAULT_TAB.fullPath)).toBeUndefined();
    useTabBarStore.getState().closeOthers(a.fullPath);
    expect(useTabBarStore.getState().tabs).toEqual([DEFAULT_TAB, a]);
    useTabBarStore.getState().closeAll();
    expect(useTabBarStore.getState().tabs).toEqual([DEFAULT_TAB]);
  });

  it('caches a reloaded page again when it is visited', () => {
    const a = tab('TemplateScript', '/template/script');
    useTabBarStore.getState().addTab(a);
    useTabBarStore.getState().removeCache('TemplateScript');
    expect(useTabBarStore.getState().cacheList).not.toContain('TemplateScript');
    useTabBarStore.getState().addTab(a);
    expect(useTabBarStore.getState().cacheList).toContain('TemplateScript');
  });
});

describe('tab bar component', () => {
  it('follows the route, skips /redirect, and closes tabs', async () => {
    signIn();
    const { router } = renderRoutes([{ path: '*', element: <TabBar /> }], '/template/script');
    expect(await screen.findByRole('tab', { name: /Script Templates/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Send Record Query/ })).toBeInTheDocument();

    await act(() => router.navigate('/redirect/template/product'));
    expect(screen.queryByRole('tab', { name: /redirect/i })).not.toBeInTheDocument();
    expect(useTabBarStore.getState().tabs).toHaveLength(2);

    await act(() => router.navigate('/user/change-password'));
    expect(await screen.findByRole('tab', { name: /Change Password/ })).toBeInTheDocument();
    expect(useTabBarStore.getState().cacheList).not.toContain('UserChangePassword');

    act(() => screen.getByRole('button', { name: 'Close current tab: Change Password' }).click());
    expect(screen.queryByRole('tab', { name: /Change Password/ })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/template/script');
  });
});
