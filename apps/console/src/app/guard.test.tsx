import { anyRole, type MenuNode } from '@inviteflow/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, resetApp, signIn } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import { firstPermittedPath, hasAccess } from './access.ts';
import { afterLoginTarget, decideAccess, RouteAccess } from './guard.tsx';
import { appRoutes } from './router.tsx';
import { routeByPath } from './route-table.ts';

beforeEach(() => resetApp('en-US'));

function leaf(key: string, roles: string[], order = 0): MenuNode {
  return { key, name: key, path: `/${key}`, localeKey: key, order, requiresAuth: true, roles };
}

describe('route access rules', () => {
  it('opens a wildcard route to every role', () => {
    expect(hasAccess({ requiresAuth: true, roles: [anyRole] }, 'user')).toBe(true);
    expect(hasAccess({ requiresAuth: true, roles: [anyRole] }, 'admin')).toBe(true);
  });

  it('needs the role when the list has no wildcard', () => {
    expect(hasAccess({ requiresAuth: true, roles: ['admin'] }, 'user')).toBe(false);
    expect(hasAccess({ requiresAuth: true, roles: ['admin'] }, 'admin')).toBe(true);
    expect(hasAccess({ requiresAuth: true, roles: [] }, 'admin')).toBe(false);
  });

  it('does not check roles on routes without requiresAuth or a list', () => {
    expect(hasAccess({ requiresAuth: false, roles: ['admin'] }, 'user')).toBe(true);
    expect(hasAccess({ requiresAuth: true }, 'user')).toBe(true);
  });

  it('finds the first permitted route in menu order', () => {
    const tree = [leaf('later', [anyRole], 2), leaf('admin-only', ['admin'], 1)];
    expect(firstPermittedPath(tree, 'admin')).toBe('/admin-only');
    expect(firstPermittedPath(tree, 'user')).toBe('/later');
    expect(firstPermittedPath([leaf('x', ['admin'])], 'user')).toBeUndefined();
  });
});

describe('decideAccess', () => {
  const adminRoute = leaf('reports', ['admin']);

  it('sends a signed-out visitor to /login keeping the route name and query', () => {
    const route = routeByPath('/template/script');
    expect(
      decideAccess(
        { route, pathname: '/template/script', search: '?keyword=hi&page=2' },
        { loggedIn: false, role: '' },
      ),
    ).toEqual({ kind: 'redirect', to: '/login?redirect=TemplateScript&keyword=hi&page=2' });
  });

  it('sends a user without the role to the first permitted route', () => {
    const tree = [leaf('reports', ['admin'], 1), leaf('home', [anyRole], 2)];
    expect(
      decideAccess(
        { route: adminRoute, pathname: '/reports', search: '' },
        { loggedIn: true, role: 'user' },
        tree,
      ),
    ).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('shows not-found when no route is permitted', () => {
    const tree = [leaf('reports', ['admin'])];
    expect(
      decideAccess(
        { route: adminRoute, pathname: '/reports', search: '' },
        { loggedIn: true, role: 'user' },
        tree,
      ),
    ).toEqual({ kind: 'not-found' });
    expect(
      decideAccess(
        { route: undefined, pathname: '/nope', search: '' },
        { loggedIn: true, role: 'user' },
      ),
    ).toEqual({
      kind: 'not-found',
    });
  });

  it('lets the role through', () => {
    expect(
      decideAccess(
        { route: adminRoute, pathname: '/reports', search: '' },
        { loggedIn: true, role: 'admin' },
      ),
    ).toEqual({ kind: 'allow' });
  });
});

describe('afterLoginTarget', () => {
  it('turns the redirect route name back into its path with the query', () => {
    expect(afterLoginTarget(new URLSearchParams('redirect=TemplateProduct&keyword=a'))).toBe(
      '/template/product?keyword=a',
    );
  });

  it('accepts an in-app path and refuses anything else', () => {
    expect(afterLoginTarget(new URLSearchParams('redirect=/unknown/page'))).toBe('/unknown/page');
    expect(afterLoginTarget(new URLSearchParams('redirect=//evil.example'))).toBe(
      '/sent/search-table',
    );
    expect(afterLoginTarget(new URLSearchParams('redirect=https://evil.example'))).toBe(
      '/sent/search-table',
    );
    expect(afterLoginTarget(new URLSearchParams(''))).toBe('/sent/search-table');
  });
});

describe('the guard in the router', () => {
  it('redirects a signed-out visitor of a console page to /login with the redirect', async () => {
    const { router } = renderRoutes(appRoutes(), '/template/script?keyword=hi');
    expect(await screen.findByText('Login to InviteFlow')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=TemplateScript&keyword=hi');
  });

  it('redirects an unknown path too while signed out', async () => {
    const { router } = renderRoutes(appRoutes(), '/no/such/page');
    await screen.findByText('Login to InviteFlow');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/no/such/page')}`);
  });

  it('sends / to /login', async () => {
    const { router } = renderRoutes(appRoutes(), '/');
    await screen.findByText('Login to InviteFlow');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the not-found page for an unknown path when signed in', async () => {
    signIn();
    renderRoutes(appRoutes(), '/no/such/page');
    expect(
      await screen.findByText(
        'Sorry, the page you visited does not exist or you have no permission to see it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('RouteAccess moves a user without the role to the first permitted route', async () => {
    signIn();
    const route = { name: 'Reports', path: '/reports', requiresAuth: true, roles: ['admin'] };
    const { router } = renderRoutes(
      [
        { path: '/reports', element: <RouteAccess route={route}>secret report</RouteAccess> },
        { path: '/sent/workplace', element: <div>landing</div> },
      ],
      '/reports',
    );
    // The first page of the menu: the workplace, first in the sent group.
    expect(await screen.findByText('landing')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sent/workplace');
    expect(screen.queryByText('secret report')).not.toBeInTheDocument();
  });

  it('RouteAccess lets the role in', async () => {
    signIn();
    useAuthStore.setState((state) => ({ profile: { ...state.profile, role: 'admin' } }));
    const route = { name: 'Reports', path: '/reports', requiresAuth: true, roles: ['admin'] };
    renderRoutes(
      [{ path: '/reports', element: <RouteAccess route={route}>secret report</RouteAccess> }],
      '/reports',
    );
    expect(await screen.findByText('secret report')).toBeInTheDocument();
  });
});
