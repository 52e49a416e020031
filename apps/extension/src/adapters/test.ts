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
 * The local stand-in for a seller center (e2e/fixtures/seller-center.html): a page on
 * 127.0.0.1 or localhost under /inviteflow-test-seller/ that shows a shop and an
 * invitation form. Built into the extension only with TEST_SELLER_CENTER (the e2e build).
 */
const PATH_PREFIX = '/inviteflow-test-seller/';

const selectors = {
  shop: '#if-shop',
  shopName: '[data-field="shop-name"]',
  siteName: '[data-field="site-name"]',
  shopCode: '[data-field="shop-code"]',
  signedOut: '#seller-signed-out',
  form: '#invite-form',
  talentId: '#invite-form input[name="talentId"]',
  message: '#invite-form textarea[name="message"]',
  products: '#invite-form input[name="products"]',
  submit: '#invite-form button[type="submit"]',
  result: (talentId: string) => `.invite-result[data-talent-id=${quoted(talentId)}]`,
};

/** The stand-in's error phrases (it speaks like the real seller centers do). */
const phrases: ReadonlyArray<readonly [RegExp, AdapterFailure]> = [
  [/not eligible|不符合/i, 'talentIneligible'],
  [/already invited|已邀约/i, 'alreadyInvited'],
  [/quota|额度/i, 'quotaExceeded'],
  [/sign in again|重新登录/i, 'platformLoginExpired'],
];

export const testAdapter: PlatformAdapter = {
  id: 'test',
  platform: 'douyin',
  matches: [`http://127.0.0.1${PATH_PREFIX}*`, `http://localhost${PATH_PREFIX}*`],

  handles(url) {
    return (
      url.protocol === 'http:' &&
      ['127.0.0.1', 'localhost'].includes(url.hostname) &&
      url.pathname.startsWith(PATH_PREFIX)
    );
  },

  readShop(document): ShopSeen | null {
    const root = document.querySelector<HTMLElement>(selectors.shop);
    if (!root) return null;
    const platform = root.dataset.platform === 'tiktok' ? 'tiktok' : 'douyin';
    const shopName = text(root, selectors.shopName);
    const shopCode = text(root, selectors.shopCode);
    if (!shopName || !shopCode) return null;
    return { platform, shopName, siteName: text(root, selectors.siteName), shopCode };
  },

  async execute(record: ClaimedRecord, context: ExecuteContext) {
    const { document, timeoutMs } = context;
    if (document.querySelector(selectors.signedOut)) {
      throw new AdapterError('platformLoginExpired', text(document, selectors.signedOut));
    }
    await waitForElement(document, selectors.form, timeoutMs);
    const talentId = record.talent.platformTalentId;
    typeInto(await waitForElement(document, selectors.talentId, timeoutMs), talentId);
    typeInto(await waitForElement(document, selectors.message, timeoutMs), record.message);
    typeInto(
      await waitForElement(document, selectors.products, timeoutMs),
      record.products.map((product) => product.productId).join(','),
    );
    const submit = await waitForElement(document, selectors.submit, timeoutMs);
    await context.beforeSubmit();
    click(submit);
    await waitForOutcome(() => {
      const result = document.querySelector<HTMLElement>(selectors.result(talentId));
      if (!result) return null;
      if (result.dataset.status === 'sent') return 'sent';
      const message = result.textContent?.trim() ?? '';
      return { failure: classify(message, phrases) ?? 'elementMissing', message };
    }, timeoutMs);
  },
};
