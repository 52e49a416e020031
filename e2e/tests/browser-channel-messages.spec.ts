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
 * Connection invitations through the browser channel (issue 17), in Chromium with the
 * unpacked extension: a 抖店 shop bound by hand sends a free connection task as 百应 私信, one
 * 达人 per action, on the stand-in 达人 profile with its 私信 window (served on the platform's
 * own host by request routing); the platform's answer decides each record by its code (sent,
 * or this 达人 refused), and the day's 私信 limit stops the run with the rest left pending. A
 * TikTok shop sends one message on the stand-in seller-center IM page.
 */
test.describe.configure({ mode: 'serial' });

const fixture = (name: string) =>
  readFileSync(path.join(repoRoot, 'apps/extension/test/fixtures', name)).toString('utf8');
const profileHtml = fixture('buyin-im.html');
const imHtml = fixture('tiktok-im.html');
const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `msg_${stamp}`,
  phoneNumber: `137${stamp}`,
  password: 'Channel-pass-1',
};

let context: BrowserContext;
let worker: Worker;
let consolePage: Page;
let userDataDir: string;
let token = '';
const storage = extensionStorage(() => worker);
const call = apiWith(() => token);

/**
 * The 百应 platform behind the stand-in (the test's own): the 私信 it keeps per 达人 uid, the
 * 达人 it refuses (uid → code), and how many 私信 the shop has left today.
 */
const buyin = {
  kept: {} as Record<string, string[]>,
  refuse: {} as Record<string, number>,
  left: 100,
  posts: [] as Array<{ uid: string; content: string }>,
  /** The platform takes a 私信 and its answer never comes (the browser goes away meanwhile). */
  hang: false,
};
/** What went out over the TikTok stand-in's IM socket. */
const tiktokSent: Array<{ creator_id: string; content: string }> = [];
const json = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/** The platforms' hosts, answered on this machine (routed before the extension's worker looks). */
async function routePlatforms(browserContext: BrowserContext) {
  await browserContext.route('https://buyin.jinritemai.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname === '/mpa/api/pigeon/messages') {
      if (request.method() === 'GET') {
        const uid = url.searchParams.get('uid') ?? '';
        const messages = (buyin.kept[uid] ?? []).map((content) => ({ content, is_self: true }));
        return route.fulfill(json({ code: 0, msg: 'success', data: { messages } }));
      }
      const body = JSON.parse(request.postData() ?? '{}') as { uid: string; content: string };
      buyin.posts.push(body);
      const refused = buyin.refuse[body.uid];
      if (refused)
        return route.fulfill(json({ code: refused, msg: '该达人暂不接收私信', data: {} }));
      if (buyin.hang) {
        (buyin.kept[body.uid] ??= []).push(body.content);
        return;
      }
      if (buyin.left <= 0)
        return route.fulfill(json({ code: 40041, msg: '今日私信次数已达上限', data: {} }));
      buyin.left -= 1;
      (buyin.kept[body.uid] ??= []).push(body.content);
      return route.fulfill(
        json({
          code: 0,
          msg: 'success',
          data: { message_id: String(buyin.posts.length), conversation_id: `cv_${body.uid}` },
        }),
      );
    }
    if (url.pathname === '/dashboard/servicehall/daren-profile')
      return route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: profileHtml,
      });
    return route.fulfill({ status: 404, body: '' });
  });
  await browserContext.route('https://affiliate.tiktok.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname === '/seller/im')
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: imHtml });
    if (url.pathname === '/api/v1/oec/affiliate/seller/im/get/token')
      return route.fulfill(json({ code: 0, data: { token: 'im-token' } }));
    if (url.pathname === '/api/v1/im/conversation/create') {
      const body = JSON.parse(request.postData() ?? '{}') as {
        participants: Array<{ uid: string }>;
      };
      return route.fulfill(
        json({
          code: 0,
          message: 'success',
          data: { conversation_short_id: `70${body.participants[0]?.uid.length ?? 0}1` },
        }),
      );
    }
    if (url.pathname === '/standin/ws-send') {
      tiktokSent.push(JSON.parse(request.postData() ?? '{}') as (typeof tiktokSent)[number]);
      return route.fulfill(json({}));
    }
    return route.fulfill({ status: 404, body: '' });
  });
}

async function reportShop(
  platform: 'douyin' | 'tiktok',
  shopName: string,
  siteName: string,
  code: string,
) {
  const reported = await call<{ shop: { id: number } }>('POST', '/api/v1/shops/report', {
    platform,
    shopName,
    siteName,
    shopCode: `${code}${stamp}`,
  });
  expect(reported.status).toBe(200);
  return reported.data.shop.id;
}

/** A free connection task of the 达人 `uids` on the 抖店 shop (one 百应 私信 each). */
async function connectionTask(shopId: number, uids: string[], setName: string) {
  const ids: number[] = [];
  for (const [index, uid] of uids.entries()) {
    const added = await call<{ id: number }>('POST', '/api/v1/talents', {
      platform: 'douyin',
      platformTalentId: `dy_${uid}`,
      buyinUid: uid,
      name: `达人${setName}${index}`,
    });
    expect(added.status).toBe(200);
    ids.push(added.data.id);
  }
  const created = await call('POST', '/api/v1/send-records', {
    shopId,
    taskType: 'free_connection',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds: ids,
    script: '你好 {达人名称}，想和你聊聊合作',
    setName,
  });
  expect(created.status).toBe(200);
}

test.beforeAll(async () => {
  userDataDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-messages-'));
  ({ context, worker } = await launchWithExtension(userDataDir, { route: routePlatforms }));
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
});

