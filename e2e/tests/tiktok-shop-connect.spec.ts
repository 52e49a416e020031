import { expect, test, type Page } from '@playwright/test';
import { registerSeller, shot, signIn } from '../support/console.ts';

/**
 * Connecting TikTok Shop by the platform's authorization, as a new seller does it on the
 * embedded default (issue 16): buy a plan that binds more than one shop, press "Connect
 * TikTok Shop" on My Shops, authorize a cross-border seller on the sandbox TikTok Shop's
 * page (plainly marked 沙箱), come back to My Shops and find both regional shops bound and
 * authorized.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `tts_${stamp}`,
  phoneNumber: `137${stamp}`,
  password: 'Connect-pass-1',
};

let page: Page;

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  page = await browser.newPage();
  await signIn(page, seller);
});

test.afterAll(async () => {
  await page.close();
});

test('buys the pro plan, which binds up to 10 shops', async () => {
  await page.goto('/membership/purchase');
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
});

test('connects a cross-border seller on the sandbox TikTok Shop: both regional shops bound', async () => {
  await page.goto('/shop/list');
  await page.getByRole('button', { name: '连接 TikTok Shop' }).click();

  // The sandbox's authorization page, as the platform's would be: choose the seller, allow.
  await expect(page).toHaveURL(/\/sandbox\/tiktok-shop\/open\/authorize\?service_id=.+&state=/);
  await expect(page.getByTestId('sandbox-badge')).toHaveText('沙箱');
  await page.getByTestId('seller-global-cn').locator('input[type=radio]').check();
  await shot(page, 'tiktok-shop-sandbox-authorize-zh-CN');
  await page.getByRole('button', { name: '授权', exact: true }).click();

  // Back on My Shops, with the outcome, and the parameters gone from the address.
  await expect(page).toHaveURL(/\/shop\/list$/);
  await expect(page.getByText('已绑定 2 个店铺')).toBeVisible();
  const table = page.locator('.shop-table');
  for (const site of ['英国站', '西班牙站']) {
    const row = table.locator('tbody tr').filter({ hasText: site });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('已授权');
  }
  await shot(page, 'tiktok-shop-connected-zh-CN');
});

test('a second authorization of the same seller binds nothing new and says so', async () => {
  await page.getByRole('button', { name: '连接 TikTok Shop' }).click();
  await expect(page).toHaveURL(/\/sandbox\/tiktok-shop\/open\/authorize\?/);
  await page.getByTestId('seller-global-cn').locator('input[type=radio]').check();
  await page.getByRole('button', { name: '授权', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/list$/);
  await expect(page.getByText('2 个店铺此前已绑定，授权已更新')).toBeVisible();
  await expect(page.locator('.shop-table tbody tr').filter({ hasText: '已授权' })).toHaveCount(2);
});

test('declining on the platform page binds nothing and says so', async () => {
  await page.getByRole('button', { name: '连接 TikTok Shop' }).click();
  await expect(page).toHaveURL(/\/sandbox\/tiktok-shop\/open\/authorize\?/);
  await page.getByRole('button', { name: '拒绝', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/list$/);
  await expect(page.getByText('你在 TikTok Shop 页面取消了授权，没有店铺被绑定')).toBeVisible();
});
