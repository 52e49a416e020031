/**
 * Browser storage of the session (spec section 3: token, accountId, user info) and of the
 * login form's "remember" choice. A remembered session lives in localStorage and survives
 * closing the browser; otherwise it lives in sessionStorage and ends with the tab.
 * The password itself is never stored anywhere, and neither is the refresh token: the
 * server keeps it in an HttpOnly cookie that no script of the page can read (persistent
 * for a remembered session, ending with the browser otherwise).
 */
export const sessionKeys = {
  token: 'token',
  accountId: 'accountId',
  userInfo: 'userInfo',
} as const;
export type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];

const allSessionKeys = Object.values(sessionKeys);

/** Where earlier versions kept the refresh token, readable by any script: removed on sight. */
const legacyKeys = ['refresh_token'];

/** The login form's remembered account name and the state of its checkbox. */
export const rememberKeys = {
  account: 'rememberedAccount',
  enabled: 'rememberPassword',
} as const;

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    // Storage can throw (disabled cookies, private mode, full quota); the app keeps working in memory.
    return fallback;
  }
}

/** The area holding the current session: where the token is, else localStorage. */
function sessionArea(): Storage {
  return safe(
    () => (sessionStorage.getItem(sessionKeys.token) !== null ? sessionStorage : localStorage),
    localStorage,
  );
}

export const sessionStorageArea = {
  read(key: SessionKey): string | null {
    return safe(() => localStorage.getItem(key) ?? sessionStorage.getItem(key), null);
  },
  /** Starts a session: everything goes to one area, nothing of an older session is left. */
  start(values: Record<SessionKey, string>, persistent: boolean): void {
    this.clear();
    const area = persistent ? localStorage : sessionStorage;
    safe(() => {
      for (const key of allSessionKeys) area.setItem(key, values[key]);
    }, undefined);
  },
  /** Updates keys of the running session in the area it already lives in (token refresh). */
  update(values: Partial<Record<SessionKey, string>>): void {
    const area = sessionArea();
    safe(() => {
      for (const [key, value] of Object.entries(values)) {
        if (value !== undefined) area.setItem(key, value);
      }
    }, undefined);
  },
  clear(): void {
    safe(() => {
      for (const key of [...allSessionKeys, ...legacyKeys]) {
        localStorage.removeItem(key);
        sessionStorage.removeItem(key);
      }
    }, undefined);
  },
  /** Drops what earlier versions stored and this one must not keep (a refresh token). */
  dropLegacy(): void {
    safe(() => {
      for (const key of legacyKeys) {
        localStorage.removeItem(key);
        sessionStorage.removeItem(key);
      }
    }, undefined);
  },
};

export interface RememberedLogin {
  remember: boolean;
  account: string;
}

export const rememberedLogin = {
  read(): RememberedLogin {
    return safe(
      () => ({
        remember: localStorage.getItem(rememberKeys.enabled) === 'true',
        account: localStorage.getItem(rememberKeys.account) ?? '',
      }),
      { remember: false, account: '' },
    );
  },
  write(remember: boolean, account: string): void {
    safe(() => {
      localStorage.setItem(rememberKeys.enabled, String(remember));
      if (remember) localStorage.setItem(rememberKeys.account, account);
      else localStorage.removeItem(rememberKeys.account);
    }, undefined);
  },
};