test.afterAll(async () => {
  await context?.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

let douyinShop = 0;

test('a free connection task goes out as 百应 私信, one 达人 at a time; a 达人 refused by its code fails with it', async () => {
  douyinShop = await reportShop('douyin', '私信测试小店', '中国站', 'MS');
  const uids = ['a', 'b', 'c', 'd'].map((tail) => `v2_${stamp}${tail}`);
  buyin.refuse = { [uids[2]!]: 40031 };
  await connectionTask(douyinShop, uids, 'im4');
  await storage.set({ channelStatus: null, channelEnabled: true });
  await expect
    .poll(
      async () => {
        const list = await recordsOf(call, 'im4');
        return [countOf(list, 'success'), countOf(list, 'failed')];
      },
      { timeout: 110_000 },
    )
    .toEqual([3, 1]);
  await storage.set({ channelEnabled: false });
  const list = await recordsOf(call, 'im4');
  // The refused 达人's record carries the platform's code; nothing else failed.
  const failed = list.find((record) => record.status === 'failed')!;
  expect(failed).toMatchObject({
    errorCode: 'talent_ineligible',
    platformAnswer: { code: '40031', message: '该达人暂不接收私信' },
  });
  expect(failed.talentName).toBe('达人im42');
  // Each 达人 got the message once, its own text, in its conversation on the platform.
  expect(buyin.posts.map((post) => post.uid).sort()).toEqual([...uids].sort());
  for (const uid of [uids[0]!, uids[1]!, uids[3]!]) {
    expect(buyin.kept[uid]).toHaveLength(1);
    expect(buyin.kept[uid]![0]).toMatch(/^你好 达人im4\d，想和你聊聊合作$/);
  }
  expect(
    list
      .filter((record) => record.status === 'success')
      .map((record) => record.platformReference?.conversationId),
  ).toEqual(expect.arrayContaining([`cv_${uids[0]}`, `cv_${uids[1]}`, `cv_${uids[3]}`]));
});

test('the day’s 私信 limit stops the run: the rest of the task stays pending, none failed', async () => {
  const uids = ['e', 'f', 'g', 'h', 'i'].map((tail) => `v2_${stamp}${tail}`);
  buyin.refuse = {};
  buyin.left = 2;
  const before = buyin.posts.length;
  await connectionTask(douyinShop, uids, 'imquota5');
  await runUntilStop(storage, 'quota_exceeded', { timeout: 110_000 });
  const list = await recordsOf(call, 'imquota5');
  expect(countOf(list, 'success')).toBe(2);
  expect(countOf(list, 'pending')).toBe(3);
  expect(countOf(list, 'failed')).toBe(0);
  // Two went out, the third was refused whole by the limit, the last two were never tried.
  expect(buyin.posts.length - before).toBe(3);
});

test('a TikTok shop bound by hand sends one message from the seller center’s IM page', async () => {
  const shopId = await reportShop('tiktok', 'Glow UK', 'UK', 'MT');
  const added = await call<{ id: number }>('POST', '/api/v1/talents', {
    platform: 'tiktok',
    platformTalentId: `lily_${stamp}`,
    creatorUserOpenId: `7493${stamp}`,
    name: 'Lily',
  });
  expect(added.status).toBe(200);
  const created = await call('POST', '/api/v1/send-records', {
    shopId,
    taskType: 'free_connection',
    contentType: 'vertical_video',
    filterType: 'manual',
    talentIds: [added.data.id],
    script: 'Hi {达人名称}, shall we work together?',
    setName: 'tiktok1',
  });
  expect(created.status).toBe(200);
  await storage.set({ channelStatus: null, channelEnabled: true });
  await expect
    .poll(async () => countOf(await recordsOf(call, 'tiktok1'), 'success'), { timeout: 90_000 })
    .toBe(1);
  await storage.set({ channelEnabled: false });
  expect(tiktokSent).toEqual([
    { creator_id: `7493${stamp}`, content: 'Hi Lily, shall we work together?' },
  ]);
  const [record] = await recordsOf(call, 'tiktok1');
  expect(record?.platformReference?.conversationId).toBe(`70${`7493${stamp}`.length}1`);
});

test('a browser restart while a 私信’s answer is awaited never sends it twice: the conversation is read back', async () => {
  // Another 抖店 shop: the first one waits for the day's 私信 limit to reset.
  const shopId = await reportShop('douyin', '私信测试二店', '中国站', 'MR');
  const uid = `v2_${stamp}r`;
  buyin.left = 100;
  buyin.hang = true;
  const before = buyin.posts.length;
  await connectionTask(shopId, [uid], 'imrestart1');
  await storage.set({ channelStatus: null, channelEnabled: true });
  // The page's send went out and its answer has not come: the journal says "sending".
  await expect
    .poll(async () => (await storage.get<{ phase: string }>('browserActionJournal'))?.phase, {
      timeout: 60_000,
    })
    .toBe('sending');
  await expect.poll(() => buyin.posts.length).toBe(before + 1);
  // The browser goes away and comes back on the same profile.
  await context.close();
  buyin.hang = false;
  ({ context, worker } = await launchWithExtension(userDataDir, { route: routePlatforms }));
  // The conversation is read back after the restart.
  await settleAfterRestart(
    storage,
    async () => countOf(await recordsOf(call, 'imrestart1'), 'success'),
    1,
  );
  await storage.set({ channelEnabled: false });
  // The 私信 shown in the 达人's conversation settled the record: it was never sent again.
  expect(buyin.posts.length).toBe(before + 1);
  expect(buyin.kept[uid]).toHaveLength(1);
});
