/**
 * The console-to-extension protocol (DESIGN.md, "The extension protocol").
 * Window messages are accepted only from the same origin and the same window.
 */
export const extensionMessageTypes = {
  /** Extension content script asks the console whether someone is signed in. */
  loginRequest: 'PLUGIN_LOGIN_REQUEST',
  /** Console's answer to a login request. */
  loginStatusResponse: 'LOGIN_STATUS_RESPONSE',
  /** Console hands the login data over right after a login. */
  loginData: 'PLUGIN_LOGIN_DATA',
  /** Console tells the extension to clear its data on logout. */
  logout: 'PLUGIN_LOGOUT',
} as const;

/**
 * The id Chrome gives the companion extension, pinned by the public `key` in its
 * manifest (apps/extension): the console sends to it by default, and tests load it.
 */
export const PINNED_EXTENSION_ID = 'ngneapepkmcpohibcobcfphlliineemk';

/**
 * The extension's own token: a JWT with the scope `extension`, minted by the signed-in
 * console (`POST auth/extension-token`) for the session it is signed in with. It works
 * only on the extension's calls (shop report, claim, record report, the summary), dies
 * with the session at logout, and lives a few minutes: the console renews it while open.
 */
export const EXTENSION_TOKEN_SCOPE = 'extension';
export const EXTENSION_TOKEN_TTL_SECONDS = 10 * 60;
/** A signed-in console hands over a fresh token this often (well inside the lifetime). */
export const EXTENSION_TOKEN_RENEW_SECONDS = 4 * 60;
