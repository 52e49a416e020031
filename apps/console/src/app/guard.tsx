import { defaultRoutePath, menuTree, type MenuNode, type Role } from '@inviteflow/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '@/layout/page-loading.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import {
  firstPermittedPath,
  hasAccess,
  loginRedirectSearch,
  type RouteAccessMeta,
} from './access.ts';
import { routeByName, routeByPath, type PageRoute } from './route-table.ts';

// Arco's Result carries large illustrations: only download it when a 404 is shown.
const NotFoundPage = lazy(async () => ({
  default: (await import('@/layout/not-found-page.tsx')).NotFoundPage,
}));

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

/**
 * The guard of spec section 6 as a pure function: signed out → /login keeping the target
 * (route name, else path) and its query; signed in without the role → the first permitted
 * route of the menu tree, else the not-found page.
 */
export function decideAccess(
  target: {
    route: (RouteAccessMeta & { name?: string; path?: string }) | undefined;
    pathname: string;
    search: string;
  },
  session: { loggedIn: boolean; role: Role | '' },
  tree: readonly MenuNode[] = menuTree,
): GuardDecision {
  const { route, pathname, search } = target;
  if (!session.loggedIn) {
    const name = route?.name ?? pathname;
    return {
      kind: 'redirect',
      to: `/login${loginRedirectSearch(name, new URLSearchParams(search))}`,
    };
  }
  if (!route) return { kind: 'not-found' };
  if (hasAccess(route, session.role)) return { kind: 'allow' };
  const fallback = firstPermittedPath(tree, session.role);
  return fallback && fallback !== (route.path ?? pathname)
    ? { kind: 'redirect', to: fallback }
    : { kind: 'not-found' };
}

/** Wraps everything behind the login: no token, no layout. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token);
  const location = useLocation();
  if (token) return children;
  const decision = decideAccess(
    { route: routeByPath(location.pathname), pathname: location.pathname, search: location.search },
    { loggedIn: false, role: '' },
  );
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : null;
}

/** Checks one page's roles against the signed-in user's role. */
export function RouteAccess({
  route,
  children,
}: {
  route: Pick<PageRoute, 'name' | 'path' | 'requiresAuth' | 'roles'>;
  children: ReactNode;
}) {
  const role = useAuthStore((state) => state.profile.role);
  const location = useLocation();
  const decision = decideAccess(
    { route, pathname: location.pathname, search: location.search },
    { loggedIn: true, role },
  );
  if (decision.kind === 'allow') return children;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <NotFoundPage />
    </Suspense>
  );
}

/**
 * Where to go after login: the `redirect` route name (or in-app path) with the rest of the
 * query, else the default landing page. Anything that is not an in-app path is ignored so
 * the link cannot send a user to another site.
 */
export function afterLoginTarget(search: URLSearchParams): string {
  const redirect = search.get('redirect') ?? '';
  const rest = new URLSearchParams(search);
  rest.delete('redirect');
  const query = rest.toString() ? `?${rest.toString()}` : '';
  const named = routeByName(redirect);
  if (named) return `${named.path}${query}`;
  if (/^\/(?!\/)[^\\]*$/.test(redirect) && !redirect.startsWith('/login')) {
    return `${redirect}${query}`;
  }
  return defaultRoutePath;
}
