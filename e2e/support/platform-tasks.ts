import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from './console.ts';
import { baseURL } from './server.ts';

/**
 * What the journeys of a shop connected by authorization share (tiktok-shop-tasks,
 * doudian-tasks): a plan bought as a seller does, a sandbox platform's control API, the
 * create drawer's fields, and the records of a task's set as the server settles them.
 */

/** A GET of a sandbox platform's control API (`base`: the sandbox's root), its data. */
export async function sandboxGet<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}/control${path}`);
  const body = (await res.json()) as { data: T };
  return body.data;
}

/** A plan that binds shops, bought on the sandbox gateway as a seller does. */
export async function buyPlan(page: Page) {
  await page.goto('/membership/purchase');
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
}

/** A form item of `scope` by its label. */
export function field(page: Page, scope: Locator, label: string) {
  return scope
    .locator('.arco-form-item')
    .filter({ has: page.locator('.arco-form-label-item label').getByText(label, { exact: true }) })
    .first();
}

/** Opens a select and picks an option. */
export async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.locator('.arco-select-view').first().click();
  await page
    .locator('.arco-select-popup:visible')
    .getByRole('option', { name: option })
    .first()
    .click();
}

/** The create drawer opened from the send records, its shop, type and talents chosen. */
export async function openCreateDrawer(
  page: Page,
  shopName: string,
  taskType: string,
  talents: string[],
): Promise<Locator> {
  await page.goto('/sent/search-table');
  await page.getByRole('button', { name: '创建任务' }).click();
  const drawer = page.locator('.send-create');
  await choose(page, field(page, drawer, '店铺'), shopName);
  await choose(page, field(page, drawer, '任务类型'), taskType);
  const picker = field(page, drawer, '达人').locator('.arco-select-view');
  await picker.click();
  for (const name of talents) {
    await page.keyboard.type(name.slice(0, 6));
    await page.locator('.arco-select-popup:visible').getByRole('option', { name }).click();
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('.arco-select-popup:visible')).toHaveCount(0);
  return drawer;
}

/** Creates the drawer's task: the toast counts the records made, and the drawer closes. */
export async function submitTask(page: Page, drawer: Locator, count: number) {
  await drawer.getByRole('button', { name: '创建', exact: true }).click();
  await expect(toast(page, `已创建 ${count} 条发送记录`)).toBeVisible();
  await expect(drawer).toBeHidden();
}

/** What every spec reads of a record; each spec names the rest it reads. */
export interface RecordOfSet {
  setName: string;
  status: string;
}

/** The seller's records of one set (the task's), as the API lists them. */
export async function recordsOf<R extends RecordOfSet>(token: string, setName: string) {
  const res = await fetch(`${baseURL}/api/v1/send-records?pageSize=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { list: R[] } };
  return body.data.list.filter((r) => r.setName === setName);
}

/** Waits (the server's job runs each second) until the set has records and all are final. */
export async function settled<R extends RecordOfSet>(token: string, setName: string) {
  await expect
    .poll(
      async () => {
        const list = await recordsOf<R>(token, setName);
        return list.length > 0 && list.every((r) => ['success', 'failed'].includes(r.status));
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return recordsOf<R>(token, setName);
}

/** The records table shows the set's records with these statuses. */
export async function expectListed(page: Page, setName: string, statuses: Record<string, string>) {
  await page.goto('/sent/search-table');
  for (const [name, status] of Object.entries(statuses)) {
    const row = page
      .locator('.send-table tbody tr')
      .filter({ hasText: name })
      .filter({ hasText: setName });
    await expect(row).toContainText(status);
  }
}

/**
 * A task's end date 40 days ahead of our clock (YYYY-MM-DD), as the date picker takes it: for
 * 抖店's sandbox, whose clock never moves (the TikTok sandbox's does: `collaborationEndDate`).
 */
export const END_DATE = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

/** The end of the chosen day in the seller's zone (Asia/Shanghai, the account's default), in seconds. */
export function endOfDay(date: string): number {
  return Date.parse(`${date}T23:59:59+08:00`) / 1000;
}

/** A shop connected by authorization, as the API lists it. */
export interface ConnectedShop {
  id: number;
  shopName: string;
}

/**
 * Connects the sandbox TikTok Shop seller `local-us` as a seller does (My Shops → Connect
 * TikTok Shop → the sandbox's authorization page → allow): its authorized shop.
 */
export async function connectSandboxUsSeller(page: Page, token: string): Promise<ConnectedShop> {
  await page.goto('/shop/list');
  await page.getByRole('button', { name: '连接 TikTok Shop' }).click();
  await page.getByTestId('seller-local-us').locator('input[type=radio]').check();
  await page.getByRole('button', { name: '授权', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/list$/);
  const res = await fetch(`${baseURL}/api/v1/shops?tab=BOUND`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    data: { list: Array<ConnectedShop & { source: string }> };
  };
  const shop = body.data.list.find((s) => s.source === 'authorization')!;
  return { id: shop.id, shopName: shop.shopName };
}

/**
 * Unbinds the shops the spec's account connected by authorization, so the next spec's account
 * can connect the same sandbox seller or 抖店 shop (a shop is bound to one account at a time).
 */
export async function releaseAuthorizedShops(token: string): Promise<void> {
  const res = await fetch(`${baseURL}/api/v1/shops?tab=BOUND`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    data: { list: Array<{ id: number; source: string }> };
  };
  for (const shop of body.data.list.filter((s) => s.source === 'authorization')) {
    const unbound = await fetch(`${baseURL}/api/v1/shops/${shop.id}/unbind`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(unbound.status).toBe(200);
  }
}
