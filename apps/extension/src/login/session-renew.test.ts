import { apiPaths } from '@inviteflow/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authItem } from '../storage/items.ts';
import { applyConsoleMessage, currentAuth, needsLogin } from './login-bridge.ts';

const consoleOrigin = 'http://127.0.0.1:3000';
const userInfo = {
  id: 7,
  username: 'seller01',
  phoneNumber: '13800138000',
  membershipLevel: 'pro',
  membershipValidTo: null,
  maxShopBindCount: 3,
  currentShopBindCount: 1,
};
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const sessionHandOver = (token = 'sess-token', expiresInMs = 10 * 60_000) => ({
  type: 'PLUGIN_LOGIN_DATA' as const,
  token,
  expiresAt: at(expiresInMs),
  userInfo,
  session: { sessionId: 's-1', renewToken: 'renew-1', renewExpiresAt: at(30 * 86_400_000) },
});

function renewServer(answer: (renewToken: string) => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(`${consoleOrigin}${apiPaths.extension.renew}`);
      const { renewToken } = JSON.parse(String(init.body)) as { renewToken: string };
      calls.push(renewToken);
      return answer(renewToken);
    }),
  );
  return calls;
}
const envelope = (status: number, data: unknown) =>
  new Response(JSON.stringify({ success: status === 200, code: status, message: '', data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe("the extension's own session", () => {
  it('keeps the handed session and renews it by itself, rotating the renew token', async () => {
    await applyConsoleMessage(sessionHandOver('old', 60_000), consoleOrigin, 'external');
    const calls = renewServer((renewToken) =>
      envelope(200, {
        sessionId: 's-1',
        token: `new-for-${renewToken}`,
        expiresAt: at(10 * 60_000),
        renewToken: 'renew-2',
        renewExpiresAt: at(30 * 86_400_000),
      }),
    );
    // Less than two minutes left: renewed before the call, no console involved.
    const auth = await currentAuth();
    expect(auth?.token).toBe('new-for-renew-1');
    expect((await authItem.get())?.session?.renewToken).toBe('renew-2');
    // A fresh token is not renewed again; concurrent callers share one renewal.
    await Promise.all([currentAuth(), currentAuth()]);
    expect(calls).toEqual(['renew-1']);
  });

  it('forgets a session the server ended (logout, revocation): signed out', async () => {
    await applyConsoleMessage(sessionHandOver('old', 30_000), consoleOrigin, 'external');
    renewServer(() => envelope(401, null));
    expect(await currentAuth()).toBeNull();
    expect(await authItem.get()).toBeNull();
    expect(await needsLogin()).toBe(true);
  });

  it('keeps the token it holds when the renewal cannot be reached', async () => {
    await applyConsoleMessage(sessionHandOver('old', 60_000), consoleOrigin, 'external');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect((await currentAuth())?.token).toBe('old');
    expect((await authItem.get())?.session?.renewToken).toBe('renew-1');
  });

  it('asks the console only when it holds no renewable session', async () => {
    expect(await needsLogin()).toBe(true);
    await applyConsoleMessage(sessionHandOver(), consoleOrigin, 'window');
    expect(await needsLogin()).toBe(false);
    // Even with its token ended, a renewable session needs no console.
    expect(await needsLogin(new Date(Date.now() + 3_600_000))).toBe(false);
    expect(await needsLogin(new Date(Date.now() + 31 * 86_400_000))).toBe(true);
  });

  it('a new session handed over ends the one it replaces, by its renew token; the same hand-over twice ends nothing', async () => {
    const ended: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        ended.push({ url, body: JSON.parse(String(init.body)) });
        return envelope(200, { ended: true });
      }),
    );
    await applyConsoleMessage(sessionHandOver(), consoleOrigin, 'window');
    await applyConsoleMessage(sessionHandOver(), consoleOrigin, 'external');
    expect(ended).toEqual([]);
    const next = sessionHandOver('sess-2');
    next.session = { sessionId: 's-2', renewToken: 'renew-9', renewExpiresAt: at(86_400_000) };
    expect(await applyConsoleMessage(next, consoleOrigin, 'window')).toBe('stored');
    expect(ended).toEqual([
      { url: `${consoleOrigin}${apiPaths.extension.end}`, body: { renewToken: 'renew-1' } },
    ]);
    expect((await authItem.get())?.session?.sessionId).toBe('s-2');
  });

  it('a late answer to a login request never replaces the session handed over meanwhile; its own session is ended', async () => {
    const ended: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        ended.push({ url, body: JSON.parse(String(init.body)) });
        return envelope(200, { ended: true });
      }),
    );
    // The console answered the extension's first request (the content script asks again until
    // an answer comes, so a slow console answers twice) ...
    const answer = (sessionId: string, renewToken: string) => ({
      type: 'LOGIN_STATUS_RESPONSE' as const,
      isLoggedIn: true,
      token: `token-${sessionId}`,
      expiresAt: at(10 * 60_000),
      userInfo,
      session: { sessionId, renewToken, renewExpiresAt: at(30 * 86_400_000) },
    });
    expect(await applyConsoleMessage(answer('s-1', 'renew-1'), consoleOrigin, 'window')).toBe(
      'stored',
    );
    // ... then a sign-in handed over a newer session ...
    const handOver = sessionHandOver('newer');
    handOver.session = { sessionId: 's-3', renewToken: 'renew-3', renewExpiresAt: at(86_400_000) };
    expect(await applyConsoleMessage(handOver, consoleOrigin, 'external')).toBe('stored');
    ended.length = 0;
    // ... and the answer to the repeated request lands last: it changes nothing, and the
    // session made for it (nobody else holds its renew token) is ended.
    expect(await applyConsoleMessage(answer('s-2', 'renew-2'), consoleOrigin, 'window')).toBe(
      'ignored',
    );
    expect((await authItem.get())?.token).toBe('newer');
    expect((await authItem.get())?.session?.sessionId).toBe('s-3');
    expect(ended).toEqual([
      { url: `${consoleOrigin}${apiPaths.extension.end}`, body: { renewToken: 'renew-2' } },
    ]);
    // The same answer twice (the held session itself) ends nothing.
    ended.length = 0;
    await applyConsoleMessage(handOver, consoleOrigin, 'window');
    expect(
      await applyConsoleMessage(
        { ...answer('s-3', 'renew-3'), token: 'newer' },
        consoleOrigin,
        'window',
      ),
    ).toBe('ignored');
    expect(ended).toEqual([]);
  });

  it('an older scoped token never replaces a renewable session of the same account', async () => {
    const ended: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        ended.push(url);
        return envelope(200, { ended: true });
      }),
    );
    await applyConsoleMessage(sessionHandOver(), consoleOrigin, 'window');
    const { session: _session, ...scoped } = sessionHandOver('scoped');
    expect(await applyConsoleMessage(scoped, consoleOrigin, 'window')).toBe('ignored');
    expect((await authItem.get())?.token).toBe('sess-token');
    // Another account's hand-over replaces it.
    expect(
      await applyConsoleMessage(
        { ...scoped, userInfo: { ...userInfo, id: 8 } },
        consoleOrigin,
        'window',
      ),
    ).toBe('stored');
    expect((await authItem.get())?.session).toBeNull();
    // The other account's session is no longer held here: ended.
    expect(ended).toEqual([`${consoleOrigin}${apiPaths.extension.end}`]);
  });
});
