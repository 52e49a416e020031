import { z } from './zod.ts';
import { pageData, pageQuery } from './envelope.ts';
import { isoDateTime } from './fields.ts';

/**
 * What each creator sold (issue 19): the affiliate orders a platform sync read for the seller's
 * connected shops (TikTok: Search Seller Affiliate Orders 202410), one row per order line
 * (the order and its SKU line, as the platform splits it). Money stays in the order currency's
 * minor unit (cents for USD, fen for CNY), the currency named beside it.
 */
export const affiliateOrder = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  platform: z.string(),
  /** The platform's order id (an order of several lines is listed once per line). */
  orderId: z.string(),
  productId: z.string().nullable(),
  quantity: z.number().int(),
  /** The line's sales after refunds and returns, in `currency`'s minor unit. */
  amountMinor: z.number().int(),
  currency: z.string(),
  /** The platform's status, as sent (TikTok: PROCESSING, COMPLETED, CANCELLED, FROZEN, DEDUCTED). */
  status: z.string(),
  /** Cancelled or refunded: listed, counted in no figure. */
  void: z.boolean(),
  /** The invitation it is attributed to (the talent's latest successful one in the shop). */
  taskId: z.number().int().nullable(),
  recordId: z.number().int().nullable(),
  orderedAt: isoDateTime,
});
export type AffiliateOrder = z.infer<typeof affiliateOrder>;

/** A talent's orders, newest first. */
export const affiliateOrderQuery = pageQuery;
export const affiliateOrderPage = pageData(affiliateOrder);
export type AffiliateOrderPage = z.infer<typeof affiliateOrderPage>;
