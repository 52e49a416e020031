import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import {
  newStandinState,
  oecIdOf,
  standinAnswer,
  type TikTokStandinState,
} from '../../apps/extension/test/fixtures/tiktok-target-invitation-api.ts';
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
 * The browser channel on TikTok (issue 17) in Chromium with the unpacked extension: a TikTok
 * shop bound by hand (no API authorization) gets its targeted product invitations as browser
 * actions of up to 50 creators; the extension fills the stand-in target-invitation form
 * (served on the platform's own host by request routing, its JSON calls answered by the
 * stand-in's platform side), sends, removes a creator of a pending invitation in the conflict
 * dialog, and reports per record; a wrong page and a captcha stop the run and leave every
 * unattempted record pending.
 */
test.describe.configure({ mode: 'serial' });

const formHtml = readFileSync(
  path.join(repoRoot, 'apps/extension/test/fixtures/tiktok-target-invitation.html'),
  'utf8',
);
const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `ttch_${stamp}`,
  phoneNumber: `137${stamp}`,
  password: 'Channel-pass-1',
};
const PRODUCT_ID = `17293${stamp}`;

let context: BrowserContext;
let worker: Worker;
let consolePage: Page;
let userDataDir: string;
let token = '';
let shopId: number;
let productTemplateId: number;
/** The platform's side of the stand-in (creators, products, invitations, every call). */
const platform: TikTokStandinState = newStandinState();
/**
 * `wrongPage`: the platform sends the tab to Find creators; `login`: to its sign-in page;
 * `captcha`: a captcha is shown.
 */
let mode: 'ok' | 'wrongPage' | 'login' | 'captcha' = 'ok';
const storage = extensionStorage(() => worker);
const call = apiWith(() => token);

/** A targeted product invitation of `n` creators the platform knows (their handles). */
async function invitationTask(n: number, setName: string, tag: string): Promise<string[]> {
  const ids: number[] = [];
  const handles: string[] = [];
  for (let index = 0; index < n; index++) {
    const handle = `t${stamp}${tag}${index}`;
    const added = await call<{ id: number }>('POST', '/api/v1/talents', {
      platform: 'tiktok',
      platformTalentId: handle,
      name: `creator ${handle}`,
    });
    expect(added.status).toBe(200);
    ids.push(added.data.id);
    handles.push(handle);
    platform.creators[handle] = oecIdOf(handle);
  }
  const created = await call('POST', '/api/v1/send-records', {
    shopId,
    taskType: 'targeted_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds: ids,
    script: 'Hi {达人昵称}, would you like to feature our cup?',
    setName,
    productTemplateIds: [productTemplateId],
    collaborationName: `Cups ${tag}`,
    endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    commissionRates: { [String(productTemplateId)]: 1250 },
    contactEmail: 'team@sunny.example',
  });
  expect(created.status).toBe(200);
  return handles;
}

/**
 * The stand-in form on the platform's own host: the extension's route check sees the real host
 * and path, and nothing leaves the machine.
 */
async function routeForm(browserContext: BrowserContext) {
  await browserContext.route('https://affiliate.tiktok.com/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/api/')) {
      const answer = standinAnswer(
        platform,
        url.pathname,
        JSON.parse(route.request().postData() ?? 'null'),
      );
      if (answer === 'hang') return;
      return route.fulfill({
        status: answer ? 200 : 404,
        contentType: 'application/json',
        body: JSON.stringify(answer ?? {}),
      });
    }
    if (url.pathname === '/connection/creator' || url.pathname === '/account/login')
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Find creators</title>',
      });
    if (url.pathname !== '/connection/target-invitation/create')
      return route.fulfill({ status: 404, body: '' });
    if (mode === 'wrongPage' || mode === 'login')
      return route.fulfill({
        status: 302,
        headers: {
          location:
            mode === 'login'
              ? 'https://affiliate.tiktok.com/account/login?redirect=target-invitation'
              : 'https://affiliate.tiktok.com/connection/creator?shop_region=GB',
        },
      });
    if (mode === 'captcha') url.searchParams.set('captcha', '1');
    const html = formHtml.replace(
      'var query = new URLSearchParams(location.search);',
      `var query = new URLSearchParams(${JSON.stringify(url.search)});`,
    );
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  });
}

