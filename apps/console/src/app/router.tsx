import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/layout/page-loading.tsx';
import { RedirectPage } from '@/layout/redirect-page.tsx';
import { RouteError } from '@/layout/route-error.tsx';
import { REDIRECT_ROUTE_NAME } from '@/stores/tab-bar-store.ts';
import { RequireAuth, RouteAccess } from './guard.tsx';
import { pageRoutes, publicPaths } from './route-table.ts';

const authPages = () => import('@/features/auth/index.ts');
const LoginPage = lazy(async () => ({ default: (await authPages()).LoginPage }));
const RegisterPage = lazy(async () => ({ default: (await authPages()).RegisterPage }));
const ForgotPasswordPage = lazy(async () => ({
  default: (await authPages()).ForgotPasswordPage,
}));
const NotFoundPage = lazy(async () => ({
  default: (await import('@/layout/not-found-page.tsx')).NotFoundPage,
}));
// The shell is lazy too, so /login does not download the menu, drawer and tab bar.
const DefaultLayout = lazy(async () => ({
  default: (await import('@/layout/default-layout.tsx')).DefaultLayout,
}));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Every route of the console: public pages, then the guarded layout built from the route table. */
export function appRoutes(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={publicPaths.login} replace /> },
    {
      errorElement: <RouteError />,
      children: [
        {
          path: publicPaths.login,
          element: (
            <Lazy>
              <LoginPage />
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
              handle: { name: route.name },
              element: (
                <RouteAccess route={route}>
                  <route.Component />
                </RouteAccess>
              ),
            })),
            {
              path: '/redirect/*',
              handle: { name: REDIRECT_ROUTE_NAME },
              element: <RedirectPage />,
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
