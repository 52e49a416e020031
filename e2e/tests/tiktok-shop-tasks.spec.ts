import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot, signIn } from '../support/console.ts';
import {
  buyPlan,
  endOfDay,
  expectListed,
  field,
  openCreateDrawer,
  recordsOf,
  releaseAuthorizedShops,
  settled,
  submitTask,
} from '../support/platform-tasks.ts';
import { baseURL } from '../support/server.ts';
import {
  addTikTokTalent,
  collaborationEndDate,
  creatorsOf,
  sandboxUsLiveProducts,
  tiktokControlGet,
  type SandboxCreator,
} from '../support/tiktok-sandbox.ts';

/**
 * Every task type on a TikTok shop connected by authorization, as a seller does it on the
 * embedded default (issue 16): connect the sandbox's US seller, create each task in the
 * console's drawer, and watch the server execute it through the platform's Open API — records
 * reaching success, or failure with the platform's code — while the sandbox TikTok Shop
 * receives the collaboration's name, end, commissions and sample rule exactly as entered.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `ttt_${stamp}`,
  phoneNumber: `136${stamp}`,
  password: 'Tasks-pass-1',
};
const TC_PATH = '/affiliate_seller/202508/target_collaborations';

interface SandboxCall {
  id: number;
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  code: number | null;
}

let page: Page;
let token: string;
let shopName: string;
let products: Array<{ id: string; title: string }>;
/** Plain creators not yet used by a test, and the excluded ones. */
let plain: SandboxCreator[];
let excluded: SandboxCreator[];
/** The collaborations' end: 40 days after the sandbox's today (other specs move its clock). */
let endDate: string;

async function calls(pathPrefix: string): Promise<SandboxCall[]> {
  const data = await tiktokControlGet<{ calls: SandboxCall[] }>(
    `/calls?path_prefix=${encodeURIComponent(pathPrefix)}&limit=1000`,
  );
  return data.calls;
}

/** Adds TikTok talents to the library through the API (the talent pages are tested elsewhere). */
async function addTalents(creators: SandboxCreator[]) {
  for (const c of creators) await addTikTokTalent(c, token);
}

function take(count: number): SandboxCreator[] {
  return plain.splice(0, count);
}

/** The create drawer, its shop, type, talents, products and set name filled. */
async function openCreate(taskType: string, talents: string[], setName: string) {
  const drawer = await openCreateDrawer(page, shopName, taskType, talents);
  await field(page, drawer, '话术')
    .locator('textarea')
    .fill('Hi {talentName}, {shopName} would love to work with you');
  // A multiple select keeps its list open after a choice, covering its own box: open it
  // once and pick every product from the open list (clicking the box again would hit the
  // list's first option, which stays on top of it).
  await field(page, drawer, '商品模板').locator('.arco-select-view').first().click();
  const productList = page.locator('.arco-select-popup:visible');
  for (const product of products) {
    const option = productList.getByRole('option', { name: `${product.title} · ${product.id}` });
    await option.first().click();
    await expect(option.first()).toHaveAttribute('aria-selected', 'true');
  }
  await page.keyboard.press('Escape');
  await expect(productList).toHaveCount(0);
  await field(page, drawer, '集合名称').locator('input').fill(setName);
  return drawer;
}

/** The target collaboration's terms, as a seller types them. */
async function fillCollaboration(
  drawer: Locator,
  name: string,
  endDate: string,
  percents: string[],
) {
  await field(page, drawer, '合作名称').locator('input').fill(name);
  const date = field(page, drawer, '合作结束日期').locator('input');
  await date.click();
  await date.fill(endDate);
  await date.press('Enter');
  for (const [i, product] of products.entries()) {
    await drawer
      .locator('.send-commission')
      .filter({ hasText: product.id })
      .locator('input')
      .fill(percents[i]!);
  }
  await field(page, drawer, '卖家联系邮箱').locator('input').fill('team@sunny.example');
}

