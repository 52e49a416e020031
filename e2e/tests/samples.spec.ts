import { expect, test, type Page } from '@playwright/test';
import {
  accessToken,
  api,
  apiGet,
  registerSeller,
  shot,
  signIn,
  toast,
} from '../support/console.ts';
import {
  buyPlan,
  connectSandboxUsSeller,
  endOfDay,
  releaseAuthorizedShops,
  settled,
} from '../support/platform-tasks.ts';
import {
  advanceSandboxClock,
  collaborationEndDate,
  creatorsOf,
  sandboxUsLiveProducts,
  type SandboxCreator,
} from '../support/tiktok-sandbox.ts';

/**
 * Samples (issue 19) on the embedded default: the sandbox TikTok Shop's fixed creators
 * n % 50 = 1 (two of this spec's range) accept a free product invitation in 4 minutes and ask for a free
 * sample 6 minutes later; the sandbox clock is moved, the samples sync reads the requests,
 * and the seller approves one and rejects the other (with a reason) on the talent library's
 * Samples tab. Screenshots in both languages.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = { username: `sm_${stamp}`, phoneNumber: `136${stamp}`, password: 'Sample-pass-1' };

let page: Page;
let token: string;
let creators: SandboxCreator[];

const tab = () => page.locator('.samples-tab');
/**
 * This spec's creators' rows: the sandbox shop is one for every spec, so the requests of the
 * creators other specs invite (closing-the-loop, loop-links) are listed too.
 */
const rows = () =>
  tab()
    .locator('.samples-table tbody tr')
    .filter({ hasText: new RegExp(creators.map((c) => `@${c.username}`).join('|')) });

const get = <T>(apiPath: string) => apiGet<T>(apiPath, token);

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  token = await accessToken(seller);
  page = await browser.newPage();
  await signIn(page, seller);
  await buyPlan(page);
  // Two creators who accept and ask for samples (n % 50 = 1), of this spec's own range.
  const accepters = await creatorsOf('samples', 'accepts');
  creators = [accepters[0]!, accepters[1]!];
});

test.afterAll(async () => {
  await releaseAuthorizedShops(token);
  await page.close();
});

test('sample requests of invited creators appear, are approved and rejected', async () => {
  test.setTimeout(240_000);
  const shopId = (await connectSandboxUsSeller(page, token)).id;

  const products = (await sandboxUsLiveProducts()).slice(0, 1);
  const templateIds: number[] = [];
  for (const p of products) {
    const made = await api<{ id: number }>(
      '/api/v1/templates/products',
      { productId: p.id, productName: p.title },
      token,
    );
    templateIds.push(made.id);
  }
  const talentIds: number[] = [];
  for (const c of creators) {
    const made = await api<{ id: number }>(
      '/api/v1/talents',
      { platform: 'tiktok', platformTalentId: c.username, name: c.nickname },
      token,
    );
    talentIds.push(made.id);
  }
  await api(
    '/api/v1/send-records',
    {
      shopId,
      taskType: 'free_product',
      contentType: 'vertical_video',
      filterType: 'manual',
      talentIds,
      productTemplateIds: templateIds,
      script: 'Hello from {shopName}: {productNames}',
      setName: `Samples ${stamp}`,
      collaborationName: `Samples ${stamp}`,
      endsAt: new Date(endOfDay(await collaborationEndDate()) * 1000).toISOString(),
      commissionRates: { [String(templateIds[0])]: 1500 },
      contactEmail: 'team@sunny.example',
      sampleApproval: 'review',
    },
    token,
  );
  // The collaboration is made within seconds (both records succeed); then the creators'
  // 10 minutes pass at once.
  const records = await settled(token, `Samples ${stamp}`);
  expect(records.map((r) => r.status)).toEqual(['success', 'success']);
  await advanceSandboxClock(11 * 60);
  // The samples sync reads the shop every few seconds here. The shop's requests are all the
  // shop's: other specs' accounts bound this sandbox shop before and left requests of theirs,
  // which the seller who binds it now sees too; this spec counts its own creators'.
  const [first, second] = creators as [SandboxCreator, SandboxCreator];
  await expect
    .poll(
      async () =>
        (
          await get<{ list: Array<{ creatorUsername: string | null }> }>(
            '/api/v1/samples?pageSize=50',
          )
        ).list.filter((r) => creators.some((c) => c.username === r.creatorUsername)).length,
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(2);

  await page.goto('/talent/search-table');
  await page.getByRole('tab', { name: '样品申请' }).click();
  await expect(page).toHaveURL(/tab=samples/);
  await expect(tab().getByText('抖店开放平台没有样品申请的接口')).toBeVisible();
  for (const c of creators) {
    await expect(rows().filter({ hasText: `@${c.username}` })).toHaveCount(1);
    await expect(rows().filter({ hasText: `@${c.username}` })).toContainText('待审核');
  }
  await shot(page, 'samples-pending-zh');

  await rows()
    .filter({ hasText: `@${first.username}` })
    .getByRole('button', { name: '通过' })
    .click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '已通过样品申请')).toBeVisible();
  await expect(rows().filter({ hasText: `@${first.username}` })).toContainText('已通过，待发货');

  await rows()
    .filter({ hasText: `@${second.username}` })
    .getByRole('button', { name: '拒绝' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '拒绝' }).click();
  await expect(dialog.getByText('请选择拒绝原因')).toBeVisible();
  await shot(page, 'samples-reject-zh');
  await dialog.getByText('商品暂时缺货').click();
  await dialog.getByRole('button', { name: '拒绝' }).click();
  await expect(toast(page, '已拒绝样品申请')).toBeVisible();
  await expect(rows().filter({ hasText: `@${second.username}` })).toContainText('已拒绝');
  await shot(page, 'samples-reviewed-zh');
});

test('the tab in English', async () => {
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('/talent/search-table?tab=samples');
  await expect(page.getByRole('tab', { name: 'Sample requests' })).toBeVisible();
  const [first, second] = creators as [SandboxCreator, SandboxCreator];
  await expect(rows().filter({ hasText: `@${first.username}` })).toContainText('Approved, to ship');
  await expect(rows().filter({ hasText: `@${second.username}` })).toContainText('Rejected');
  await expect(tab().getByText(/has no API for sample requests/)).toBeVisible();
  await shot(page, 'samples-en');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
});
