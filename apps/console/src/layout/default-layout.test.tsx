import { menuTree } from '@inviteflow/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router.tsx';
import { fail, ok, renderRoutes, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import { NARROW_QUERY } from '@/lib/use-narrow-screen.ts';
import { useSettingsStore } from '@/stores/settings-store.ts';
import { loadServerMenu } from './use-server-menu.ts';

const me = {
  id: 7,
  username: 'seller01',
  phoneNumber: '13800138000',
  createdAt: '2025-01-01T00:00:00Z',
};
const emptyPage = { list: [], total: 0, page: 1, pageSize: 10 };

function api(url: string) {
  if (url.endsWith('/auth/me')) return ok(me);
  if (url.endsWith('/auth/logout')) return ok(null);
  if (url.endsWith('/api/v1/menu')) return ok(menuTree);
  return ok(emptyPage);
}

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('default layout', () => {
  it('shows menu groups, breadcrumb and the page', async () => {
    stubFetch(api);
    renderRoutes(appRoutes(), '/template/script');
    expect(
      await screen.findByText(
        'Keep the invitation messages you use often and pick them when creating a task.',
      ),
    ).toBeInTheDocument();
    for (const group of [
      'Send Records',
      'Shop Management',
      'Talent Management',
      'Membership',
      'User Center',
      'Invite Friends',
      'FAQ',
    ]) {
      expect(screen.getAllByText(group).length).toBeGreaterThan(0);
    }
    const breadcrumb = document.querySelector('.layout-breadcrumb');
    expect(breadcrumb).toHaveTextContent('Templates');
    expect(breadcrumb).toHaveTextContent('Script Templates');
    await waitFor(() => expect(document.title).toBe('Script Templates - InviteFlow'));
  });

  it('opens the FAQ page in a new tab', async () => {
    stubFetch(api);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderRoutes(appRoutes(), '/sent/search-table');
    fireEvent.click(await screen.findByText('FAQ'));
    expect(open).toHaveBeenCalledWith('/faq.html', '_blank', 'noopener,noreferrer');
  });

  it('offers the fixed settings button when the navbar is hidden', async () => {
    stubFetch(api);
    useSettingsStore.getState().update({ navbar: false });
    renderRoutes(appRoutes(), '/sent/search-table');
    const button = await screen.findByRole('button', { name: 'Settings' });
    expect(button).toHaveClass('fixed-settings');
    fireEvent.click(button);
    expect(useSettingsStore.getState().globalSettings).toBe(true);
  });

  it('Switch Roles toggles the role with a message', async () => {
    stubFetch(api);
    renderRoutes(appRoutes(), '/sent/search-table');
    fireEvent.click(await screen.findByRole('button', { name: 'seller01' }));
    fireEvent.click(await screen.findByText('Switch Roles'));
    expect(useAuthStore.getState().profile.role).toBe('admin');
    expect(await screen.findByText('Switched to the admin role')).toBeInTheDocument();
  });

  it('logs out to /login keeping the route, and tells the extension', async () => {
    stubFetch(api);
    const post = vi.spyOn(window, 'postMessage');
    const { router } = renderRoutes(appRoutes(), '/template/product?keyword=box');
    fireEvent.click(await screen.findByRole('button', { name: 'seller01' }));
    fireEvent.click(await screen.findByText('Logout'));
    expect(await screen.findByText('Logout succeeded')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=TemplateProduct&keyword=box');
    expect(post).toHaveBeenCalledWith({ type: 'PLUGIN_LOGOUT' }, window.location.origin);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a 401 from me ends the session silently and goes to /login', async () => {
    stubFetch((url) => (url.endsWith('/auth/me') ? fail(401, 'expired') : api(url)));
    const { router } = renderRoutes(appRoutes(), '/user/info');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=UserInfo');
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
  });
});

describe('kept pages', () => {
  it('keeps an open tab’s page mounted while another tab is shown', async () => {
    stubFetch(api);
    useSettingsStore.getState().update({ tabBar: true });
    const { router } = renderRoutes(appRoutes(), '/template/script');
    fireEvent.change(await screen.findByPlaceholderText('Search content or remark'), {
      target: { value: 'typed before leaving' },
    });
    await act(() => router.navigate('/template/product'));
    await screen.findByPlaceholderText('Search product ID, name or remark');
    await act(() => router.navigate('/template/script'));
    expect(screen.getByPlaceholderText('Search content or remark')).toHaveValue(
      'typed before leaving',
    );
  });

  it('mounts afresh without the tab bar', async () => {
    stubFetch(api);
    const { router } = renderRoutes(appRoutes(), '/template/script');
    fireEvent.change(await screen.findByPlaceholderText('Search content or remark'), {
      target: { value: 'typed before leaving' },
    });
    await act(() => router.navigate('/template/product'));
    await screen.findByPlaceholderText('Search product ID, name or remark');
    await act(() => router.navigate('/template/script'));
    expect(await screen.findByPlaceholderText('Search content or remark')).toHaveValue('');
  });
});

describe('menu from server', () => {
  it("loads the server's menu and says so", async () => {
    stubFetch(api);
    await act(() => loadServerMenu());
    expect(await screen.findByText('menu loaded')).toBeInTheDocument();
    expect(useSettingsStore.getState().serverMenu).toEqual(menuTree);
  });

  it('says when the menu fails to load, once', async () => {
    stubFetch(() => fail(500, 'down'));
    await act(() => loadServerMenu());
    expect(await screen.findByText('menu load failed')).toBeInTheDocument();
    expect(screen.queryByText('down')).not.toBeInTheDocument();
    expect(useSettingsStore.getState().serverMenu).toEqual([]);
  });
});

/** A phone's screen: the narrow query matches, every other (Arco's grid) answers as before. */
function narrowScreen() {
  const original = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === NARROW_QUERY
      ? ({
          matches: true,
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        } as MediaQueryList)
      : original(query),
  );
}

describe('narrow screen (below 768 px)', () => {
  it('has no side menu: the navbar’s menu button opens the menu in a drawer, and a pick navigates and closes it', async () => {
    stubFetch(api);
    narrowScreen();
    const { router } = renderRoutes(appRoutes(), '/sent/search-table');
    const open = await screen.findByRole('button', { name: 'Open menu' });
    expect(document.querySelector('.layout-sider')).toBeNull();
    expect(document.querySelector('.layout')).toHaveClass('layout-narrow');
    expect(useSettingsStore.getState().device).toBe('mobile');

    fireEvent.click(open);
    const drawer = (await screen.findByRole('navigation', { name: 'Menu' })).closest(
      '.arco-drawer',
    ) as HTMLElement;
    expect(drawer).toHaveClass('menu-drawer');
    fireEvent.click(within(drawer).getByText('Templates'));
    fireEvent.click(await within(drawer).findByText('Script Templates'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/template/script'));
    // Gone at once, not slid out beside the route change (its mask could stay behind).
    await waitFor(() => expect(document.querySelector('.menu-drawer')).toBeNull());

    // Closed by its close button instead, it slides out and then goes too.
    fireEvent.click(open);
    const again = (await screen.findByRole('navigation', { name: 'Menu' })).closest(
      '.arco-drawer',
    ) as HTMLElement;
    fireEvent.click(again.querySelector('.arco-drawer-close-icon')!);
    await waitFor(() => expect(document.querySelector('.menu-drawer')).toBeNull());
    expect(router.state.location.pathname).toBe('/template/script');

    // Esc closes it even with the focus still on the navbar's button (Arco's own Esc
    // needs the focus inside the drawer, which it moves there only after the slide-in).
    fireEvent.click(open);
    await screen.findByRole('navigation', { name: 'Menu' });
    open.focus();
    fireEvent.keyDown(open, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.querySelector('.menu-drawer')).toBeNull());
  });

  it('keeps messages and the avatar in the navbar, the rest under More', async () => {
    stubFetch(api);
    narrowScreen();
    renderRoutes(appRoutes(), '/sent/search-table');
    await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.getByRole('button', { name: 'seller01' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    // Language, theme and settings are folded into More.
    expect(screen.queryByRole('button', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByText('Dark mode'));
    expect(useSettingsStore.getState().theme).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByText('Settings'));
    expect(useSettingsStore.getState().globalSettings).toBe(true);
  });

  it('on a wide screen keeps the side menu and every navbar button', async () => {
    stubFetch(api);
    renderRoutes(appRoutes(), '/sent/search-table');
    expect(await screen.findByRole('button', { name: 'Language' })).toBeInTheDocument();
    expect(document.querySelector('.layout-sider')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(useSettingsStore.getState().device).toBe('desktop');
  });
});
