import { expect, test, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot, signIn, toast } from '../support/console.ts';
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
  sandboxUsLiveProducts,
  type SandboxCreator,
} from '../support/tiktok-sandbox.ts';

/**
 * Closing the loop's links (issue 19) on the embedded default, with this spec's own sandbox
 * creators: a replying creator (n % 50 = 4, answers 3 minutes after each seller message) with
 * no send record gets its conversation opened from the talent library in the seller's shop;
 * its reply's Todo in the message box opens that conversation; two accepting creators
 * (n % 50 = 1) ask for samples after a free product invitation, and a talent row's link shows
 * only its own request. Both languages, with screenshots.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = { username: `ll_${stamp}`, phoneNumber: `135${stamp}`, password: 'Links-pass-1' };
const SET = `Loop links ${stamp}`;

let page: Page;
let token: string;
let replier: SandboxCreator;
let accepters: [SandboxCreator, SandboxCreator];

async function get<T>(apiPath: string): Promise<T> {
  const res = await fetch(`${baseURL}${apiPath}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: T }).data;
}

/**
 * This spec's creators' reply Todos and sample requests: the sandbox shop is one for every spec,
 * so its other conversations and requests reach whichever account has the shop connected.
 */
async function replyTodos() {
  const { list } = await get<{
    list: Array<{ kind: string; status: number; content: string }>;
  }>('/api/v1/messages?type=todo&pageSize=50');
  return list.filter((m) => m.kind === 'creatorReplied' && m.content.includes(replier.username));
}

async function ownSamples() {
  const { list } = await get<{ list: Array<{ creatorUsername: string | null }> }>(
    '/api/v1/samples?pageSize=50',
  );
  return list.filter((r) => accepters.some((c) => c.username === r.creatorUsername));
}

/** A talent's row by a text it holds in full (a long name is cut short on screen). */
const talentRow = (text: string) =>
  page.locator('.talent-table tbody tr').filter({ hasText: text }).first();
const drawer = () => page.locator('.conversation-drawer');
const sampleRows = () => page.locator('.samples-table tbody tr');

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  token = await accessToken(seller);
  page = await browser.newPage();
  await signIn(page, seller);
  await buyPlan(page);
  replier = (await creatorsOf('loop-links', 'replies'))[0]!;
  const accepting = await creatorsOf('loop-links', 'accepts');
  accepters = [accepting[0]!, accepting[1]!];
  expect(replier && accepters[1]).toBeTruthy();
});

test.afterAll(async () => {
  await releaseAuthorizedShops(token);
  await page.close();
});

