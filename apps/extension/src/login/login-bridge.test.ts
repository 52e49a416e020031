import { describe, expect, it } from 'vitest';
import { browser, flush } from '../../test/fake-browser.ts';
import { handleExternalMessage, handleRuntimeMessage } from '../background/handlers.ts';
import { authItem } from '../storage/items.ts';
import {
  acceptExternalMessage,
  acceptWindowMessage,
  applyConsoleMessage,
  currentAuth,
} from './login-bridge.ts';

const consoleOrigin = 'http://127.0.0.1:3000';
const userInfo = {
  id: 7,
  username: 'seller01',
  phoneNumber: '13800138000',
  membershipLevel: 'pro',
  membershipValidTo: '2030-01-01T00:00:00.000Z',
  maxShopBindCount: 3,
  currentShopBindCount: 1,
};
const later = () => new Date(Date.now() + 10 * 60_000).toISOString();
const loginData = () => ({
  type: 'PLUGIN_LOGIN_DATA',
  token: 'ext-token',
  expiresAt: later(),
  userInfo,
});
const ownWindow = { name: 'the console tab' };

describe('window messages on a console page', () => {
  it('accepts login data from the page’s own window and a console origin', () => {
    const message = loginData();
    expect(
      acceptWindowMessage({ source: ownWindow, origin: consoleOrigin, data: message }, ownWindow),
    ).toEqual(message);
    expect(
      acceptWindowMessage(
        {
          source: ownWindow,
          origin: 'https://console.example.com',
          data: { type: 'PLUGIN_LOGOUT' },
        },
        ownWindow,
      ),
    ).toEqual({ type: 'PLUGIN_LOGOUT' });
  });

  it('ignores another window (a frame, an opener) even from the console origin', () => {
    expect(
      acceptWindowMessage(
        { source: { name: 'a frame' }, origin: consoleOrigin, data: loginData() },
        ownWindow,
      ),
    ).toBeNull();
    expect(
      acceptWindowMessage({ source: null, origin: consoleOrigin, data: loginData() }, ownWindow),
    ).toBeNull();
  });

  it('ignores any other origin, however close to a console origin it looks', () => {
    for (const origin of [
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://localhost:3000',
      'http://127.0.0.1:3000.evil.example',
      'https://console.example.com.evil.example',
      'null',
      '',
    ]) {
      expect(
        acceptWindowMessage({ source: ownWindow, origin, data: loginData() }, ownWindow),
        origin,
      ).toBeNull();
    }
  });

  it('ignores malformed data', () => {
    const bad: unknown[] = [
      'PLUGIN_LOGIN_DATA',
      null,
      { type: 'PLUGIN_LOGIN_DATA' },
      { ...loginData(), token: '' },
      { ...loginData(), token: 42 },
      { ...loginData(), expiresAt: undefined },
      { ...loginData(), userInfo: { ...userInfo, id: 'seven' } },
      { type: 'PLUGIN_LOGIN_REQUEST' },
      { type: 'SOMETHING_ELSE', token: 'x' },
      {
        type: 'LOGIN_STATUS_RESPONSE',
        isLoggedIn: 'yes',
        token: null,
        expiresAt: null,
        userInfo: null,
      },
    ];
    for (const data of bad) {
      expect(
        acceptWindowMessage({ source: ownWindow, origin: consoleOrigin, data }, ownWindow),
      ).toBeNull();
    }
  });
});

