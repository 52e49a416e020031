import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type BrowserContext,
  type Page,
  type Worker,
} from '@playwright/test';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { registerSeller, submitSignIn } from '../support/console.ts';
import { artifactsDir, baseURL, repoRoot, screenshotsDir } from '../support/server.ts';

/**
 * The companion extension, unpacked into Chromium with its pinned id, against the built
 * console and API: the login reaches it by both paths (window message and external
 * message) and carries only the scoped token; that token works on the extension's calls
 * and nowhere else; on a stand-in seller center the shop is reported and two records are
 * executed (one sent, one refused by the "platform"), and both results show in the
 * console's send records; logout clears the extension and kills its token.
 */
test.describe.configure({ mode: 'serial' });

const extensionId = 'ngneapepkmcpohibcobcfphlliineemk';
// Built by `npm run build:e2e -w @inviteflow/extension` (part of `npm run test:e2e`).
const extensionDir = path.join(artifactsDir, 'extension');
const fixture = path.join(repoRoot, 'apps/extension/test/fixtures/seller-center.html');

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `ext_${stamp}`,
  phoneNumber: `137${stamp}`,
  password: 'Extension-pass-1',
};
const shopCode = `EXT-${stamp}`;
const talents = [
  { name: '星河主播', id: `star_${stamp}` },
  { name: 'Mia Beauty', id: `mia_${stamp}` },
];

interface StoredAuth {
  token: string;
  expiresAt: string;
  apiOrigin: string;
  userInfo: { username: string };
  receivedVia: { window: string | null; external: string | null };
  session: { sessionId: string; renewToken: string; renewExpiresAt: string } | null;
}

/**
 * The part of the chrome API the tests touch inside the extension's service worker (each
 * evaluated function is sent on its own: it names `chrome` itself).
 */
