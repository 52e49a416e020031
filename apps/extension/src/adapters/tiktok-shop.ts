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
  creatorRow: (id: string) => `[data-e2e="creator-row"][data-creator-id=${quoted(id)}]`,
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
  matches: hosts.map((host) => `https://${host}/*`),

  handles(url) {
    return url.protocol === 'https:' && hosts.includes(url.hostname);
  },

  readShop(document): ShopSeen | null {
    const shopName = text(document, selectors.shopName);
    const shopCode = text(document, selectors.shopCode).replace(/^(shop )?id[:：]?\s*/i, '');
    if (!shopName || !/^[A-Za-z0-9_.-]{1,64}$/.test(shopCode)) return null;
    return { platform: 'tiktok', shopName, siteName: text(document, selectors.region), shopCode };
  },

  async execute(record: ClaimedRecord, context: ExecuteContext) {
    const { document, timeoutMs } = context;
    if (document.querySelector(selectors.loginForm)) {
      throw new AdapterError('platformLoginExpired', 'the seller center shows its login form');
    }
    const creatorId = record.talent.platformTalentId;
    typeInto(
      await waitForElement<HTMLInputElement>(document, selectors.search, timeoutMs),
      creatorId,
    );
    const row = await waitForElement(document, selectors.creatorRow(creatorId), timeoutMs);
    const invite = row.querySelector<HTMLButtonElement>(selectors.inviteButton);
    if (!invite) throw new AdapterError('elementMissing', 'the creator row has no invite button');
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
