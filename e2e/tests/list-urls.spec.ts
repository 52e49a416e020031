import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot } from '../support/console.ts';

/**
 * Issue 20 #17 and #2: a link to a filtered list, opened signed out, shows that list after
 * the sign-in (the filters in the form and in the rows); a reload and Back keep what the
 * URL says; the search field finds a talent by its talent ID.
 */
const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `links_${stamp}`,
  phoneNumber: `135${stamp}`,
  password: 'Links-pass-1',
};

const library = [
  { name: '合作中大号', id: 'coop_a', fans: 12_000, status: 'cooperating' },
  { name: '合作中小号', id: 'coop_b', fans: 3_000, status: 'cooperating' },
  { name: '待联系大号', id: 'wait_c', fans: 20_000, status: 'pending_contact' },
];

function field(page: Page, label: string): Locator {
  return page
    .locator('.talent-filter-form .arco-form-item')
    .filter({ has: page.locator('.arco-form-label-item label').getByText(label, { exact: true }) });
}

async function visibleNames(page: Page): Promise<string[]> {
  await expect(page.locator('.talent-table .arco-spin-loading')).toHaveCount(0);
  return (await page.locator('.talent-table tbody tr .talent-name').allInnerTexts()).sort();
}

test.beforeAll(async () => {
  await registerSeller(seller);
  const token = await accessToken(seller);
  for (const talent of library) {
    await api(
      '/api/v1/talents',
      {
        platform: 'douyin',
        platformTalentId: talent.id,
        name: talent.name,
        fansCount: talent.fans,
        status: talent.status,
      },
      token,
    );
  }
});

test('a link to a filtered talent list shows that list after the sign-in', async ({ page }) => {
  const link = '/talent/search-table?status=cooperating&fansMin=10000&fansMax=50000&pageSize=10';
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('用户名或手机号').fill(seller.username);
  await page.getByLabel('密码', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();

  // The very link, its filters in the form and in the rows.
  await expect(page).toHaveURL(link);
  await expect(field(page, '状态')).toContainText('合作中');
  await expect(field(page, '粉丝数')).toContainText('10k-50k');
  await expect(page.getByText('共 1 条')).toBeVisible();
  expect(await visibleNames(page)).toEqual(['合作中大号']);
  await expect(page.locator('.arco-pagination-option')).toContainText('10');
  await shot(page, 'talents-deep-link');

  // A reload shows the same.
  await page.reload();
  await expect(page.getByText('共 1 条')).toBeVisible();
  expect(await visibleNames(page)).toEqual(['合作中大号']);
  await expect(field(page, '状态')).toContainText('合作中');

  // Reset, then a search by the start of a talent ID; Back returns to the reset list.
  await page.getByRole('button', { name: '重置' }).click();
  await expect(page.getByText('共 3 条')).toBeVisible();
  await field(page, '达人名称').locator('input').fill('COOP_');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/[?&]name=COOP_/);
  await expect(page.getByText('共 2 条')).toBeVisible();
  expect(await visibleNames(page)).toEqual(['合作中大号', '合作中小号'].sort());
  await page.goBack();
  await expect(page.getByText('共 3 条')).toBeVisible();
  await expect(field(page, '达人名称').locator('input')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(link);
  await expect(page.getByText('共 1 条')).toBeVisible();
});