interface RecordView {
  talentName: string;
  status: string;
  errorCode: string | null;
  platformAnswer: { code: string | null } | null;
  platformReference: { targetCollaborationId?: string; conversationId?: string } | null;
  setName: string;
}

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  token = await accessToken(seller);
  page = await browser.newPage();
  await signIn(page, seller);
  await buyPlan(page);

  products = (await sandboxUsLiveProducts()).slice(0, 2);
  for (const p of products) {
    await api('/api/v1/templates/products', { productId: p.id, productName: p.title }, token);
  }
  // Creators of this spec's own range, and the platform's excluded ones.
  plain = await creatorsOf('tiktok-shop-tasks');
  endDate = await collaborationEndDate();
  excluded = (
    await tiktokControlGet<{ creators: SandboxCreator[] }>(
      '/creators?region=US&trait=excluded&limit=2',
    )
  ).creators;
});

test.afterAll(async () => {
  await releaseAuthorizedShops(token);
  await page.close();
});

test('connects the sandbox US seller: its shop is bound and authorized', async () => {
  await page.goto('/shop/list');
  await page.getByRole('button', { name: '连接 TikTok Shop' }).click();
  await expect(page).toHaveURL(/\/sandbox\/tiktok-shop\/open\/authorize\?/);
  await page.getByTestId('seller-local-us').locator('input[type=radio]').check();
  await page.getByRole('button', { name: '授权', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/list$/);
  const row = page.locator('.shop-table tbody tr').filter({ hasText: '美国站' });
  await expect(row).toContainText('已授权');
  const shops = await fetch(`${baseURL}/api/v1/shops?tab=BOUND`, {
    headers: { Authorization: `Bearer ${token}` },
  }).then(
    (r) => r.json() as Promise<{ data: { list: Array<{ shopName: string; source: string }> } }>,
  );
  shopName = shops.data.list.find((s) => s.source === 'authorization')!.shopName;
  await expect(row).toContainText(shopName);
});

test('targeted product invitation: the terms arrive as entered; an excluded creator fails with the platform code', async () => {
  const chosen = [...take(2), excluded[0]!];
  await addTalents(chosen);
  const drawer = await openCreate(
    '定向商品邀约',
    chosen.map((c) => c.username),
    '定向商品 E2E',
  );
  await fillCollaboration(drawer, 'Spring E2E', endDate, ['12.5', '20']);
  await expect(drawer.getByTestId('send-sample-rule')).toHaveText('定向商品邀约不提供免费样品');
  await shot(page, 'tiktok-task-targeted-product-zh-CN');
  await submitTask(page, drawer, 3);

  const list = await settled<RecordView>(token, '定向商品 E2E');
  const byName = new Map(list.map((r) => [r.talentName, r]));
  expect(byName.get(chosen[0]!.username)?.status).toBe('success');
  expect(byName.get(chosen[1]!.username)?.status).toBe('success');
  expect(byName.get(excluded[0]!.username)).toMatchObject({
    status: 'failed',
    errorCode: 'talent_excluded',
    platformAnswer: { code: '16024020' },
  });
  const made = (await calls(TC_PATH)).filter((c) => c.method === 'POST' && c.code === 0);
  const body = made.find(
    (c) => c.body?.name === 'Spring E2E' || String(c.body?.name).startsWith('Spring E2E'),
  )!.body!;
  expect(body.end_time).toBe(String(endOfDay(endDate)));
  expect(body.products).toEqual([
    { id: products[0]!.id, target_commission_rate: 1250 },
    { id: products[1]!.id, target_commission_rate: 2000 },
  ]);
  expect(body.seller_contact_info).toEqual({ email: 'team@sunny.example' });
  expect(body.free_sample_rule).toEqual({
    has_free_sample: false,
    is_sample_approval_exempt: false,
  });
  await expectListed(page, '定向商品 E2E', {
    [chosen[0]!.username]: '成功',
    [excluded[0]!.username]: '达人被平台排除，不可邀约',
  });
  await shot(page, 'tiktok-task-records-zh-CN');
});

test('free product invitation: free samples, approved automatically, arrive as chosen', async () => {
  const chosen = take(2);
  await addTalents(chosen);
  const drawer = await openCreate(
    '免费商品邀约',
    chosen.map((c) => c.username),
    '免费商品 E2E',
  );
  await fillCollaboration(drawer, 'Samples E2E', endDate, ['8', '15.25']);
  await field(page, drawer, '样品申请审核').getByText('自动通过').click();
  await submitTask(page, drawer, 2);
  const list = await settled<RecordView>(token, '免费商品 E2E');
  expect(list.map((r) => r.status)).toEqual(['success', 'success']);
  const made = (await calls(TC_PATH)).filter(
    (c) => c.method === 'POST' && c.body?.name === 'Samples E2E',
  );
  expect(made).toHaveLength(1);
  expect(made[0]!.body!.free_sample_rule).toEqual({
    has_free_sample: true,
    is_sample_approval_exempt: true,
  });
  expect(made[0]!.body!.products).toEqual([
    { id: products[0]!.id, target_commission_rate: 800 },
    { id: products[1]!.id, target_commission_rate: 1525 },
  ]);
});

test('free connection invitation: a conversation with the text and a card per product', async () => {
  const chosen = take(1);
  await addTalents(chosen);
  const drawer = await openCreate(
    '免费建联邀约',
    chosen.map((c) => c.username),
    '免费建联 E2E',
  );
  await submitTask(page, drawer, 1);
  const [record] = await settled<RecordView>(token, '免费建联 E2E');
  expect(record!.status).toBe('success');
  const id = record!.platformReference!.conversationId!;
  const sent = (await calls(`/affiliate_seller/202412/conversations/${id}/messages`)).filter(
    (c) => c.method === 'POST',
  );
  expect(sent.map((c) => c.body?.msg_type)).toEqual(['TEXT', 'PRODUCT_CARD', 'PRODUCT_CARD']);
  expect(JSON.parse(String(sent[0]!.body!.content))).toEqual({
    content: `Hi ${chosen[0]!.username}, ${shopName} would love to work with you`,
  });
});

test('targeted connection invitation: the collaboration, then its card to each creator', async () => {
  const chosen = take(2);
  await addTalents(chosen);
  const drawer = await openCreate(
    '定向建联邀约',
    chosen.map((c) => c.username),
    '定向建联 E2E',
  );
  await fillCollaboration(drawer, 'Cards E2E', endDate, ['10', '10']);
  await submitTask(page, drawer, 2);
  const list = await settled<RecordView>(token, '定向建联 E2E');
  expect(list.map((r) => r.status)).toEqual(['success', 'success']);
  const collaboration = list[0]!.platformReference!.targetCollaborationId!;
  for (const record of list) {
    const sent = (
      await calls(
        `/affiliate_seller/202412/conversations/${record.platformReference!.conversationId}/messages`,
      )
    ).filter((c) => c.method === 'POST');
    expect(sent.map((c) => [c.body?.msg_type, JSON.parse(String(c.body?.content))])).toEqual([
      ['TARGET_COLLABORATION_CARD', { target_collaboration_id: collaboration }],
    ]);
  }
});

test('group leader activity invitation: refused on a shop connected by authorization, saying why', async () => {
  const chosen = take(1);
  await addTalents(chosen);
  const drawer = await openCreate(
    '团长活动邀约',
    chosen.map((c) => c.username),
    '团长 E2E',
  );
  await expect(drawer.getByTestId('send-browser-only')).toBeVisible();
  await drawer.getByRole('button', { name: '创建', exact: true }).click();
  await expect(page.getByText(/暂不能为它创建团长活动邀约/).first()).toBeVisible();
  await shot(page, 'tiktok-task-group-leader-zh-CN');
  expect(await recordsOf<RecordView>(token, '团长 E2E')).toEqual([]);
});
