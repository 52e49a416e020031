import { expect, test, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot, signIn, toast } from '../support/console.ts';
import {
  buyPlan,
  choose,
  connectSandboxUsSeller,
  field,
  releaseAuthorizedShops,
  settled,
} from '../support/platform-tasks.ts';
import {
  collaborationEndDate,
  creatorsOf,
  sandboxUsLiveProducts,
  addTikTokTalent,
} from '../support/tiktok-sandbox.ts';

/**
 * Follow-ups for non-responders (issue 19), on the embedded default: a task of the sandbox
 * TikTok shop connected by authorization schedules two follow-ups; the create drawer's
 * Follow-ups rows and the task's follow-ups (counts, Cancel) are seen in both languages.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = { username: `fu_${stamp}`, phoneNumber: `135${stamp}`, password: 'Follow-pass-1' };
const SET = `跟进 E2E ${stamp}`;

let page: Page;
let token: string;
let shopId: number;
let shopName: string;
let templates: number[];

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  token = await accessToken(seller);
  page = await browser.newPage();
  await signIn(page, seller);
  await buyPlan(page);
});

test.afterAll(async () => {
  await releaseAuthorizedShops(token);
  await page.close();
});

test('a task of a connected TikTok shop schedules two follow-ups from the create drawer', async () => {
  const shop = await connectSandboxUsSeller(page, token);
  shopId = shop.id;
  shopName = shop.shopName;

  templates = [];
  for (const [content, remark] of [
    ['Hi {talentName}, did you get a chance to look at {productNames}?', '第一次跟进'],
    ['{talentName}, last reminder from {shopName}: samples are still available', '第二次跟进'],
  ]) {
    const made = await api<{ id: number }>('/api/v1/templates/scripts', { content, remark }, token);
    templates.push(made.id);
  }

  // The drawer's Follow-ups section: two rows for the connected shop.
  await page.goto('/sent/search-table');
  await page.getByRole('button', { name: '创建任务' }).click();
  const drawer = page.locator('.send-create');
  await choose(page, field(page, drawer, '店铺'), shopName);
  await drawer.getByTestId('add-follow-up').click();
  await drawer.getByTestId('add-follow-up').click();
  const rows = drawer.locator('.send-follow-up-row');
  await expect(rows).toHaveCount(2);
  for (const [i, remark] of ['第一次跟进', '第二次跟进'].entries()) {
    await rows.nth(i).locator('.send-follow-up-template .arco-select-view').click();
    await page.locator('.arco-select-popup:visible').getByRole('option', { name: remark }).click();
    // The list closes before the next row's opens (two open lists hold the same options).
    await expect(page.locator('.arco-select-popup:visible')).toHaveCount(0);
  }
  await expect(drawer.getByTestId('add-follow-up')).toHaveCount(0);
  await drawer.locator('.send-follow-ups-field').scrollIntoViewIfNeeded();
  await shot(page, 'follow-ups-create-zh-CN');
  await drawer.getByRole('button', { name: '取消', exact: true }).click();

  // The task itself, made through the API (the drawer's other fields are tested elsewhere).
  // Creators who never answer (n % 50 = 3), so all three stay due for the follow-ups.
  const creators = (await creatorsOf('follow-ups', 'silent')).slice(0, 3);
  expect(creators).toHaveLength(3);
  const talentIds: number[] = [];
  for (const c of creators) {
    const made = await addTikTokTalent(c, token);
    talentIds.push(made.id);
  }
  const product = (await sandboxUsLiveProducts())[0]!;
  const template = await api<{ id: number }>(
    '/api/v1/templates/products',
    { productId: product.id, productName: product.title },
    token,
  );
  await api(
    '/api/v1/send-records',
    {
      shopId,
      taskType: 'targeted_product',
      contentType: 'vertical_video',
      filterType: 'manual',
      talentIds,
      productTemplateIds: [template.id],
      script: 'Hi {talentName}, {shopName} would love to work with you',
      setName: SET,
      collaborationName: SET,
      endsAt: new Date(`${await collaborationEndDate()}T15:59:59Z`).toISOString(),
      commissionRates: { [String(template.id)]: 1500 },
      contactEmail: 'team@follow-ups.example',
      followUps: [
        { afterDays: 3, scriptTemplateId: templates[0] },
        { afterDays: 7, scriptTemplateId: templates[1] },
      ],
    },
    token,
  );
  await settled(token, SET);
});

test('the task shows its follow-ups with their counts, and one is cancelled', async () => {
  await page.goto('/sent/search-table');
  const row = page.locator('.send-table tbody tr').filter({ hasText: SET }).first();
  await row.getByText('查看', { exact: true }).click();
  await page.getByTestId('open-platform-calls').click();
  const section = page.getByTestId('task-follow-ups');
  await expect(section.getByTestId('follow-up-1')).toContainText('邀约成功 3 天后仍未回复或接受');
  await expect(section.getByTestId('follow-up-1')).toContainText('待发送 3');
  await expect(section.getByTestId('follow-up-2')).toContainText('邀约成功 7 天后仍未回复或接受');
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'follow-ups-task-zh-CN');

  await section.getByTestId('follow-up-2').getByRole('button', { name: '取消跟进' }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '已取消跟进')).toBeVisible();
  await expect(section.getByTestId('follow-up-2')).toContainText('已取消');
  await shot(page, 'follow-ups-task-cancelled-zh-CN');
});

test('keeps English screenshots of the same screens', async () => {
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('/sent/search-table');
  await page.getByRole('button', { name: 'Create', exact: true }).first().click();
  const drawer = page.locator('.send-create');
  await choose(page, field(page, drawer, 'Shop'), shopName);
  await drawer.getByTestId('add-follow-up').click();
  await expect(drawer.locator('.send-follow-up-row')).toHaveCount(1);
  await drawer.locator('.send-follow-ups-field').scrollIntoViewIfNeeded();
  await shot(page, 'follow-ups-create-en-US');
  await drawer.getByRole('button', { name: 'Cancel', exact: true }).click();

  await page.goto('/sent/search-table');
  const row = page.locator('.send-table tbody tr').filter({ hasText: SET }).first();
  await row.getByText('View', { exact: true }).click();
  await page.getByTestId('open-platform-calls').click();
  const section = page.getByTestId('task-follow-ups');
  await expect(section.getByTestId('follow-up-1')).toContainText(
    'No reply or acceptance 3 days after the invitation',
  );
  await expect(section.getByTestId('follow-up-2')).toContainText('Cancelled');
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'follow-ups-task-en-US');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
});
