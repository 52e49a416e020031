import { expect, test, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot, signIn } from '../support/console.ts';
import {
  buyPlan,
  connectSandboxUsSeller,
  endOfDay,
  releaseAuthorizedShops,
  settled,
} from '../support/platform-tasks.ts';
import { baseURL } from '../support/server.ts';
import {
  advanceSandboxClock,
  collaborationEndDate,
  creatorsOf,
  longLivedSandboxTokens,
  sandboxUsLiveProducts,
  type SandboxCreator,
  addTikTokTalent,
} from '../support/tiktok-sandbox.ts';

/**
 * What each creator sold (issue 19), on the embedded default: a seller connects the sandbox
 * US seller, invites a creator who accepts and sells, the sandbox clock moves three weeks,
 * and the server's tiktok.orders sync fills the talent's business amount and deal count from
 * the platform's affiliate orders: the library marks them "from the platform", the talent's
 * drawer lists its orders, and a talent no order names keeps the seller's own figures.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = { username: `ord_${stamp}`, phoneNumber: `137${stamp}`, password: 'Orders-pass-1' };
const DAY_S = 86_400;

interface TalentView {
  id: number;
  name: string;
  businessAmountFen: number;
  dealCount: number;
  figuresSyncedAt: string | null;
  figuresCurrency: string | null;
}

let page: Page;
let token: string;
let seller1: SandboxCreator;

async function talents(): Promise<TalentView[]> {
  const res = await fetch(`${baseURL}/api/v1/talents?pageSize=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { list: TalentView[] } }).data.list;
}

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  token = await accessToken(seller);
  page = await browser.newPage();
  await signIn(page, seller);
  await buyPlan(page);
  // Tokens that outlive the three weeks the clock moves.
  await longLivedSandboxTokens();
});

test.afterAll(async () => {
  await releaseAuthorizedShops(token);
  await page.close();
});

test('orders the creator brought fill its figures, marked from the platform, listed on the talent', async () => {
  const shopId = (await connectSandboxUsSeller(page, token)).id;

  const products = (await sandboxUsLiveProducts()).slice(0, 2);
  const templateIds: number[] = [];
  for (const p of products) {
    const made = await api<{ id: number }>(
      '/api/v1/templates/products',
      { productId: p.id, productName: p.title },
      token,
    );
    templateIds.push(made.id);
  }
  // A fixed creator: n % 50 = 1 accepts in minutes, posts, and sells for two weeks.
  seller1 = (await creatorsOf('affiliate-orders', 'accepts'))[0]!;
  const talent = await addTikTokTalent(seller1, token);
  await api(
    '/api/v1/talents',
    {
      platform: 'tiktok',
      platformTalentId: 'hand_figures_creator',
      name: '手填达人',
      businessAmountFen: 888_800,
      dealCount: 12,
    },
    token,
  );
  const [first, second] = templateIds as [number, number];
  await api(
    '/api/v1/send-records',
    {
      shopId,
      taskType: 'targeted_product',
      contentType: 'vertical_video',
      filterType: 'manual',
      talentIds: [talent.id],
      productTemplateIds: [first, second],
      script: 'Hello from {shopName}: {productNames}',
      setName: 'Orders E2E',
      collaborationName: 'Orders E2E',
      endsAt: new Date(endOfDay(await collaborationEndDate()) * 1000).toISOString(),
      commissionRates: { [String(first)]: 1250, [String(second)]: 2000 },
      contactEmail: 'team@sunny.example',
    },
    token,
  );
  expect((await settled(token, 'Orders E2E')).map((r) => r.status)).toEqual(['success']);

  await advanceSandboxClock(21 * DAY_S);
  // The sync reads each connected shop's orders every minute.
  await expect
    .poll(async () => (await talents()).find((t) => t.id === talent.id)?.figuresSyncedAt ?? null, {
      timeout: 110_000,
      intervals: [2_000],
    })
    .not.toBeNull();
  const synced = (await talents()).find((t) => t.id === talent.id)!;
  expect(synced.figuresCurrency).toBe('USD');
  expect(synced.dealCount).toBeGreaterThan(0);

  await page.goto('/talent/search-table');
  const row = (name: string) => page.locator('.arco-table-tr').filter({ hasText: name });
  await expect(row(seller1.username)).toContainText('平台');
  await expect(row(seller1.username)).toContainText('USD');
  await expect(row('手填达人')).toContainText('8,888.00');
  await expect(row('手填达人')).not.toContainText('平台');
  await shot(page, 'talents-platform-figures-zh-CN');

  await row(seller1.username).getByRole('button', { name: '跟进记录' }).click();
  const drawer = page.locator('.arco-drawer');
  await expect(drawer.getByText('联盟订单')).toBeVisible();
  await expect(drawer.locator('.talent-orders .arco-table-tr').nth(1)).toContainText('USD');
  await shot(page, 'talent-orders-zh-CN');
  await drawer.locator('.arco-drawer-close-icon').click();

  await row(seller1.username).getByRole('button', { name: '编辑' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('来自平台订单，不可手动修改').first()).toBeVisible();
  await shot(page, 'talent-form-platform-figures-zh-CN');
  await modal.getByRole('button', { name: '取消' }).click();

  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('/talent/search-table');
  await expect(row(seller1.username)).toContainText('Platform');
  await shot(page, 'talents-platform-figures-en-US');
  await row(seller1.username).getByRole('button', { name: 'Follow-up' }).click();
  await expect(page.locator('.arco-drawer').getByText('Affiliate orders')).toBeVisible();
  await expect(page.locator('.arco-drawer .talent-orders .arco-table-tr').nth(1)).toContainText(
    'USD',
  );
  await shot(page, 'talent-orders-en-US');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
});
