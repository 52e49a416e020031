import { expect, test, type Page } from '@playwright/test';
import { accessToken, api, apiGet, registerSeller, shot, signIn } from '../support/console.ts';
import { buyPlan, sandboxGet } from '../support/platform-tasks.ts';
import { baseURL } from '../support/server.ts';

/**
 * Who answered (issue 19), on the embedded default: a 抖店 shop connected to the sandbox 抖店
 * open platform, a targeted product invitation of three 达人 (the server makes the 定向计划 and
 * adds them), then the plan authors sync reads them in force: each record reaches "accepted",
 * the send records table shows the stage and filters by it, the record's details show the
 * stage timeline, and the talent's follow-up history the system's entry in the reader's
 * language. Screens in both languages.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `rst_${stamp}`,
  phoneNumber: `135${stamp}`,
  password: 'Stages-pass-1',
};
const SANDBOX = `${baseURL}/sandbox/doudian`;
const HOME_SHOP = '68314201';
const SET = `进展 E2E ${stamp}`;

let page: Page;
let token: string;
let shopName: string;
let names: string[];

const get = <T>(apiPath: string) => apiGet<T>(apiPath, token);

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  token = await accessToken(seller);
  page = await browser.newPage();
  await signIn(page, seller);
  await buyPlan(page);
});

test.afterAll(async () => {
  await page.close();
});

test('a 抖店 定向计划 invitation: its 达人 in force read as accepted, shown and filtered', async () => {
  // The shop's sync cursor may have just read nothing: its next pass is a minute later.
  test.setTimeout(300_000);
  // Connect the sandbox shop (the connect flow is tested in doudian-tasks.spec.ts).
  await page.goto('/shop/list');
  await page.getByRole('button', { name: '连接抖店' }).click();
  await page.getByTestId(`shop-${HOME_SHOP}`).locator('input[type=radio]').check();
  await page.getByRole('button', { name: '确认授权' }).click();
  await expect(page.getByTestId('connect-outcome')).toContainText('已绑定 1 个店铺');
  const shops = await get<{ list: Array<{ id: number; shopName: string; platform: string }> }>(
    '/api/v1/shops?tab=BOUND',
  );
  const shop = shops.list.find((s) => s.platform === 'douyin')!;
  shopName = shop.shopName;

  const world = await sandboxGet<{
    shops: Array<{ id: string; products: Array<{ id: string; name: string; status: string }> }>;
  }>(SANDBOX, '/shops');
  const product = world.shops
    .find((s) => s.id === HOME_SHOP)!
    .products.find((p) => p.status === 'on_sale')!;
  const template = await api<{ id: number }>(
    '/api/v1/templates/products',
    { productId: product.id, productName: product.name },
    token,
  );
  const authors = (
    await sandboxGet<{ authors: Array<{ buyinId: string; nickname: string }> }>(
      SANDBOX,
      '/authors?trait=none&limit=1000',
    )
  ).authors.slice(500, 503);
  names = authors.map((a) => a.nickname);
  const talentIds: number[] = [];
  for (const author of authors) {
    const added = await api<{ id: number }>(
      '/api/v1/talents',
      {
        platform: 'douyin',
        platformTalentId: `dy_${author.buyinId}`,
        name: author.nickname,
        buyinId: author.buyinId,
      },
      token,
    );
    talentIds.push(added.id);
  }
  await api(
    '/api/v1/send-records',
    {
      shopId: shop.id,
      taskType: 'targeted_product',
      contentType: 'vertical_video',
      filterType: 'manual',
      talentIds,
      productTemplateIds: [template.id],
      script: '你好 {talentName}',
      setName: SET,
      endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      commissionRates: { [String(template.id)]: 2000 },
    },
    token,
  );

  // The executor adds them, then the sync (each shop every minute) reads them in force.
  await expect
    .poll(
      async () => {
        const listed = await get<{ list: Array<{ setName: string; stage: string | null }> }>(
          '/api/v1/send-records?pageSize=100',
        );
        return listed.list.filter((r) => r.setName === SET).map((r) => r.stage);
      },
      { timeout: 180_000 },
    )
    .toEqual(['accepted', 'accepted', 'accepted']);

  await page.goto('/sent/search-table?stage=accepted');
  const rows = page.locator('.send-table tbody tr').filter({ hasText: SET });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('已接受');
  await expect(page.locator('.send-filter-form')).toContainText('已接受');
  await shot(page, 'record-stages-table-zh-CN');
  await page.goto('/sent/search-table?stage=declined');
  await expect(page.getByText('没有符合筛选条件的记录')).toBeVisible();

  await page.goto('/sent/search-table?stage=accepted');
  await rows.first().getByRole('button', { name: '查看' }).click();
  const timeline = page.getByTestId('stage-timeline');
  await expect(timeline).toContainText('邀约已送达');
  await expect(timeline).toContainText('已接受');
  await shot(page, 'record-stages-detail-zh-CN');
  await page.keyboard.press('Escape');

  await page.goto('/talent/search-table');
  const talentRow = page.locator('tbody tr').filter({ hasText: names[0]! });
  await expect(talentRow).toContainText('合作中');
  await talentRow.getByRole('button', { name: '跟进记录' }).click();
  const drawer = page.locator('.arco-drawer');
  const entry = drawer.locator('.arco-timeline-item').first();
  await expect(entry).toContainText('系统');
  await expect(entry).toContainText(`店铺「${shopName}」：达人接受了合作邀请`);
  await shot(page, 'record-stages-follow-up-zh-CN');
});

test('keeps English screenshots of the same screens', async () => {
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('/sent/search-table?stage=accepted');
  const rows = page.locator('.send-table tbody tr').filter({ hasText: SET });
  await expect(rows.first()).toContainText('Accepted');
  await shot(page, 'record-stages-table-en-US');
  await rows.first().getByRole('button', { name: 'View' }).click();
  await expect(page.getByTestId('stage-timeline')).toContainText('Invitation delivered');
  await shot(page, 'record-stages-detail-en-US');
  await page.keyboard.press('Escape');

  await page.goto('/talent/search-table');
  const talentRow = page.locator('tbody tr').filter({ hasText: names[0]! });
  await talentRow.getByRole('button', { name: 'Follow-up' }).click();
  const entry = page.locator('.arco-drawer .arco-timeline-item').first();
  await expect(entry).toContainText('System');
  await expect(entry).toContainText(`Accepted the collaboration invitation (shop "${shopName}")`);
  await shot(page, 'record-stages-follow-up-en-US');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
});
