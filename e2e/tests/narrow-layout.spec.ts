import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  accessToken,
  api,
  openMenu,
  registerSeller,
  shot,
  signIn,
  submitSignIn,
  toast,
} from '../support/console.ts';
import { baseURL } from '../support/server.ts';

/**
 * Issue 20 #4 and #15: the console on a phone (390 px) and the English texts that were cut.
 *
 * At 390 px the side menu is a drawer opened from the navbar; every main page fits the
 * screen (a table scrolls inside its own box); the message box, the settings and Logout
 * are in reach; the create-task drawer fits. At 1440 and 1280 px in English the long menu
 * title and the task types show whole, and signing in says "Welcome to InviteFlow".
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `narrow_${stamp}`,
  phoneNumber: `136${stamp}`,
  password: 'Narrow-pass-1',
};
const taskTypes = [
  'free_product',
  'targeted_product',
  'free_connection',
  'targeted_connection',
  'group_leader_activity',
] as const;

/** GETs from the API with the seller's token and answers the envelope's data. */
async function apiGet<T>(apiPath: string, token: string): Promise<T> {
  const response = await fetch(`${baseURL}${apiPath}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: T }).data;
}

test.beforeAll(async () => {
  await registerSeller(seller);
  const token = await accessToken(seller);
  const talentIds: number[] = [];
  for (const [index, name] of [
    '林间小鹿',
    'Luna Glow',
    '户外老张',
    'Chef Marco',
    '美妆小雨',
  ].entries()) {
    const talent = await api<{ id: number }>(
      '/api/v1/talents',
      { platform: 'douyin', platformTalentId: `narrow_${stamp}_${index}`, name, fansCount: 12_000 },
      token,
    );
    talentIds.push(talent.id);
  }
  await api(
    '/api/v1/shops',
    { platform: 'douyin', shopName: '美妆旗舰店', siteName: '中国站', shopCode: `NW-${stamp}` },
    token,
  );
  const shops = await apiGet<{ list: Array<{ id: number }> }>('/api/v1/shops?tab=BOUND', token);
  await api('/api/v1/templates/scripts', { content: '你好 {达人名称}', remark: '问候' }, token);
  await api('/api/v1/templates/products', { productId: 'P-1', productName: '玻尿酸面膜' }, token);
  // One send record of each task type, for the table's task type column.
  for (const [index, taskType] of taskTypes.entries()) {
    await api(
      '/api/v1/send-records',
      {
        shopId: shops.list[0]!.id,
        taskType,
        filterType: 'manual',
        talentIds: [talentIds[index]],
        contentType: 'vertical_video',
        script: '你好 {达人名称}',
        setName: `春季 ${index + 1}`,
      },
      token,
    );
  }
});

/**
 * Nothing on the page is wider than the screen: the document does not scroll sideways, and
 * no element reaches past the right edge, unless a box that fits the screen clips or
 * scrolls it (a table's own scroll area).
 */
async function expectNothingWider(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const sticking: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      let clipped = false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (
          getComputedStyle(parent).overflowX !== 'visible' &&
          parent.getBoundingClientRect().right <= width + 1
        ) {
          clipped = true;
          break;
        }
      }
      if (!clipped) {
        const name = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`;
        sticking.push(`${name} ends at ${Math.round(box.right)} px`);
      }
    }
    return { scrollWidth: document.scrollingElement!.scrollWidth, width, sticking };
  });
  expect(found.sticking, `${where}: elements past the right edge`).toEqual([]);
  expect(found.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(found.width);
}

