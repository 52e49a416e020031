import { Message } from '@arco-design/web-react';
import { apiPaths } from '@inviteflow/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, json, ok, resetApp, signIn, signedInUser, stubFetch } from '@/test/helpers.tsx';
import { followOtherTabs, useAuthStore } from '@/stores/auth-store.ts';
import { request, RequestError } from './request.ts';
import { loadMe, signIn as signInFlow, signOut } from './session.ts';
import { sessionStorageArea } from './storage.ts';

const scripts = apiPaths.templates.scripts;

beforeEach(() => resetApp('en-US'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('request: success and headers', () => {
  it('resolves the envelope data and sends token, language and JSON', async () => {
    signIn('tok-A');
    const fetchStub = stubFetch(() => ok({ list: [], total: 0, page: 1, pageSize: 10 }));
    const data = await request(scripts, { query: { page: 1, keyword: '' } });
    expect(data).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${scripts}?page=1`);
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-A');
    expect(headers.get('Accept-Language')).toBe('en-US');
  });

  it('treats success without code 200 as a failure', async () => {
    stubFetch(() => json({ success: true, code: 201, message: 'Created?', data: 1, timestamp: 1 }));
    const error = await rejection(request(scripts));
    expect(error.kind).toBe('envelope');
    expect(await screen.findByText('Created?')).toBeInTheDocument();
  });
});

describe('request: the error catalogue', () => {
  it('toasts the server message of a failed envelope for 5 seconds', async () => {
    const toast = vi.spyOn(Message, 'error');
    stubFetch(() =>
      json({ success: false, code: 422, message: 'Shop limit reached', data: null, timestamp: 1 }),
    );
    const error = await rejection(request(scripts));
    expect(error.shown).toBe(true);
    expect(await screen.findByText('Shop limit reached')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({ content: 'Shop limit reached', duration: 5000 });
  });

  it("toasts 'Error' when a failed envelope has no message, in the current language", async () => {
    stubFetch(() => json({ success: false, code: 500, message: '', data: null, timestamp: 1 }));
    await rejection(request(scripts));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    await resetApp('zh-CN');
    stubFetch(() => json({ success: false, code: 500, message: '', data: null, timestamp: 1 }));
    await rejection(request(scripts));
    expect(await screen.findByText('错误')).toBeInTheDocument();
  });

  it('opens the auth dialog on an envelope code 401 (after the toast)', async () => {
    stubFetch(() =>
      json({ success: false, code: 401, message: 'Session gone', data: null, timestamp: 1 }),
    );
    const error = await rejection(request(scripts));
    expect(error.kind).toBe('auth');
    expect(await screen.findByText('Session gone')).toBeInTheDocument();
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    expect(
      screen.getByText('Your login state has expired, please log in again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
  });

  it('opens the auth dialog on HTTP 403 without a toast', async () => {
    const toast = vi.spyOn(Message, 'error');
    stubFetch(() => fail(403, 'Forbidden here'));
    await rejection(request(scripts));
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
  });

  it('opens only one dialog however many calls fail', async () => {
    stubFetch(() => fail(401, 'expired'));
    await Promise.allSettled([request(scripts), request(apiPaths.user.profile)]);
    await screen.findByText('Authentication failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Authentication failed')).toHaveLength(1);
  });

  it('confirming the dialog logs out and reloads the page', async () => {
    signIn();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, origin: window.location.origin });
    stubFetch((url) => (url.includes('/auth/refresh') ? fail(401, 'dead') : fail(401, 'expired')));
    await rejection(request(scripts));
    (await screen.findByRole('button', { name: 'Log in again' })).click();
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('rejects a 401 from /auth/me silently, and the session ends', async () => {
    signIn();
    const toast = vi.spyOn(Message, 'error');
    stubFetch(() => fail(401, 'expired'));
    const error = await rejection(request(apiPaths.auth.me));
    expect(error.shown).toBe(false);
    expect(await loadMe()).toBe('gone');
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
  });

  it("reports 'user info empty' when me answers nothing", async () => {
    signIn();
    stubFetch(() => ok(null));
    await loadMe();
    expect(await screen.findByText('user info empty')).toBeInTheDocument();
  });

  it.each([
    [
      "the envelope's message",
      json({ success: false, code: 500, message: 'Server on fire', data: null, timestamp: 1 }, 500),
      'Server on fire',
    ],
    [
      "the mock envelope's msg",
      json({ data: null, status: 'fail', msg: 'Legacy failure', code: 50000 }, 502, 'Bad Gateway'),
      'Legacy failure',
    ],
    [
      "'Request Error', not the status text, when there is no body",
      json(undefined, 500, 'Internal Server Error'),
      'Request Error',
    ],
    [
      "'Request Error' for a JSON body that is no envelope (a framework's default error)",
      json(
        { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
        500,
        'Internal Server Error',
      ),
      'Request Error',
    ],
    [
      "'Request Error' for a proxy's page",
      new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      }),
      'Request Error',
    ],
  ])('other HTTP errors toast %s', async (_case, response, expected) => {
    const toast = vi.spyOn(Message, 'error');
    stubFetch(() => response);
    const error = await rejection(request(scripts));
    expect(error.kind).toBe('http');
    expect(error.message).toBe(expected);
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ content: expected, duration: 5000 });
  });

  it("an HTTP 500 without a body says 请求错误 in the Chinese console, never the server's English", async () => {
    await resetApp('zh-CN');
    stubFetch(() => json(undefined, 500, 'Internal Server Error'));
    const error = await rejection(request(scripts));
    expect(error.message).toBe('请求错误');
    expect(await screen.findByText('请求错误')).toBeInTheDocument();
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
  });

  it("a success status whose body is no envelope (a page where JSON was due) is a 'Request Error'", async () => {
    stubFetch(
      () =>
        new Response('<!doctype html><title>InviteFlow</title>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await rejection(request(scripts));
    expect(error.message).toBe('Request Error');
    expect(await screen.findByText('Request Error')).toBeInTheDocument();
  });

  it("toasts 'Network Error' when no response arrives", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await rejection(request(scripts));
    expect(error.kind).toBe('network');
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
  });

  it('toasts the error message of another failure without a response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('socket hang up'))),
    );
    await rejection(request(scripts));
    expect(await screen.findByText('socket hang up')).toBeInTheDocument();
  });
});

/** A response the test lets through when it chooses. */
function held() {
  let release!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release };
}

/** Lets the dialog's on-demand code load and React draw whatever it was asked to. */
async function settleDialogs() {
  await Promise.all([import('./auth-dialog.ts'), import('./session.ts')]);
  await act(async () => {});
}

const dialogTitle = () => screen.queryAllByText('Authentication failed');

describe('401s once the session is known gone (issue 20 #5)', () => {
  it('a page reloaded on a revoked session: the lists beside me open no dialog, me signs out', async () => {
    signIn('revoked');
    const toast = vi.spyOn(Message, 'error');
    const me = held();
    const fetchStub = stubFetch((url) =>
      url.endsWith('/auth/me') ? me.response : fail(401, 'Session revoked'),
    );
    // The layout's me call is on the wire; the page's lists fail before its answer arrives.
    const session = loadMe();
    const lists = [request(scripts), request(apiPaths.templates.products)].map(rejection);
    await waitFor(() =>
      expect(
        fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh')),
      ).toHaveLength(1),
    );
    me.release(fail(401, 'Session revoked'));
    expect(await session).toBe('gone');
    for (const error of await Promise.all(lists)) {
      expect(error.kind).toBe('auth');
      expect(error.shown).toBe(false);
    }
    await settleDialogs();
    expect(dialogTitle()).toHaveLength(0);
    expect(toast).not.toHaveBeenCalled();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('401s that arrive after me found the session gone open no dialog and refresh no more', async () => {
    signIn('revoked');
    const list = held();
    const fetchStub = stubFetch((url) =>
      url.includes('/templates/') ? list.response : fail(401, 'Session revoked'),
    );
    const pending = rejection(request(scripts));
    expect(await loadMe()).toBe('gone');
    const refreshes = () =>
      fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh')).length;
    expect(refreshes()).toBe(1);
    list.release(fail(401, 'Session revoked'));
    const error = await pending;
    expect(error.shown).toBe(false);
    expect(refreshes()).toBe(1);
    await settleDialogs();
    expect(dialogTitle()).toHaveLength(0);
  });

  it('an envelope 401 after me found the session gone shows neither toast nor dialog', async () => {
    signIn('revoked');
    const toast = vi.spyOn(Message, 'error');
    const list = held();
    stubFetch((url) => (url.includes('/templates/') ? list.response : fail(401, 'gone')));
    const pending = rejection(request(scripts));
    expect(await loadMe()).toBe('gone');
    list.release(json({ success: false, code: 401, message: 'gone', data: null, timestamp: 1 }));
    expect((await pending).shown).toBe(false);
    await settleDialogs();
    expect(dialogTitle()).toHaveLength(0);
    expect(toast).not.toHaveBeenCalled();
  });

  it('a 401 that arrives after a sign-out here opens no dialog', async () => {
    signIn('access-1');
    const list = held();
    stubFetch((url) => (url.includes('/templates/') ? list.response : ok(null)));
    const pending = rejection(request(scripts));
    await signOut({ quiet: true });
    list.release(fail(401, 'Session revoked'));
    expect((await pending).shown).toBe(false);
    await settleDialogs();
    expect(dialogTitle()).toHaveLength(0);
  });

  it('on a live session, calls failing at once share one refresh and open exactly one dialog', async () => {
    signIn('access-1');
    const fetchStub = stubFetch(() => fail(401, 'Session revoked'));
    const errors = await Promise.all(
      [request(scripts), request(apiPaths.templates.products), request(apiPaths.user.profile)].map(
        rejection,
      ),
    );
    expect(errors.every((error) => error.shown)).toBe(true);
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    await settleDialogs();
    expect(dialogTitle()).toHaveLength(1);
    expect(
      fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh')),
    ).toHaveLength(1);
  });

  it('a me call that finds the session alive lets a failing call open the dialog', async () => {
    signIn('access-1');
    const me = held();
    stubFetch((url) => (url.endsWith('/auth/me') ? me.response : fail(403, 'Forbidden')));
    const session = loadMe();
    const pending = rejection(request(scripts));
    me.release(ok({ id: 7, username: 'seller01', phoneNumber: '13800138000', createdAt: 'x' }));
    expect(await session).toBe('ok');
    expect((await pending).shown).toBe(true);
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
  });

  it('the dialog goes away when the session ends otherwise (a sign-out in another tab)', async () => {
    signIn('access-1');
    stubFetch(() => fail(401, 'Session revoked'));
    await rejection(request(scripts));
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    act(() => useAuthStore.getState().endSession());
    await waitFor(() => expect(dialogTitle()).toHaveLength(0));
  });
});

describe('logout', () => {
  it('always succeeds locally, even when the server call fails', async () => {
    signIn();
    const toast = vi.spyOn(Message, 'error');
    stubFetch(() => fail(500, 'db down'));
    await expect(request(apiPaths.auth.logout, { method: 'POST' })).resolves.toBeNull();
    await signOut();
    expect(await screen.findByText('Logout succeeded')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().profile.role).toBe('');
    expect(toast).not.toHaveBeenCalled();
  });

  it('succeeds when the network is gone too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(request(apiPaths.auth.logout, { method: 'POST' })).resolves.toBeNull();
  });
});

describe('login', () => {
  it('is an error when the response has no access_token', async () => {
    stubFetch(() => ok({ user: signedInUser }));
    await expect(signInFlow({ username: 'seller01', password: 'secret1' }, false)).rejects.toThrow(
      'login failed, no access token obtained',
    );
    expect(await screen.findByText('login failed, no access token obtained')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it("shows the server's message once on a failed login", async () => {
    const toast = vi.spyOn(Message, 'error');
    stubFetch(() => fail(400, 'Account or password incorrect'));
    await expect(signInFlow({ username: 'x', password: 'y' }, false)).rejects.toThrow();
    expect(await screen.findByText('Account or password incorrect')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
  });

  it("falls back to 'Login error, refresh and try again'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(signInFlow({ username: 'x', password: 'y' }, false)).rejects.toThrow();
    expect(await screen.findByText('Login error, refresh and try again')).toBeInTheDocument();
  });

  it('stores the session, the user info and the profile, then welcomes the user', async () => {
    stubFetch((url) =>
      url.endsWith('/auth/me')
        ? ok({
            id: 7,
            username: 'seller01',
            phoneNumber: '13800138000',
            createdAt: '2025-01-02T03:04:05.000Z',
          })
        : ok({ access_token: 'A', user: signedInUser }),
    );
    await signInFlow({ username: 'seller01', password: 'secret1' }, false);
    expect(sessionStorage.getItem('token')).toBe('A');
    // The refresh token is the server's HttpOnly cookie: nothing of it in storage.
    expect(Object.keys(sessionStorage).sort()).toEqual(['accountId', 'token', 'userInfo']);
    expect(sessionStorage.getItem('accountId')).toBe('7');
    expect(JSON.parse(sessionStorage.getItem('userInfo') ?? 'null')).toEqual(signedInUser);
    expect(localStorage.getItem('token')).toBeNull();
    const { profile } = useAuthStore.getState();
    expect(profile).toMatchObject({
      accountId: '7',
      role: 'user',
      name: 'seller01',
      registrationDate: '2025-01-02T03:04:05.000Z',
    });
    expect(profile.email).toBe('');
    expect(await screen.findByText('Welcome to InviteFlow')).toBeInTheDocument();
    expect(JSON.stringify(localStorage)).not.toContain('secret1');
    expect(JSON.stringify(sessionStorage)).not.toContain('secret1');
  });
});

describe('login whose session is refused at once', () => {
  it('fails when me answers 401 right after the login', async () => {
    stubFetch((url) =>
      url.endsWith('/auth/me')
        ? fail(401, 'revoked')
        : url.endsWith('/auth/refresh')
          ? fail(401, 'revoked')
          : ok({ access_token: 'A', user: signedInUser }),
    );
    await expect(signInFlow({ username: 'seller01', password: 'secret1' }, true)).rejects.toThrow(
      'Login error, refresh and try again',
    );
    expect(useAuthStore.getState().token).toBeNull();
    expect(screen.queryByText('Welcome to InviteFlow')).not.toBeInTheDocument();
  });
});

describe('token refresh', () => {
  /** What a refresh call sends: JSON `{}`, no bearer token, the browser adding the cookie. */
  function expectCookieRefresh(init: RequestInit) {
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.credentials).toBe('same-origin');
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBeNull();
  }

  it('refreshes once on a 401 with the refresh cookie and retries the call with the new token', async () => {
    signIn('old-access');
    const fetchStub = stubFetch((url, init) => {
      const auth = new Headers(init.headers).get('Authorization') ?? '';
      if (url.endsWith('/auth/refresh')) {
        expectCookieRefresh(init);
        return ok({ access_token: 'new-access' });
      }
      return auth === 'Bearer new-access' ? ok('fresh') : fail(401, 'expired');
    });
    await expect(request(scripts)).resolves.toBe('fresh');
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(useAuthStore.getState().token).toBe('new-access');
    expect(localStorage.getItem('token')).toBe('new-access');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
  });

  it('two concurrent 401s share one refresh (single flight)', async () => {
    signIn('old-access');
    let refreshes = 0;
    stubFetch(async (url, init) => {
      if (url.endsWith('/auth/refresh')) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return ok({ access_token: 'new-access' });
      }
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer new-access' ? ok(url) : fail(401, 'expired');
    });
    const results = await Promise.all([
      request(scripts),
      request(apiPaths.user.profile),
      request(apiPaths.templates.products),
    ]);
    expect(results).toEqual([scripts, apiPaths.user.profile, apiPaths.templates.products]);
    expect(refreshes).toBe(1);
  });

  it('shows the auth dialog when the refresh fails, and retries at most once', async () => {
    signIn('old-access');
    const fetchStub = stubFetch((url) =>
      url.endsWith('/auth/refresh') ? fail(401, 'reused') : fail(401, 'expired'),
    );
    await rejection(request(scripts));
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
  });

  it('never refreshes for /auth/login', async () => {
    signIn('old-access');
    const fetchStub = stubFetch(() => fail(401, 'no'));
    await rejection(request(apiPaths.auth.login, { method: 'POST', body: {} }));
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('takes the access token another tab refreshed instead of refreshing again', async () => {
    signIn('old-access');
    // The other tab refreshed: the shared storage holds its token, this tab's memory the old.
    localStorage.setItem('token', 'other-tab-access');
    const seen: string[] = [];
    stubFetch((url, init) => {
      if (url.endsWith('/auth/refresh')) throw new Error('must not refresh again');
      const auth = new Headers(init.headers).get('Authorization') ?? '';
      seen.push(auth);
      return auth === 'Bearer other-tab-access' ? ok('fine') : fail(401, 'expired');
    });
    await expect(request(scripts)).resolves.toBe('fine');
    expect(seen).toEqual(['Bearer old-access', 'Bearer other-tab-access']);
    expect(useAuthStore.getState().token).toBe('other-tab-access');
  });

  it('a remembered session opened after its access token expired stays signed in (me refreshes once)', async () => {
    signIn('expired-access');
    const fetchStub = stubFetch((url, init) => {
      if (url.endsWith('/auth/refresh')) {
        expectCookieRefresh(init);
        return ok({ access_token: 'new-access' });
      }
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer new-access'
        ? ok({ id: 7, username: 'seller01', phoneNumber: '13800138000', createdAt: 'x' })
        : fail(401, 'expired');
    });
    expect(await loadMe()).toBe('ok');
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(useAuthStore.getState().token).toBe('new-access');
    expect(useAuthStore.getState().profile.name).toBe('seller01');
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
  });

  it('a logout with an expired access token refreshes first, so the server ends the session and clears the cookie', async () => {
    signIn('expired-access');
    const calls: string[] = [];
    stubFetch((url, init) => {
      const auth = new Headers(init.headers).get('Authorization') ?? '';
      calls.push(`${url.replace(/^.*\/auth\//, '')} ${auth}`.trim());
      if (url.endsWith('/auth/refresh')) return ok({ access_token: 'new-access' });
      return auth === 'Bearer new-access' ? ok(null) : fail(401, 'expired');
    });
    await signOut();
    expect(calls).toEqual(['logout Bearer expired-access', 'refresh', 'logout Bearer new-access']);
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
  });
});

describe('other tabs', () => {
  function storageEvent(key: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
  }

  it('follows a refresh and a logout made in another tab', () => {
    signIn('access-1');
    const stop = followOtherTabs();
    localStorage.setItem('token', 'access-2');
    storageEvent('token');
    expect(useAuthStore.getState().token).toBe('access-2');
    localStorage.clear();
    storageEvent(null);
    expect(useAuthStore.getState().token).toBeNull();
    stop();
  });

  it('ignores keys that are not the session', () => {
    signIn('access-1');
    const stop = followOtherTabs();
    localStorage.setItem('token', 'changed-without-event');
    storageEvent('arco-locale');
    expect(useAuthStore.getState().token).toBe('access-1');
    stop();
  });
});

describe('the refresh token of an earlier version', () => {
  it('is dropped from storage, and a new sign-in or a sign-out leaves none', () => {
    localStorage.setItem('refresh_token', 'legacy-1');
    sessionStorage.setItem('refresh_token', 'legacy-2');
    sessionStorageArea.dropLegacy();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
    localStorage.setItem('refresh_token', 'legacy-3');
    signIn('access-1');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    localStorage.setItem('refresh_token', 'legacy-4');
    useAuthStore.getState().endSession();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
