import { Message } from '@arco-design/web-react';
import { apiPaths, type Envelope } from '@inviteflow/contract';
import { env } from '@/config/env.ts';
import { sessionKeys, sessionStorageArea } from '@/lib/storage.ts';
import { tGlobal } from '@/locale/index.ts';
import { useAuthStore } from '@/stores/auth-store.ts';
import { currentLocale } from '@/stores/locale-store.ts';

/**
 * The one place that talks to the API and the one error policy of the console (spec
 * sections 7 and 8, STYLE.md habit 8): every failure is shown here, once, and pages only
 * react to the rejection (close a spinner, keep a modal open). Errors carry `shown` so no
 * caller repeats the toast.
 */
export const TOAST_DURATION = 5000;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except a FormData (a file upload), which goes as multipart as it is. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * The caller shows the failure itself (login shows the server's message or its own
   * fallback). The auth dialog still opens on 401/403.
   */
  quiet?: boolean;
  /**
   * Words the toast for what failed (spec: 'membership purchase failed', 'cancel failed'):
   * it receives the reason (the server's message, or the network's) and answers the toast.
   */
  failure?: (reason: string) => string;
}

export type RequestErrorKind = 'envelope' | 'http' | 'network' | 'auth';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    message: string,
    readonly kind: RequestErrorKind,
    /** Envelope code or HTTP status; undefined when no response arrived. */
    readonly code: number | undefined,
    /** The message the server sent, when it sent one. */
    readonly serverMessage: string | undefined,
    /** Whether the user was already told (toast or dialog). */
    readonly shown: boolean,
  ) {
    super(message);
  }
}

const isPath = (path: string, target: string) => path.split('?')[0]?.endsWith(target) ?? false;
const isMePath = (path: string) => isPath(path, '/auth/me');
const isLogoutPath = (path: string) => path.includes('/auth/logout');
/**
 * Paths whose 401 must not trigger a token refresh: it would loop or hide the real answer.
 * `me` and logout do refresh once: a remembered session opened after its access token
 * expired is still signed in, and a logout then still reaches the server, which ends the
 * session and clears the refresh cookie.
 */
const noRefreshPaths = [apiPaths.auth.login, apiPaths.auth.refresh];

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof field(body, 'success') === 'boolean' && typeof field(body, 'code') === 'number';
}

/**
 * What a failed answer says, when it is an answer of the API: the envelope's `message`, or
 * the `msg` of the mock envelope (`{ data, status: 'ok' | 'fail', msg, code }`, spec
 * section 3). Any other body (a proxy's page, a framework's default error, none at all)
 * says nothing the user can read: their words, like the status text "Internal Server
 * Error", are neither the user's language nor meant for them.
 */
