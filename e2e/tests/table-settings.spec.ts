import { expect, test, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot, signIn } from '../support/console.ts';

/**
 * Issue 20 #6: at 1280 px the talent table shows its key columns (name, platform, status,
 * fans, business amount, deals and the actions) without scrolling, in both languages; the
 * density and the columns a seller chooses survive a reload.
 */
const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `tables_${stamp}`,
  phoneNumber: `136${stamp}`,
  password: 'Tables-pass-1',
};

const keyColumns = {
  'zh-CN': ['达人名称', '平台', '状态', '粉丝数', '带货金额', '成交单数', '操作'],
  'en-US': [
    'Talent name',
    'Platform',
    'Status',
    'Fans',
    'Business amount',
    'Deal count',
    'Operations',
  ],
} as const;

test.beforeAll(async () => {
  await registerSeller(seller);
  const token = await accessToken(seller);
  for (const [index, status] of ['cooperation_ended', 'pending_contact', 'cooperating'].entries()) {
    await api(
      '/api/v1/talents',
      {
        platform: 'douyin',
        platformTalentId: `tbl_${index}`,
        name: `宽表达人${index}`,
        fansCount: 1_234_567 + index,
        businessAmountFen: 987_654_321 + index,
        dealCount: 321 + index,
        status,
        labels: ['quality'],
      },
      token,
    );
  }
});

/** The table's header texts in order (the selection column's is empty). */
async function headers(page: Page): Promise<string[]> {
  return (await page.locator('.talent-table thead th').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );
}

/**
 * Each named column, head and first cell, lies whole inside the table's visible part and
 * is not hidden under the fixed actions column (the table is not scrolled).
 */
async function expectInView(page: Page, names: readonly string[]) {
  const table = page.locator('.talent-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const boxes = await table.evaluate((element, wanted) => {
    const body = element.querySelector('.arco-table-body') ?? element;
    const view = body.getBoundingClientRect();
    const heads = Array.from(element.querySelectorAll<HTMLElement>('thead th'));
    const actions = heads.at(-1)!.getBoundingClientRect();
    return wanted.map((name) => {
      const index = heads.findIndex((th) => th.innerText.replace(/\s+/g, ' ').trim() === name);
      const head = heads[index]?.getBoundingClientRect();
      const cell = element
        .querySelector<HTMLElement>(`tbody tr td:nth-child(${index + 1})`)
        ?.getBoundingClientRect();
      return {
        name,
        found: index >= 0 && Boolean(cell),
        left: Math.min(head?.left ?? -1, cell?.left ?? -1),
        right: Math.max(head?.right ?? 1e6, cell?.right ?? 1e6),
        viewLeft: view.left,
        viewRight: view.right,
        isActions: index === heads.length - 1,
        actionsLeft: actions.left,
        windowWidth: document.documentElement.clientWidth,
        pageWidth: document.documentElement.scrollWidth,
      };
    });
  }, names);
  for (const box of boxes) {
    expect(box.found, `${box.name} is a column`).toBe(true);
    expect(box.left, `${box.name} starts in view`).toBeGreaterThanOrEqual(box.viewLeft - 1);
    expect(box.right, `${box.name} ends in view`).toBeLessThanOrEqual(box.viewRight + 1);
    if (!box.isActions)
      expect(box.right, `${box.name} is not under the actions`).toBeLessThanOrEqual(
        box.actionsLeft + 1,
      );
    expect(box.pageWidth, 'the page itself does not scroll sideways').toBeLessThanOrEqual(
      box.windowWidth,
    );
  }
}

test('at 1280 px the talent table shows its key columns in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, seller);
  await page.goto('/talent/search-table');
  await expectInView(page, keyColumns['zh-CN']);
  await shot(page, 'talents-1280-zh');

  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.reload();
  await expect(page.getByText('Talent Management Query').first()).toBeVisible();
  await expectInView(page, keyColumns['en-US']);
  await shot(page, 'talents-1280-en');
});

test('the density and the columns chosen survive a reload', async ({ page }) => {
  await signIn(page, seller);
  await page.goto('/talent/search-table');
  const table = page.locator('.talent-table');
  // The first visit loads the page's code and the list: a deadline for a busy machine.
  await expect(table.locator('tbody tr')).toHaveCount(3, { timeout: 60_000 });
  await expect(table).toHaveClass(/arco-table-size-middle/);

  // Density: mini.
  await page.getByRole('button', { name: '密度' }).click();
  await page.locator('.table-density-menu').getByText('迷你').click();
  await expect(table).toHaveClass(/arco-table-size-mini/);

  // Columns: labels hidden, remark shown, deals moved above the business amount.
  await page.getByRole('button', { name: '列设置' }).click();
  const list = page.getByRole('list', { name: '列设置' });
  // Arco draws the box; its label takes the click, as a person's does.
  await list.getByText('标签', { exact: true }).click();
  await list.getByText('备注', { exact: true }).click();
  await list.getByRole('button', { name: '上移“成交单数”' }).click();
  const chosen = ['', '达人名称', '平台', '状态', '粉丝数', '成交单数', '带货金额', '店铺'];
  await expect.poll(async () => (await headers(page)).slice(0, 8)).toEqual(chosen);
  expect(await headers(page)).toContain('备注');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table).toHaveClass(/arco-table-size-mini/);
  await expect.poll(async () => (await headers(page)).slice(0, 8)).toEqual(chosen);
  expect(await headers(page)).toContain('备注');
  expect(await headers(page)).not.toContain('标签');
  await shot(page, 'talents-settings-kept');

  // Reset brings the default columns back; the density stays the seller's.
  await page.getByRole('button', { name: '列设置' }).click();
  await page.getByRole('button', { name: '恢复默认' }).click();
  await expect
    .poll(async () => (await headers(page)).slice(0, 8))
    .toEqual(['', '达人名称', '平台', '状态', '粉丝数', '带货金额', '成交单数', '标签']);
  await expect(table).toHaveClass(/arco-table-size-mini/);
});
