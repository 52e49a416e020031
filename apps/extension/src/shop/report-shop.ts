import { shopCodePattern, type ShopIdentityBody } from '@inviteflow/contract';
import type { TaskApi } from '../api/api-client.ts';
import { shopReportItem, type ShopReport } from '../storage/items.ts';

/**
 * Binding a shop from the extension (issue 17). The seller-center content script that read
 * the shop from the page is retired (its selectors were invented, and the extension adds
 * nothing to, and runs nothing in, a tab the seller uses). The popup binds the shop instead:
 * the seller confirms or types it, prefilled from the URL of an open seller-center tab where
 * the URL carries it, and the server binds it (or says it was already) or refuses with a
 * message meant to be shown as it is.
 */

export type ShopHint = Partial<ShopIdentityBody> & { platform: ShopIdentityBody['platform'] };

/**
 * What a seller-center URL says of its shop, read from the URL only (never the page):
 * - TikTok: the affiliate pages carry the market as `shop_region` (`affiliate.tiktok.com`
 *   serves every non-US market with `?shop_region=XX`) and the IM page the shop as `shop_id`
 *   (`…/seller/im?shop_id=…`): ../shared/PLATFORMS.md "The pages, as public automation code
 *   sees them", and the page packs' `route.shopIdParam` / `regionParam`.
 * - 抖店 / 百应 (`*.jinritemai.com`): one site, 中国站; their URLs name no shop.
 * Null for any other host.
 */
export function shopHintFromUrl(raw: string | undefined): ShopHint | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname;
  const under = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (under('jinritemai.com')) return { platform: 'douyin', siteName: '中国站' };
  if (
    under('tiktok.com') ||
    under('tiktokshopglobalselling.com') ||
    host === 'affiliate-id.tokopedia.com'
  ) {
    const hint: ShopHint = { platform: 'tiktok' };
    const region = url.searchParams.get('shop_region')?.trim();
    const shopId = url.searchParams.get('shop_id')?.trim();
    if (host === 'affiliate-us.tiktok.com' || host === 'seller-us.tiktok.com') hint.siteName = 'US';
    else if (host === 'affiliate-id.tokopedia.com') hint.siteName = 'ID';
    if (region && /^[A-Za-z]{2}$/.test(region)) hint.siteName = region.toUpperCase();
    if (shopId && shopCodePattern.test(shopId)) hint.shopCode = shopId;
    return hint;
  }
  return null;
}

/**
 * The seller's seller-center tab to prefill from: the active one of the focused window, else
 * the one used last; never the browser channel's own tab.
 */
export function pickSellerTab<T extends { id?: number; active: boolean; lastAccessed?: number }>(
  tabs: readonly T[],
  ownedTabId: number | null,
): T | null {
  const candidates = tabs.filter((tab) => tab.id !== undefined && tab.id !== ownedTabId);
  return (
    candidates.find((tab) => tab.active) ??
    [...candidates].sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0] ??
    null
  );
}

/** Reports the shop and keeps the outcome for the popup. `signedOut`: nobody is signed in. */
export async function reportShop(
  api: TaskApi,
  identity: ShopIdentityBody,
  now: Date = new Date(),
): Promise<ShopReport | 'signedOut'> {
  const answer = await api.reportShop(identity);
  if (!answer.ok && (answer.error.kind === 'signedOut' || answer.error.kind === 'unauthorized')) {
    return 'signedOut';
  }
  const report: ShopReport = answer.ok
    ? {
        identity,
        outcome: answer.data.outcome,
        message: answer.message,
        shop: answer.data.shop,
        at: now.toISOString(),
      }
    : {
        identity,
        outcome: answer.error.kind === 'refused' ? 'refused' : 'failed',
        message: answer.error.message,
        shop: null,
        at: now.toISOString(),
      };
  await shopReportItem.set(report);
  return report;
}
