import { Navigate, useLocation, useParams } from 'react-router';

/**
 * `/redirect/<path>` sends the browser on to `/<path>` with the same query. The tab bar's
 * reload goes through it so the page mounts afresh; it is never a tab itself.
 */
export function RedirectPage() {
  const params = useParams();
  const location = useLocation();
  const target = `/${params['*'] ?? ''}`.replace(/^\/+/, '/');
  return <Navigate to={`${target}${location.search}`} replace />;
}
