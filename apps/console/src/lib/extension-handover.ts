import type { ExtensionSessionData } from '@inviteflow/contract';
import { useAuthStore } from '@/stores/auth-store.ts';
import { sendLoginData, type LoginSnapshot } from './extension-bridge.ts';
import { sessionKeys, sessionStorageArea } from './storage.ts';

/**
 * Connects the companion extension with a session of its own (issue 17; DESIGN.md "The
 * extension protocol"): the console's access and refresh tokens never leave the console. The
 * console makes the session (`POST extension/sessions`) after a login and when the extension
 * asks (it asks only while it holds none it can renew), hands it over, and is done: the
 * extension renews it by itself, so its runs go on with no console tab open. The console's
 * logout, a password change or a revocation in User Settings → Connected browsers ends it.
 *
 * A session is never kept here to be handed over again: its renew token rotates in the
 * extension, and an old one presented again would end the session.
 */

/** What the Connected browsers list shows for this browser (its brand and system, not localized). */
export function browserLabel(userAgent: string = navigator.userAgent): {
  name: string;
  browser: string;
} {
  const brand = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X/.test(userAgent)
      ? 'macOS'
      : /Linux/.test(userAgent)
        ? 'Linux'
        : '';
  return {
    name: system ? `${brand} · ${system}` : brand,
    browser: userAgent.slice(0, 120),
  };
}

async function connect(): Promise<ExtensionSessionData | null> {
  const account = useAuthStore.getState().accountId;
  if (!useAuthStore.getState().token || !account) return null;
  try {
    // The call checks the answer with the contract's schema: loaded after sign-in, not before.
    const { createExtensionSession } = await import('@/api/auth/create-extension-session.ts');
    const session = await createExtensionSession(browserLabel());
    // A sign-out (or another account) while the call ran makes its answer worthless.
    if (!session || useAuthStore.getState().accountId !== account) return null;
    return session;
  } catch {
    return null;
  }
}

/** Makes a session for the extension and hands it over by both channels; quiet when it cannot. */
export async function handOverToExtension(): Promise<boolean> {
  const session = await connect();
  // The stored user info, held to the contract before it leaves the console.
  const { parseUserInfo } = await import('./extension-messages.ts');
  const userInfo = parseUserInfo(JSON.stringify(useAuthStore.getState().userInfo));
  if (!session || !userInfo) return false;
  sendLoginData(session.token, session.expiresAt, userInfo, {
    sessionId: session.sessionId,
    renewToken: session.renewToken,
    renewExpiresAt: session.renewExpiresAt,
  });
  return true;
}

/** The answer to the extension's login request: a new session of its own, or signed out. */
export async function loginSnapshot(): Promise<LoginSnapshot> {
  const signedOut: LoginSnapshot = { token: null, expiresAt: null, userInfo: null, session: null };
  if (!useAuthStore.getState().token) return signedOut;
  const session = await connect();
  if (!session) return signedOut;
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    userInfo: sessionStorageArea.read(sessionKeys.userInfo),
    session: {
      sessionId: session.sessionId,
      renewToken: session.renewToken,
      renewExpiresAt: session.renewExpiresAt,
    },
  };
}
