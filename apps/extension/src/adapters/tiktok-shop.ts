import { inviteThroughDialog, onHosts, quoted, readShopHeader, text } from './dom-steps.ts';
import type { AdapterFailure, PlatformAdapter, ShopSeen } from './types.ts';

/**
 * TikTok Shop seller center, affiliate "Find creators" → "Invite" (target collaboration).
 * Everything this extension knows about those pages is in this file. The selectors
 * follow the pages' test ids and ARIA roles rather than their generated class names,
 * which change with every release of the platform.
 */
const hosts = [
  'seller.tiktokglobalshop.com',
  'affiliate.tiktokglobalshop.com',
  'seller-us.tiktok.com',
  'affiliate-us.tiktok.com',
  'seller-uk.tiktok.com',
  'affiliate-uk.tiktok.com',
];

const selectors = {
  shopName: '[data-tid="m4b_shop_name"], [data-e2e="shop-name"]',
  shopCode: '[data-tid="m4b_shop_id"], [data-e2e="shop-id"]',
  region: '[data-tid="m4b_region"], [data-e2e="shop-region"]',
  loginForm: 'form[data-e2e="login-form"], [data-tid="m4b_login"]',
  search: 'input[data-e2e="creator-search-input"], input[placeholder*="creator" i]',
  talentRow: (id: string) => `[data-e2e="creator-row"][data-creator-id=${quoted(id)}]`,
  inviteButton: 'button[data-e2e="invite-creator"]',
  dialog: '[role="dialog"][data-e2e="invite-dialog"]',
  message: '[role="dialog"] textarea[data-e2e="invite-message"]',
  productSearch: '[role="dialog"] input[data-e2e="product-search"]',
  productCheckbox: (id: string) =>
    `[role="dialog"] [data-e2e="product-row"][data-product-id=${quoted(id)}] input[type="checkbox"]`,
  send: '[role="dialog"] button[data-e2e="send-invitation"]',
  toastSuccess: '[role="alert"][data-type="success"]',
  toastError: '[role="alert"][data-type="error"]',
};

const phrases: ReadonlyArray<readonly [RegExp, AdapterFailure]> = [
  [/not eligible|cannot be invited|doesn't meet/i, 'talentIneligible'],
  [/already (been )?invited|invitation already sent/i, 'alreadyInvited'],
  [/limit|quota|too many invitations/i, 'quotaExceeded'],
  [/log ?in again|session expired/i, 'platformLoginExpired'],
  [/network|try again later|timeout/i, 'network'],
];

export const tiktokShopAdapter: PlatformAdapter = {
  id: 'tiktok-shop',
  platform: 'tiktok',
  ...onHosts(hosts),

  readShop(document): ShopSeen | null {
    const shop = readShopHeader(document, selectors, /^(shop )?id[:：]?\s*/i);
    if (!shop) return null;
    return {
      platform: 'tiktok',
      shopName: shop.shopName,
      siteName: text(document, selectors.region),
      shopCode: shop.shopCode,
    };
  },

  execute: (record, context) =>
    inviteThroughDialog(record, context, selectors, {
      signedOut: 'the seller center shows its login form',
      noInviteButton: 'the creator row has no invite button',
      phrases,
    }),
};