interface ChromeInWorker {
  storage: {
    local: {
      get(key: string | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      clear(): Promise<void>;
    };
  };
}

let context: BrowserContext;
let worker: Worker;
let consolePage: Page;
let sellerServer: Server;
let sellerOrigin: string;
let userDataDir: string;

async function storage<T>(key: string): Promise<T | undefined> {
  const all = await worker.evaluate(
    async ([k]) =>
      (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.get(k!),
    [key] as const,
  );
  return all[key] as T | undefined;
}

async function everythingStored(): Promise<Record<string, unknown>> {
  return worker.evaluate(async () =>
    (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.get(null),
  );
}

/** What a fresh extension gets before each scenario: zh-CN texts, short pauses between records. */
async function baseSettings() {
  // Short pauses so the run takes seconds (the pacing itself is unit-tested).
  await setStorage({
    uiLocale: 'zh-CN',
    runnerSettings: {
      minDelaySeconds: 0.2,
      maxDelaySeconds: 0.6,
      batchSize: 5,
      idlePollSeconds: 1,
    },
  });
}

async function setStorage(items: Record<string, unknown>) {
  await worker.evaluate(
    async (values) =>
      (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.set(values),
    items,
  );
}

async function call(
  method: 'GET' | 'POST',
  apiPath: string,
  token: string | null,
  body?: unknown,
): Promise<{
  status: number;
  body: { success: boolean; code: number; message: string; data: unknown };
}> {
  const response = await fetch(`${baseURL}${apiPath}`, {
    method,
    headers: {
      'Accept-Language': 'en-US',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** What the console page's `chrome.runtime.sendMessage(extensionId, …)` gets back. */
async function sendExternally(message: unknown): Promise<unknown> {
  return consolePage.evaluate(
    ([id, payload]) =>
      new Promise((resolve) => {
        const runtime = (
          globalThis as unknown as {
            chrome?: {
              runtime?: {
                sendMessage(id: string, message: unknown, reply: (answer: unknown) => void): void;
              };
            };
          }
        ).chrome?.runtime;
        if (!runtime) resolve('not externally connectable');
        else runtime.sendMessage(id as string, payload, resolve);
      }),
    [extensionId, message] as const,
  );
}

async function consoleAccessToken(): Promise<string> {
  const token = await consolePage.evaluate(
    () => sessionStorage.getItem('token') ?? localStorage.getItem('token'),
  );
  if (!token) throw new Error('the console holds no token');
  return token;
}

/** Adds `list` to the library and a task inviting them through the reported shop. */
async function taskFor(
  list: ReadonlyArray<{ name: string; id: string }>,
  script: string,
  setName: string,
) {
  const access = await consoleAccessToken();
  const report = (await storage<{ shop: { id: number } }>('shopReport'))!;
  const ids: number[] = [];
  for (const talent of list) {
    const added = await call('POST', '/api/v1/talents', access, {
      platform: 'douyin',
      platformTalentId: talent.id,
      name: talent.name,
    });
    expect(added.status).toBe(200);
    ids.push((added.body.data as { id: number }).id);
  }
  const created = await call('POST', '/api/v1/send-records', access, {
    shopId: report.shop.id,
    taskType: 'free_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds: ids,
    script,
    setName,
  });
  expect(created.status).toBe(200);
}

/** The stand-in seller center showing the bound shop; `platform` says whom it refuses. */
async function openSellerCenter(platform: { ineligible?: string; quota?: string }) {
  const page = await context.newPage();
  await page.goto(
    `${sellerOrigin}/inviteflow-test-seller/affiliate?${new URLSearchParams({
      'shop-name': 'InviteFlow 测试旗舰店',
      'shop-code': shopCode,
      ...platform,
    })}`,
  );
  return page;
}

async function popupShot(name: string, locale: 'zh-CN' | 'en-US') {
  await setStorage({ uiLocale: locale });
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 360, height: 640 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.locator('html')).toHaveAttribute('lang', locale);
  await expect(popup.locator('#app')).toHaveAttribute('data-ready', 'true');
  await popup.waitForTimeout(200);
  await popup.screenshot({
    path: path.join(screenshotsDir, `${name}-${locale}.png`),
    fullPage: true,
  });
  return popup;
}

test.beforeAll(async () => {
  const manifestPath = path.join(extensionDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `No extension build at ${extensionDir}: run "npm run build:e2e -w @inviteflow/extension" ` +
        '(with the same E2E_PORT and E2E_ARTIFACTS as this run).',
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    externally_connectable: { matches: string[] };
  };
  // An extension built for another port would ignore this console: say so, not time out.
  expect(manifest.externally_connectable.matches).toEqual([`${baseURL}/*`]);

  const html = readFileSync(fixture);
  sellerServer = createServer((request, response) => {
    if (!request.url?.startsWith('/inviteflow-test-seller/')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => sellerServer.listen(0, '127.0.0.1', resolve));
  sellerOrigin = `http://127.0.0.1:${(sellerServer.address() as AddressInfo).port}`;

  userDataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-extension-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium() ?? undefined,
    args: [
      ...chromiumArgs,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  expect(worker.url()).toBe(`chrome-extension://${extensionId}/service-worker.js`);
  await baseSettings();

  await registerSeller(seller);
  consolePage = await context.newPage();
});

test.afterAll(async () => {
  // The browser first: the product's server is stopped by the global teardown after this.
  await context?.close();
  await new Promise((resolve) => sellerServer?.close(resolve));
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

test('signing in on the console hands the extension its scoped token by both paths', async () => {
  await consolePage.goto('/login');
  await expect(consolePage.locator('html')).toHaveAttribute('data-inviteflow-extension', 'ready');
  expect(await storage('auth')).toBeUndefined();

  await submitSignIn(consolePage, seller);

  await expect
    .poll(async () => (await storage<StoredAuth>('auth'))?.receivedVia)
    .toEqual({ window: expect.any(String), external: expect.any(String) });
  const auth = (await storage<StoredAuth>('auth'))!;
  expect(auth.userInfo.username).toBe(seller.username);
  expect(auth.apiOrigin).toBe(baseURL);
  // Never the console's own tokens: a scoped JWT of its own, with its expiry.
  const access = await consoleAccessToken();
  expect(auth.token).not.toBe(access);
  const claims = JSON.parse(Buffer.from(auth.token.split('.')[1]!, 'base64url').toString()) as {
    scope: string;
    exp: number;
  };
  expect(claims.scope).toBe('extension');
  expect(Date.parse(auth.expiresAt)).toBe(claims.exp * 1000);
  // A session of its own (issue 17), which it renews by itself.
  expect(auth.session?.renewToken).toBeTruthy();
  const everything = JSON.stringify(await everythingStored());
  expect(everything).not.toContain(access);
  // The refresh token is the console's HttpOnly cookie: neither the page nor the extension
  // ever holds it.
  const [refresh] = (await consolePage.context().cookies(baseURL + '/api/v1/auth/refresh')).filter(
    (cookie) => cookie.name === 'inviteflow_refresh',
  );
  expect(refresh?.httpOnly).toBe(true);
  expect(everything).not.toContain(refresh!.value.slice(2));
});

test('a reloaded console answers the extension’s login request through the window message', async () => {
  await worker.evaluate(async () =>
    (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.clear(),
  );
  await baseSettings();
  await consolePage.reload();
  await expect(consolePage.locator('html')).toHaveAttribute('data-inviteflow-extension', 'ready');
  await expect.poll(async () => (await storage<StoredAuth>('auth'))?.token).toBeTruthy();
  const auth = (await storage<StoredAuth>('auth'))!;
  // Only the handshake ran: the console pushes by the external channel at login and renewal.
  expect(auth.receivedVia.window).not.toBeNull();
  expect(auth.receivedVia.external).toBeNull();
});

test('the console page reaches the extension directly (externally_connectable)', async () => {
  // The extension's own session, as the console makes it and hands it over (issue 17).
  const made = await call('POST', '/api/v1/extension/sessions', await consoleAccessToken(), {
    name: 'Chrome · Linux',
  });
  const data = made.body.data as {
    sessionId: string;
    token: string;
    expiresAt: string;
    renewToken: string;
    renewExpiresAt: string;
  };
  const token = data.token;
  const userInfo = await consolePage.evaluate(() =>
    JSON.parse(sessionStorage.getItem('userInfo') ?? localStorage.getItem('userInfo') ?? 'null'),
  );
  const answer = await sendExternally({
    type: 'PLUGIN_LOGIN_DATA',
    token,
    expiresAt: data.expiresAt,
    userInfo,
    session: {
      sessionId: data.sessionId,
      renewToken: data.renewToken,
      renewExpiresAt: data.renewExpiresAt,
    },
  });
  expect(answer).toEqual({ accepted: true });
  const auth = (await storage<StoredAuth>('auth'))!;
  expect(auth.token).toBe(token);
  expect(auth.receivedVia.external).not.toBeNull();
  // An older scoped token of the same account does not replace a session that renews itself.
  const minted = await call('POST', '/api/v1/auth/extension-token', await consoleAccessToken());
  const scoped = minted.body.data as { token: string; expiresAt: string };
  expect(await sendExternally({ type: 'PLUGIN_LOGIN_DATA', ...scoped, userInfo })).toEqual({
    accepted: true,
  });
  expect((await storage<StoredAuth>('auth'))!.token).toBe(token);
  // A malformed message by the same path changes nothing.
  const refused = await sendExternally({ type: 'PLUGIN_LOGIN_DATA', token: 'forged' });
  expect(refused).toEqual({ accepted: false });
  expect((await storage<StoredAuth>('auth'))!.token).toBe(token);
});

test('the extension renews its own session with no console involved', async () => {
  const before = (await storage<StoredAuth>('auth'))!;
  // Its token about to end: the next call renews it first (the popup asks for the summary).
  await setStorage({ auth: { ...before, expiresAt: new Date(Date.now() + 30_000).toISOString() } });
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect
    .poll(async () => (await storage<StoredAuth>('auth'))?.session?.renewToken)
    .not.toBe(before.session!.renewToken);
  const after = (await storage<StoredAuth>('auth'))!;
  expect(after.session!.sessionId).toBe(before.session!.sessionId);
  // A token with its full life again (within the same second it may read the same as before).
  expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.now() + 5 * 60_000);
  expect((await call('GET', '/api/v1/extension/summary', after.token)).status).toBe(200);
  // The used renew token is spent: the server no longer renews with it after its grace, and
  // the extension holds only the new one.
  expect(JSON.stringify(await everythingStored())).not.toContain(before.session!.renewToken);
  await popup.close();
});

test('the scoped token works on the summary and nowhere outside the extension’s calls', async () => {
  const { token } = (await storage<StoredAuth>('auth'))!;
  const summary = await call('GET', '/api/v1/extension/summary', token);
  expect(summary.status).toBe(200);
  expect(summary.body.data).toMatchObject({
    user: { username: seller.username },
    counts: { pending: 0, running: 0, done: 0 },
  });
  for (const [method, apiPath] of [
    ['GET', '/api/v1/auth/me'],
    ['GET', '/api/v1/talents'],
    ['POST', '/api/v1/auth/extension-token'],
  ] as const) {
    const refused = await call(method, apiPath, token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      code: 403,
      message: "The extension's token only works for the extension's shop and task calls",
    });
  }
});

test('on the seller center the shop is reported and bound, shown on the page and in the popup', async () => {
  // Held paused until the task exists, then resumed from the popup.
  await setStorage({ runnerControl: { paused: true } });
  const seller = await openSellerCenter({ ineligible: talents[1]!.id });
  await expect(seller.locator('html')).toHaveAttribute('data-inviteflow-seller', 'bound');
  const panel = seller.locator('inviteflow-panel');
  await expect(panel).toHaveAttribute('data-shop', 'bound');
  await expect(panel.getByText('店铺已绑定到 InviteFlow · InviteFlow 测试旗舰店')).toBeVisible();
  await expect(panel).toHaveAttribute('data-runner', 'paused');
  await seller.screenshot({ path: path.join(screenshotsDir, 'extension-seller-center-zh-CN.png') });

  const report = await storage<{ outcome: string; shop: { id: number; shopCode: string } }>(
    'shopReport',
  );
  expect(report).toMatchObject({ outcome: 'bound', shop: { shopCode } });

  // The claim with the scoped token: the shop is the caller's and bound (nothing waits yet).
  const { token } = (await storage<StoredAuth>('auth'))!;
  const claim = await call('POST', '/api/v1/send-records/claim', token, {
    shopId: report!.shop.id,
    limit: 1,
  });
  expect(claim.status).toBe(200);
  expect(claim.body.data).toMatchObject({ records: [] });
  await seller.close();
});

test('two records are executed from the seller center: one sent, one refused with a standard code', async () => {
  await taskFor(talents, '你好 {talentName}，欢迎来 {shopName} 带货', '插件执行');
  const sellerPage = await openSellerCenter({ ineligible: talents[1]!.id });
  await expect(sellerPage.locator('html')).toHaveAttribute(
    'data-inviteflow-seller',
    'alreadyBound',
  );

  // Resume from the popup, as a seller would.
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.locator('[data-runner-state]')).toHaveAttribute('data-runner-state', 'paused');
  await popup.locator('[data-action="toggle-runner"]').click();
  await popup.close();

  // The "platform" shows what the extension sent, with the message rendered by the server.
  const sent = sellerPage.locator(`.invite-result[data-talent-id="${talents[0]!.id}"]`);
  await expect(sent).toHaveAttribute('data-status', 'sent', { timeout: 30_000 });
  await expect(sent).toHaveAttribute(
    'data-message',
    '你好 星河主播，欢迎来 InviteFlow 测试旗舰店 带货',
  );
  const refused = sellerPage.locator(`.invite-result[data-talent-id="${talents[1]!.id}"]`);
  await expect(refused).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
  // Both reported and acknowledged: nothing left in the journal.
  await expect
    .poll(async () => (await storage<{ entries: unknown[] }>('runnerJournal'))?.entries.length)
    .toBe(0);
  await expect(sellerPage.locator('inviteflow-panel')).toHaveAttribute(
    'data-runner',
    /running|waiting/,
  );
  await sellerPage.screenshot({
    path: path.join(screenshotsDir, 'extension-seller-run-zh-CN.png'),
  });
  // Each record ran once: exactly two invitations on the page.
  await expect(sellerPage.locator('.invite-result')).toHaveCount(2);
  await sellerPage.close();

  await consolePage.goto('/sent/search-table');
  const row = (name: string) =>
    consolePage.locator('.send-table tbody tr').filter({ hasText: name });
  await expect(row('星河主播')).toContainText('成功');
  await expect(row('Mia Beauty')).toContainText('失败');
  await expect(row('Mia Beauty')).toContainText('达人不符合邀约条件');
  await consolePage.screenshot({
    path: path.join(screenshotsDir, 'extension-send-records-zh-CN.png'),
    fullPage: true,
  });
});

test('the popup shows the account, today’s work and the shops, in both languages', async () => {
  const zh = await popupShot('extension-popup-signed-in', 'zh-CN');
  await expect(zh.locator('[data-field="username"]')).toHaveText(seller.username);
  await expect(zh.locator('[data-count="done"]')).toHaveText('2');
  await expect(zh.locator('[data-count="pending"]')).toHaveText('0');
  await expect(zh.getByText('成功 1 · 失败 1')).toBeVisible();
  await expect(zh.locator('[data-section="shops"]')).toContainText('InviteFlow 测试旗舰店');
  await expect(zh.locator('[data-section="current-shop"]')).toContainText('已绑定');
  await expect(zh.getByRole('button', { name: '暂停' })).toBeVisible();
  // The seller-center page is closed: no run is alive, whatever its last status said.
  await expect(zh.locator('[data-runner-state]')).toHaveAttribute('data-runner-state', 'idle');
  await zh.close();

  const en = await popupShot('extension-popup-signed-in', 'en-US');
  await expect(en.getByText("Today's tasks")).toBeVisible();
  await expect(en.getByText('1 succeeded · 1 failed')).toBeVisible();
  await expect(en.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(en.getByText('No membership')).toBeVisible();
  await en.close();
});

test('a run stopped by the platform’s quota starts again with Resume in the popup', async () => {
  // One record per claim: the one after the quota stays pending, not leased.
  await setStorage({
    uiLocale: 'zh-CN',
    runnerSettings: {
      minDelaySeconds: 0.2,
      maxDelaySeconds: 0.6,
      batchSize: 1,
      idlePollSeconds: 1,
    },
  });
  const quotaTalent = { name: '额度用完', id: `quota_${stamp}` };
  const nextTalent = { name: 'Resume Star', id: `resume_${stamp}` };
  await taskFor([quotaTalent, nextTalent], '你好 {talentName}', '额度停止后继续');
  const sellerPage = await openSellerCenter({ quota: quotaTalent.id });
  const panel = sellerPage.locator('inviteflow-panel');
  await expect(panel).toHaveAttribute('data-runner', 'stopped', { timeout: 30_000 });
  await expect(
    sellerPage.locator(`.invite-result[data-talent-id="${quotaTalent.id}"]`),
  ).toHaveAttribute('data-status', 'error');
  // The run ended: nothing more is tried until the seller says so.
  await sellerPage.waitForTimeout(1_500);
  await expect(sellerPage.locator('.invite-result')).toHaveCount(1);

  const popup = await context.newPage();
  await popup.setViewportSize({ width: 360, height: 640 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.locator('[data-runner-state]')).toHaveAttribute(
    'data-runner-state',
    'stopped',
  );
  await expect(popup.locator('[data-section="runner"]')).toContainText('平台邀约额度已用完');
  await popup.screenshot({ path: path.join(screenshotsDir, 'extension-popup-stopped-zh-CN.png') });
  await popup.getByRole('button', { name: '继续' }).click();
  await popup.close();

  const sent = sellerPage.locator(`.invite-result[data-talent-id="${nextTalent.id}"]`);
  await expect(sent).toHaveAttribute('data-status', 'sent', { timeout: 30_000 });
  await expect(sellerPage.locator('.invite-result')).toHaveCount(2);
  await sellerPage.close();

  const records = await call(
    'GET',
    `/api/v1/send-records?${new URLSearchParams({ talentName: quotaTalent.name })}`,
    await consoleAccessToken(),
  );
  expect(records.body.data).toMatchObject({
    list: [{ status: 'failed', errorCode: 'quota_exceeded' }],
  });
  await baseSettings();
});

test('logging out clears the extension and its token stops working', async () => {
  const { token, session } = (await storage<StoredAuth>('auth'))!;
  expect(session?.renewToken).toBeTruthy();
  await consolePage.getByRole('button', { name: seller.username }).click();
  await consolePage.getByText('退出登录').click();
  await expect(consolePage).toHaveURL(/\/login/);
  await expect.poll(async () => storage('auth')).toBeUndefined();
  const after = await call('GET', '/api/v1/extension/summary', token);
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ success: false, code: 401 });
  // The extension's own session ended with the console's: it cannot renew itself back.
  const renewed = await call('POST', '/api/v1/extension/sessions/renew', null, {
    renewToken: session!.renewToken,
  });
  expect(renewed.status).toBe(401);

  const zh = await popupShot('extension-popup-signed-out', 'zh-CN');
  await expect(zh.getByText('尚未登录')).toBeVisible();
  const [login] = await Promise.all([
    context.waitForEvent('page'),
    zh.getByRole('button', { name: '打开控制台登录' }).click(),
  ]);
  await expect(login).toHaveURL(`${baseURL}/login`);
  await login.close();
  await zh.close();
  const en = await popupShot('extension-popup-signed-out', 'en-US');
  await expect(en.getByRole('button', { name: 'Sign in on the console' })).toBeVisible();
  await en.close();
});