function answerMessage(body: unknown): string | undefined {
  if (isEnvelope(body)) return text(body.message);
  const status = field(body, 'status');
  if (status === 'ok' || status === 'fail') return text(field(body, 'msg'));
  return undefined;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${env.apiBase}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

function headers(jsonBody: boolean, token: string | null): Headers {
  const result = new Headers({ Accept: 'application/json', 'Accept-Language': currentLocale() });
  // A multipart body sets its own Content-Type, boundary included.
  if (jsonBody) result.set('Content-Type', 'application/json');
  if (token) result.set('Authorization', `Bearer ${token}`);
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const raw = await response.text();
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function toast(message: string) {
  Message.error({ content: message, duration: TOAST_DURATION });
}

/**
 * Opens the 'Authentication failed' dialog; confirming logs out and reloads the page.
 * `sentToken` is the token of the call that failed.
 */
function authDialog(sentToken: string | null) {
  // Loaded on demand: Modal is not needed until a session fails, and the session module
  // itself calls this layer.
  void Promise.all([import('./auth-dialog.ts'), import('./session.ts')]).then(
    ([{ showAuthDialog, closeAuthDialog }, { signOut }]) => {
      // The session ended while the dialog's code loaded: nothing is left to log in again to.
      if (sessionEnded(sentToken)) return;
      const shown = showAuthDialog(async () => {
        await signOut({ quiet: true });
        window.location.reload();
      });
      if (!shown) return;
      // Should the session end otherwise while the dialog is up (a sign-out in another tab,
      // the me call's verdict), the login page follows without the dialog over it.
      const stop = useAuthStore.subscribe((state) => {
        if (state.token) return;
        stop();
        closeAuthDialog();
      });
    },
  );
}

/**
 * The access tokens of a session the me call found gone (401/403 with no refresh possible):
 * the 401s of the calls that ran beside it lead to the login page with the me call, not to
 * the dialog (spec section 8).
 */
const endedTokens = new Set<string>();

/**
 * The me call under way: a 401 elsewhere while it runs waits for its verdict (a page
 * reloaded on a revoked session sends its lists beside `me`).
 */
let sessionCheck: Promise<void> | null = null;

/**
 * Whether the session a call carried is known to be over: the me call found it gone, or it
 * ended here (logout, another tab's logout, the me call's verdict) and no token is left.
 * A call sent without a token had no session to lose.
 */
function sessionEnded(sentToken: string | null): boolean {
  if (sentToken === null) return false;
  return endedTokens.has(sentToken) || !useAuthStore.getState().token;
}

/** For tests: forget a running refresh, a me call and an ended session between cases. */
export function resetRequestState() {
  refreshing = null;
  endedTokens.clear();
  sessionCheck = null;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Runs the refresh under a browser-wide lock (Web Locks API), so tabs of one browser
 * take turns: a tab that waited finds the access token another tab of a remembered
 * session stored, or sends the cookie as the last refresh left it. (Should two refreshes
 * still cross, the server answers a refresh token's repeat within 30 s with the same pair.)
 */
async function underRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request('inviteflow-token-refresh', work) : work();
}

/**
 * Gets a new access token with the refresh cookie (HttpOnly: the browser sends it, no
 * script here ever sees it; the server answers the access token and sets the next cookie).
 * Single flight: every 401 that arrives while a refresh is running waits for that refresh.
 * `expired` is the access token the failed call carried.
 */
export function refreshSession(expired: string | null = useAuthStore.getState().token) {
  refreshing ??= underRefreshLock(async () => {
    // Another tab of a remembered session may have refreshed while this one waited: its
    // access token is in the shared storage.
    const stored = sessionStorageArea.read(sessionKeys.token);
    if (stored && stored !== expired) {
      useAuthStore.getState().setToken(stored);
      return true;
    }
    try {
      const response = await fetch(buildUrl(apiPaths.auth.refresh), {
        method: 'POST',
        // JSON, which the server requires of a refresh: no other site can send it.
        headers: headers(true, null),
        body: '{}',
        credentials: 'same-origin',
      });
      const body = await readBody(response);
      if (!response.ok || !isEnvelope(body) || !body.success || body.code !== 200) return false;
      const accessToken = text(field(body.data, 'access_token'));
      if (!accessToken) return false;
      useAuthStore.getState().setToken(accessToken);
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

interface Attempt {
  path: string;
  options: RequestOptions;
  retried: boolean;
}

async function authFailure<T>(
  attempt: Attempt,
  sentToken: string | null,
  code: number,
  message: string,
  kind: 'envelope' | 'http',
  serverMessage: string | undefined,
): Promise<T> {
  const { path, options, retried } = attempt;
  const silent = () => new RequestError(message, 'auth', code, serverMessage, false);
  if (code === 401 && !retried && !noRefreshPaths.some((p) => isPath(path, p))) {
    const current = useAuthStore.getState().token;
    // Another call already refreshed while this one was on the wire: just retry with the new token.
    if (current && current !== sentToken) return execute<T>({ ...attempt, retried: true });
    // Signed out here meanwhile: there is no session left to refresh or to tell about.
    if (sessionEnded(sentToken) && !isLogoutPath(path)) throw silent();
    if (await refreshSession(sentToken)) return execute<T>({ ...attempt, retried: true });
  }
  // The me call decides whether a stored session is still alive; its caller logs out
  // and goes to /login, so no dialog and no toast here. Logout ends the session anyway.
  if (isMePath(path)) {
    // The session's token as this call carried it and as the store holds it now.
    for (const token of [sentToken, useAuthStore.getState().token]) {
      if (token) endedTokens.add(token);
    }
    throw silent();
  }
  if (isLogoutPath(path)) throw silent();
  // A me call under way is about to say whether the session is gone: wait for its verdict.
  const check = sessionCheck;
  if (check && sentToken !== null) await check;
  // Once the session is known gone, the login page is where the user goes, without a dialog.
  if (sessionEnded(sentToken)) throw silent();
  if (kind === 'envelope' && !options.quiet) toast(message);
  authDialog(sentToken);
  throw new RequestError(message, 'auth', code, serverMessage, true);
}

async function execute<T>(attempt: Attempt): Promise<T> {
  const { path, options } = attempt;
  const token = useAuthStore.getState().token;
  const hasBody = options.body !== undefined;
  const multipart = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: headers(hasBody && !multipart, token),
      body: multipart
        ? (options.body as FormData)
        : hasBody
          ? JSON.stringify(options.body)
          : undefined,
      signal: options.signal,
      // The data a page waits for goes ahead of code downloading in the background.
      priority: 'high',
    });
  } catch (error) {
    // A cancelled call (the page went away) is not a failure anyone needs to hear about.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // fetch reports "no response" as a TypeError with a browser-specific English text
    // ("Failed to fetch"); the product's own 'Network Error' says the same in the user's language.
    const message =
      error instanceof TypeError
        ? tGlobal('request.networkError')
        : (text((error as { message?: unknown } | null)?.message) ??
          tGlobal('request.networkError'));
    if (!options.quiet) toast(options.failure?.(message) ?? message);
    throw new RequestError(message, 'network', undefined, undefined, !options.quiet);
  }

  const body = await readBody(response);
  const serverMessage = answerMessage(body);

  if (!response.ok) {
    // Spec section 8: the response's message, else msg, else 'Request Error' in the user's
    // language (the status text is the server's English, e.g. "Internal Server Error").
    const message = serverMessage ?? tGlobal('request.requestError');
    if (response.status === 401 || response.status === 403) {
      return authFailure<T>(attempt, token, response.status, message, 'http', serverMessage);
    }
    if (!options.quiet) toast(options.failure?.(message) ?? message);
    throw new RequestError(message, 'http', response.status, serverMessage, !options.quiet);
  }

  if (isEnvelope(body) && body.success === true && body.code === 200) return body.data as T;

  // A failed envelope says why, else 'Error'; an answer that is no envelope at all (a page
  // where JSON was due) is a 'Request Error' like any other answer the API did not give.
  const message =
    serverMessage ?? tGlobal(isEnvelope(body) ? 'request.error' : 'request.requestError');
  const code = isEnvelope(body) ? body.code : undefined;
  if (code === 401 || code === 403) {
    return authFailure<T>(attempt, token, code, message, 'envelope', serverMessage);
  }
  if (!options.quiet) toast(options.failure?.(message) ?? message);
  throw new RequestError(message, 'envelope', code, serverMessage, !options.quiet);
}

/**
 * Calls the API and resolves with the envelope's `data`. The logout call always counts as
 * a success: the local session ends whatever the server says (spec section 7).
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (isLogoutPath(path)) {
    try {
      return await execute<T>({ path, options: { ...options, quiet: true }, retried: false });
    } catch {
      return null as T;
    }
  }
  if (isMePath(path)) {
    const call = execute<T>({ path, options, retried: false });
    const check = call.then(
      () => undefined,
      () => undefined,
    );
    sessionCheck = check;
    void check.then(() => {
      if (sessionCheck === check) sessionCheck = null;
    });
    return call;
  }
  return execute<T>({ path, options, retried: false });
}