test('a talent with no record: its conversation opens in a shop; its reply Todo opens it', async () => {
  test.setTimeout(300_000);
  const shopId = (await connectSandboxUsSeller(page, token)).id;
  await api(
    '/api/v1/talents',
    {
      platform: 'tiktok',
      platformTalentId: replier.username,
      name: replier.username,
      creatorUserOpenId: replier.creator_open_id,
    },
    token,
  );

  // Two accepting creators invited with a free product: they ask for samples later.
  const [product] = await sandboxUsLiveProducts();
  const template = await api<{ id: number }>(
    '/api/v1/templates/products',
    { productId: product!.id, productName: product!.title },
    token,
  );
  const talentIds: number[] = [];
  for (const c of accepters) {
    talentIds.push(
      (
        await api<{ id: number }>(
          '/api/v1/talents',
          { platform: 'tiktok', platformTalentId: c.username, name: c.nickname },
          token,
        )
      ).id,
    );
  }
  await api(
    '/api/v1/send-records',
    {
      shopId,
      taskType: 'free_product',
      contentType: 'vertical_video',
      filterType: 'manual',
      talentIds,
      productTemplateIds: [template.id],
      script: 'Hello from {shopName}: {productNames}',
      setName: SET,
      collaborationName: SET,
      endsAt: new Date(endOfDay(await collaborationEndDate()) * 1000).toISOString(),
      commissionRates: { [String(template.id)]: 1500 },
      contactEmail: 'team@sunny.example',
      sampleApproval: 'review',
    },
    token,
  );
  expect((await settled(token, SET)).map((r) => r.status)).toEqual(['success', 'success']);

  // The replier has no record: the drawer offers the seller's shop and opens the conversation.
  await page.goto('/talent/search-table');
  await expect(page.locator('.talent-table thead')).toContainText('带货金额');
  await expect(page.locator('.talent-table thead')).not.toContainText('带货金额（元）');
  await talentRow(replier.username).getByRole('button', { name: '私信' }).click();
  await expect(drawer()).toContainText('选择一个已授权私信的 TikTok Shop 店铺开启会话');
  await shot(page, 'loop-links-start-zh-CN');
  await drawer().getByRole('button', { name: '开启会话' }).click();
  await expect(drawer()).toContainText('达人回复前还能发送 5 条消息');
  await drawer().getByPlaceholder('输入要发送给达人的消息').fill('你好！想请你试用我们的新品');
  await drawer().getByRole('button', { name: '发送' }).click();
  await expect(toast(page, '消息已发送')).toBeVisible();
  await expect(drawer()).toContainText('达人回复前还能发送 4 条消息');
  await drawer().locator('.arco-drawer-close-icon').click();

  // Eleven sandbox minutes: the reply (3 minutes) and the sample requests (4 + 6 minutes).
  await advanceSandboxClock(11 * 60);
  await expect
    .poll(async () => (await replyTodos()).filter((m) => m.status === 0).length, {
      timeout: 150_000,
      intervals: [3_000],
    })
    .toBe(1);

  // The Todo opens the conversation, and is read there.
  await page.goto('/talent/search-table');
  await page.getByRole('button', { name: '消息通知' }).click();
  const box = page.locator('.message-box');
  await box.getByRole('tab', { name: /^待办/ }).click();
  await box.locator('.message-item').filter({ hasText: replier.username }).first().click();
  await expect(drawer()).toBeVisible();
  await expect(drawer()).toContainText(`@${replier.username}`);
  await expect(drawer().locator('.conversation-message-creator')).toHaveCount(1);
  await expect(drawer()).toContainText('达人在等你的回复');
  await shot(page, 'loop-links-todo-conversation-zh-CN');
  await expect.poll(async () => (await replyTodos()).filter((m) => m.status === 0).length).toBe(0);
  await drawer().locator('.arco-drawer-close-icon').click();
});

test("a talent row's link shows its own sample requests", async () => {
  test.setTimeout(200_000);
  await expect
    .poll(async () => (await ownSamples()).length, { timeout: 150_000, intervals: [5_000] })
    .toBe(2);
  const [first, second] = accepters;
  await page.goto('/talent/search-table');
  await talentRow(`@${first.username}`).getByRole('link', { name: '样品申请' }).click();
  await expect(page).toHaveURL(/tab=samples&talentId=\d+/);
  await expect(sampleRows()).toHaveCount(1);
  await expect(sampleRows().first()).toContainText(`@${first.username}`);
  await expect(page.locator('.samples-talent')).toContainText(`只看达人：${first.nickname}`);
  await shot(page, 'loop-links-samples-zh-CN');
  // Closing the filter lists the shop's requests again, both of this spec's among them.
  await page.locator('.samples-talent .arco-tag-close-btn').click();
  await expect(sampleRows().filter({ hasText: `@${second.username}` })).toHaveCount(1);
  await expect(sampleRows().filter({ hasText: `@${first.username}` })).toHaveCount(1);
});

test('the links in English', async () => {
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('/talent/search-table');
  await expect(page.locator('.talent-table thead')).toContainText('Business amount');
  await expect(page.locator('.talent-table thead')).not.toContainText('(CNY)');
  const [, second] = accepters;
  await talentRow(`@${second.username}`).getByRole('link', { name: 'Sample requests' }).click();
  await expect(sampleRows()).toHaveCount(1);
  await expect(page.locator('.samples-talent')).toContainText(`Talent: ${second.nickname} only`);
  await shot(page, 'loop-links-samples-en-US');

  // The Todo, read, still opens its conversation from the message center.
  await page.goto('/user/messages?type=todo');
  await page.locator('.message-item').filter({ hasText: replier.username }).first().click();
  await expect(drawer()).toContainText(`@${replier.username}`);
  await expect(drawer()).toContainText('The creator is waiting for your answer');
  await expect(drawer().getByRole('button', { name: 'Send' })).toBeVisible();
  await shot(page, 'loop-links-todo-conversation-en-US');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
});
