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
  releaseAuthorizedShops,
  settled,
} from '../support/platform-tasks.ts';
import {
  addTikTokTalent,
  advanceSandboxClock,
  creatorsOf,
  type SandboxCreator,
} from '../support/tiktok-sandbox.ts';

/**
 * Conversations (issue 19) on the embedded default: a free connection invitation opens a
 * conversation with the sandbox's fixed creator n % 50 = 4, which replies 3 minutes after each
 * seller message; the sandbox clock moves, the platform sync stores the reply, and the seller
 * reads and answers it in the conversation drawer, from the talent library and from the send
 * record, in both languages.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = { username: `conv_${stamp}`, phoneNumber: `137${stamp}`, password: 'Conv-pass-1' };
const SET = '私信 E2E';

let page: Page;
let token: string;
let creator: SandboxCreator;
let recordId: number;

const authorized = <T>(apiPath: string) => apiGet<T>(apiPath, token);

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  token = await accessToken(seller);
  page = await browser.newPage();
  await signIn(page, seller);
  await buyPlan(page);
  // A replying creator (n % 50 = 4) of this spec's own range.
  creator = (await creatorsOf('conversations', 'replies'))[0]!;
  expect(creator).toBeTruthy();
});

test.afterAll(async () => {
  await releaseAuthorizedShops(token);
  await page.close();
});

test('a creator replies: the conversation drawer shows it on the talent, the seller answers', async () => {
  const shopId = (await connectSandboxUsSeller(page, token)).id;

  // The talent and a free connection invitation (the task drawer is tested elsewhere).
  const talent = await addTikTokTalent(creator, token);
  await api(
    '/api/v1/send-records',
    {
      shopId,
      taskType: 'free_connection',
      contentType: 'vertical_video',
      filterType: 'manual',
      talentIds: [talent.id],
      script: 'Hi {talentName}, would you like to try our spring collection?',
      setName: SET,
    },
    token,
  );
  const [record] = await settled<{ id: number; status: string; setName: string }>(token, SET);
  expect(record!.status).toBe('success');
  recordId = record!.id;

  // Four sandbox minutes later the creator has replied; the sync (each minute) reads it.
  await advanceSandboxClock(240);
  await expect
    .poll(
      async () =>
        (
          await authorized<{ conversation: { awaitingReplySince: string | null } | null }>(
            `/api/v1/send-records/${recordId}/conversation`,
          )
        ).conversation?.awaitingReplySince ?? null,
      { timeout: 100_000, intervals: [2_000] },
    )
    .not.toBeNull();

  // The talent moved to communicating; the drawer opens from its row.
  await page.goto('/talent/search-table');
  const row = page.locator('tbody tr').filter({ hasText: creator.username }).first();
  await expect(row).toContainText('沟通中');
  await row.getByRole('button', { name: '私信' }).click();
  const drawer = page.locator('.conversation-drawer');
  await expect(drawer).toContainText(`与 ${creator.username} 的私信`);
  await expect(drawer).toContainText('达人在等你的回复');
  await expect(drawer.locator('.conversation-message-creator')).toHaveCount(1);
  await shot(page, 'conversation-drawer-talent-zh-CN');

  await drawer.getByPlaceholder('输入要发送给达人的消息').fill('谢谢！我们给你寄一份样品好吗？');
  await drawer.getByRole('button', { name: '发送' }).click();
  await expect(toast(page, '消息已发送')).toBeVisible();
  await expect(drawer).not.toContainText('达人在等你的回复');
  await expect(drawer.locator('.conversation-message-seller').last()).toContainText('样品');
  await shot(page, 'conversation-drawer-answered-zh-CN');
});

test('the send record opens the same conversation, in English', async () => {
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('/sent/search-table');
  const row = page.locator('.send-table tbody tr').filter({ hasText: creator.username }).first();
  await row.getByRole('button', { name: 'Messages', exact: true }).click();
  const drawer = page.locator('.conversation-drawer');
  await expect(drawer).toContainText(`Messages with ${creator.username}`);
  await expect(drawer.locator('.conversation-message-seller').last()).toContainText('样品');
  await expect(drawer.getByRole('button', { name: 'Send' })).toBeVisible();
  await drawer.getByText('Product card', { exact: true }).click();
  await shot(page, 'conversation-drawer-record-en-US');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
});
