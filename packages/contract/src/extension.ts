import { z } from 'zod';

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

/** The user info kept in browser storage after login (the login response's `user`). */
export const storedUserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  phoneNumber: z.string(),
  membershipLevel: z.string(),
  membershipValidTo: z.string().nullable(),
  maxShopBindCount: z.number().int(),
  currentShopBindCount: z.number().int(),
});
export type StoredUserInfo = z.infer<typeof storedUserInfo>;

export const loginRequestMessage = z.object({
  type: z.literal(extensionMessageTypes.loginRequest),
});

export const loginStatusResponseMessage = z.object({
  type: z.literal(extensionMessageTypes.loginStatusResponse),
  isLoggedIn: z.boolean(),
  token: z.string().nullable(),
  userInfo: storedUserInfo.nullable(),
});
export type LoginStatusResponseMessage = z.infer<typeof loginStatusResponseMessage>;

export const loginDataMessage = z.object({
  type: z.literal(extensionMessageTypes.loginData),
  token: z.string(),
  userInfo: storedUserInfo,
});
export type LoginDataMessage = z.infer<typeof loginDataMessage>;

export const logoutMessage = z.object({
  type: z.literal(extensionMessageTypes.logout),
});
export type LogoutMessage = z.infer<typeof logoutMessage>;
