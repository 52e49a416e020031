import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@inviteflow/contract';
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { extensionStorage, launchWithExtension } from '../support/channel.ts';
import { registerSeller, submitSignIn } from '../support/console.ts';
import { baseURL, extensionDir, repoRoot, screenshotsDir } from '../support/server.ts';

/**
 * The companion extension, unpacked into Chromium with its pinned id, against the built
 * console and API: the login reaches it by both paths (window message and external
 * message) and carries only its own session; that token works on the extension's calls
 * and nowhere else; the seller binds a shop from the popup, prefilled from the open
 * seller-center tab's address; the browser channel, on by default, runs a task started with
 * the console open and finishes it after the console tab is closed, renewing its session by
 * itself; the popup in both languages; logout ends the extension's session.
 * The channel's batches, stops and restarts are browser-channel.spec.ts's.
 */
test.describe.configure({ mode: 'serial' });

const extensionId = 'ngneapepkmcpohibcobcfphlliineemk';
const squareHtml = readFileSync(
  path.join(repoRoot, 'apps/extension/test/fixtures/buyin-daren-square.html'),
  'utf8',
);

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `ext_${stamp}`,
  phoneNumber: `137${stamp}`,
  password: 'Extension-pass-1',
};
const shopCode = `EXT-${stamp}`;
const shopName = 'InviteFlow 测试小店';
/** The 达人 the stand-in 达人广场 lists (every talent the tests add), and whom it was sent. */
const squareUids: string[] = [];
const sentBatches: string[][] = [];

interface StoredAuth {
  token: string;
  expiresAt: string;
  apiOrigin: string;
  userInfo: { username: string };
  receivedVia: { window: string | null; external: string | null };
  session: { sessionId: string; renewToken: string; renewExpiresAt: string } | null;
}

let context: BrowserContext;
let worker: Worker;
let consolePage: Page;
let userDataDir: string;

const storage = extensionStorage(() => worker);

/** What a fresh extension gets before each scenario: zh-CN texts, a fixed 10 s between actions. */
async function baseSettings() {
  // A pause between two actions long enough to close the console tab in it (the pacing's
  // bounds and jitter are unit-tested); all day is working time.
  await storage.set({
    uiLocale: 'zh-CN',
    channelPacing: {
      minDelaySeconds: 10,
      maxDelaySeconds: 10,
      workStart: '00:00',
      workEnd: '00:00',
    },
  });
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

/** Adds `count` 达人 to the library and a task inviting them through the reported shop. */
async function taskFor(count: number, setName: string, tag: string): Promise<string[]> {
  const access = await consoleAccessToken();
  const report = (await storage.get<{ shop: { id: number } }>('shopReport'))!;
  const ids: number[] = [];
  const uids: string[] = [];
  for (let index = 0; index < count; index++) {
    const uid = `ext${stamp}${tag}${index}`;
    const added = await call('POST', '/api/v1/talents', access, {
      platform: 'douyin',
      platformTalentId: uid,
      name: `${setName}达人${index}`,
    });
    expect(added.status).toBe(200);
    ids.push((added.body.data as { id: number }).id);
    uids.push(uid);
  }
  squareUids.push(...uids);
  const created = await call('POST', '/api/v1/send-records', access, {
    shopId: report.shop.id,
    taskType: 'free_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds: ids,
    script: '你好 {talentName}，欢迎来 {shopName} 带货',
    setName,
  });
  expect(created.status).toBe(200);
  return uids;
}

/** The task's records by status, read with the console's token. */
async function statusesOf(setName: string, access: string): Promise<string[]> {
  const listed = await call(
    'GET',
    `/api/v1/send-records?${new URLSearchParams({ pageSize: '100' })}`,
    access,
  );
  return (listed.body.data as { list: Array<{ setName: string; status: string }> }).list
    .filter((record) => record.setName === setName)
    .map((record) => record.status);
}

/**
 * The platform's hosts, answered on this machine: the stand-in 百应 达人广场 (modelled on the
 * real page, apps/extension/test/fixtures) at its real address, the page's own batch call, and
 * a blank TikTok seller-center page whose address is all the popup reads.
 */
async function routePlatforms(browserContext: BrowserContext) {
  await browserContext.route('https://buyin.jinritemai.com/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/standin/batch-invite') {
      sentBatches.push((JSON.parse(route.request().postData() ?? '{}') as { uids: string[] }).uids);
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"code":0}' });
    }
    if (url.pathname !== '/dashboard/servicehall/daren-square')
      return route.fulfill({ status: 404, body: '' });
    url.searchParams.set('invited', sentBatches.flat().join(','));
    url.searchParams.set('uids', squareUids.join(','));
    url.searchParams.set('quota', '200');
    const html = squareHtml.replace(
      'var query = new URLSearchParams(location.search);',
      `var query = new URLSearchParams(${JSON.stringify(url.search)});`,
    );
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  });
  await browserContext.route('https://affiliate.tiktok.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>TikTok Shop</title>',
    }),
  );
}

