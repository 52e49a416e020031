import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import {
  apiWith,
  countOf,
  extensionStorage,
  launchWithExtension,
  recordsOf,
  runUntilStop,
  settleAfterRestart,
} from '../support/channel.ts';
import { registerSeller, submitSignIn } from '../support/console.ts';
import { repoRoot } from '../support/server.ts';

/**
 * The browser channel (issue 17) in Chromium with the unpacked extension: the console hands
 * it a session of its own; it claims a browser action, opens its own window on the exact
 * page of the action's page pack (the stand-in 百应 达人广场, served on the platform's own host
 * by request routing), ticks the 达人, and reports per record; a quota stop sends nothing and
 * leaves every record pending; the run needs no console tab.
 */
test.describe.configure({ mode: 'serial' });

const squareHtml = readFileSync(
  path.join(repoRoot, 'apps/extension/test/fixtures/buyin-daren-square.html'),
);
const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `chan_${stamp}`,
  phoneNumber: `136${stamp}`,
  password: 'Channel-pass-1',
};

let context: BrowserContext;
let worker: Worker;
let consolePage: Page;
let userDataDir: string;
let token = '';
let shopId: number;
/** What the stand-in square lists, and how many invitations it has left today. */
let square = {
  uids: [] as string[],
  quota: 200,
  captcha: false,
  /** `wrongPage`: the platform sends the tab elsewhere; `login`: to its sign-in page. */
  mode: 'ok' as 'ok' | 'wrongPage' | 'login',
  hang: false,
};
/** Every batch the stand-in's page sent (its own JSON call), by the 达人 it named. */
const sentBatches: string[][] = [];
const storage = extensionStorage(() => worker);
const call = apiWith(() => token);

/** A 百应 batch task of `n` 达人 (a shop bound without authorization: the browser channel). */
async function batchTask(n: number, setName: string): Promise<string[]> {
  const ids: number[] = [];
  const uids: string[] = [];
  for (let index = 0; index < n; index++) {
    const uid = `dy${stamp}${setName.length}${index}`.slice(0, 60);
    const added = await call<{ id: number }>('POST', '/api/v1/talents', {
      platform: 'douyin',
      platformTalentId: `${uid}_${setName}`.replace(/[^A-Za-z0-9_]/g, ''),
      name: `达人${index}`,
    });
    expect(added.status).toBe(200);
    ids.push(added.data.id);
    uids.push(`${uid}_${setName}`.replace(/[^A-Za-z0-9_]/g, ''));
  }
  const created = await call('POST', '/api/v1/send-records', {
    shopId,
    taskType: 'free_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds: ids,
    script: '你好 {达人昵称}，邀请你带货',
    setName,
  });
  expect(created.status).toBe(200);
  return uids;
}

/**
 * The stand-in 达人广场 on the platform's own host: the extension's route check sees the real
 * host and path, and nothing leaves the machine.
 */
async function routeSquare(browserContext: BrowserContext) {
  await browserContext.route('https://buyin.jinritemai.com/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/standin/batch-invite') {
      sentBatches.push((JSON.parse(route.request().postData() ?? '{}') as { uids: string[] }).uids);
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"code":0}' });
    }
    if (url.pathname === '/login' || url.pathname === '/dashboard/merch-picking-library')
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>百应</title>',
      });
    if (url.pathname !== '/dashboard/servicehall/daren-square')
      return route.fulfill({ status: 404, body: '' });
    if (square.mode !== 'ok') {
      const to =
        square.mode === 'login'
          ? '/login?redirect=daren-square'
          : '/dashboard/merch-picking-library';
      return route.fulfill({
        status: 302,
        headers: { location: `https://buyin.jinritemai.com${to}` },
      });
    }
    if (square.captcha) url.searchParams.set('captcha', '1');
    if (square.hang) url.searchParams.set('hang', '1');
    // The platform remembers whom the shop invited: their boxes show disabled.
    url.searchParams.set('invited', sentBatches.flat().join(','));
    url.searchParams.set('uids', square.uids.join(','));
    url.searchParams.set('quota', String(square.quota));
    const html = squareHtml
      .toString('utf8')
      .replace(
        'var query = new URLSearchParams(location.search);',
        `var query = new URLSearchParams(${JSON.stringify(url.search)});`,
      );
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  });
}

/** Starts Chromium with the unpacked extension (again, on the same profile, after a restart). */
async function launch() {
  ({ context, worker } = await launchWithExtension(userDataDir, { route: routeSquare }));
}

test.beforeAll(async () => {
  userDataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-channel-'));
  await launch();

  await storage.set({
    uiLocale: 'zh-CN',
    channelPacing: { minDelaySeconds: 3, maxDelaySeconds: 3, workStart: '00:00', workEnd: '00:00' },
  });

  await registerSeller(seller);
  consolePage = await context.newPage();
  await consolePage.goto('/login');
  await submitSignIn(consolePage, seller);
  await expect
    .poll(async () => (await storage.get<{ session: unknown }>('auth'))?.session)
    .toBeTruthy();
  token = (await consolePage.evaluate(
    () => sessionStorage.getItem('token') ?? localStorage.getItem('token'),
  ))!;

  // The pro plan (a day's allowance of 200) through the sandbox cashier.
  await consolePage.goto('/membership/purchase');
  await consolePage.getByRole('button', { name: '立即购买' }).click();
  await consolePage.getByRole('button', { name: '确认付款' }).click();
  await expect(consolePage.getByText('支付成功')).toBeVisible();

  const reported = await call<{ shop: { id: number } }>('POST', '/api/v1/shops/report', {
    platform: 'douyin',
    shopName: '百应测试小店',
    siteName: '中国站',
    shopCode: `BY${stamp}`,
  });
  expect(reported.status).toBe(200);
  shopId = reported.data.shop.id;
});

