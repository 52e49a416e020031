import { describe, expect, it } from 'vitest';
import type { TaskApi } from '../api/api-client.ts';
import { shopReportItem } from '../storage/items.ts';
import { pickSellerTab, reportShop, shopHintFromUrl } from './report-shop.ts';

describe('the shop a seller-center URL names', () => {
  it('reads TikTok’s market and shop id from the URL, and only those', () => {
    expect(
      shopHintFromUrl('https://affiliate.tiktok.com/connection/creator?shop_region=gb'),
    ).toEqual({ platform: 'tiktok', siteName: 'GB' });
    expect(
      shopHintFromUrl('https://affiliate-us.tiktok.com/seller/im?shop_id=7495&creator_id=1'),
    ).toEqual({ platform: 'tiktok', siteName: 'US', shopCode: '7495' });
    // A value that is no shop code is left for the seller to type.
    expect(shopHintFromUrl('https://seller-vn.tiktok.com/x?shop_id=<b>&shop_region=VNM')).toEqual({
      platform: 'tiktok',
    });
    expect(
      shopHintFromUrl('https://buyin.jinritemai.com/dashboard/servicehall/daren-square'),
    ).toEqual({ platform: 'douyin', siteName: '中国站' });
  });

  it('knows nothing of other hosts, look-alikes or plain http', () => {
    for (const url of [
      'https://example.com/?shop_id=1',
      'https://tiktok.com.evil.example/?shop_id=1',
      'https://evil-jinritemai.com/',
      'http://affiliate.tiktok.com/?shop_region=GB',
      'not a url',
      undefined,
    ]) {
      expect(shopHintFromUrl(url), String(url)).toBeNull();
    }
  });

  it('takes the seller’s active seller-center tab, else the one used last, never the channel’s', () => {
    const tabs = [
      { id: 1, active: false, lastAccessed: 10, url: 'a' },
      { id: 2, active: true, lastAccessed: 5, url: 'owned' },
      { id: 3, active: false, lastAccessed: 20, url: 'b' },
    ];
    expect(pickSellerTab(tabs, 2)?.url).toBe('b');
    expect(pickSellerTab(tabs, null)?.url).toBe('owned');
    expect(pickSellerTab([tabs[1]!], 2)).toBeNull();
  });
});

describe('reporting a shop', () => {
  const identity = {
    platform: 'douyin' as const,
    shopName: '小店',
    shopCode: 'DY1',
    siteName: '中国站',
  };
  const apiAnswering = (answer: Awaited<ReturnType<TaskApi['reportShop']>>): TaskApi => ({
    reportShop: async () => answer,
    summary: async () => {
      throw new Error('not called');
    },
  });

  it('keeps the server’s outcome for the popup, a refusal with its message', async () => {
    const refused = await reportShop(
      apiAnswering({
        ok: false,
        error: { kind: 'refused', status: 422, message: '店铺绑定数量已达上限' },
      }),
      identity,
    );
    expect(refused).toMatchObject({ outcome: 'refused', message: '店铺绑定数量已达上限' });
    expect(await shopReportItem.get()).toMatchObject({ outcome: 'refused', identity });
  });

  it('keeps a refusal of the fields themselves, as typed, with the server’s words', async () => {
    const typed = { ...identity, shopCode: 'not an id!' };
    await reportShop(
      apiAnswering({
        ok: false,
        error: { kind: 'http', status: 400, message: '店铺编号只能包含字母、数字、_ . -' },
      }),
      typed,
    );
    expect(await shopReportItem.get()).toMatchObject({
      outcome: 'failed',
      identity: typed,
      message: '店铺编号只能包含字母、数字、_ . -',
    });
  });

  it('stores nothing when nobody is signed in', async () => {
    const answer = await reportShop(
      apiAnswering({ ok: false, error: { kind: 'unauthorized', status: 401, message: '' } }),
      identity,
    );
    expect(answer).toBe('signedOut');
    expect(await shopReportItem.get()).toBeNull();
  });
});