async function openPopup() {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 360, height: 640 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.locator('#app')).toHaveAttribute('data-ready', 'true');
  return popup;
}

async function popupShot(name: string, locale: 'zh-CN' | 'en-US') {
  await storage.set({ uiLocale: locale });
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

  userDataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-extension-'));
  ({ context, worker } = await launchWithExtension(userDataDir, {
    viewport: { width: 1440, height: 900 },
    route: routePlatforms,
  }));
  expect(worker.url()).toBe(`chrome-extension://${extensionId}/service-worker.js`);
  await baseSettings();

  await registerSeller(seller);
  consolePage = await context.newPage();
});

test.afterAll(async () => {
  // The browser first: the product's server is stopped by the global teardown after this.
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

test('signing in on the console hands the extension its scoped token by both paths', async () => {
  await consolePage.goto('/login');
  await expect(consolePage.locator('html')).toHaveAttribute('data-inviteflow-extension', 'ready');
  expect(await storage.get('auth')).toBeUndefined();

  await submitSignIn(consolePage, seller);

  await expect
    .poll(async () => (await storage.get<StoredAuth>('auth'))?.receivedVia)
    .toEqual({ window: expect.any(String), external: expect.any(String) });
  const auth = (await storage.get<StoredAuth>('auth'))!;
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
  const everything = JSON.stringify(await storage.all());
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
  await storage.clear();
  await baseSettings();
  await consolePage.reload();
  await expect(consolePage.locator('html')).toHaveAttribute('data-inviteflow-extension', 'ready');
  await expect.poll(async () => (await storage.get<StoredAuth>('auth'))?.token).toBeTruthy();
  const auth = (await storage.get<StoredAuth>('auth'))!;
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
  const auth = (await storage.get<StoredAuth>('auth'))!;
  expect(auth.token).toBe(token);
  expect(auth.receivedVia.external).not.toBeNull();
  // An older scoped token of the same account does not replace a session that renews itself.
  const minted = await call('POST', '/api/v1/auth/extension-token', await consoleAccessToken());
  const scoped = minted.body.data as { token: string; expiresAt: string };
  expect(await sendExternally({ type: 'PLUGIN_LOGIN_DATA', ...scoped, userInfo })).toEqual({
    accepted: true,
  });
  expect((await storage.get<StoredAuth>('auth'))!.token).toBe(token);
  // A malformed message by the same path changes nothing.
  const refused = await sendExternally({ type: 'PLUGIN_LOGIN_DATA', token: 'forged' });
  expect(refused).toEqual({ accepted: false });
  expect((await storage.get<StoredAuth>('auth'))!.token).toBe(token);
  // A late answer to a login request replaces nothing. The extension asks while it needs a
  // login, up to five times until the console answers, and a slow console answers each (seen:
  // the reloaded console's second answer landing after this hand-over and replacing it). Here
  // the console answers one after the hand-over, for certain; the extension ends the session
  // made for that answer (nobody else holds it) and keeps the one handed over.
  const late = await consolePage.evaluate(
    () =>
      new Promise<string>((resolve) => {
        window.addEventListener('message', (event) => {
          const answer = event.data as { type?: string; session?: { sessionId: string } };
          if (answer?.type === 'LOGIN_STATUS_RESPONSE' && answer.session)
            resolve(answer.session.sessionId);
        });
        window.postMessage({ type: 'PLUGIN_LOGIN_REQUEST' }, window.location.origin);
      }),
  );
  const access = await consoleAccessToken();
  const connected = async () => {
    const listed = await call('GET', apiPaths.user.browsers, access);
    return (listed.body.data as { list: Array<{ id: string }> }).list.map((b) => b.id);
  };
  expect(late).not.toBe(data.sessionId);
  await expect.poll(connected).not.toContain(late);
  expect(await connected()).toContain(data.sessionId);
  expect((await storage.get<StoredAuth>('auth'))!.token).toBe(token);
});

test('the extension renews its own session with no console involved', async () => {
  const before = (await storage.get<StoredAuth>('auth'))!;
  // Its token about to end: the next call renews it first (the popup asks for the summary).
  await storage.set({
    auth: { ...before, expiresAt: new Date(Date.now() + 30_000).toISOString() },
  });
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect
    .poll(async () => (await storage.get<StoredAuth>('auth'))?.session?.renewToken)
    .not.toBe(before.session!.renewToken);
  const after = (await storage.get<StoredAuth>('auth'))!;
  expect(after.session!.sessionId).toBe(before.session!.sessionId);
  // A token with its full life again (within the same second it may read the same as before).
  expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.now() + 5 * 60_000);
  expect((await call('GET', '/api/v1/extension/summary', after.token)).status).toBe(200);
  // The used renew token is spent: the server no longer renews with it after its grace, and
  // the extension holds only the new one.
  expect(JSON.stringify(await storage.all())).not.toContain(before.session!.renewToken);
  await popup.close();
});

test('the scoped token works on the summary and nowhere outside the extension’s calls', async () => {
  const { token } = (await storage.get<StoredAuth>('auth'))!;
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

test('a shop is bound from the popup, filled in from the seller-center tab’s address', async () => {
  // A TikTok seller-center tab: its address names the market and the shop; nothing of ours
  // runs in it, and nothing is added to it.
  const tiktok = await context.newPage();
  await tiktok.goto('https://affiliate.tiktok.com/seller/im?shop_id=7495001&shop_region=GB');
  let popup = await openPopup();
  let form = popup.locator('[data-section="bind-shop"]');
  await expect(form).toContainText('已根据打开的卖家中心页面地址预填');
  await expect(form.locator('[name="platform"]')).toHaveValue('tiktok');
  await expect(form.locator('[name="shop-code"]')).toHaveValue('7495001');
  await expect(form.locator('[name="site-name"]')).toHaveValue('GB');
  expect(await tiktok.evaluate(() => document.documentElement.outerHTML)).toBe(
    '<html><head><title>TikTok Shop</title></head><body></body></html>',
  );
  await popup.close();
  await tiktok.close();

  // The 抖店 百应 tab the seller works in: 抖店 and its one site; the name and ID are typed.
  const buyin = await context.newPage();
  await buyin.goto('https://buyin.jinritemai.com/dashboard/servicehall/daren-square');
  popup = await openPopup();
  form = popup.locator('[data-section="bind-shop"]');
  await expect(form.locator('[name="platform"]')).toHaveValue('douyin');
  await expect(form.locator('[name="site-name"]')).toHaveValue('中国站');
  // A shop ID the server refuses: its message, in the popup's language, shown as it is.
  await form.getByLabel('店铺名称').fill(shopName);
  await form.getByLabel('店铺 ID').fill('not an id!');
  await form.getByRole('button', { name: '绑定店铺' }).click();
  const outcome = popup.locator('[data-section="current-shop"]');
  await expect(outcome).toHaveAttribute('data-outcome', 'failed');
  await expect(outcome.locator('.error')).not.toBeEmpty();
  await form.getByLabel('店铺 ID').fill(shopCode);
  await form.getByRole('button', { name: '绑定店铺' }).click();
  await expect(outcome).toHaveAttribute('data-outcome', 'bound');
  await expect(outcome).toContainText(shopName);
  await expect(popup.locator('[data-section="shops"]')).toContainText(shopName);
  await popup.screenshot({
    path: path.join(screenshotsDir, 'extension-popup-bind-shop-zh-CN.png'),
  });
  await popup.close();
  // The seller's tab was only looked at: no element or attribute of ours in it.
  expect(
    await buyin.evaluate(() =>
      Array.from(document.querySelectorAll('*')).some(
        (element) =>
          element.localName.startsWith('inviteflow') ||
          Array.from(element.attributes).some((attribute) => attribute.name.includes('inviteflow')),
      ),
    ),
  ).toBe(false);
  await buyin.close();

  const report = await storage.get<{ outcome: string; shop: { id: number; shopCode: string } }>(
    'shopReport',
  );
  expect(report).toMatchObject({ outcome: 'bound', shop: { shopCode } });
  // Bound to the account, as the console lists it.
  const shops = await call('GET', '/api/v1/shops?tab=BOUND', await consoleAccessToken());
  expect(JSON.stringify(shops.body.data)).toContain(shopCode);
});

test('the browser channel, on by default, finishes a run after the console tab is closed', async () => {
  test.setTimeout(240_000);
  // Nobody switched it on: it is on.
  expect(await storage.get('channelEnabled')).toBeUndefined();
  const popup = await openPopup();
  await expect(popup.locator('input[name="channel-enabled"]')).toBeChecked();
  await expect(popup.locator('[data-action="toggle-runner"]')).toHaveCount(0);
  await popup.close();

  // Two tasks, two browser actions, made on the console while its tab is open.
  const first = await taskFor(3, '控制台开着', 'open');
  const second = await taskFor(2, '控制台关了', 'closed');
  // The console's own token, kept by the test to read the records once its tab is gone.
  const access = await consoleAccessToken();
  await expect
    .poll(
      async () => (await statusesOf('控制台开着', access)).filter((s) => s === 'success').length,
      {
        timeout: 150_000,
      },
    )
    .toBe(3);
  // The first batch went out: the console tab goes away, and the extension's token is about to
  // end, so the rest of the run needs a renewal the extension makes by itself.
  const before = (await storage.get<StoredAuth>('auth'))!;
  await consolePage.close();
  await storage.set({
    auth: { ...before, expiresAt: new Date(Date.now() + 30_000).toISOString() },
  });
  await expect
    .poll(
      async () => (await statusesOf('控制台关了', access)).filter((s) => s === 'success').length,
      {
        timeout: 90_000,
      },
    )
    .toBe(2);
  expect(context.pages().some((page) => page.url().startsWith(baseURL))).toBe(false);
  const after = (await storage.get<StoredAuth>('auth'))!;
  expect(after.session!.sessionId).toBe(before.session!.sessionId);
  expect(after.session!.renewToken).not.toBe(before.session!.renewToken);
  // Each 达人 was sent once, by the page's own call, in the extension's own tab.
  expect(sentBatches.flat().sort()).toEqual([...first, ...second].sort());
  expect(await storage.get('channelOwnedTab')).toMatchObject({ tabId: expect.any(Number) });

  // The seller comes back to the console (a new tab: signed in again) and sees the results.
  consolePage = await context.newPage();
  await consolePage.goto('/login');
  await submitSignIn(consolePage, seller);
  await expect(consolePage).not.toHaveURL(/\/login/);
  // A sign-in hands the extension a session of the new console session.
  await expect
    .poll(async () => (await storage.get<StoredAuth>('auth'))?.session?.sessionId)
    .not.toBe(before.session!.sessionId);
  // …and the session it replaced is ended, not left alive in Connected browsers.
  const held = (await storage.get<StoredAuth>('auth'))!.session!.sessionId;
  const signedInAgain = await consoleAccessToken();
  const connected = async () => {
    const res = await fetch(`${baseURL}${apiPaths.user.browsers}`, {
      headers: { authorization: `Bearer ${signedInAgain}` },
    });
    const body = (await res.json()) as { data: { list: Array<{ id: string }> } };
    return body.data.list.map((b) => b.id);
  };
  await expect.poll(connected).not.toContain(before.session!.sessionId);
  expect(await connected()).toContain(held);
  await consolePage.goto('/sent/search-table');
  const row = (name: string) =>
    consolePage.locator('.send-table tbody tr').filter({ hasText: name });
  await expect(row('控制台关了达人0')).toContainText('成功');
  await consolePage.screenshot({
    path: path.join(screenshotsDir, 'extension-send-records-zh-CN.png'),
    fullPage: true,
  });
});

test('the pacing the seller is typing stays while the channel’s status redraws the popup', async () => {
  const popup = await openPopup();
  await popup.locator('[data-section="channel-pacing"] summary').click();
  const min = popup.locator('input[name="min-delay"]');
  await min.fill('42');
  await expect(min).toBeFocused();
  const channel = popup.locator('[data-section="channel"]');
  await channel.evaluate((el) => el.setAttribute('data-drawn', 'before'));
  // The channel's status changes (as it does every few seconds during a run): the popup redraws.
  await storage.set({
    channelStatus: {
      state: 'idle',
      action: null,
      stop: null,
      waiting: 'nothing',
      inDoubt: 0,
      updatedAt: new Date().toISOString(),
    },
  });
  // Redrawn: the channel's section is a new element…
  await expect(channel).not.toHaveAttribute('data-drawn', 'before');
  // …and the pacing the seller is typing is the same one, focused, open.
  await expect(min).toHaveValue('42');
  await expect(min).toBeFocused();
  await expect(popup.locator('[data-section="channel-pacing"] details')).toHaveAttribute(
    'open',
    '',
  );
  await popup.close();
});

test('the popup shows the account, today’s work, the channel and the shops, in both languages', async () => {
  const zh = await popupShot('extension-popup-signed-in', 'zh-CN');
  await expect(zh.locator('[data-field="username"]')).toHaveText(seller.username);
  await expect(zh.locator('[data-count="done"]')).toHaveText('5');
  await expect(zh.locator('[data-count="pending"]')).toHaveText('0');
  await expect(zh.getByText('成功 5 · 失败 0')).toBeVisible();
  await expect(zh.locator('[data-section="channel"]')).toContainText('浏览器通道');
  await expect(zh.locator('[data-section="shops"]')).toContainText(shopName);
  await expect(zh.locator('[data-section="bind-shop"] h2')).toHaveText('绑定店铺');
  await expect(zh.locator('[data-section="runner"]')).toHaveCount(0);
  await zh.close();

  const en = await popupShot('extension-popup-signed-in', 'en-US');
  await expect(en.getByText("Today's tasks")).toBeVisible();
  await expect(en.getByText('5 succeeded · 0 failed')).toBeVisible();
  await expect(en.locator('[data-section="channel"] h2')).toHaveText('Browser channel');
  await expect(en.getByText('Use the browser channel')).toBeVisible();
  await expect(en.locator('[data-section="bind-shop"] h2')).toHaveText('Bind a shop');
  await expect(en.getByRole('button', { name: 'Bind shop' })).toBeVisible();
  await expect(en.getByText('No membership')).toBeVisible();
  await en.close();
});

test('logging out clears the extension and its token stops working', async () => {
  const { token, session } = (await storage.get<StoredAuth>('auth'))!;
  expect(session?.renewToken).toBeTruthy();
  await consolePage.getByRole('button', { name: seller.username }).click();
  await consolePage.getByText('退出登录').click();
  await expect(consolePage).toHaveURL(/\/login/);
  await expect.poll(async () => storage.get('auth')).toBeUndefined();
  const after = await call('GET', '/api/v1/extension/summary', token);
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ success: false, code: 401 });
  // The extension's own session ended with the console's: it cannot renew itself back.
  const renewed = await call('POST', '/api/v1/extension/sessions/renew', null, {
    renewToken: session!.renewToken,
  });
  expect(renewed.status).toBe(401);
  // Nor can the browser channel claim with it any more.
  expect((await call('POST', '/api/v1/extension/actions/claim', token, {})).status).toBe(401);

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
