import { z } from './zod.ts';
import { membershipLevels } from './auth.ts';
import { isoDateTime } from './fields.ts';
import { extensionMessageTypes } from './extension-protocol.ts';
import { shop } from './shops.ts';

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

/**
 * The extension's own session as the console hands it over (issue 17): the console made it
 * with `POST extension/sessions`; the extension renews it by itself with `renewToken` (used
 * once, rotated), so it runs with no console tab open. Absent in hand-overs of the older
 * scoped token, which the console renews while open.
 */
export const handedExtensionSession = z.object({
  sessionId: z.string().min(1),
  renewToken: z.string().min(1),
  renewExpiresAt: isoDateTime,
});
export type HandedExtensionSession = z.infer<typeof handedExtensionSession>;

export const loginRequestMessage = z.object({
  type: z.literal(extensionMessageTypes.loginRequest),
});

/**
 * The console's answer to a login request. `token` is the extension's scoped token (see
 * `extensionTokenData`), never the console's own access token nor its refresh token.
 */
export const loginStatusResponseMessage = z.object({
  type: z.literal(extensionMessageTypes.loginStatusResponse),
  isLoggedIn: z.boolean(),
  token: z.string().nullable(),
  /** When `token` stops working (null when signed out). */
  expiresAt: isoDateTime.nullable(),
  userInfo: storedUserInfo.nullable(),
  /** The extension's own session (a new one per answer: the extension asks only when it needs one). */
  session: handedExtensionSession.optional(),
});
export type LoginStatusResponseMessage = z.infer<typeof loginStatusResponseMessage>;

/** The hand-over after a login and at every renewal: the scoped token and who it is for. */
export const loginDataMessage = z.object({
  type: z.literal(extensionMessageTypes.loginData),
  token: z.string().min(1),
  expiresAt: isoDateTime,
  userInfo: storedUserInfo,
  session: handedExtensionSession.optional(),
});
export type LoginDataMessage = z.infer<typeof loginDataMessage>;

export const logoutMessage = z.object({
  type: z.literal(extensionMessageTypes.logout),
});
export type LogoutMessage = z.infer<typeof logoutMessage>;

export const extensionTokenData = z.object({
  token: z.string(),
  /** ISO time the token stops working. */
  expiresAt: isoDateTime,
});
export type ExtensionTokenData = z.infer<typeof extensionTokenData>;

/** What the extension's popup shows: the account, its plan, its bound shops and today's work. */
export const extensionSummary = z.object({
  user: z.object({ id: z.number().int(), username: z.string() }),
  membership: z.object({
    level: z.enum(membershipLevels),
    isActive: z.boolean(),
    validTo: isoDateTime.nullable(),
    dailyInvitationCap: z.number().int(),
    /** Records the plan's daily cap still allows to be created today. */
    remainingToday: z.number().int(),
  }),
  /** BOUND shops, most recently bound first. */
  shops: z.array(shop),
  counts: z.object({
    /** Waiting to be claimed. */
    pending: z.number().int(),
    /** Claimed by an extension (under a lease), not reported yet. */
    running: z.number().int(),
    /** Finished today: succeeded + failed. */
    done: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
  }),
  /** The zone whose calendar day `done` counts in: the account's (the daily cap's). */
  timeZone: z.string(),
});
export type ExtensionSummary = z.infer<typeof extensionSummary>;
