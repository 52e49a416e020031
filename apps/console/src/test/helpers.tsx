import { Message, Modal, Notification } from '@arco-design/web-react';
import type { Locale } from '@inviteflow/contract';
import { render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, type ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { expect, vi } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { resetAuthDialog } from '@/lib/auth-dialog.ts';
import { queryClient } from '@/lib/query-client.ts';
import { resetRequestState } from '@/lib/request.ts';
import { emptyProfile, useAuthStore } from '@/stores/auth-store.ts';
import { useLocaleStore } from '@/stores/locale-store.ts';
import { defaultSettings, useSettingsStore } from '@/stores/settings-store.ts';
import { useTabBarStore } from '@/stores/tab-bar-store.ts';

/** A JSON response as the server sends it. */
export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function ok<T>(data: T): Response {
  return json({ success: true, code: 200, message: 'ok', data, timestamp: Date.now() });
}

export function fail(code: number, message: string, status = code): Response {
  return json({ success: false, code, message, data: null, timestamp: Date.now() }, status);
}

/** Replaces fetch, the network edge, with a stub the test scripts. */
export function stubFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

export const signedInUser = {
  id: 7,
  username: 'seller01',
  phoneNumber: '13800138000',
  membershipLevel: 'none' as const,
  membershipValidTo: null,
  maxShopBindCount: 1,
  currentShopBindCount: 0,
};

/** A signed-in, remembered session as a real login leaves it (the refresh token is a cookie). */
export function signIn(token = 'access-1', accountId = signedInUser.id) {
  useAuthStore
    .getState()
    .startSession({ access_token: token, user: { ...signedInUser, id: accountId } }, true);
}

/** Every store back to a fresh page load, in the given language, with no toast or dialog left. */
export async function resetApp(locale: Locale = 'en-US') {
  useAuthStore.setState({
    token: null,
    accountId: null,
    userInfo: null,
    profile: { ...emptyProfile },
    timeZone: null,
  });
  useSettingsStore.setState({ ...defaultSettings, serverMenu: [] });
  useTabBarStore.getState().reset();
  useLocaleStore.getState().setLocale(locale);
  queryClient.clear();
  resetRequestState();
  resetAuthDialog();
  Message.clear();
  Notification.clear();
  Modal.destroyAll();
  // Gone once React has committed (transitions are off in tests, src/test/setup.ts): one
  // test never sees another's.
  await waitFor(() =>
    expect(document.querySelector('.arco-message, .arco-modal, .arco-notification')).toBeNull(),
  );
}

/** What a test reads and drives of the router: the current location and navigation. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
  /** The browser's Back button. */
  back: () => Promise<void>;
}

function ProbedRoutes({
  routes,
  probe,
}: {
  routes: RouteObject[];
  probe: (location: Location, navigate: NavigateFunction) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => probe(location, navigate), [probe, location, navigate]);
  return useRoutes(routes);
}

/** Renders routes inside the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  let location: Location | null = null;
  let navigate: NavigateFunction | null = null;
  const router: TestRouter = {
    state: {
      get location() {
        if (!location) throw new Error('the routes have not rendered');
        return location;
      },
    },
    navigate: async (to) => {
      if (!navigate) throw new Error('the routes have not rendered');
      await navigate(to);
    },
    back: async () => {
      if (!navigate) throw new Error('the routes have not rendered');
      await navigate(-1);
    },
  };
  const view = render(
    <AppProviders>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <ProbedRoutes
            routes={routes}
            probe={(l, n) => {
              location = l;
              navigate = n;
            }}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
  return { router, ...view };
}

/** Renders one element at `path` inside the app's providers. */
export function renderPage(element: ReactElement, path = '/') {
  return renderRoutes(
    [
      { path: '*', element },
      { path: '/login', element: <div>login page</div> },
    ],
    path,
  );
}