test.afterAll(async () => {
  await context?.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

test('a 百应 batch of 40 on the stand-in 达人广场, run with no console tab open', async () => {
  square = { ...square, uids: await batchTask(40, 'batch40'), quota: 200 };
  // The run needs no console: its tab is closed before the channel starts.
  await consolePage.close();
  await storage.set({ channelEnabled: true });
  await expect
    .poll(async () => countOf(await recordsOf(call, 'batch40'), 'success'), { timeout: 90_000 })
    .toBe(40);
  // Its own window: the seller's tabs were never used, and the status says what it did.
  const status = await storage.get<{ action: { total: number; sent: number } }>('channelStatus');
  expect(status?.action).toMatchObject({ total: 40, sent: 40 });
  expect(await storage.get('channelOwnedTab')).toMatchObject({ tabId: expect.any(Number) });
  await storage.set({ channelEnabled: false });
});

test('a page that is not the pack’s stops the run before any step: all pending', async () => {
  square = { ...square, uids: await batchTask(7, 'wrong7'), quota: 200, mode: 'wrongPage' };
  const stop = await runUntilStop(storage, 'page_changed');
  expect(stop).toMatchObject({
    pending: 7,
    detail: expect.stringContaining('merch-picking-library'),
  });
  const list = await recordsOf(call, 'wrong7');
  expect(countOf(list, 'pending')).toBe(7);
  expect(countOf(list, 'failed') + countOf(list, 'success')).toBe(0);
  square = { ...square, mode: 'ok' };
});

test('a captcha pauses the run and tells the seller; it resumes once the captcha is gone', async () => {
  square = { ...square, uids: await batchTask(5, 'captcha5'), quota: 200, captcha: true };
  await storage.set({ channelStatus: null, channelEnabled: true });
  await expect
    .poll(
      async () =>
        (await storage.get<{ stop: { reason: string; pending: number } | null }>('channelStatus'))
          ?.stop,
      {
        timeout: 90_000,
      },
    )
    .toMatchObject({ reason: 'captcha', pending: 5 });
  expect(countOf(await recordsOf(call, 'captcha5'), 'pending')).toBe(5);
  // The seller is told by a browser notification.
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        Object.keys(
          await (
            globalThis as unknown as {
              chrome: { notifications: { getAll(): Promise<Record<string, boolean>> } };
            }
          ).chrome.notifications.getAll(),
        ),
      ),
    )
    .not.toEqual([]);
  // The seller solves it in the extension's window: the captcha goes away.
  square = { ...square, captcha: false };
  const owned = context
    .pages()
    .find((page) => page.url().startsWith('https://buyin.jinritemai.com/'));
  expect(owned).toBeTruthy();
  await owned!.evaluate(() => document.querySelector('.captcha-verify-container')?.remove());
  await expect
    .poll(async () => countOf(await recordsOf(call, 'captcha5'), 'success'), { timeout: 90_000 })
    .toBe(5);
  await storage.set({ channelEnabled: false });
});

test('the platform’s sign-in page stops the run as a lost platform login (all pending) until the seller signs in again', async () => {
  square = { ...square, uids: await batchTask(6, 'login6'), mode: 'login' };
  const stop = await runUntilStop(storage, 'login_expired');
  expect(stop.pending).toBe(6);
  const list = await recordsOf(call, 'login6');
  expect(countOf(list, 'pending')).toBe(6);
  expect(countOf(list, 'failed')).toBe(0);
  square = { ...square, mode: 'ok' };
  // The seller signs in to the platform again: the extension sees its page again, lifts the
  // shop's stop by itself and the batch goes out.
  await storage.set({ channelEnabled: true });
  await expect
    .poll(async () => countOf(await recordsOf(call, 'login6'), 'success'), { timeout: 90_000 })
    .toBe(6);
  await storage.set({ channelEnabled: false });
});

test('the quota pre-check stops the run: nothing sent, every record left pending', async () => {
  square = { ...square, uids: await batchTask(12, 'quota12'), quota: 0 };
  const stop = await runUntilStop(storage, 'quota_exceeded');
  expect(stop.pending).toBe(12);
  const list = await recordsOf(call, 'quota12');
  expect(countOf(list, 'pending')).toBe(12);
  expect(countOf(list, 'failed')).toBe(0);
});

test('a browser restart mid-batch never sends twice: the page is read back and the records reconciled', async () => {
  // Another shop of the seller's: the first one waits for the platform's quota reset.
  const second = await call<{ shop: { id: number } }>('POST', '/api/v1/shops/report', {
    platform: 'douyin',
    shopName: '百应测试二店',
    siteName: '中国站',
    shopCode: `BZ${stamp}`,
  });
  expect(second.status).toBe(200);
  shopId = second.data.shop.id;
  square = { ...square, uids: await batchTask(4, 'restart4'), quota: 200, hang: true };
  const before = sentBatches.length;
  await storage.set({ channelStatus: null, channelEnabled: true });
  // The page's send went out and its answer has not come: the journal says "sending".
  await expect
    .poll(async () => (await storage.get<{ phase: string }>('browserActionJournal'))?.phase, {
      timeout: 60_000,
    })
    .toBe('sending');
  await expect.poll(() => sentBatches.length).toBe(before + 1);
  // The browser goes away and comes back on the same profile.
  await context.close();
  square = { ...square, hang: false };
  await launch();
  // After the restart the page is read back (the square shows the 4 as invited): the records
  // are settled as sent, and the batch was never sent again.
  await settleAfterRestart(
    storage,
    async () => countOf(await recordsOf(call, 'restart4'), 'success'),
    4,
  );
  expect(sentBatches.length).toBe(before + 1);
  await storage.set({ channelEnabled: false });
});
