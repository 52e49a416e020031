import { EXTENSION_TOKEN_RENEW_SECONDS, type ExtensionTokenData } from '@inviteflow/contract';
import { useAuthStore } from '@/stores/auth-store.ts';
import { sendLoginData, type LoginSnapshot } from './extension-bridge.ts';
import { sessionKeys, sessionStorageArea } from './storage.ts';

/**
 * Keeps the companion extension signed in with its own scoped token (DESIGN.md, "The
 * extension protocol"): the console's access and refresh tokens never leave the console.
 * A token is minted after a login, on the extension's request, and every few minutes while
 * a signed-in console tab is open; the server ends it with the session at logout.
 */

/** A token with less than this left is not handed out again: the extension could not use it. */
const MIN_LIFE_MS = 60_000;

let held: { token: ExtensionTokenData; account: string } | null = null;

async function mint(): Promise<ExtensionTokenData | null> {
  const account = useAuthStore.getState().accountId;
  if (!useAuthStore.getState().token || !account) return null;
  try {
    // The call checks the answer with the contract's schema: loaded after sign-in, not before.
    const { getExtensionToken } = await import('@/api/auth/get-extension-token.ts');
    const token = await getExtensionToken();
    // A sign-out (or another account) while the call ran makes its answer worthless.
    if (!token || useAuthStore.getState().accountId !== account) return null;
    held = { token, account };
    return token;
  } catch {
    return null;
  }
}

/** A usable extension token of the signed-in account: the one held, or a new one. */
async function currentToken(): Promise<ExtensionTokenData | null> {
  const account = useAuthStore.getState().accountId;
  if (
    held &&
    held.account === account &&
    Date.parse(held.token.expiresAt) - Date.now() > MIN_LIFE_MS
  ) {
    return held.token;
  }
  return mint();
}

/** Mints a fresh token and hands it over by both channels; quiet when it cannot. */
export async function handOverToExtension(): Promise<boolean> {
  const token = await mint();
  // The stored user info, held to the contract before it leaves the console.
  const { parseUserInfo } = await import('./extension-messages.ts');
  const userInfo = parseUserInfo(JSON.stringify(useAuthStore.getState().userInfo));
  if (!token || !userInfo) return false;
  sendLoginData(token.token, token.expiresAt, userInfo);
  return true;
}

/** The answer to the extension's login request: a scoped token, or signed out. */
export async function loginSnapshot(): Promise<LoginSnapshot> {
  const signedOut: LoginSnapshot = { token: null, expiresAt: null, userInfo: null };
  if (!useAuthStore.getState().token) return signedOut;
  const token = await currentToken();
  if (!token) return signedOut;
  return {
    token: token.token,
    expiresAt: token.expiresAt,
    userInfo: sessionStorageArea.read(sessionKeys.userInfo),
  };
}

/** For tests: forget the held token. */
export function resetExtensionHandover() {
  held = null;
}

/**
 * Renews the extension's token while this tab is open and signed in, and forgets it at
 * sign-out. Returns the function that stops both.
 */
export function keepExtensionSignedIn(
  everyMs: number = EXTENSION_TOKEN_RENEW_SECONDS * 1000,
): () => void {
  const timer = setInterval(() => {
    if (useAuthStore.getState().token) void handOverToExtension();
  }, everyMs);
  const unsubscribe = useAuthStore.subscribe((state) => {
    if (!state.token) held = null;
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
