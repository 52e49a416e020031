import { expect, test, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot, signIn, type Seller } from '../support/console.ts';

/**
 * Issue 20 #3 and #8: a list whose call fails (an HTTP 500 without a body, as a proxy or a
 * crashed server answers) shows that it failed, in the user's language, with Retry: never
 * the first-use empty state ("还没有达人…") that would tell a seller their account is empty.
 * Retry, once the server answers again, shows the rows.
 */
const stamp = Date.now().toString().slice(-8);
const seller: Seller = {
  username: `fail_${stamp}`,
  phoneNumber: `136${stamp}`,
  password: 'Failure-pass-1',
};

test.beforeAll(async () => {
  await registerSeller(seller);
  const token = await accessToken(seller);
  await api(
    '/api/v1/talents',
    { platform: 'douyin', platformTalentId: 'fail_talent', name: '加载测试达人', fansCount: 1200 },
    token,
  );
  await api('/api/v1/templates/scripts', { content: '加载测试话术', remark: '' }, token);
});

/** Answers the list's GET with a bare 500 until `heal` is called. */
async function breakList(page: Page, pattern: RegExp) {
  let broken = true;
  await page.route(pattern, async (route) => {
    if (broken && route.request().method() === 'GET') {
      await route.fulfill({ status: 500, body: '' });
      return;
    }
    await route.fallback();
  });
  return () => {
    broken = false;
  };
}

test('the talent list: a failed load says so with Retry, and Retry shows the talents', async ({
  page,
}) => {
  await signIn(page, seller);
  const heal = await breakList(page, /\/api\/v1\/talents\?/);
  await page.goto('/talent/search-table');

  const failure = page.locator('.load-failed');
  // The first visit downloads the page's code: a deadline for a busy machine.
  await expect(failure.getByText('列表加载失败')).toBeVisible({ timeout: 60_000 });
  await expect(failure.getByText('请求错误')).toBeVisible();
  await expect(page.getByText(/还没有达人/)).toHaveCount(0);
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  await shot(page, 'talents-load-failed');

  heal();
  await failure.getByRole('button', { name: '重试' }).click();
  await expect(page.locator('.talent-table').getByText('加载测试达人')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('the script templates, in English: the failure and Retry follow the language', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.goto('/login');
  await page.getByLabel('Username or phone number').fill(seller.username);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/sent\/search-table$/);
  const heal = await breakList(page, /\/api\/v1\/templates\/scripts\?/);
  await page.goto('/template/script');

  const failure = page.locator('.load-failed');
  await expect(failure.getByText('The list could not be loaded')).toBeVisible({ timeout: 60_000 });
  await expect(failure.getByText('Request Error')).toBeVisible();
  await expect(page.getByText(/No script templates yet/)).toHaveCount(0);

  heal();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('加载测试话术')).toBeVisible();
  await expect(failure).toHaveCount(0);
});
