import type { BrowserClaimData, ClaimedBrowserAction, PagePack } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api/api-client.ts';
import { buyinPack } from '../../test/page-packs.ts';
import { authItem } from '../storage/items.ts';
import type { PageDriver } from './action-runner.ts';
import type { ChannelApi } from './channel-api.ts';
import { ChannelService } from './channel-service.ts';
import { defaultChannelPacing, channelPacingItem } from './pacing.ts';
import { channelEnabledItem, channelStatusItem, loginWatchItem } from './status.ts';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data, message: '' });

const claimed: ClaimedBrowserAction = {
  id: 1,
  leaseId: '8f3e8f6e-7a4b-4c9e-9d55-0a4a4b0b1c11',
  leasedUntil: '2030-01-01T00:00:00.000Z',
  idempotencyKey: 'k',
  kind: 'buyin_batch_invitation',
  pack: { id: buyinPack.id, version: buyinPack.version },
  shop: {
    id: 4,
    platform: 'douyin',
    shopName: '小店',
    shopCode: 'c',
    platformShopId: null,
    region: null,
    timeZone: 'Asia/Shanghai',
  },
  task: {
    id: 1,
    taskType: 'free_product',
    contentType: 'video',
    setName: 's',
    name: null,
    products: [],
    terms: null,
  },
  message: null,
  records: [{ id: 10, talentName: 't', platformTalentId: 'p', identity: null, message: 'hi' }],
};

/** `claim` stands in for the server's claim when given (it is told the calls so far). */
function world(claim?: (calls: string[]) => Promise<ApiResult<BrowserClaimData>>) {
  const calls: string[] = [];
  let claims = 0;
  const api: ChannelApi = {
    pagePacks: async () => ok({ packs: [{ ...buyinPack, stopped: false, stoppedReason: null }] }),
    claim: async (): Promise<ApiResult<BrowserClaimData>> => {
      if (claim) return claim(calls);
      claims++;
      calls.push('claim');
      return ok({
        action: claims <= 2 ? claimed : null,
        waiting: 'nothing',
        allowance: null,
        stop: null,
      });
    },
    started: async () => ok(null),
    report: async (id, body) => {
      calls.push(`report:${body.stop?.reason ?? 'outcomes'}`);
      return ok({
        id,
        status: 'succeeded',
        released: 0,
        succeeded: 0,
        failed: 0,
        ignored: 0,
        split: 0,
      });
    },
    reconcile: async () => {
      throw new Error('not expected');
    },
    resume: async (shopId, reason) => {
      calls.push(`resume:${shopId}:${reason}`);
      return ok({ resumed: true });
    },
  };
  let captcha = true;
  let polls = 0;
  const page: PageDriver = {
    open: async (url) => url,
    missing: async () => [],
    captchaShown: async (_pack: PagePack) => {
      // Shown at the run's check and at the first look after; gone at the second look.
      if (calls.includes('report:captcha')) polls++;
      if (polls >= 2) captcha = false;
      return captcha;
    },
    run: async (action, _pack, hooks) => {
      await hooks.beforeSend(action.records.map((record) => record.id));
      return {
        outcomes: action.records.map((record) => ({
          recordId: record.id,
          result: 'sent' as const,
        })),
        unknown: [],
      };
    },
    readBack: async () => null,
  };
  const notices: string[] = [];
  const service = new ChannelService({
    api,
    page,
    notify: async (title, body) => {
      notices.push(`${title}|${body}`);
    },
    sleep: async () => undefined,
    captchaPollMs: 1,
  });
  return { calls, notices, service, page };
}

async function signIn() {
  await authItem.set({
    token: 't',
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    userInfo: {
      id: 7,
      username: 'u',
      phoneNumber: '1',
      membershipLevel: 'pro',
      membershipValidTo: null,
      maxShopBindCount: 3,
      currentShopBindCount: 1,
    },
    apiOrigin: 'http://127.0.0.1:3000',
    session: null,
    receivedVia: { window: null, external: null },
  });
}