/** The page has drawn its data: no spinner left, the breadcrumb names it. */
async function settled(page: Page, title: string) {
  await expect(page.locator('.layout-breadcrumb')).toContainText(title);
  await expect(page.locator('.arco-spin-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** Opens a page from the menu drawer, as a person on a phone does; the drawer then closes. */
async function openFromDrawer(page: Page, group: string, item: string) {
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.locator('.menu-drawer');
  await expect(drawer).toBeVisible();
  const header = drawer
    .locator('.arco-menu-inline-header')
    .filter({ has: page.getByText(group, { exact: true }) });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  await drawer.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(drawer).toBeHidden();
  await settled(page, item);
}

/** Wholly inside the viewport once it has settled (a drawer slides in: measured mid-slide it sticks out). */
async function expectOnScreen(page: Page, locator: Locator) {
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      if (!box) return 'not laid out';
      if (box.x < 0) return `starts at x = ${box.x}`;
      if (box.x + box.width > viewport.width) return `ends at x = ${box.x + box.width}`;
      return 'on screen';
    })
    .toBe('on screen');
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every main page fits the screen; the menu opens from the navbar and navigates', async ({
    page,
  }) => {
    // A dozen pages, each loaded and measured: a deadline for a busy machine, not a pace.
    test.setTimeout(360_000);
    await page.goto('/login');
    await expectNothingWider(page, 'login');
    await signIn(page, seller);
    // No side menu: the navbar's menu button, the message box and the avatar, all on screen.
    await expect(page.locator('.layout-sider')).toHaveCount(0);
    for (const name of ['打开菜单', '更多', seller.username]) {
      await expectOnScreen(page, page.getByRole('button', { name, exact: true }));
    }
    await expectOnScreen(page, page.getByLabel('消息通知'));

    const pages: Array<[group: string, item: string, path: RegExp]> = [
      ['发送记录', '工作台', /\/sent\/workplace$/],
      ['发送记录', '发送记录查询', /\/sent\/search-table$/],
      ['达人管理', '达人管理查询', /\/talent\/search-table$/],
      ['达人管理', '达人黑名单', /\/talent\/blacklist$/],
      ['店铺管理', '我的店铺', /\/shop\/list$/],
      ['模板管理', '话术模板', /\/template\/script$/],
      ['模板管理', '商品模板', /\/template\/product$/],
      ['会员中心', '购买会员', /\/membership\/purchase$/],
      ['会员中心', '购买记录', /\/membership\/records$/],
      ['个人中心', '用户信息', /\/user\/info$/],
      ['邀请有礼', '邀请奖励', /\/invite\/reward$/],
    ];
    for (const [group, item, path] of pages) {
      await openFromDrawer(page, group, item);
      await expect(page).toHaveURL(path);
      await expectNothingWider(page, item);
      await shot(page, `narrow-${path.source.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`);
    }

    // The messages: the bell's box, then its View More, the message center.
    await page.getByLabel('消息通知').click();
    const box = page.locator('.message-box');
    await expect(box).toBeVisible();
    await expectOnScreen(page, box);
    await box.getByRole('button', { name: '查看更多' }).click();
    await expect(page).toHaveURL(/\/user\/messages(\?|$)/);
    await settled(page, '消息中心');
    await expectNothingWider(page, '消息中心');

    // Change password, from the avatar's User Settings.
    await page.getByRole('button', { name: seller.username, exact: true }).click();
    await page.getByRole('menuitem', { name: '用户设置' }).click();
    await expect(page).toHaveURL(/\/user\/change-password$/);
    await settled(page, '修改密码');
    await expectNothingWider(page, '修改密码');
  });

  test('More holds the language, the theme and the settings; the settings drawer fits', async ({
    page,
  }) => {
    await signIn(page, seller);
    await page.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '页面配置' }).click();
    const settings = page.locator('.arco-drawer').filter({ hasText: '复制配置' });
    await expect(settings).toBeVisible();
    await expectOnScreen(page, settings);
    await expectNothingWider(page, 'settings drawer');
    await shot(page, 'narrow-settings-drawer');
    await settings.getByRole('button', { name: '关闭' }).first().click();
    await expect(settings).toBeHidden();

    // English from More: the menu drawer speaks it too.
    await page.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('.menu-drawer')).toContainText('Talent Management');
    await shot(page, 'narrow-menu-drawer-en-US');
    await page.keyboard.press('Escape');
    await expect(page.locator('.menu-drawer')).toBeHidden();
    await expectNothingWider(page, 'send records in English');
  });

  test('the create-task drawer fits the screen, its Create button in reach', async ({ page }) => {
    await signIn(page, seller);
    await page.getByRole('button', { name: '创建任务' }).click();
    const drawer = page.locator('.send-create');
    await expect(drawer).toBeVisible();
    // The drawer asks 760 px: here it is the screen's width.
    await expectOnScreen(page, drawer);
    expect((await drawer.boundingBox())!.width).toBe(390);
    await expectNothingWider(page, 'create-task drawer');
    await drawer.getByText('规则', { exact: true }).click();
    await expectNothingWider(page, 'create-task drawer, rules');
    await expectOnScreen(page, page.getByRole('button', { name: '创建', exact: true }));
    await shot(page, 'narrow-create-task');
  });

  test('Logout is in reach from the avatar and signs out', async ({ page }) => {
    await signIn(page, seller);
    const avatar = page.getByRole('button', { name: seller.username, exact: true });
    await expectOnScreen(page, avatar);
    await avatar.click();
    const logout = page.getByRole('menuitem', { name: '退出登录' });
    await expectOnScreen(page, logout);
    await logout.click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('用户名或手机号')).toBeVisible();
  });
});

