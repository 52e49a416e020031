import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClaimedRecord } from '@inviteflow/contract';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { douyinAdapter } from './douyin.ts';
import { adapterForUrl, adaptersFor } from './index.ts';
import { testAdapter } from './test.ts';
import { tiktokShopAdapter } from './tiktok-shop.ts';
import { AdapterError } from './types.ts';

const fixture = readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../test/fixtures/seller-center.html',
  ),
  'utf8',
);

/** The stand-in seller center with its own script running, as the browser test serves it. */
function standIn(query: string) {
  const dom = new JSDOM(fixture, {
    url: `http://127.0.0.1:4999/inviteflow-test-seller/affiliate?${query}`,
    runScripts: 'dangerously',
  });
  return dom.window.document;
}

const record = (talentId: string): ClaimedRecord => ({
  id: 1,
  taskId: 1,
  talent: { name: '达人', platform: 'douyin', platformTalentId: talentId },
  taskType: 'free_product',
  contentType: 'vertical_video',
  setName: '春季',
  message: '你好，邀请你带货',
  products: [{ productId: 'P-100', productName: '面膜' }],
  leasedUntil: new Date(Date.now() + 300_000).toISOString(),
});

describe('adapter choice', () => {
  it('picks the adapter of each platform page, and the stand-in only when built in', () => {
    const all = adaptersFor(true);
    const pick = (url: string) => adapterForUrl(new URL(url), all)?.id ?? null;
    expect(pick('https://seller.tiktokglobalshop.com/affiliate/find-creators')).toBe('tiktok-shop');
    expect(pick('https://seller-us.tiktok.com/homepage')).toBe('tiktok-shop');
    expect(pick('https://buyin.jinritemai.com/dashboard/servicehall/daren-square')).toBe('douyin');
    expect(pick('https://fxg.jinritemai.com/ffa/mshop/homepage/index')).toBe('douyin');
    expect(pick('http://127.0.0.1:4999/inviteflow-test-seller/affiliate')).toBe('test');
    expect(pick('https://www.tiktok.com/@someone')).toBeNull();
    expect(pick('http://127.0.0.1:3000/sent/search-table')).toBeNull();
    expect(
      adapterForUrl(new URL('http://127.0.0.1:4999/inviteflow-test-seller/x'), adaptersFor(false)),
    ).toBeNull();
  });
});

describe('the stand-in seller center (test adapter)', () => {
  it('reads the shop the page shows', () => {
    const document = standIn('shop-name=星光旗舰店&shop-code=SHOP-9&site-name=中国站');
    expect(testAdapter.readShop(document)).toEqual({
      platform: 'douyin',
      shopName: '星光旗舰店',
      siteName: '中国站',
      shopCode: 'SHOP-9',
    });
  });

  it('fills the form, says when it is about to send, and resolves once the page confirms', async () => {
    const document = standIn('');
    const steps: string[] = [];
    await testAdapter.execute(record('dy_ok'), {
      document,
      timeoutMs: 2_000,
      beforeSubmit: async () => {
        steps.push(`before submit, results: ${document.querySelectorAll('.invite-result').length}`);
      },
    });
    const result = document.querySelector<HTMLElement>('.invite-result[data-talent-id="dy_ok"]')!;
    expect(result.dataset.status).toBe('sent');
    expect(result.dataset.message).toBe('你好，邀请你带货');
    expect(result.dataset.products).toBe('P-100');
    expect(steps).toEqual(['before submit, results: 0']);
  });

  it('turns the page’s refusal into a failure the runner maps to a code', async () => {
    const document = standIn('ineligible=dy_no');
    const error = await testAdapter
      .execute(record('dy_no'), { document, timeoutMs: 2_000, beforeSubmit: async () => undefined })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdapterError);
    expect((error as AdapterError).failure).toBe('talentIneligible');
  });

  it('a page without the form is a changed page', async () => {
    const document = new JSDOM('<main>maintenance</main>').window.document;
    const error = await testAdapter
      .execute(record('dy_1'), { document, timeoutMs: 150, beforeSubmit: async () => undefined })
      .catch((e: unknown) => e);
    expect((error as AdapterError).failure).toBe('elementMissing');
  });
});

