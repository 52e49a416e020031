import {
  extensionMessageTypes,
  loginDataMessage,
  loginStatusResponseMessage,
  logoutMessage,
  type LoginDataMessage,
  type LoginStatusResponseMessage,
  type LogoutMessage,
} from '@inviteflow/contract';
import { isConsoleOrigin } from '../config.ts';
import { authItem, type AuthState } from '../storage/items.ts';
import { RENEW_AHEAD_MS, endReplacedSession, renewSession } from './session-renew.ts';

/**
 * The extension side of the login protocol (DESIGN.md, "The extension protocol"). A
 * message is taken only when it comes from a configured console origin (exact match),
 * from that page's own window, and passes the contract's schema; anything else is
 * ignored without a word, so a hostile page learns nothing by probing.
 */

export type ConsoleMessage = LoginStatusResponseMessage | LoginDataMessage | LogoutMessage;
export type Channel = 'window' | 'external';

/** The schema of each message the console may send, by type. */
function parseConsoleMessage(data: unknown): ConsoleMessage | null {
  if (!data || typeof data !== 'object') return null;
  const type = (data as { type?: unknown }).type;
  const schema =
    type === extensionMessageTypes.loginData
      ? loginDataMessage
      : type === extensionMessageTypes.loginStatusResponse
        ? loginStatusResponseMessage
        : type === extensionMessageTypes.logout
          ? logoutMessage
          : null;
  const parsed = schema?.safeParse(data);
  return parsed?.success ? (parsed.data as ConsoleMessage) : null;
}

export interface WindowMessageLike {
  source: unknown;
  origin: string;
  data: unknown;
}

/**
 * A window message seen by the content script on a console page: accepted only when
 * posted by this very window (not a frame, not an opener) from a console origin.
 */
export function acceptWindowMessage(
  event: WindowMessageLike,
  ownWindow: unknown,
): ConsoleMessage | null {
  if (event.source !== ownWindow) return null;
  if (!isConsoleOrigin(event.origin)) return null;
  return parseConsoleMessage(event.data);
}

/** The origin Chrome vouches for: `sender.origin`, else the origin of `sender.url`. */
export function senderOrigin(sender: chrome.runtime.MessageSender): string | null {
  if (typeof sender.origin === 'string' && sender.origin !== 'null') return sender.origin;
  if (!sender.url) return null;
  try {
    return new URL(sender.url).origin;
  } catch {
    return null;
  }
}

/** `chrome.runtime.onMessageExternal` from a console page (externally_connectable). */
export function acceptExternalMessage(
  message: unknown,
  sender: chrome.runtime.MessageSender,
): { message: ConsoleMessage; origin: string } | null {
  // Another extension (sender.id set) is never the console.
  if (sender.id !== undefined && sender.id !== chrome.runtime.id) return null;
  // The console page's own window: a frame inside a page is not it.
  if (sender.frameId !== undefined && sender.frameId !== 0) return null;
  const origin = senderOrigin(sender);
  if (!isConsoleOrigin(origin)) return null;
  const parsed = parseConsoleMessage(message);
  return parsed ? { message: parsed, origin } : null;
}

/**
 * What the console-bridge content script forwards to the service worker. The worker
 * checks again that it came from this extension's content script in the top frame of a
 * console page, and parses the message again: one check per boundary.
 */
export function acceptForwardedMessage(
  data: unknown,
  sender: chrome.runtime.MessageSender,
): { message: ConsoleMessage; origin: string } | null {
  if (sender.id !== chrome.runtime.id || sender.tab === undefined || sender.frameId !== 0) {
    return null;
  }
  const origin = senderOrigin(sender);
  if (!isConsoleOrigin(origin)) return null;
  const parsed = parseConsoleMessage(data);
  return parsed ? { message: parsed, origin } : null;
}

/**
 * Changes of the login, one at a time: the console sends the same hand-over by both
 * channels at once, and two read-modify-writes in parallel would each lose the other.
 */
let pending: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(change: () => Promise<T>): Promise<T> {
  const run = pending.then(change, change);
  pending = run.catch(() => undefined);
  return run;
}

/**
 * Stores or clears the login. A signed-out status answer changes nothing (the console
 * tab may simply be on its login page while another holds the session); an explicit
 * PLUGIN_LOGOUT clears everything. An already expired token is not kept.
 */
