import { PINNED_EXTENSION_ID, extensionMessageTypes } from '@inviteflow/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '@/test/helpers.tsx';
import { installLoginStatusResponder, sendLoginData, sendLogout } from './extension-bridge.ts';

const origin = window.location.origin;

const expiresAt = '2030-01-01T00:10:00.000Z';

function ask(init: MessageEventInit) {
  window.dispatchEvent(new MessageEvent('message', init));
}

/** Lets an answer that would come after a snapshot's await come, if it were going to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('login status responder', () => {
  let dispose: (() => void) | undefined;
  afterEach(() => {
    dispose?.();
    vi.restoreAllMocks();
  });

  it('answers a same-origin request from this window with the scoped token it is given', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(async () => ({
      token: 'ext-tok',
      expiresAt,
      userInfo: JSON.stringify(signedInUser),
    }));
    ask({ data: { type: extensionMessageTypes.loginRequest }, origin, source: window });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        {
          type: 'LOGIN_STATUS_RESPONSE',
          isLoggedIn: true,
          token: 'ext-tok',
          expiresAt,
          userInfo: signedInUser,
        },
        origin,
      ),
    );
  });

  it('answers signed out with null token, expiry and user info', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(() => ({
      token: null,
      expiresAt: null,
      userInfo: 'not json',
    }));
    ask({ data: { type: 'PLUGIN_LOGIN_REQUEST' }, origin, source: window });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        {
          type: 'LOGIN_STATUS_RESPONSE',
          isLoggedIn: false,
          token: null,
          expiresAt: null,
          userInfo: null,
        },
        origin,
      ),
    );
  });

  it('answers signed out when the snapshot fails (no token could be had)', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(() => Promise.reject(new Error('offline')));
    ask({ data: { type: 'PLUGIN_LOGIN_REQUEST' }, origin, source: window });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(expect.objectContaining({ isLoggedIn: false }), origin),
    );
  });

  it('ignores another origin', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const snapshot = vi.fn(() => ({ token: 'tok', expiresAt, userInfo: null }));
    dispose = installLoginStatusResponder(snapshot);
    ask({ data: { type: 'PLUGIN_LOGIN_REQUEST' }, origin: 'https://evil.example', source: window });
    await settle();
    expect(snapshot).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it('ignores another window (a frame) even from the same origin', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const other = frame.contentWindow;
    const otherPost = other
      ? vi.spyOn(other, 'postMessage').mockImplementation(() => undefined)
      : undefined;
    dispose = installLoginStatusResponder(() => ({ token: 'tok', expiresAt, userInfo: null }));
    ask({ data: { type: 'PLUGIN_LOGIN_REQUEST' }, origin, source: other });
    await settle();
    expect(post).not.toHaveBeenCalled();
    expect(otherPost).not.toHaveBeenCalled();
    frame.remove();
  });

  it('ignores other message types', async () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(() => ({ token: 'tok', expiresAt, userInfo: null }));
    ask({ data: { type: 'SOMETHING_ELSE' }, origin, source: window });
    ask({ data: 'PLUGIN_LOGIN_REQUEST', origin, source: window });
    await settle();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('handing data to the extension', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('posts the login data to this origin and sends it to a configured extension', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const sendMessage = vi.fn();
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    const extensionId = 'abcdefghijklmnopabcdefghijklmnop';
    sendLoginData('tok', expiresAt, signedInUser, undefined, extensionId);
    const message = { type: 'PLUGIN_LOGIN_DATA', token: 'tok', expiresAt, userInfo: signedInUser };
    expect(post).toHaveBeenCalledWith(message, origin);
    expect(sendMessage).toHaveBeenCalledWith(extensionId, message, expect.any(Function));
  });

  it('swallows a failing external channel', () => {
    vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const sendMessage = vi.fn(() => {
      throw new Error('not installed');
    });
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    expect(() => sendLogout('abcdefghijklmnopabcdefghijklmnop')).not.toThrow();
    expect(sendMessage).toHaveBeenCalledTimes(1);
  });

  it('sends to the pinned companion id by default', () => {
    vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const sendMessage = vi.fn();
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    sendLogout();
    expect(sendMessage).toHaveBeenCalledWith(
      PINNED_EXTENSION_ID,
      { type: 'PLUGIN_LOGOUT' },
      expect.any(Function),
    );
  });

  it('skips the external channel where Chrome does not offer it (no extension lists this origin)', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    vi.stubGlobal('chrome', undefined);
    expect(() => sendLogout()).not.toThrow();
    expect(post).toHaveBeenCalledWith({ type: 'PLUGIN_LOGOUT' }, origin);
  });

  it('tells the extension to clear on logout', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    sendLogout();
    expect(post).toHaveBeenCalledWith({ type: 'PLUGIN_LOGOUT' }, origin);
  });
});
