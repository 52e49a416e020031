import { routeTalentOf, type PagePack, type TalentIdentity } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { pagePacks } from '../../../server/src/modules/platforms/page-packs/packs.ts';
import { buyinPack, tiktokPack } from '../../test/page-packs.ts';
import {
  actionUrl,
  checkRoute,
  classifyAnswer,
  classifyText,
  hostMatches,
  matchEndpoint,
} from './page-pack.ts';

const shop = { platformShopId: '7495', region: 'GB' };
const page = 'https://affiliate.tiktok.com/connection/target-invitation/create';

describe('route check', () => {
  it('takes the exact page with the shop id and region of the claimed shop', () => {
    expect(checkRoute(tiktokPack, `${page}?shop_id=7495&shop_region=GB`, shop)).toEqual({
      ok: true,
    });
    expect(
      checkRoute(tiktokPack, `${page}?shop_id=7495&shop_region=gb&creator_ids[0]=1`, shop),
    ).toEqual({ ok: true });
  });

  it('refuses another shop, another region, another page or host as a changed page', () => {
    for (const href of [
      `${page}?shop_id=9999&shop_region=GB`,
      `${page}?shop_id=7495&shop_region=US`,
      `${page}?shop_region=GB`,
      'https://affiliate.tiktok.com/connection/creator?shop_id=7495&shop_region=GB',
      'https://affiliate.tiktok.com.evil.example/connection/target-invitation/create?shop_id=7495&shop_region=GB',
      'https://evil.example/connection/target-invitation/create?shop_id=7495&shop_region=GB',
    ]) {
      expect(checkRoute(tiktokPack, href, shop)).toMatchObject({
        ok: false,
        reason: 'page_changed',
      });
    }
  });

  it('tells the platform login page apart', () => {
    expect(
      checkRoute(tiktokPack, 'https://affiliate.tiktok.com/account/login?redirect=x', shop),
    ).toMatchObject({
      ok: false,
      reason: 'login_expired',
    });
  });

  it('matches wildcard hosts label by label and host patterns with a path prefix', () => {
    expect(hostMatches('seller-*.tiktok.com', new URL('https://seller-vn.tiktok.com/x'))).toBe(
      true,
    );
    expect(hostMatches('seller-*.tiktok.com', new URL('https://seller-.tiktok.com/x'))).toBe(false);
    expect(hostMatches('seller-*.tiktok.com', new URL('https://a.seller-vn.tiktok.com/x'))).toBe(
      false,
    );
    expect(
      hostMatches(
        'fxg.jinritemai.com/ffa/buyin',
        new URL('https://fxg.jinritemai.com/ffa/buyin/x'),
      ),
    ).toBe(true);
    expect(
      hostMatches('fxg.jinritemai.com/ffa/buyin', new URL('https://fxg.jinritemai.com/ffa/order')),
    ).toBe(false);
  });

  it('builds the exact URL of an action: market host, path, shop id and region', () => {
    expect(actionUrl(tiktokPack, batchOf(shopOf('GB')))).toBe(
      `${page}?shop_id=7495&shop_region=GB`,
    );
    expect(actionUrl(tiktokPack, batchOf(shopOf('US')))).toBe(
      'https://affiliate-us.tiktok.com/connection/target-invitation/create?shop_id=7495&shop_region=US',
    );
    expect(actionUrl(buyinPack, { ...batchOf(shopOf(null)), kind: 'buyin_batch_invitation' })).toBe(
      'https://buyin.jinritemai.com/dashboard/servicehall/daren-square',
    );
  });

  it('names the talent of a one-talent action in the route and checks it', () => {
    const im = pagePacks.get('buyin.im') as PagePack;
    const tiktokIm = pagePacks.get('tiktok.im') as PagePack;
    const profile = 'https://buyin.jinritemai.com/dashboard/servicehall/daren-profile';
    const jia = talentOf('buyin_message', 'dy_jia', {
      platform: 'douyin',
      talentId: 'dy_jia',
      buyinId: '7001',
      uid: 'v2_jia',
    });
    expect(actionUrl(im, { ...jia, shop: shopOf(null) })).toBe(`${profile}?uid=v2_jia`);
    // No page uid known: the talent ID the seller gave.
    const bare = talentOf('buyin_message', 'dy_yi', {
      platform: 'douyin',
      talentId: 'dy_yi',
      buyinId: null,
      uid: null,
    });
    expect(actionUrl(im, { ...bare, shop: shopOf(null) })).toBe(`${profile}?uid=dy_yi`);
    const lily = talentOf('tiktok_message', 'lily', {
      platform: 'tiktok',
      handle: 'lily',
      creatorUserOpenId: '749318',
    });
    expect(actionUrl(tiktokIm, { ...lily, shop: shopOf('GB') })).toBe(
      'https://affiliate.tiktok.com/seller/im?shop_id=7495&shop_region=GB&creator_id=749318',
    );
    expect(checkRoute(im, `${profile}?uid=v2_jia`, shop, 'v2_jia')).toEqual({ ok: true });
    expect(checkRoute(im, `${profile}?uid=v2_yi`, shop, 'v2_jia')).toEqual({
      ok: false,
      reason: 'page_changed',
      detail: 'uid=v2_yi',
    });
    expect(checkRoute(im, profile, shop, 'v2_jia')).toMatchObject({ ok: false });
    // A batch names no talent in its route.
    expect(routeTalentOf(tiktokPack, { ...lily, kind: 'tiktok_target_invitation' })).toBeNull();
    expect(routeTalentOf(im, { ...jia, records: [...jia.records, ...bare.records] })).toBeNull();
  });
});