export function applyConsoleMessage(
  message: ConsoleMessage,
  origin: string,
  via: Channel,
  now: Date = new Date(),
): Promise<'stored' | 'cleared' | 'ignored'> {
  return oneAtATime(() => apply(message, origin, via, now));
}

async function apply(
  message: ConsoleMessage,
  origin: string,
  via: Channel,
  now: Date,
): Promise<'stored' | 'cleared' | 'ignored'> {
  if (message.type === extensionMessageTypes.logout) {
    await authItem.remove();
    return 'cleared';
  }
  const token = message.token;
  const expiresAt = message.expiresAt;
  const userInfo = message.userInfo;
  if (message.type === extensionMessageTypes.loginStatusResponse && !message.isLoggedIn) {
    return 'ignored';
  }
  if (!token || !expiresAt || !userInfo) return 'ignored';
  const expires = Date.parse(expiresAt);
  if (!Number.isFinite(expires) || expires <= now.getTime()) return 'ignored';
  const held = await authItem.get();
  // An older scoped token (no session of its own) never replaces a renewable session of the
  // same account: that session goes on by itself.
  if (!message.session && held?.session && held.userInfo.id === userInfo.id && renewable(held, now))
    return 'ignored';
  // A status answer is the answer to a login request, and the extension asks only while it
  // holds no session it can renew. One that arrives when it holds one again is late: the
  // console tab answered slowly, or answered a request the content script repeated (it asks
  // a few times until the console answers) while another answer or a sign-in's hand-over
  // already came. It never replaces what came meanwhile (seen: a reloaded console's second
  // answer landing after the newer hand-over of a sign-in). The session the console made for
  // it is nobody's, since the console never keeps one: it is ended, not left to lapse.
  if (message.type === extensionMessageTypes.loginStatusResponse && held && renewable(held, now)) {
    if (message.session && message.session.sessionId !== held.session?.sessionId)
      await endReplacedSession({ apiOrigin: origin, session: message.session });
    return 'ignored';
  }
  const at = now.toISOString();
  await authItem.update((current): AuthState => {
    // Another account's channel times mean nothing for this one.
    const same = current?.userInfo.id === userInfo.id;
    return {
      token,
      expiresAt: new Date(expires).toISOString(),
      userInfo,
      apiOrigin: origin,
      session: message.session ?? null,
      receivedVia: {
        window: via === 'window' ? at : same ? (current?.receivedVia.window ?? null) : null,
        external: via === 'external' ? at : same ? (current?.receivedVia.external ?? null) : null,
      },
    };
  });
  // The session it held before is no longer ours: end it (the same hand-over twice is one).
  if (held?.session && held.session.sessionId !== message.session?.sessionId) {
    await endReplacedSession(held);
  }
  return 'stored';
}

/** Whether a held session can still renew itself. */
export function renewable(auth: AuthState, now: Date): boolean {
  return !!auth.session && Date.parse(auth.session.renewExpiresAt) > now.getTime();
}

/**
 * The login the API may use now: a token that has not expired, or null. The extension's own
 * session is renewed first when its token is about to end (no console needed); a session the
 * server ended (logout, password change, revocation) is forgotten.
 */
export async function currentAuth(now: Date = new Date()): Promise<AuthState | null> {
  const auth = await authItem.get();
  if (!auth) return null;
  if (auth.session && Date.parse(auth.expiresAt) - now.getTime() < RENEW_AHEAD_MS) {
    const renewed = await renewSession(auth, now);
    if (renewed) return renewed;
    // Forgotten (the session ended) or not renewed now (offline): what is stored decides.
    const stored = await authItem.get();
    if (!stored || Date.parse(stored.expiresAt) <= now.getTime()) return null;
    return stored;
  }
  if (Date.parse(auth.expiresAt) <= now.getTime()) return null;
  return auth;
}

/** Whether the console should hand over a session (the content script asks only then). */
export async function needsLogin(now: Date = new Date()): Promise<boolean> {
  const auth = await authItem.get();
  if (!auth) return true;
  if (auth.session) return !renewable(auth, now);
  return Date.parse(auth.expiresAt) - now.getTime() < RENEW_AHEAD_MS;
}
