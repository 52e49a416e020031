import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { routeByPath } from '@/app/route-table.ts';

/**
 * Where `/redirect/<path>` goes on to: `/<path>` with the query, when that is one of the
 * console's pages; null for anything else. A target that is not a page is not followed: a
 * malformed one (`/redirect/%5Cevil.example` reads `/\evil.example`, which a browser takes
 * for another origin, and the router refuses with an error) or an unknown one.
 */
export function redirectTarget(splat: string | undefined, search: string): string | null {
  const path = `/${splat ?? ''}`.replace(/^\/+/, '/');
  return routeByPath(path) ? `${path}${search}` : null;
}

/**
 * `/redirect/<path>` sends the browser on to `/<path>` with the same query. The tab bar's
 * reload goes through it so the page mounts afresh; it is never a tab itself. Any other
 * target shows `notFound` (the not-found page, loaded only when needed).
 */
export function RedirectPage({ notFound }: { notFound: ReactNode }) {
  const params = useParams();
  const location = useLocation();
  const target = redirectTarget(params['*'], location.search);
  return target === null ? notFound : <Navigate to={target} replace />;
}