function batchOf(shop: ReturnType<typeof shopOf>) {
  return { shop, kind: 'tiktok_target_invitation' as const, records: [] };
}

function talentOf(
  kind: 'buyin_message' | 'tiktok_message',
  platformTalentId: string,
  identity: TalentIdentity,
) {
  return {
    kind,
    records: [{ id: 1, talentName: 't', platformTalentId, identity, message: 'hi' }],
  };
}

function shopOf(region: string | null) {
  return {
    id: 1,
    platform: 'tiktok' as const,
    shopName: 's',
    shopCode: 'c',
    platformShopId: '7495',
    region,
    timeZone: 'UTC',
  };
}

describe('answers classified by their numeric code', () => {
  it('maps success, a talent answer and a run stop from the pack', () => {
    expect(classifyAnswer(tiktokPack, { code: 0, message: '成功' })).toEqual({
      kind: 'success',
      code: '0',
    });
    expect(classifyAnswer(tiktokPack, { code: 16024020, message: 'Creator excluded' })).toEqual({
      kind: 'record',
      code: '16024020',
      errorCode: 'talent_excluded',
    });
    expect(classifyAnswer(tiktokPack, { code: '16024019' })).toEqual({
      kind: 'stop',
      code: '16024019',
      reason: 'quota_exceeded',
    });
  });

  it('never reads the message: the same code in any language is the same outcome', () => {
    const zh = classifyAnswer(tiktokPack, { code: 16024019, message: '额度不足' });
    const en = classifyAnswer(tiktokPack, { code: 16024019, message: 'character limit' });
    expect(zh).toEqual(en);
    // A success whose message speaks of a limit is still a success.
    expect(classifyAnswer(tiktokPack, { code: 0, message: 'limit' }).kind).toBe('success');
  });

  it('makes the captcha answer code a captcha stop and an unknown code unmapped', () => {
    expect(classifyAnswer(tiktokPack, { code: 30004009 })).toMatchObject({
      kind: 'stop',
      reason: 'captcha',
    });
    expect(classifyAnswer(tiktokPack, { code: 123 })).toEqual({ kind: 'unmapped', code: '123' });
    expect(classifyAnswer(tiktokPack, { data: {} })).toEqual({ kind: 'unmapped', code: null });
  });

  it('reads a nested code field', () => {
    expect(classifyAnswer(buyinPack, { base_resp: { status_code: 0 } }).kind).toBe('success');
    expect(classifyAnswer(buyinPack, { code: 0 }).kind).toBe('unmapped');
  });

  it('finds hooked endpoints, the most specific first, by method', () => {
    const base = 'https://affiliate.tiktok.com/api/v1/oec/affiliate/seller/invitation_group';
    expect(matchEndpoint(tiktokPack, 'POST', `${base}/create?msToken=x`)).toBe('create');
    expect(matchEndpoint(tiktokPack, 'post', `${base}/conflict_check/resolve`)).toBe(
      'conflictResolve',
    );
    expect(matchEndpoint(tiktokPack, 'POST', `${base}/conflict_check`)).toBe('conflictCheck');
    expect(matchEndpoint(tiktokPack, 'GET', `${base}/create`)).toBeNull();
    expect(matchEndpoint(tiktokPack, 'POST', `${base}/create_other`)).toBeNull();
  });

  it('falls back on the page words only as the pack lists them', () => {
    expect(classifyText(tiktokPack, '合作邀请发送成功')).toBe('success');
    expect(classifyText(tiktokPack, 'character limit reached')).toBeNull();
  });
});