/** Texts inside the element that their box cuts (an ellipsis, a line clamp): none expected. */
function cutTexts(element: Locator): Promise<string[]> {
  return element.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((node) => {
        const style = getComputedStyle(node);
        if (style.overflow === 'visible' && style.overflowX === 'visible') return false;
        return node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
      })
      .map((node) => node.textContent ?? ''),
  );
}

const englishTaskTypes = [
  'Free product invitation',
  'Targeted product invitation',
  'Free connection invitation',
  'Targeted connection invitation',
  'Group leader activity invitation',
];

for (const width of [1440, 1280]) {
  test(`at ${width} px in English the long menu title and the task types show whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await submitSignIn(page, seller, false);
    // The sign-in's greeting, in natural English.
    await expect(toast(page, 'Welcome to InviteFlow')).toBeVisible();

    // "Talent Management Query" at the spec's 220 px menu: wrapped, not cut.
    await openMenu(page, 'Talent Management', 'Talent Management Query');
    await expect(page).toHaveURL(/\/talent\/search-table$/);
    const item = page
      .locator('.layout-sider .arco-menu-item')
      .filter({ hasText: 'Talent Management Query' });
    await expect(item).toHaveText('Talent Management Query');
    expect(await cutTexts(item)).toEqual([]);

    // Every task type in the records table, whole.
    await openMenu(page, 'Send Records', 'Send Record Query');
    await expect(page).toHaveURL(/\/sent\/search-table$/);
    await expect(page.locator('.send-table tbody tr')).toHaveCount(5);
    const headers = await page.locator('.send-table thead th').allInnerTexts();
    const column = headers.findIndex((text) => text.trim() === 'Task type');
    expect(column, JSON.stringify(headers)).toBeGreaterThan(0);
    const cells = page.locator('.send-table tbody tr').locator(`td:nth-child(${column + 1})`);
    await expect(cells).toHaveCount(5);
    expect(
      (await cells.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()).sort(),
    ).toEqual([...englishTaskTypes].sort());
    for (const cell of await cells.all()) expect(await cutTexts(cell)).toEqual([]);
    // The status stays in view without scrolling the table.
    const table = await page.locator('.send-table .arco-table-container').boundingBox();
    const status = await page
      .locator('.send-table tbody tr')
      .first()
      .locator('td')
      .nth(headers.length - 2)
      .boundingBox();
    expect(status!.x + status!.width).toBeLessThanOrEqual(table!.x + table!.width + 1);
    await shot(page, `send-records-en-US-${width}`);
  });
}
