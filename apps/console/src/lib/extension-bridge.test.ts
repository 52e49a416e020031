import { extensionMessageTypes } from '@inviteflow/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '@/test/helpers.tsx';
import { installLoginStatusResponder, sendLoginData, sendLogout } from './extension-bridge.ts';

const origin = window.location.origin;

function ask(init: MessageEventInit) {
  window.dispatchEvent(new MessageEvent('message', init));
}

describe('login status responder', () => {
  let dispose: (() => void) | undefined;
  afterEach(() => {
    dispose?.();
    vi.restoreAllMocks();
  });

  it('answers a same-origin request from this window with the login status', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(() => ({
      token: 'tok',
      userInfo: JSON.stringify(signedInUser),
    }));
    ask({ data: { type: extensionMessageTypes.loginRequest }, origin, source: window });
    expect(post).toHaveBeenCalledWith(
      { type: 'LOGIN_STATUS_RESPONSE', isLoggedIn: true, token: 'tok', userInfo: signedInUser },
      origin,
    );
  });

  it('answers signed out with null token and user info', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(() => ({ token: null, userInfo: 'not json' }));
    ask({ data: { type: 'PLUGIN_LOGIN_REQUEST' }, origin, source: window });
    expect(post).toHaveBeenCalledWith(
      { type: 'LOGIN_STATUS_RESPONSE', isLoggedIn: false, token: null, userInfo: null },
      origin,
    );
  });

  it('ignores another origin', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(() => ({ token: 'tok', userInfo: null }));
    ask({ data: { type: 'PLUGIN_LOGIN_REQUEST' }, origin: 'https://evil.example', source: window });
    expect(post).not.toHaveBeenCalled();
  });

  it('ignores another window (a frame) even from the same origin', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const other = frame.contentWindow;
    const otherPost = other
      ? vi.spyOn(other, 'postMessage').mockImplementation(() => undefined)
      : undefined;
    dispose = installLoginStatusResponder(() => ({ token: 'tok', userInfo: null }));
    ask({ data: { type: 'PLUGIN_LOGIN_REQUEST' }, origin, source: other });
    expect(post).not.toHaveBeenCalled();
    expect(otherPost).not.toHaveBeenCalled();
    frame.remove();
  });

  it('ignores other message types', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    dispose = installLoginStatusResponder(() => ({ token: 'tok', userInfo: null }));
    ask({ data: { type: 'SOMETHING_ELSE' }, origin, source: window });
    ask({ data: 'PLUGIN_LOGIN_REQUEST', origin, source: window });
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
    sendLoginData('tok', signedInUser, extensionId);
    const message = { type: 'PLUGIN_LOGIN_DATA', token: 'tok', userInfo: signedInUser };
    expect(post).toHaveBeenCalledWith(message, origin);
    expect(sendMessage).toHaveBeenCalledWith(extensionId, message, expect.any(Function));
  });

  it('swallows a failing external channel and skips it without an id', () => {
    vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const sendMessage = vi.fn(() => {
      throw new Error('not installed');
    });
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    expect(() => sendLogout('abcdefghijklmnopabcdefghijklmnop')).not.toThrow();
    sendMessage.mockClear();
    sendLogout();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('tells the extension to clear on logout', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    sendLogout();
    expect(post).toHaveBeenCalledWith({ type: 'PLUGIN_LOGOUT' }, origin);
  });
});
