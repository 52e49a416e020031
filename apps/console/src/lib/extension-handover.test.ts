import { PINNED_EXTENSION_ID, apiPaths } from '@inviteflow/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, resetApp, signIn, signedInUser, stubFetch } from '@/test/helpers.tsx';
import { useAuthStore } from '@/stores/auth-store.ts';
import {
  handOverToExtension,
  keepExtensionSignedIn,
  loginSnapshot,
  resetExtensionHandover,
} from './extension-handover.ts';
import { signIn as signInFlow } from './session.ts';

const expiresAt = () => new Date(Date.now() + 10 * 60_000).toISOString();

/** The API as the handover sees it: login, me, and a new extension token per call. */
function api() {
  let minted = 0;
  return stubFetch((url) => {
    if (url.endsWith(apiPaths.auth.login))
      return ok({ access_token: 'access-1', user: signedInUser });
    if (url.endsWith(apiPaths.auth.me))
      return ok({ id: 7, username: 'seller01', phoneNumber: '13800138000', createdAt: '' });
    if (url.endsWith(apiPaths.auth.extensionToken)) {
      minted += 1;
      return ok({ token: `ext-${minted}`, expiresAt: expiresAt() });
    }
    return fail(404, 'not here');
  });
}

function extensionCalls(fetchStub: ReturnType<typeof stubFetch>) {
  return fetchStub.mock.calls.filter(([url]) => String(url).endsWith(apiPaths.auth.extensionToken));
}

beforeEach(async () => {
  await resetApp('en-US');
  resetExtensionHandover();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('handing the extension its own token', () => {
  it('after sign-in, by both channels, with the scoped token and never the console tokens', async () => {
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
    };
    await waitFor(() => expect(post).toHaveBeenCalledWith(message, window.location.origin));
    expect(sendMessage).toHaveBeenCalledWith(PINNED_EXTENSION_ID, message, expect.any(Function));
    // The mint call carries the console's token; nothing sent to the extension does.
    const [, init] = extensionCalls(fetchStub)[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
    const sent = JSON.stringify([...post.mock.calls, ...sendMessage.mock.calls]);
    expect(sent).not.toContain('access-1');
    expect(sent).not.toContain('refresh-1');
  });

  it('hands nothing over when signed out or when no token could be had', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const fetchStub = stubFetch(() => fail(500, 'down'));
    expect(await handOverToExtension()).toBe(false);
    expect(fetchStub).not.toHaveBeenCalled();
    signIn();
    expect(await handOverToExtension()).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });

  it('answers a login request with a held token while it has life left, else a new one', async () => {
    expect(await loginSnapshot()).toEqual({ token: null, expiresAt: null, userInfo: null });
    const fetchStub = api();
    signIn();
    const first = await loginSnapshot();
    expect(first).toEqual({
      token: 'ext-1',
      expiresAt: expect.any(String),
      userInfo: JSON.stringify(signedInUser),
    });
    expect((await loginSnapshot()).token).toBe('ext-1');
    expect(extensionCalls(fetchStub)).toHaveLength(1);
    // Signing out forgets it: the next account never gets the previous one's token.
    const stop = keepExtensionSignedIn();
    useAuthStore.getState().endSession();
    signIn('access-2');
    expect((await loginSnapshot()).token).toBe('ext-2');
    stop();
  });

  it('renews the token every few minutes while signed in, and stops at sign-out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchStub = api();
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    signIn();
    const stop = keepExtensionSignedIn(4 * 60_000);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'PLUGIN_LOGIN_DATA', token: 'ext-1' }),
        window.location.origin,
      ),
    );
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    await waitFor(() => expect(extensionCalls(fetchStub)).toHaveLength(2));
    useAuthStore.getState().endSession();
    await vi.advanceTimersByTimeAsync(8 * 60_000);
    expect(extensionCalls(fetchStub)).toHaveLength(2);
    stop();
  });
});
