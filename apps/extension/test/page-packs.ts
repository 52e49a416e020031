import { pagePackState, type PagePackState } from '@inviteflow/contract';

/**
 * Page packs for unit tests, shaped by the contract's schema (the server serves the real ones
 * from apps/server/src/modules/platforms/page-packs/packs.ts; these carry only what the tests
 * exercise, with the same hosts, paths, parameters and codes).
 */
export const tiktokPack: PagePackState = pagePackState.parse({
  id: 'tiktok.target-invitation',
  version: 3,
  platform: 'tiktok',
  kinds: ['tiktok_target_invitation'],
  hosts: ['affiliate.tiktok.com', 'affiliate-us.tiktok.com', 'seller-*.tiktok.com'],
  route: {
    paths: ['/connection/target-invitation/create'],
    shopIdParam: 'shop_id',
    regionParam: 'shop_region',
  },
  canary: ['.arco-form'],
  selectors: {},
  endpoints: [
    {
      name: 'conflictCheck',
      method: 'POST',
      pattern: '/api/v1/oec/affiliate/seller/invitation_group/conflict_check',
    },
    {
      name: 'conflictResolve',
      method: 'POST',
      pattern: '/api/v1/oec/affiliate/seller/invitation_group/conflict_check/resolve',
    },
    {
      name: 'create',
      method: 'POST',
      pattern: '/api/v1/oec/affiliate/seller/invitation_group/create',
    },
  ],
  codeField: 'code',
  codes: [
    { code: '0', outcome: 'success' },
    { code: '16024019', outcome: 'stop', reason: 'quota_exceeded' },
    { code: '16024020', outcome: 'record', errorCode: 'talent_excluded' },
  ],
  textFallbacks: [{ text: '合作邀请发送成功', outcome: 'success' }],
  captcha: { selectors: ['#captcha-verify-image'], iframes: [], codes: ['30004009'] },
  loginPaths: ['/account/login'],
  quotaReset: 'weekly',
  sources: ['unit test'],
  unverified: [],
  stopped: false,
  stoppedReason: null,
});

export const buyinPack: PagePackState = pagePackState.parse({
  ...tiktokPack,
  id: 'buyin.daren-square',
  version: 1,
  platform: 'douyin',
  kinds: ['buyin_batch_invitation'],
  hosts: ['buyin.jinritemai.com', 'fxg.jinritemai.com/ffa/buyin'],
  route: {
    paths: ['/dashboard/servicehall/daren-square', '/ffa/buyin/dashboard/servicehall/daren-square'],
    shopIdParam: null,
    regionParam: null,
  },
  codeField: 'base_resp.status_code',
  loginPaths: ['/login'],
  quotaReset: 'daily',
});
