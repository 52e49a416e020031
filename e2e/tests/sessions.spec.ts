import {
  expect,
  test,
  type BrowserContext,
  type Cookie,
  type Page,
  type Route,
} from '@playwright/test';
import { api, registerSeller, submitSignIn, type Seller } from '../support/console.ts';
import { baseURL } from '../support/server.ts';

/**
 * Sessions in the browser (issue 15, F11/F13): the refresh token lives in an HttpOnly
 * cookie of the refresh path that no script reads and no storage holds; "remember" makes
 * it persistent; a console opened with an expired access token refreshes and stays signed
 * in; two tabs refreshing at once both stay signed in; logout clears the cookie.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller: Seller = {
  username: `sess_${stamp}`,
  phoneNumber: `135${stamp}`,
  password: 'Session-pass-1',
};
const refreshPath = '/api/v1/auth/refresh';
const DAY_S = 24 * 60 * 60;

async function refreshCookie(context: BrowserContext): Promise<Cookie | undefined> {
  const cookies = await context.cookies(`${baseURL}${refreshPath}`);
  return cookies.find((cookie) => cookie.name === 'inviteflow_refresh');
}

/** Everything the page's scripts can see: its cookies and both storages. */
function visibleToScripts(page: Page) {
  return page.evaluate(() => ({
    cookie: document.cookie,
    local: { ...localStorage },
    session: { ...sessionStorage },
  }));
}

async function signInOn(page: Page, remember: boolean) {
  await page.goto('/login');
  // The form remembers the last choice: set it to what this test needs.
  const box = page.getByRole('checkbox');
  if ((await box.isChecked()) !== remember) await page.getByText('记住密码').click();
  await submitSignIn(page, seller);
}

/** A console page that is signed in and not showing the "Authentication failed" dialog. */
async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/sent\/search-table$/);
  await expect(page.locator('.arco-menu').getByText('发送记录查询')).toBeVisible();
  await expect(page.getByText('认证失败')).toHaveCount(0);
}

test.beforeAll(async () => {
  await registerSeller(seller);
});

test('without "remember" the refresh token is an HttpOnly session cookie that no script or storage holds', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOn(page, false);
  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({
    path: refreshPath,
    httpOnly: true,
    sameSite: 'Strict',
    secure: false,
    // A session cookie: it ends with the browser.
    expires: -1,
  });
  const seen = await visibleToScripts(page);
  expect(seen.cookie).not.toContain('inviteflow_refresh');
  expect(Object.keys(seen.session).sort()).toEqual(['accountId', 'token', 'userInfo']);
  expect(JSON.stringify(seen)).not.toContain(cookie!.value.slice(2));
  await context.close();
});

test.describe('a remembered session', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    await signInOn(page, true);
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('keeps the refresh cookie for the session’s 30 days', async () => {
    const cookie = await refreshCookie(context);
    expect(cookie).toMatchObject({ path: refreshPath, httpOnly: true, sameSite: 'Strict' });
    const days = (cookie!.expires - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(JSON.stringify(await visibleToScripts(page))).not.toContain(cookie!.value.slice(2));
  });

  test('reopened with an expired access token, it refreshes with the cookie and stays signed in', async () => {
    const before = await refreshCookie(context);
    // A token the server refuses, as an expired one is refused.
    await page.evaluate(() => localStorage.setItem('token', 'expired.access.token'));
    await page.reload();
    await expectSignedIn(page);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('token')))
      .not.toBe('expired.access.token');
    const after = await refreshCookie(context);
    expect(after!.value).not.toBe(before!.value);
    expect(after!.expires).toBeGreaterThan(Date.now() / 1000 + 29.9 * DAY_S);
  });

  test('two tabs reopened with an expired access token at once both stay signed in', async () => {
    const second = await context.newPage();
    await second.goto('/sent/search-table');
    await expectSignedIn(second);
    await page.evaluate(() => localStorage.setItem('token', 'expired.access.token'));
    await Promise.all([page.reload(), second.reload()]);
    await expectSignedIn(page);
    await expectSignedIn(second);
    const tokens = await Promise.all(
      [page, second].map((p) => p.evaluate(() => localStorage.getItem('token'))),
    );
    expect(tokens[0]).not.toBe('expired.access.token');
    expect(tokens[1]).toBe(tokens[0]);
    await second.close();
  });

  test('two refreshes that cross at the server both succeed with the same new pair', async () => {
    const second = await context.newPage();
    await second.goto('/sent/search-table');
    await expectSignedIn(second);
    // Both tabs' refresh calls are held until both were made, then sent at once: both
    // carry the cookie as it is now, as when two tabs refresh in the same moment.
    const held: Route[] = [];
    let bothHeld!: () => void;
    const ready = new Promise<void>((resolve) => (bothHeld = resolve));
    await context.route(`**${refreshPath}`, async (route) => {
      held.push(route);
      if (held.length === 2) bothHeld();
      await ready;
      await route.fulfill({ response: await route.fetch() });
    });
    const refresh = (p: Page) =>
      p.evaluate(async (path) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        return {
          status: response.status,
          token: ((await response.json()) as { data: { access_token?: string } | null }).data
            ?.access_token,
        };
      }, refreshPath);
    const [one, two] = await Promise.all([refresh(page), refresh(second)]);
    await context.unroute(`**${refreshPath}`);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(two.token).toBe(one.token);
    // The session goes on: the console, reopened, is still signed in.
    await page.reload();
    await expectSignedIn(page);
    await second.close();
  });

  test('logout clears the refresh cookie', async () => {
    expect(await refreshCookie(context)).toBeDefined();
    await page.locator('.navbar-avatar-button').click();
    await page.getByText('退出登录').click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(async () => refreshCookie(context)).toBeUndefined();
  });
});

test('a session revoked elsewhere, then a reload on a list page: the login page, without the 认证失败 dialog', async ({
  browser,
}) => {
  // Issue 20 #5: the reload sends `me` and the page's lists at once; me's 401 signs out
  // silently (spec section 8), and the lists' 401s must not open the dialog over the login page.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOn(page, true);
  await page.goto('/talent/search-table');
  // The first visit downloads the page's code: a deadline for a busy machine.
  await expect(page.locator('.talent-table')).toBeVisible({ timeout: 60_000 });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  // Signed out from elsewhere: the server ends the session (access and refresh token alike).
  await api('/api/v1/auth/logout', {}, token!);
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(new URL(response.url()).pathname);
  });
  await page.reload();

  await expect(page).toHaveURL(/\/login\?redirect=TalentSearchTable/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  // Every call the reload made has answered (me, the refresh, and what ran beside me).
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('认证失败')).toHaveCount(0);
  await expect(page.locator('.arco-modal')).toHaveCount(0);
  expect(unauthorized).toEqual(expect.arrayContaining(['/api/v1/auth/me', '/api/v1/auth/refresh']));
  // The race under test: calls beside me (the page's list, the message box) were refused too.
  expect(unauthorized.filter((path) => !path.startsWith('/api/v1/auth/')).length).toBeGreaterThan(
    0,
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.close();
});
