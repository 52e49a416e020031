import type { ClaimedRecord } from '@inviteflow/contract';
import {
  classify,
  click,
  quoted,
  text,
  typeInto,
  waitForElement,
  waitForOutcome,
} from './dom-steps.ts';
import {
  AdapterError,
  type AdapterFailure,
  type ExecuteContext,
  type PlatformAdapter,
  type ShopSeen,
} from './types.ts';

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
  authorRow: (id: string) => `[data-e2e="author-row"][data-author-id=${quoted(id)}]`,
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
  matches: hosts.map((host) => `https://${host}/*`),

  handles(url) {
    return url.protocol === 'https:' && hosts.includes(url.hostname);
  },

  readShop(document): ShopSeen | null {
    const shopName = text(document, selectors.shopName);
    const shopCode = text(document, selectors.shopCode).replace(/^(店铺)?ID[:：]?\s*/i, '');
    if (!shopName || !/^[A-Za-z0-9_.-]{1,64}$/.test(shopCode)) return null;
    // Douyin e-commerce is one site: mainland China.
    return { platform: 'douyin', shopName, siteName: '中国站', shopCode };
  },

  async execute(record: ClaimedRecord, context: ExecuteContext) {
    const { document, timeoutMs } = context;
    if (document.querySelector(selectors.loginForm)) {
      throw new AdapterError('platformLoginExpired', '抖店显示登录页');
    }
    const authorId = record.talent.platformTalentId;
    typeInto(
      await waitForElement<HTMLInputElement>(document, selectors.search, timeoutMs),
      authorId,
    );
    const row = await waitForElement(document, selectors.authorRow(authorId), timeoutMs);
    const invite = row.querySelector<HTMLButtonElement>(selectors.inviteButton);
    if (!invite) throw new AdapterError('elementMissing', 'the author row has no invite button');
    click(invite);
    await waitForElement(document, selectors.dialog, timeoutMs);
    typeInto(await waitForElement(document, selectors.message, timeoutMs), record.message);
    for (const product of record.products) {
      typeInto(
        await waitForElement<HTMLInputElement>(document, selectors.productSearch, timeoutMs),
        product.productId,
      );
      const box = await waitForElement<HTMLInputElement>(
        document,
        selectors.productCheckbox(product.productId),
        timeoutMs,
      );
      if (!box.checked) click(box);
    }
    const send = await waitForElement(document, selectors.send, timeoutMs);
    await context.beforeSubmit();
    click(send);
    await waitForOutcome(() => {
      if (document.querySelector(selectors.toastSuccess)) return 'sent';
      const error = text(document, selectors.toastError);
      if (!error) return null;
      return { failure: classify(error, phrases) ?? 'elementMissing', message: error };
    }, timeoutMs);
  },
};
