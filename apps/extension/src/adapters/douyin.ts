import { inviteThroughDialog, onHosts, quoted, readShopHeader } from './dom-steps.ts';
import type { AdapterFailure, PlatformAdapter, ShopSeen } from './types.ts';

/**
 * Douyin e-commerce: 抖店 (fxg.jinritemai.com) shows the shop; 巨量百应
 * (buyin.jinritemai.com) 达人广场 → 邀约 sends the invitation. Everything this extension
 * knows about those pages is in this file; selectors prefer test ids and ARIA roles to
 * generated class names.
 */
const hosts = ['fxg.jinritemai.com', 'buyin.jinritemai.com'];

const selectors = {
  shopName: '[data-e2e="shop-name"], [data-kora="shop-name"]',
  shopCode: '[data-e2e="shop-id"], [data-kora="shop-id"]',
  loginForm: '[data-e2e="login-form"], .account-center-login',
  search: 'input[data-e2e="author-search"], input[placeholder*="达人"]',
  talentRow: (id: string) => `[data-e2e="author-row"][data-author-id=${quoted(id)}]`,
  inviteButton: 'button[data-e2e="invite-author"]',
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
  [/不符合|不满足|无法邀约/, 'talentIneligible'],
  [/已邀约|已发送过|重复邀约/, 'alreadyInvited'],
  [/额度|上限|次数已用完/, 'quotaExceeded'],
  [/重新登录|登录失效|登录已过期/, 'platformLoginExpired'],
  [/网络|超时|稍后重试/, 'network'],
];

export const douyinAdapter: PlatformAdapter = {
  id: 'douyin',
  platform: 'douyin',
  ...onHosts(hosts),

  readShop(document): ShopSeen | null {
    const shop = readShopHeader(document, selectors, /^(店铺)?ID[:：]?\s*/i);
    if (!shop) return null;
    // Douyin e-commerce is one site: mainland China.
    return {
      platform: 'douyin',
      shopName: shop.shopName,
      siteName: '中国站',
      shopCode: shop.shopCode,
    };
  },

  execute: (record, context) =>
    inviteThroughDialog(record, context, selectors, {
      signedOut: '抖店显示登录页',
      noInviteButton: 'the author row has no invite button',
      phrases,
    }),
};
