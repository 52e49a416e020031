import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoading } from '@/layout/page-loading.tsx';
import { RedirectPage } from '@/layout/redirect-page.tsx';
import { RouteErrorBoundary } from '@/layout/route-error.tsx';
import { afterLoginTarget, RequireAuth, RouteAccess } from './guard.tsx';
import { pageRoutes, publicPaths, routeByPath } from './route-table.ts';

/** A lazy page that uses TanStack Query: its module and the query client load side by side. */
function lazyWithQuery(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [Page, { withQueryClient }] = await Promise.all([load(), import('./query-provider.tsx')]);
    return { default: withQueryClient(Page) };
  });
}

// One chunk per public page: /login, everyone's first screen, carries only its own code.
const LoginPage = lazy(async () => ({
  default: (await import('@/features/auth/components/login-page.tsx')).LoginPage,
}));
const RegisterPage = lazyWithQuery(
  async () => (await import('@/features/auth/components/register-page.tsx')).RegisterPage,
);
const ForgotPasswordPage = lazyWithQuery(
  async () =>
    (await import('@/features/auth/components/forgot-password-page.tsx')).ForgotPasswordPage,
);
const NotFoundPage = lazy(async () => ({
  default: (await import('@/layout/not-found-page.tsx')).NotFoundPage,
}));
// The shell is lazy too, so /login does not download the menu, drawer and tab bar.
const loadLayout = async () => (await import('@/layout/default-layout.tsx')).DefaultLayout;
const DefaultLayout = lazyWithQuery(loadLayout);

/**
 * Starts downloading the signed-in shell and the page at `path` while the sign-in is on its
 * way, so that the shell, its page and the page's data do not load one after the other.
 */
export function preloadSignedIn(path: string): void {
  void Promise.all([
    loadLayout(),
    import('./query-provider.tsx'),
    routeByPath(path.split('?')[0] ?? path)?.Component.preload(),
  ]).catch(() => undefined); // a failed download is tried again, and shown, by the render
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Every route of the console: public pages, then the guarded layout built from the route table. */
export function appRoutes(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={publicPaths.login} replace /> },
    {
      element: <RouteErrorBoundary />,
      children: [
        {
          path: publicPaths.login,
          element: (
            <Lazy>
              <LoginPage targetAfterLogin={afterLoginTarget} preload={preloadSignedIn} />
            </Lazy>
          ),
        },
        {
          path: publicPaths.register,
          element: (
            <Lazy>
              <RegisterPage />
            </Lazy>
          ),
        },
        {
          path: publicPaths.forgotPassword,
          element: (
            <Lazy>
              <ForgotPasswordPage />
            </Lazy>
          ),
        },
        {
          element: (
            <RequireAuth>
              <Lazy>
                <DefaultLayout />
              </Lazy>
            </RequireAuth>
          ),
          children: [
            ...pageRoutes.map((route): RouteObject => ({
              path: route.path,
              element: (
                <RouteAccess route={route}>
                  <route.Component />
                </RouteAccess>
              ),
            })),
            {
              path: '/redirect/*',
              element: (
                <RedirectPage
                  notFound={
                    <Lazy>
                      <NotFoundPage />
                    </Lazy>
                  }
                />
              ),
            },
            {
              path: '*',
              element: (
                <Lazy>
                  <NotFoundPage />
                </Lazy>
              ),
            },
          ],
        },
      ],
    },
  ];
}

/**
 * The console's routes, rendered by the surrounding `BrowserRouter` (a test's `MemoryRouter`).
 * Declarative routing: the product loads no data through the router, and the data router
 * would add 16 KB (gzip) to every first download.
 */
export function AppRoutes() {
  return useRoutes(appRoutes());
}
