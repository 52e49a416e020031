import { apiPaths, extensionSessionData } from '@inviteflow/contract';
import { authItem, type AuthState } from '../storage/items.ts';

/**
 * The extension renews its own session (issue 17, `POST extension/sessions/renew`, public:
 * the renew token decides). Each renewal rotates the renew token, so renewals in one
 * browser are made one at a time (a Web Lock across the worker and the popup where there is
 * one, else within this context); a renewal answered 401 means the session ended (the
 * console's logout, a password change, a revocation in Connected browsers): it is forgotten.
 */

/** A token with less than this left is renewed before a call. */
export const RENEW_AHEAD_MS = 120_000;

let inProcess: Promise<unknown> = Promise.resolve();

function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks?.request) return locks.request('inviteflow-session-renew', work) as Promise<T>;
  const run = inProcess.then(work, work);
  inProcess = run.catch(() => undefined);
  return run;
}

export function renewSession(held: AuthState, now: Date): Promise<AuthState | null> {
  return exclusive(async () => {
    // Another context may have renewed it meanwhile: the stored one is the truth.
    const auth = await authItem.get();
    if (!auth?.session || auth.session.sessionId !== held.session?.sessionId) return auth;
    if (Date.parse(auth.expiresAt) - now.getTime() >= RENEW_AHEAD_MS) return auth;
    if (Date.parse(auth.session.renewExpiresAt) <= now.getTime()) {
      await authItem.remove();
      return null;
    }
    let response: Response;
    try {
      response = await fetch(`${auth.apiOrigin}${apiPaths.extension.renew}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ renewToken: auth.session.renewToken }),
      });
    } catch {
      return null;
    }
    if (response.status === 401) {
      await authItem.remove();
      return null;
    }
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: unknown;
    } | null;
    const parsed = extensionSessionData.safeParse(body?.data);
    if (!response.ok || !body?.success || !parsed.success) return null;
    const next: AuthState = {
      ...auth,
      token: parsed.data.token,
      expiresAt: parsed.data.expiresAt,
      session: {
        sessionId: parsed.data.sessionId,
        renewToken: parsed.data.renewToken,
        renewExpiresAt: parsed.data.renewExpiresAt,
      },
    };
    await authItem.set(next);
    return next;
  });
}

/**
 * Ends a session the extension no longer holds (a new sign-in on the console handed it
 * another) or never took (a late answer to its login request): by its renew token, so it stops working at once instead of living until its
 * renewal lapses and filling Connected browsers. Best effort: offline, it lapses by itself.
 */
export async function endReplacedSession(
  replaced: Pick<AuthState, 'apiOrigin' | 'session'>,
): Promise<void> {
  if (!replaced.session) return;
  try {
    await fetch(`${replaced.apiOrigin}${apiPaths.extension.end}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ renewToken: replaced.session.renewToken }),
    });
  } catch {
    // Unreachable now: the session's renewal lapses on its own.
  }
}