describe('platform adapters', () => {
  it('read the shop from the seller center header', () => {
    const tiktok = new JSDOM(
      '<div data-tid="m4b_shop_name">Glow Store</div><div data-tid="m4b_shop_id">Shop ID: 7493</div><div data-tid="m4b_region">United States</div>',
    ).window.document;
    expect(tiktokShopAdapter.readShop(tiktok)).toEqual({
      platform: 'tiktok',
      shopName: 'Glow Store',
      siteName: 'United States',
      shopCode: '7493',
    });
    const douyin = new JSDOM(
      '<span data-e2e="shop-name">美妆旗舰店</span><span data-e2e="shop-id">店铺ID：88231</span>',
    ).window.document;
    expect(douyinAdapter.readShop(douyin)).toEqual({
      platform: 'douyin',
      shopName: '美妆旗舰店',
      siteName: '中国站',
      shopCode: '88231',
    });
    expect(douyinAdapter.readShop(new JSDOM('<p>登录</p>').window.document)).toBeNull();
  });

  it('stop at the platform’s login page', async () => {
    const document = new JSDOM('<form data-e2e="login-form"></form>').window.document;
    for (const adapter of [tiktokShopAdapter, douyinAdapter]) {
      const error = await adapter
        .execute(record('x'), { document, timeoutMs: 100, beforeSubmit: async () => undefined })
        .catch((e: unknown) => e);
      expect((error as AdapterError).failure).toBe('platformLoginExpired');
    }
  });

  it('drive the Douyin invitation dialog and read its answer', async () => {
    const dom = new JSDOM(`
      <input data-e2e="author-search" />
      <div data-e2e="author-row" data-author-id="dy_42"><button data-e2e="invite-author">邀约</button></div>
      <div role="dialog" data-e2e="invite-dialog">
        <textarea data-e2e="invite-message"></textarea>
        <input data-e2e="product-search" />
        <div data-e2e="product-row" data-product-id="P-100"><input type="checkbox" /></div>
        <button data-e2e="send-invitation">发送</button>
      </div>`);
    const { document } = dom.window;
    let submitted = false;
    document.querySelector('[data-e2e="send-invitation"]')!.addEventListener('click', () => {
      const toast = document.createElement('div');
      toast.setAttribute('role', 'alert');
      toast.dataset.type = 'error';
      toast.textContent = '该达人已邀约，请勿重复邀约';
      document.body.append(toast);
    });
    const error = await douyinAdapter
      .execute(record('dy_42'), {
        document,
        timeoutMs: 1_000,
        beforeSubmit: async () => {
          submitted = true;
        },
      })
      .catch((e: unknown) => e);
    expect(submitted).toBe(true);
    expect(document.querySelector<HTMLTextAreaElement>('[data-e2e="invite-message"]')!.value).toBe(
      '你好，邀请你带货',
    );
    expect(
      document.querySelector<HTMLInputElement>('[data-product-id="P-100"] input')!.checked,
    ).toBe(true);
    expect((error as AdapterError).failure).toBe('alreadyInvited');
  });

  it('drive the TikTok Shop invitation dialog and resolve on its success toast', async () => {
    const dom = new JSDOM(`
      <input data-e2e="creator-search-input" />
      <div data-e2e="creator-row" data-creator-id="glow.qa"><button data-e2e="invite-creator">Invite</button></div>
      <div role="dialog" data-e2e="invite-dialog">
        <textarea data-e2e="invite-message"></textarea>
        <input data-e2e="product-search" />
        <div data-e2e="product-row" data-product-id="P-100"><input type="checkbox" checked /></div>
        <button data-e2e="send-invitation">Send</button>
      </div>`);
    const { document } = dom.window;
    const steps: string[] = [];
    document.querySelector('[data-e2e="creator-search-input"]')!.addEventListener('input', (e) => {
      steps.push(`search ${(e.target as HTMLInputElement).value}`);
    });
    document.querySelector('[data-e2e="invite-creator"]')!.addEventListener('click', () => {
      steps.push('invite');
    });
    document.querySelector('[data-e2e="send-invitation"]')!.addEventListener('click', () => {
      steps.push('send');
      const toast = document.createElement('div');
      toast.setAttribute('role', 'alert');
      toast.dataset.type = 'success';
      document.body.append(toast);
    });
    await tiktokShopAdapter.execute(record('glow.qa'), {
      document,
      timeoutMs: 1_000,
      beforeSubmit: async () => {
        steps.push('beforeSubmit');
      },
    });
    expect(steps).toEqual(['search glow.qa', 'invite', 'beforeSubmit', 'send']);
    // A product already ticked stays ticked.
    expect(
      document.querySelector<HTMLInputElement>('[data-product-id="P-100"] input')!.checked,
    ).toBe(true);
    const missing = await tiktokShopAdapter
      .execute(record('nobody'), { document, timeoutMs: 150, beforeSubmit: async () => undefined })
      .catch((e: unknown) => e);
    expect((missing as AdapterError).failure).toBe('elementMissing');
  });
});
