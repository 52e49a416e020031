import {
  extensionMessageTypes,
  type LoginDataMessage,
  type LoginStatusResponseMessage,
  type HandedExtensionSession,
  type LogoutMessage,
  type StoredUserInfo,
} from '@inviteflow/contract';
import { env } from '@/config/env.ts';

/**
 * The console side of the extension protocol (DESIGN.md). Two channels carry the same
 * message: a same-origin window message for the extension's content script, and
 * `chrome.runtime.sendMessage` for an installed extension that lists this origin as
 * `externally_connectable`. Neither may break the console, so every failure is swallowed.
 */
type ExternalSend = (extensionId: string, message: unknown, callback?: () => void) => void;

interface ChromeLike {
  runtime?: { sendMessage?: ExternalSend; lastError?: unknown };
}

function chromeRuntime(): ChromeLike['runtime'] {
  return (globalThis as { chrome?: ChromeLike }).chrome?.runtime;
}

function sendExternal(message: LoginDataMessage | LogoutMessage, extensionId = env.extensionId) {
  const runtime = chromeRuntime();
  if (!extensionId || typeof runtime?.sendMessage !== 'function') return;
  try {
    // Reading lastError in the callback keeps Chrome from logging "receiving end does not exist"
    // when the extension is not installed.
    runtime.sendMessage(extensionId, message, () => void runtime.lastError);
  } catch {
    // Not installed, or this origin is not externally connectable: nothing to hand over.
  }
}

function post(message: LoginDataMessage | LogoutMessage) {
  try {
    window.postMessage(message, window.location.origin);
  } catch {
    // An opaque origin (file://) cannot be targeted; the external channel may still work.
  }
}

/**
 * Hands the extension its own session (never the console's own tokens) and who it is for:
 * the session's token and the renew token it renews itself with.
 */
export function sendLoginData(
  token: string,
  expiresAt: string,
  userInfo: StoredUserInfo,
  session?: HandedExtensionSession,
  extensionId?: string,
) {
  const message: LoginDataMessage = {
    type: extensionMessageTypes.loginData,
    token,
    expiresAt,
    userInfo,
    ...(session ? { session } : {}),
  };
  post(message);
  sendExternal(message, extensionId ?? env.extensionId);
}

export function sendLogout(extensionId?: string) {
  const message: LogoutMessage = { type: extensionMessageTypes.logout };
  post(message);
  sendExternal(message, extensionId ?? env.extensionId);
}

/** What the console answers a login request with: the extension's token, not the console's. */
export interface LoginSnapshot {
  /** The extension's scoped token; null when nobody is signed in (or none could be had). */
  token: string | null;
  expiresAt: string | null;
  /** The stored user info, as kept in the console's storage (JSON). */
  userInfo: string | null;
  /** The extension's own session (renewable by itself), with `token` as its token. */
  session?: HandedExtensionSession | null;
}

/**
 * Answers the extension's `PLUGIN_LOGIN_REQUEST`. Only a message posted by this very
 * window from this origin is answered: another frame or site must never learn the token.
 * The snapshot may take a moment (it asks the server for a fresh extension token).
 * Returns the function that removes the listener.
 */
export function installLoginStatusResponder(
  snapshot: () => LoginSnapshot | Promise<LoginSnapshot>,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== window) return;
    const data: unknown = event.data;
    // Most window messages are someone else's (this console's own hand-overs included):
    // only one that calls itself a login request is worth loading the contract's check for.
    if ((data as { type?: unknown } | null)?.type !== extensionMessageTypes.loginRequest) return;
    const target = event.source as Window;
    const origin = event.origin;
    void import('./extension-messages.ts').then(async ({ isLoginRequest, parseUserInfo }) => {
      if (!isLoginRequest(data)) return;
      const { token, expiresAt, userInfo, session } = await Promise.resolve()
        .then(snapshot)
        .catch((): LoginSnapshot => ({ token: null, expiresAt: null, userInfo: null }));
      const user = parseUserInfo(userInfo);
      const signedIn = Boolean(token && expiresAt && user);
      const response: LoginStatusResponseMessage = {
        type: extensionMessageTypes.loginStatusResponse,
        isLoggedIn: signedIn,
        token: signedIn ? token : null,
        expiresAt: signedIn ? expiresAt : null,
        userInfo: signedIn ? user : null,
        ...(signedIn && session ? { session } : {}),
      };
      target.postMessage(response, origin);
    });
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
