import { expect, test, type Browser, type Page } from '@playwright/test';
import { openMenu, registerSeller, shot, signIn, toast } from '../support/console.ts';
import { baseURL, smsCodeFromLog } from '../support/server.ts';

/**
 * Money and messages, end to end through the built product and its sandbox gateway:
 * buy the pro plan, pay at the sandbox cashier, come back to the result page, see the
 * plan and expiry, the paid order and its detail in the records, and the message in
 * the box; cancel another pending order; register a second account through the first
 * one's invite link, pay, and see the reward on the first account. Server menu mode
 * lists the new pages correctly. Screens are kept as screenshots in both languages.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `member_${stamp}`,
  phoneNumber: `135${stamp}`,
  password: 'Member-pass-1',
};
const friend = {
  username: `friend_${stamp}`,
  phoneNumber: `134${stamp}`,
  password: 'Friend-pass-1',
};

let page: Page;
let inviteLink = '';
let paidOrderNo = '';

function recordRow(target: Page, orderNo: string) {
  return target.locator('.records-table tbody tr').filter({ hasText: orderNo });
}

/** The element lies wholly inside the records table's visible area (not cut off by its scroll). */
async function expectInsideTable(target: Page, element: ReturnType<Page['locator']>) {
  const table = await target.locator('.records-table .arco-table-container').boundingBox();
  const box = await element.boundingBox();
  expect(table && box).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(table!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(table!.x + table!.width + 0.5);
}

test.beforeAll(async ({ browser }) => {
  await registerSeller(seller);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  await signIn(page, seller);
});

test.afterAll(async () => {
  await page.context().close();
});

test('the purchase page says there is no plan and offers the three plans, pro recommended', async () => {
  await openMenu(page, '会员中心', '购买会员');
  await expect(page).toHaveURL(/\/membership\/purchase$/);
  await expect(page.getByText('您当前没有生效的会员套餐')).toBeVisible();
  const cards = page.locator('.plan-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText('基础版');
  await expect(cards.nth(0)).toContainText('¥99.00');
  await expect(cards.nth(0)).toContainText('/ 1 个月');
  await expect(cards.nth(1)).toContainText('专业版');
  await expect(cards.nth(1)).toContainText('¥299.00');
  await expect(cards.nth(1)).toContainText('推荐');
  await expect(cards.nth(1)).toContainText('最多绑定 10 个店铺');
  await expect(cards.nth(2)).toContainText('¥999.00');
  await expect(cards.nth(2)).toContainText('/ 12 个月');
  await expect(cards.nth(1)).toHaveAttribute('aria-checked', 'true');
  const summary = page.locator('.order-summary');
  await expect(summary).toContainText('专业版');
  await expect(summary).toContainText('3 个月');
  await expect(summary).toContainText('支付宝');
  await expect(summary).toContainText('¥299.00');
  await shot(page, 'membership-purchase-zh-CN');
});

test('buys the pro plan through the sandbox gateway and comes back to the result page', async () => {
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  await expect(page.locator('.badge')).toHaveText('沙箱');
  await expect(page.getByTestId('sandbox-amount')).toHaveText('¥299.00');
  paidOrderNo = (await page.getByTestId('sandbox-order-no').textContent()) ?? '';
  expect(paidOrderNo).toMatch(/^M\d{14}[A-Z0-9]{6}$/);
  await shot(page, 'sandbox-cashier-zh-CN');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/membership\/result\?.*out_trade_no=/);
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(page.getByText(/专业版会员已开通，有效期至 \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await shot(page, 'membership-result-zh-CN');
});

test('sees the plan and its expiry on the purchase page', async () => {
  await page.getByRole('button', { name: '查看会员' }).click();
  await expect(page).toHaveURL(/\/membership\/purchase$/);
  await expect(page.locator('.membership-current-plan')).toHaveText('专业版');
  const expiry = await page.locator('.membership-current-expire').textContent();
  // Three months from today, in the browser's zone (Asia/Shanghai).
  const expected = new Date();
  expected.setMonth(expected.getMonth() + 3);
  const [y, m] = (expiry ?? '').split('-').map(Number);
  expect(y! * 12 + m!).toBe(expected.getFullYear() * 12 + expected.getMonth() + 1);
  await expect(page.getByText('可绑定 10 个店铺 · 每天可创建 1000 条邀约')).toBeVisible();
  await shot(page, 'membership-purchase-active-zh-CN');
});

test('finds the paid order in the records, with its detail', async () => {
  await openMenu(page, '会员中心', '购买记录');
  await expect(page).toHaveURL(/\/membership\/records$/);
  const row = recordRow(page, paidOrderNo);
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('¥299.00');
  await expect(row).toContainText('支付宝');
  await expect(row.getByRole('button', { name: '支付' })).toHaveCount(0);
  await row.getByRole('button', { name: '查看详情' }).click();
  const drawer = page.locator('.order-detail');
  await expect(drawer).toContainText('订单详情');
  await expect(drawer).toContainText(paidOrderNo);
  await expect(drawer).toContainText('支付宝（沙箱）');
  await expect(drawer).toContainText('支付宝异步通知');
  await expect(drawer).toContainText('已确认到账，会员已开通');
  await expect(drawer).toContainText(/会员有效期\s*\d{4}-\d{2}-\d{2}/);
  await shot(page, 'membership-order-detail-zh-CN');
  await drawer.locator('.arco-drawer-close-icon').click();
  await expect(drawer).toBeHidden();
  await shot(page, 'membership-records-zh-CN');
});

test('finds the payment message in the message box; a click marks it read', async () => {
  await page.getByLabel('消息通知').click();
  const box = page.locator('.message-box');
  const item = box.locator('.message-item').filter({ hasText: '支付成功' });
  // The box opens on the tab the unread message is in.
  await expect(item).toBeVisible();
  await box.getByRole('tab', { name: '通知 (1)' }).click();
  await expect(item).toContainText(paidOrderNo);
  await expect(item).toHaveClass(/message-item-unread/);
  // The box fits its popover: no text spills past the edge.
  expect(
    await page.locator('.message-popover').evaluate((el) => el.scrollWidth <= el.clientWidth),
  ).toBe(true);
  await shot(page, 'message-box-payment-zh-CN');
  await item.click();
  await expect(box.getByRole('tab', { name: '通知', exact: true })).toBeVisible();
  await expect(item).not.toHaveClass(/message-item-unread/);
  await box.getByRole('button', { name: '查看更多' }).click();
  await expect(page).toHaveURL(/\/user\/messages\?type=notice$/);
  await expect(page.locator('.message-center .message-item')).toHaveCount(1);
  await shot(page, 'message-center-zh-CN');
});

test('cancels another pending order, after leaving the cashier unpaid', async () => {
  await openMenu(page, '会员中心', '购买会员');
  await page.locator('.plan-card[data-plan="basic"]').click();
  await expect(page.locator('.order-summary')).toContainText('¥99.00');
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  const orderNo = (await page.getByTestId('sandbox-order-no').textContent()) ?? '';
  await page.getByRole('button', { name: '取消付款，返回商户' }).click();
  await expect(page).toHaveURL(/\/membership\/result\?out_trade_no=/);
  await expect(page.getByText('尚未收到付款')).toBeVisible();
  await page.getByRole('button', { name: '查看购买记录' }).click();
  const row = recordRow(page, orderNo);
  await expect(row).toContainText('待支付');
  // At 1440 px every column of a pending order is in view: its status and its three actions.
  await expectInsideTable(page, row.locator('.arco-tag'));
  for (const action of ['支付', '取消', '查看详情'])
    await expectInsideTable(page, row.getByRole('button', { name: action, exact: true }));
  await row.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('确定取消这个订单吗？取消后不能再支付。')).toBeVisible();
  await page.getByRole('button', { name: '取消订单' }).click();
  await expect(toast(page, '订单已取消')).toBeVisible();
  await expect(row).toContainText('已取消');
  await expect(row.getByRole('button', { name: '取消' })).toHaveCount(0);
  // The paid order is untouched.
  await expect(recordRow(page, paidOrderNo)).toContainText('已支付');
  // Filter: only cancelled orders.
  await page.locator('.records-filter .arco-select-view').nth(1).click();
  await page.locator('.arco-select-popup:visible').getByText('已取消', { exact: true }).click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.locator('.records-table tbody tr')).toHaveCount(1);
  await expect(recordRow(page, orderNo)).toBeVisible();
});

test('shows the invitation code and link on the invite page', async () => {
  await openMenu(page, '邀请有礼', '邀请奖励');
  await expect(page).toHaveURL(/\/invite\/reward$/);
  const code = (await page.getByTestId('invite-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  inviteLink = await page.getByLabel('邀请链接').inputValue();
  expect(inviteLink).toBe(`${baseURL}/register?inviteCode=${code}`);
  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(toast(page, '已复制到剪贴板')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
  await expect(page.getByText(/好友首次付费购买会员后，您立即获得 30 天会员时长/)).toBeVisible();
  await expect(page.getByText('还没有好友通过您的邀请注册，复制邀请链接发给好友吧')).toBeVisible();
  await shot(page, 'invite-reward-zh-CN');
});

async function friendJourney(browser: Browser) {
  // The friend reads English: the cashier follows the browser's language.
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('arco-locale', 'en-US'));
  const friendPage = await context.newPage();
  await friendPage.goto(inviteLink);
  const code = inviteLink.split('inviteCode=')[1]!;
  await expect(friendPage.getByLabel('Invitation code (optional)')).toHaveValue(code);
  await expect(friendPage.getByText('Filled in from your invitation link')).toBeVisible();
  await friendPage.getByLabel('Username').fill(friend.username);
  await friendPage.getByLabel('Phone number').fill(friend.phoneNumber);
  await friendPage.getByRole('button', { name: 'Get code' }).click();
  await friendPage.getByLabel('Verification code').fill(await smsCodeFromLog(friend.phoneNumber));
  await friendPage.getByLabel('Password', { exact: true }).fill(friend.password);
  await friendPage.getByLabel('Confirm password').fill(friend.password);
  await shot(friendPage, 'register-invited-en-US');
  await friendPage.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(friendPage).toHaveURL(/\/login/);
  await signIn(friendPage, friend, false);
  await friendPage.goto('/membership/purchase');
  await expect(friendPage.getByText('You have no active membership plan')).toBeVisible();
  await friendPage.locator('.plan-card[data-plan="basic"]').click();
  await shot(friendPage, 'membership-purchase-en-US');
  await friendPage.getByRole('button', { name: 'Buy now' }).click();
  await expect(friendPage.locator('.badge')).toHaveText('SANDBOX');
  await expect(friendPage.getByTestId('sandbox-amount')).toHaveText('¥99.00');
  await shot(friendPage, 'sandbox-cashier-en-US');
  await friendPage.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(friendPage.getByText('Payment succeeded')).toBeVisible();
  await shot(friendPage, 'membership-result-en-US');
  await friendPage.goto('/membership/records');
  await expect(friendPage.locator('.records-table tbody tr')).toHaveCount(1);
  await expect(friendPage.locator('.records-table tbody tr')).toContainText('Paid');
  await shot(friendPage, 'membership-records-en-US');
  await context.close();
}

test('a friend registers through the invite link and pays; the reward shows on the first account', async ({
  browser,
}) => {
  await friendJourney(browser);
  await page.reload();
  const masked = `${friend.phoneNumber.slice(0, 3)}****${friend.phoneNumber.slice(-4)}`;
  const invitee = page.locator('.invitees-table tbody tr').filter({ hasText: masked });
  await expect(invitee).toContainText('已付费');
  await expect(invitee).toContainText('已发放');
  const reward = page.locator('.rewards-table tbody tr').filter({ hasText: masked });
  await expect(reward).toContainText('30 天会员');
  await expect(page.locator('.invite-stats')).toContainText('30');
  await shot(page, 'invite-reward-granted-zh-CN');

  // The reward's message, in the Message tab.
  await page.getByLabel('消息通知').click();
  const box = page.locator('.message-box');
  await box.getByRole('tab', { name: '消息 (1)' }).click();
  await expect(box.locator('.message-item').filter({ hasText: '邀请奖励已到账' })).toContainText(
    masked,
  );
  await shot(page, 'message-box-reward-zh-CN');
  await box.getByRole('button', { name: '全部已读' }).click();
  await expect(box.getByRole('tab', { name: '消息', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The reward extended the pro plan: 30 days more than three months.
  await openMenu(page, '会员中心', '购买会员');
  await expect(page.locator('.membership-current-plan')).toHaveText('专业版');
});

test('the menu from the server lists the new pages, never the hidden ones, in both languages', async () => {
  await page.getByLabel('页面配置').first().click();
  const drawer = page.locator('.arco-drawer').filter({ hasText: '页面配置' });
  await drawer.getByLabel('菜单来源于后台').click();
  await expect(
    page.locator('.arco-notification').filter({ hasText: '菜单加载成功' }),
  ).toBeVisible();
  await drawer.getByRole('button', { name: '关闭' }).click();
  const menu = page.locator('.arco-menu');
  await expect(menu.getByText('购买会员', { exact: true })).toBeVisible();
  await expect(menu.getByText('购买记录', { exact: true })).toBeVisible();
  await expect(menu.getByText('支付结果')).toHaveCount(0);
  await expect(menu.getByText('消息中心')).toHaveCount(0);
  await menu.getByText('购买记录', { exact: true }).click();
  await expect(page).toHaveURL(/\/membership\/records$/);

  // English, with the server's menu still in use.
  await page.getByLabel('语言').click();
  await page
    .getByRole('menuitem', { name: 'English' })
    .or(page.getByText('English', { exact: true }))
    .first()
    .click();
  await expect(menu.getByText('Purchase Records', { exact: true })).toBeVisible();
  await expect(page.locator('.records-table th').first()).toHaveText('Order number');
  await shot(page, 'membership-records-server-menu-en-US');
  await recordRow(page, paidOrderNo).getByRole('button', { name: 'View detail' }).click();
  const detail = page.locator('.order-detail');
  await expect(detail).toContainText('Alipay (sandbox)');
  await expect(detail).toContainText('Payment confirmed, membership granted');
  await shot(page, 'membership-order-detail-en-US');
  await detail.locator('.arco-drawer-close-icon').click();
  await expect(detail).toBeHidden();
  await page.goto('/user/messages');
  await expect(page.locator('.message-center')).toContainText('Message Center');
  await shot(page, 'message-center-en-US');
  await page.goto('/invite/reward');
  await expect(page.getByText('Invite friends, earn membership days')).toBeVisible();
  await shot(page, 'invite-reward-en-US');

  // A server that cannot answer: 'menu load failed', the console keeps its own menu.
  await page.route('**/api/v1/menu', (route) => route.abort());
  await page.getByLabel('Settings').first().click();
  const en = page.locator('.arco-drawer').filter({ hasText: 'Settings' });
  await en.getByLabel('Menu From Server').click();
  await en.getByLabel('Menu From Server').click();
  await expect(
    page.locator('.arco-notification').filter({ hasText: 'menu load failed' }),
  ).toBeVisible();
  await en.getByRole('button', { name: 'Close' }).click();
  await openMenu(page, 'Membership', 'Purchase Records');
  await expect(page).toHaveURL(/\/membership\/records$/);
});