describe('the browser channel loop', () => {
  it('on a captcha: notifies, waits for it to go, lifts the shop stop and goes on', async () => {
    await signIn();
    await channelPacingItem.set({ ...defaultChannelPacing, workStart: '00:00', workEnd: '00:00' });
    const { calls, notices, service } = world();
    await service.tick();
    expect(calls).toEqual([
      'claim',
      'report:captcha',
      'resume:4:captcha',
      'claim',
      'report:outcomes',
      'claim',
    ]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('平台要求完成验证码');
  });

  it('runs by default; switched off in the popup it claims nothing and says it is paused', async () => {
    await signIn();
    await channelPacingItem.set({ ...defaultChannelPacing, workStart: '00:00', workEnd: '00:00' });
    expect(await channelEnabledItem.get()).toBe(true);
    await channelEnabledItem.set(false);
    const off = world();
    await off.service.tick();
    expect(off.calls).toEqual([]);
    expect((await channelStatusItem.get()).state).toBe('paused');
    await channelEnabledItem.set(true);
    const on = world();
    on.page.captchaShown = async () => false;
    await on.service.tick();
    expect(on.calls).toEqual(['claim', 'report:outcomes', 'claim', 'report:outcomes', 'claim']);
  });

  it('a wake during a pass that found nothing is not swallowed: one more pass follows', async () => {
    await signIn();
    await channelPacingItem.set({ ...defaultChannelPacing, workStart: '00:00', workEnd: '00:00' });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claims = 0;
    // The first claim finds nothing and answers only after the wake; work arrived meanwhile.
    const { calls, service, page } = world(async (seen) => {
      claims++;
      seen.push('claim');
      if (claims === 1) await held;
      return ok({
        action: claims === 2 ? claimed : null,
        waiting: 'nothing',
        allowance: null,
        stop: null,
      });
    });
    page.captchaShown = async () => false;
    const first = service.tick();
    await expect.poll(() => claims).toBe(1);
    const woken = service.tick();
    release();
    await Promise.all([first, woken]);
    expect(calls).toEqual(['claim', 'claim', 'report:outcomes', 'claim']);
  });

  it('does nothing signed out, and claims nothing outside working hours', async () => {
    const first = world();
    await first.service.tick();
    expect(first.calls).toEqual([]);
    expect((await channelStatusItem.get()).state).toBe('signedOut');
    await signIn();
    // A one-minute window that is not now (in this machine's zone).
    const now = new Date();
    const later = new Date(now.getTime() + 3 * 3_600_000);
    const hhmm = (date: Date) =>
      `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
    await channelPacingItem.set({
      ...defaultChannelPacing,
      workStart: hhmm(later),
      workEnd: hhmm(new Date(later.getTime() + 60_000)),
    });
    const second = world();
    await second.service.tick();
    expect(second.calls).toEqual([]);
    expect((await channelStatusItem.get()).state).toBe('outsideHours');
  });

  it('after a lost platform login, claims nothing until the page shows the seller signed in again', async () => {
    await signIn();
    await channelPacingItem.set({ ...defaultChannelPacing, workStart: '00:00', workEnd: '00:00' });
    const { calls, service, page } = world();
    let signedIn = false;
    page.captchaShown = async () => false;
    page.open = async (url) => (signedIn ? url : 'https://buyin.jinritemai.com/login');
    await service.tick();
    expect(calls).toEqual(['claim', 'report:login_expired']);
    expect(await loginWatchItem.get()).toMatchObject({ shopId: 4 });
    // Still the sign-in page: nothing claimed, the stop stays.
    await service.tick();
    expect(calls).toEqual(['claim', 'report:login_expired']);
    signedIn = true;
    await service.tick();
    expect(calls).toEqual([
      'claim',
      'report:login_expired',
      'resume:4:login_expired',
      'claim',
      'report:outcomes',
      'claim',
    ]);
    expect(await loginWatchItem.get()).toBeNull();
  });
});
