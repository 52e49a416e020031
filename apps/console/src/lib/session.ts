import { Message } from '@arco-design/web-react';
import type { LoginBody, LoginData } from '@inviteflow/contract';
import { getMe } from '@/api/auth/get-me.ts';
import { login } from '@/api/auth/login.ts';
import { logout } from '@/api/auth/logout.ts';
import { tCatalogue, tGlobal } from '@/locale/index.ts';
import { useAuthStore } from '@/stores/auth-store.ts';
import { handOverToExtension } from './extension-handover.ts';
import { whenIdle } from './when-idle.ts';
import { RequestError, TOAST_DURATION } from './request.ts';
import { rememberedLogin } from './storage.ts';

/** A failure the sign-in flow has already shown to the user. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
}

function fail(message: string): never {
  Message.error({ content: message, duration: TOAST_DURATION });
  throw new SignInError(message);
}

/**
 * Signs in (spec sections 4 and 8): stores the session, loads `me`, hands the extension
 * its scoped token, and greets the user. Every failure is shown once, here.
 */
export async function signIn(body: LoginBody, remember: boolean): Promise<LoginData> {
  let data: LoginData | null;
  try {
    // "remember" also tells the server to keep the refresh cookie past the browser's session.
    data = await login({ ...body, remember });
  } catch (error) {
    if (error instanceof RequestError && error.shown) throw error;
    const serverMessage = error instanceof RequestError ? error.serverMessage : undefined;
    return fail(serverMessage ?? tGlobal('auth.loginError'));
  }
  if (!data?.access_token) return fail(tGlobal('auth.noAccessToken'));

  rememberedLogin.write(remember, body.username);
  useAuthStore.getState().startSession(data, remember);
  // A session the server refuses right away (me answers 401/403) is not a login, nor is one
  // whose user the server cannot say (me answers nothing): the session it opened is ended
  // again, so the login page stays with no token kept, and the reason is said once.
  const me = await loadMe({ sayEmpty: false });
  if (me === 'gone') return fail(tGlobal('auth.loginError'));
  if (me === 'empty') {
    await signOut({ quiet: true });
    return fail(tGlobal('auth.loginUserInfoEmpty'));
  }
  // The extension gets a token of its own, scoped to its calls. It never holds up the
  // sign-in: it waits until the page the seller is going to has been drawn.
  whenIdle(() => void handOverToExtension());
  Message.success(tCatalogue('success.loggedIn'));
  return data;
}

/** What `me` said of the session: a user, nothing ('user info empty'), or that it is gone. */
export type MeOutcome = 'ok' | 'empty' | 'gone';

/**
 * Loads `me` into the profile. An empty answer is an error ('user info empty'), said here
 * unless `sayEmpty` is false (the sign-in says it in its own words); a 401/403 from it
 * (rejected silently by the request layer) ends the local session.
 */
export async function loadMe(options: { sayEmpty?: boolean } = {}): Promise<MeOutcome> {
  try {
    const me = await getMe();
    if (!me) {
      if (options.sayEmpty ?? true)
        Message.error({ content: tGlobal('auth.userInfoEmpty'), duration: TOAST_DURATION });
      return 'empty';
    }
    useAuthStore.getState().applyMe(me);
    return 'ok';
  } catch (error) {
    if (error instanceof RequestError && error.kind === 'auth') {
      useAuthStore.getState().endSession();
      return 'gone';
    }
    // Other failures were shown by the request layer; the session itself is still valid.
    return 'ok';
  }
}

/** Logs out: the server revokes the session, and locally it always succeeds. */
export async function signOut(options: { quiet?: boolean } = {}): Promise<void> {
  await logout();
  useAuthStore.getState().endSession();
  if (!options.quiet) Message.success(tCatalogue('success.loggedOut'));
}
