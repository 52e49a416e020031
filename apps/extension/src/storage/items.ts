import { handedExtensionSession, shop, shopPlatforms, storedUserInfo } from '@inviteflow/contract';
import { z } from 'zod';
import { defineItem } from './storage-item.ts';

/**
 * Everything the extension keeps, in `chrome.storage.local`, one typed item each. The
 * login is the scoped extension token the console handed over (never a refresh token).
 */

export const authState = z.object({
  token: z.string().min(1),
  /** ISO time the token stops working. */
  expiresAt: z.string(),
  userInfo: storedUserInfo,
  /** The console origin that handed it over: the API is called there. */
  apiOrigin: z.string(),
  /**
   * The extension's own session (issue 17): renewed by the extension itself with its renew
   * token, so it works with no console tab open. Null for the older scoped token, which the
   * console renews while open.
   */
  session: handedExtensionSession.nullable().default(null),
  /** When each channel last delivered a token (window message, external message). */
  receivedVia: z.object({
    window: z.string().nullable(),
    external: z.string().nullable(),
  }),
});
export type AuthState = z.output<typeof authState>;
export const authItem = defineItem<AuthState | null>(
  'auth',
  authState.nullable() as z.ZodType<AuthState | null>,
  null,
);

export const localeChoice = z.enum(['zh-CN', 'en-US']).nullable();
/** The popup's language choice; null follows the browser's UI language. */
export const localeItem = defineItem<'zh-CN' | 'en-US' | null>('uiLocale', localeChoice, null);

/** The last shop the seller reported from the popup and what the server said about it. */
export const shopReport = z.object({
  // As the seller typed it: a report the server refused for its fields is kept (and shown) too.
  identity: z.object({
    platform: z.enum(shopPlatforms),
    shopName: z.string(),
    siteName: z.string(),
    shopCode: z.string(),
  }),
  outcome: z.enum(['bound', 'alreadyBound', 'refused', 'failed']),
  /** The server's message (in the request's language), shown as it is. */
  message: z.string(),
  shop: shop.nullable(),
  at: z.string(),
});
export type ShopReport = z.infer<typeof shopReport>;
export const shopReportItem = defineItem<ShopReport | null>(
  'shopReport',
  shopReport.nullable(),
  null,
);