describe('external messages (externally_connectable)', () => {
  const page = (origin: string, extra: Partial<chrome.runtime.MessageSender> = {}) =>
    ({
      origin,
      url: `${origin}/sent/search-table`,
      tab: { id: 1 },
      frameId: 0,
      ...extra,
    }) as chrome.runtime.MessageSender;

  it('accepts a console page by its exact origin, or its URL when Chrome gives no origin', () => {
    expect(acceptExternalMessage(loginData(), page(consoleOrigin))?.origin).toBe(consoleOrigin);
    const byUrl = {
      url: 'https://console.example.com/login',
      tab: { id: 2 },
    } as chrome.runtime.MessageSender;
    expect(acceptExternalMessage({ type: 'PLUGIN_LOGOUT' }, byUrl)?.origin).toBe(
      'https://console.example.com',
    );
  });

  it('ignores other origins, other extensions and malformed messages', () => {
    expect(acceptExternalMessage(loginData(), page('https://evil.example'))).toBeNull();
    expect(
      acceptExternalMessage(loginData(), page('http://127.0.0.1:3000.evil.example')),
    ).toBeNull();
    expect(
      acceptExternalMessage(loginData(), { id: 'another-extension-id', origin: consoleOrigin }),
    ).toBeNull();
    expect(acceptExternalMessage(loginData(), {} as chrome.runtime.MessageSender)).toBeNull();
    // A frame of a console origin inside a page is not the console page's own window.
    expect(acceptExternalMessage(loginData(), page(consoleOrigin, { frameId: 3 }))).toBeNull();
    expect(
      acceptExternalMessage({ type: 'PLUGIN_LOGIN_DATA', token: 'x' }, page(consoleOrigin)),
    ).toBeNull();
  });

  it('the service worker stores what it accepts and nothing else', async () => {
    expect(await handleExternalMessage(loginData(), page('https://evil.example'))).toEqual({
      accepted: false,
    });
    expect(browser().data.size).toBe(0);
    expect(await handleExternalMessage(loginData(), page(consoleOrigin))).toEqual({
      accepted: true,
    });
    expect(await authItem.get()).toMatchObject({
      token: 'ext-token',
      apiOrigin: consoleOrigin,
      userInfo,
    });
    expect(await handleExternalMessage({ type: 'PLUGIN_LOGOUT' }, page(consoleOrigin))).toEqual({
      accepted: true,
    });
    expect(await authItem.get()).toBeNull();
    expect(browser().data.has('auth')).toBe(false);
  });

  it('a message forwarded by the console content script counts only from this extension and a top frame', async () => {
    const own = (extra: Partial<chrome.runtime.MessageSender>) =>
      ({
        id: chrome.runtime.id,
        origin: consoleOrigin,
        tab: { id: 3 },
        frameId: 0,
        ...extra,
      }) as chrome.runtime.MessageSender;
    const request = { kind: 'console-message', data: loginData() };
    expect(await handleRuntimeMessage(request, own({ frameId: 2 })), 'a frame').toEqual({
      accepted: false,
    });
    expect(
      await handleRuntimeMessage(
        request,
        own({ origin: 'https://evil.example', url: 'https://evil.example/' }),
      ),
    ).toEqual({
      accepted: false,
    });
    expect(await handleRuntimeMessage(request, own({ id: 'someone-else' }))).toBeUndefined();
    // Without data it is no request the worker knows at all.
    expect(await handleRuntimeMessage({ kind: 'console-message' }, own({}))).toBeUndefined();
    expect(
      await handleRuntimeMessage(
        { kind: 'console-message', data: { type: 'PLUGIN_LOGIN_DATA' } },
        own({}),
      ),
    ).toEqual({ accepted: false });
    expect(browser().data.size).toBe(0);
    expect(await handleRuntimeMessage(request, own({}))).toEqual({
      accepted: true,
      outcome: 'stored',
    });
    expect((await authItem.get())?.receivedVia.window).not.toBeNull();
  });
});

describe('keeping the login', () => {
  it('keeps the scoped token, expiry, user and origin, and when each channel last delivered', async () => {
    const now = new Date();
    expect(await applyConsoleMessage(loginData() as never, consoleOrigin, 'window', now)).toBe(
      'stored',
    );
    const first = await authItem.get();
    expect(first).toEqual({
      token: 'ext-token',
      expiresAt: expect.any(String),
      userInfo,
      apiOrigin: consoleOrigin,
      session: null,
      receivedVia: { window: now.toISOString(), external: null },
    });
    await applyConsoleMessage(
      { ...loginData(), token: 'renewed' } as never,
      consoleOrigin,
      'external',
      now,
    );
    expect((await authItem.get())?.receivedVia).toEqual({
      window: now.toISOString(),
      external: now.toISOString(),
    });
    expect((await authItem.get())?.token).toBe('renewed');
    // Nothing but the scoped token is kept: no refresh token, no console token.
    expect(Object.keys(browser().data.get('auth') as object).sort()).toEqual([
      'apiOrigin',
      'expiresAt',
      'receivedVia',
      'session',
      'token',
      'userInfo',
    ]);
  });

  it('the same hand-over arriving by both channels at once keeps both', async () => {
    const message = loginData();
    await Promise.all([
      applyConsoleMessage(message as never, consoleOrigin, 'window'),
      applyConsoleMessage(message as never, consoleOrigin, 'external'),
    ]);
    expect((await authItem.get())?.receivedVia).toEqual({
      window: expect.any(String),
      external: expect.any(String),
    });
  });

  it('a signed-out status answer changes nothing; an expired token is not kept', async () => {
    await applyConsoleMessage(loginData() as never, consoleOrigin, 'window');
    const signedOut = {
      type: 'LOGIN_STATUS_RESPONSE',
      isLoggedIn: false,
      token: null,
      expiresAt: null,
      userInfo: null,
    };
    expect(await applyConsoleMessage(signedOut as never, consoleOrigin, 'window')).toBe('ignored');
    expect((await authItem.get())?.token).toBe('ext-token');
    const stale = {
      ...loginData(),
      token: 'stale',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    };
    expect(await applyConsoleMessage(stale as never, consoleOrigin, 'window')).toBe('ignored');
    expect((await authItem.get())?.token).toBe('ext-token');
  });

  it('a status answer with a token signs in; logout clears; an expired login reads as none', async () => {
    const answer = {
      type: 'LOGIN_STATUS_RESPONSE',
      isLoggedIn: true,
      token: 't2',
      expiresAt: later(),
      userInfo,
    };
    expect(await applyConsoleMessage(answer as never, consoleOrigin, 'window')).toBe('stored');
    expect((await currentAuth())?.token).toBe('t2');
    expect(await currentAuth(new Date(Date.now() + 11 * 60_000))).toBeNull();
    expect(await applyConsoleMessage({ type: 'PLUGIN_LOGOUT' }, consoleOrigin, 'window')).toBe(
      'cleared',
    );
    await flush();
    expect(await currentAuth()).toBeNull();
  });
});
