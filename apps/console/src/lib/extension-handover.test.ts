import { PINNED_EXTENSION_ID, apiPaths } from '@inviteflow/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, resetApp, signIn, signedInUser, stubFetch } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import { browserLabel, handOverToExtension, loginSnapshot } from './extension-handover.ts';
import { signIn as signInFlow } from './session.ts';

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The API as the hand-over sees it: login, me, and a new extension session per call. */
function api() {
  let made = 0;
  return stubFetch((url) => {
    if (url.endsWith(apiPaths.auth.login))
      return ok({ access_token: 'access-1', refresh_token: 'refresh-1', user: signedInUser });
    if (url.endsWith(apiPaths.auth.me))
      return ok({ id: 7, username: 'seller01', phoneNumber: '13800138000', createdAt: '' });
    if (url.endsWith(apiPaths.extension.sessions)) {
      made += 1;
      return ok({
        sessionId: `s-${made}`,
        token: `ext-${made}`,
        expiresAt: later(10 * 60_000),
        renewToken: `renew-${made}`,
        renewExpiresAt: later(30 * 86_400_000),
      });
    }
    return fail(404, 'not here');
  });
}

function sessionCalls(fetchStub: ReturnType<typeof stubFetch>) {
  return fetchStub.mock.calls.filter(([url]) => String(url).endsWith(apiPaths.extension.sessions));
}

beforeEach(async () => {
  await resetApp('en-US');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connecting the extension with a session of its own', () => {
  it('after sign-in, by both channels, with its session and never the console tokens', async () => {
    const fetchStub = api();
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const sendMessage = vi.fn();
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    await signInFlow({ username: 'seller01', password: 'Secret-123' }, true);
    const message = {
      type: 'PLUGIN_LOGIN_DATA',
      token: 'ext-1',
      expiresAt: expect.any(String),
      userInfo: signedInUser,
      session: { sessionId: 's-1', renewToken: 'renew-1', renewExpiresAt: expect.any(String) },
    };
    await waitFor(() => expect(post).toHaveBeenCalledWith(message, window.location.origin));
    expect(sendMessage).toHaveBeenCalledWith(PINNED_EXTENSION_ID, message, expect.any(Function));
    // The session is made with the console's token and names this browser; nothing sent to
    // the extension carries the console's tokens.
    const [, init] = sessionCalls(fetchStub)[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: expect.any(String) });
    const sent = JSON.stringify([...post.mock.calls, ...sendMessage.mock.calls]);
    expect(sent).not.toContain('access-1');
    expect(sent).not.toContain('refresh-1');
  });

  it('hands nothing over when signed out or when no session could be had', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const fetchStub = stubFetch(() => fail(500, 'down'));
    expect(await handOverToExtension()).toBe(false);
    expect(fetchStub).not.toHaveBeenCalled();
    signIn();
    expect(await handOverToExtension()).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });

  it('answers each login request with a new session, never one handed over before', async () => {
    expect(await loginSnapshot()).toEqual({
      token: null,
      expiresAt: null,
      userInfo: null,
      session: null,
    });
    const fetchStub = api();
    signIn();
    expect(await loginSnapshot()).toEqual({
      token: 'ext-1',
      expiresAt: expect.any(String),
      userInfo: JSON.stringify(signedInUser),
      session: { sessionId: 's-1', renewToken: 'renew-1', renewExpiresAt: expect.any(String) },
    });
    // The first renew token has rotated in the extension by now: handing it again would end
    // that session, so the next answer is another session.
    expect((await loginSnapshot()).session?.renewToken).toBe('renew-2');
    expect(sessionCalls(fetchStub)).toHaveLength(2);
    useAuthStore.getState().endSession();
    expect((await loginSnapshot()).token).toBeNull();
    expect(sessionCalls(fetchStub)).toHaveLength(2);
  });

  it('names the browser for Connected browsers', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    expect(browserLabel(chrome)).toEqual({ name: 'Chrome · Windows', browser: chrome });
    expect(browserLabel(`${chrome} Edg/130.0`).name).toBe('Edge · Windows');
  });
});