/** Starts Chromium with the unpacked extension (again, on the same profile, after a restart). */
async function launch() {
  ({ context, worker } = await launchWithExtension(userDataDir, { route: routeForm }));
}

test.beforeAll(async () => {
  userDataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-tiktok-channel-'));
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
  await consolePage.close();

  // A TikTok shop bound by hand: no API authorization, so its tasks go to the browser.
  const reported = await call<{ shop: { id: number; source?: string } }>(
    'POST',
    '/api/v1/shops/report',
    { platform: 'tiktok', shopName: 'TikTok 测试店', siteName: '英国站', shopCode: `TT${stamp}` },
  );
  expect(reported.status).toBe(200);
  shopId = reported.data.shop.id;
  const template = await call<{ id: number }>('POST', '/api/v1/templates/products', {
    productId: PRODUCT_ID,
    productName: 'Thermo cup',
  });
  expect(template.status).toBe(200);
  productTemplateId = template.data.id;
  platform.products[PRODUCT_ID] = 'Thermo cup';
});

test.afterAll(async () => {
  await context?.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

test('60 creators go out as two invitations (50 + 10); a creator of a pending invitation gets the conflict', async () => {
  test.setTimeout(300_000);
  const handles = await invitationTask(60, 'tt60', 'a');
  // One creator already holds an open invitation of this product: the conflict dialog.
  const conflicting = handles[57]!;
  platform.invitations.push({
    id: '7500000000000000999',
    name: 'Summer',
    creatorIds: [oecIdOf(conflicting)],
    productIds: [PRODUCT_ID],
    body: {},
  });
  await storage.set({ channelEnabled: true });
  await expect
    .poll(async () => countOf(await recordsOf(call, 'tt60'), 'success'), { timeout: 180_000 })
    .toBe(59);
  await expect
    .poll(async () => (await recordsOf(call, 'tt60')).filter((r) => r.status === 'failed'))
    .toEqual([
      expect.objectContaining({
        platformTalentId: conflicting,
        errorCode: 'collaboration_conflict',
      }),
    ]);
  await storage.set({ channelEnabled: false });

  // Two invitations made by the page (50 + 10 creators, less the conflict the dialog removed).
  const made = platform.invitations.slice(1);
  expect(made).toHaveLength(2);
  const invited = made.flatMap((invitation) => invitation.creatorIds);
  expect(invited).toHaveLength(59);
  expect(new Set(invited).size).toBe(59);
  expect(invited).not.toContain(oecIdOf(conflicting));
  expect(Math.max(...made.map((invitation) => invitation.creatorIds.length))).toBeLessThanOrEqual(
    50,
  );
  expect(made[0]!.body).toMatchObject({
    name: expect.stringMatching(/^Cups a/),
    product_list: [{ product_id: PRODUCT_ID, target_commission: 1250 }],
    contacts_info: [{ value: 'team@sunny.example' }],
  });
  // Each invitation has its own name (the batch's).
  expect(new Set(made.map((invitation) => invitation.name)).size).toBe(2);
  // The extension's own window: the seller's tabs were never used.
  expect(await storage.get('channelOwnedTab')).toMatchObject({ tabId: expect.any(Number) });
});

test('a page that is not the form stops the run before any step: every record pending', async () => {
  await invitationTask(7, 'ttwrong7', 'w');
  mode = 'wrongPage';
  const calls = platform.calls.length;
  const stop = await runUntilStop(storage, 'page_changed');
  expect(stop).toMatchObject({
    pending: 7,
    detail: expect.stringContaining('/connection/creator'),
  });
  const list = await recordsOf(call, 'ttwrong7');
  expect(countOf(list, 'pending')).toBe(7);
  expect(countOf(list, 'failed') + countOf(list, 'success')).toBe(0);
  expect(platform.calls.length).toBe(calls);
  mode = 'ok';
});

test('a captcha stops the run with every record pending; it goes on once the captcha is gone', async () => {
  // The records of the stopped run above wait a little; these come after them.
  mode = 'captcha';
  await invitationTask(5, 'ttcaptcha5', 'c');
  await storage.set({ channelStatus: null, channelEnabled: true });
  await expect
    .poll(
      async () =>
        (await storage.get<{ stop: { reason: string; pending: number } | null }>('channelStatus'))
          ?.stop,
      { timeout: 90_000 },
    )
    .toMatchObject({ reason: 'captcha' });
  const stopped = (await storage.get<{ stop: { pending: number } }>('channelStatus'))!.stop;
  const waiting = [
    ...(await recordsOf(call, 'ttwrong7')),
    ...(await recordsOf(call, 'ttcaptcha5')),
  ];
  // Nothing was attempted: the run's records and every other are pending.
  expect(countOf(waiting, 'pending')).toBe(12);
  expect(stopped.pending).toBeGreaterThan(0);
  expect(platform.calls.filter((c) => /conflict_check|create/.test(c.path))).toHaveLength(4);
  // The seller solves it in the extension's window.
  mode = 'ok';
  const owned = context
    .pages()
    .find((page) => page.url().startsWith('https://affiliate.tiktok.com/'));
  expect(owned).toBeTruthy();
  await owned!.evaluate(() => document.querySelector('.captcha-verify-container')?.remove());
  await expect
    .poll(async () => countOf(await recordsOf(call, 'ttcaptcha5'), 'success'), { timeout: 120_000 })
    .toBe(5);
  await storage.set({ channelEnabled: false });
});

test('the platform’s sign-in page stops the run (every record pending) until the seller signs in again', async () => {
  await invitationTask(4, 'ttlogin4', 'l');
  mode = 'login';
  const stop = await runUntilStop(storage, 'login_expired');
  expect(stop.pending).toBeGreaterThan(0);
  const list = await recordsOf(call, 'ttlogin4');
  expect(countOf(list, 'pending')).toBe(4);
  expect(countOf(list, 'failed')).toBe(0);
  // Signed in again: the extension sees the form again and the invitation goes out.
  mode = 'ok';
  await storage.set({ channelEnabled: true });
  await expect
    .poll(async () => countOf(await recordsOf(call, 'ttlogin4'), 'success'), { timeout: 90_000 })
    .toBe(4);
  await storage.set({ channelEnabled: false });
});

test('the shop’s daily limit answered on create stops the run: nothing made, every record pending', async () => {
  await invitationTask(6, 'ttquota6', 'q');
  platform.createCode = 16024034;
  const before = platform.invitations.length;
  const stop = await runUntilStop(storage, 'quota_exceeded');
  expect(stop.pending).toBe(6);
  const list = await recordsOf(call, 'ttquota6');
  expect(countOf(list, 'pending')).toBe(6);
  expect(countOf(list, 'failed')).toBe(0);
  expect(platform.invitations.length).toBe(before);
});

test('a browser restart mid-send never sends twice: the conflict check reads the invitation back', async () => {
  test.setTimeout(240_000);
  // Another shop of the seller's: the first one waits for the platform's quota reset.
  const second = await call<{ shop: { id: number } }>('POST', '/api/v1/shops/report', {
    platform: 'tiktok',
    shopName: 'TikTok 测试二店',
    siteName: '英国站',
    shopCode: `TU${stamp}`,
  });
  expect(second.status).toBe(200);
  shopId = second.data.shop.id;
  await invitationTask(3, 'ttrestart3', 'r');
  // The page's create goes out and the platform makes the invitation; its answer never comes.
  platform.hang = true;
  const before = platform.invitations.length;
  const creates = () => platform.calls.filter((c) => c.path.endsWith('/create')).length;
  const sentCreates = creates();
  await storage.set({ channelStatus: null, channelEnabled: true });
  await expect
    .poll(async () => (await storage.get<{ phase: string }>('browserActionJournal'))?.phase, {
      timeout: 90_000,
    })
    .toBe('sending');
  await expect.poll(() => platform.invitations.length).toBe(before + 1);
  // The browser goes away and comes back on the same profile.
  await context.close();
  platform.hang = false;
  await launch();
  // The page's conflict check shows the 3 in this invitation: settled as sent, never resent.
  await settleAfterRestart(
    storage,
    async () => countOf(await recordsOf(call, 'ttrestart3'), 'success'),
    3,
    { timeout: 120_000 },
  );
  expect(platform.invitations.length).toBe(before + 1);
  expect(creates()).toBe(sentCreates + 1);
  await storage.set({ channelEnabled: false });
});
