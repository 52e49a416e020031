import { currencyDigits } from '@inviteflow/contract';
import { recordOrders, type OrderLine } from '../../affiliate-orders/index.ts';
import { applyCreatorEvents, invitationOfOrder } from '../../send-records/index.ts';
import type { AffiliateOrder } from '../tiktok-shop/index.ts';
import type { SyncKind } from './kind.ts';
import type { SyncKindDeps } from './kinds.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * The first pass, and the daily re-read, cover orders created this long ago: an order's
 * status moves after it is created (cancelled, refunded, returned; the page has no update-time
 * filter), so the last month is read again once a day to catch those moves.
 */
const WINDOW_MS = 30 * DAY_MS;
const RECHECK_EVERY_MS = DAY_MS;
/** A pass between re-reads starts this long before the newest order seen (late attributions). */
const OVERLAP_MS = 6 * HOUR_MS;
/** The page's most ("page_size … Valid Range: [1-100]"). */
const PAGE_SIZE = 100;

interface Pass {
  /** `create_time_ge` of every page of the pass (ms). */
  from: number;
  pageToken: string;
  /** The newest create time seen so far in the pass (ms). */
  newest: number | null;
  recheck: boolean;
}

type Cursor = {
  /** The newest order create time a finished pass saw (ms): the next pass starts before it. */
  since: number;
  /** When the next pass re-reads the whole window (ms). */
  recheckAt: number;
  /** A pass in progress (its next page), or null between passes. */
  pass: Pass | null;
};

/**
 * tiktok.orders: the shop's affiliate orders, read from Search Seller Affiliate Orders 202410
 * (affiliate-seller/search-seller-affiliate-orders; POST /affiliate_seller/202410/orders/search;
 * scope seller.affiliate_collaboration.read; mirrored in github:lazykern/ecommerce-api-docs
 * data/raw/tiktok/api-reference/affiliate-seller/search-seller-affiliate-orders.doc.json).
 * A time-window cursor: each pass asks for orders created on or after `from`
 * (`create_time_ge`; "If create_time_ge is filled but create_time_lt is empty, create_time_lt
 * will default to the current time"), one page of 100 per step, following `next_page_token`;
 * the next pass starts OVERLAP_MS before the newest order seen, and once a day a pass reads
 * the last WINDOW_MS again for status changes. Every line is kept once by its order key
 * (affiliate-orders), so overlaps and a restart from scratch write nothing twice.
 */
export function tiktokOrders(deps: SyncKindDeps): SyncKind<Cursor> {
  return {
    name: 'tiktok.orders',
    platform: 'tiktok',
    // One search a minute per shop when nothing waits (as tiktok.collaborations), far inside
    // the gateway's per-second limits; a waiting next page is read at once.
    everyMs: 60_000,
    async step(shop, cursor, now) {
      const nowMs = now.getTime();
      const pass = cursor?.pass ?? startPass(cursor, nowMs);
      const page = await deps.connections.withShopApi(
        shop.userId,
        shop.shopId,
        (api) =>
          api.client.searchAffiliateOrders(api.access, {
            createdFrom: new Date(pass.from),
            pageSize: PAGE_SIZE,
            ...(pass.pageToken ? { pageToken: pass.pageToken } : {}),
          }),
        { now: () => now, requiredScopes: ['seller.affiliate_collaboration.read'] },
      );
      const lines = page.orders.flatMap((order) => orderLines(order, now));
      const recorded = await recordOrders(deps.db, shop, lines, now, invitationOfOrder);
      const events = await applyCreatorEvents(deps.db, recorded.firstOrders);
      const accounts = [...new Set([...recorded.accounts, ...events.accounts])];
      if (accounts.length) await deps.changed(accounts);
      const applied = recorded.changed + events.applied;
      const times = lines.map((line) => line.orderedAt.getTime());
      const newest = times.length ? Math.max(pass.newest ?? 0, ...times) : pass.newest;
      if (page.nextPageToken) {
        return {
          cursor: {
            since: cursor?.since ?? nowMs,
            recheckAt: cursor?.recheckAt ?? nowMs + RECHECK_EVERY_MS,
            pass: { ...pass, pageToken: page.nextPageToken, newest },
          },
          applied,
          more: true,
        };
      }
      // No order yet: the next pass starts from about now (the daily re-read covers the rest).
      const since = Math.max(newest ?? 0, cursor?.since ?? 0) || nowMs;
      return {
        cursor: {
          since,
          recheckAt: pass.recheck ? nowMs + RECHECK_EVERY_MS : (cursor?.recheckAt ?? nowMs),
          pass: null,
        },
        applied,
        more: false,
      };
    },
  };
}

function startPass(cursor: Cursor | null, nowMs: number): Pass {
  const recheck = !cursor || nowMs >= cursor.recheckAt;
  const from = recheck ? nowMs - WINDOW_MS : cursor.since - OVERLAP_MS;
  return { from: Math.max(0, from), pageToken: '', newest: null, recheck };
}

/**
 * An order's lines as affiliate-orders keeps them. The page lists an order's SKUs without a
 * SKU id, so a line's key is the order id and the product id (a second line of one product
 * in an order gets "#2"). Its amount is "selling price * (order quantity - return/refund
 * quantity)" (the page's formula of `actual_commission_base`), from `price` ("The SKU selling
 * price") in the currency's minor unit. Void: the order CANCELLED, or DEDUCTED (the
 * commission taken back after a refund), or every unit of the line refunded or returned.
 * A line naming no creator is not an affiliate sale of anyone in a library: left out.
 */
export function orderLines(order: AffiliateOrder, now: Date): OrderLine[] {
  const seen = new Map<string, number>();
  const lines: OrderLine[] = [];
  for (const sku of order.skus) {
    if (!sku.creatorUsername) continue;
    const product = sku.productId ?? '';
    const n = (seen.get(product) ?? 0) + 1;
    seen.set(product, n);
    const quantity = Math.max(0, sku.quantity ?? 0);
    const kept = quantity - (sku.refundedQuantity ?? 0) - (sku.returnedQuantity ?? 0);
    const money = sku.price ?? sku.estimatedCommissionBase;
    const currency = money?.currency ?? '';
    const unit = sku.price ? minorUnits(sku.price.amount, currency) : null;
    const amountMinor =
      unit !== null
        ? unit * Math.max(0, kept)
        : sku.estimatedCommissionBase && quantity > 0
          ? Math.round(
              ((minorUnits(sku.estimatedCommissionBase.amount, currency) ?? 0) *
                Math.max(0, kept)) /
                quantity,
            )
          : 0;
    lines.push({
      key: `${order.id}:${product}${n > 1 ? `#${n}` : ''}`,
      creatorKey: sku.creatorUsername,
      targetCollaborationId: sku.targetCollaborationId,
      productId: sku.productId,
      quantity,
      amountMinor,
      currency,
      status: order.status,
      void: order.status === 'CANCELLED' || order.status === 'DEDUCTED' || kept <= 0,
      orderedAt: order.createTime ?? now,
    });
  }
  return lines;
}

/** A decimal text ("12.50") in the currency's minor unit (1250), half up; null if not a number. */
export function minorUnits(amount: string, currency: string): number | null {
  const m = /^\s*(\d{1,15})(?:\.(\d+))?\s*$/.exec(amount);
  if (!m) return null;
  const digits = currencyDigits(currency);
  const fraction = m[2] ?? '';
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundUp = fraction.length > digits && Number(fraction[digits]) >= 5 ? 1 : 0;
  return Number(m[1]) * 10 ** digits + Number(kept || '0') + roundUp;
}
