import { pagePack, type PagePack, type PagePackId } from '@inviteflow/contract';

/**
 * The page packs (issue 17): every fact of a platform page the extension needs, served as data
 * (MV3 forbids remote code, not data). A fact changes → the pack's version goes up. Each pack
 * says where its facts come from (`sources`) and what no public source confirmed
 * (`unverified`); docs/platforms.md has the checklist for verifying a pack on a live test shop.
 *
 * Sources: "PLATFORMS.md" is ../shared/PLATFORMS.md (facts gathered 2026-11-25 from public
 * SDKs and automation code). "exact-string search" is the code index's exact-string search over
 * public repositories, which names no repository: the hit ids are given so the search can be
 * repeated (`find_string`), the code is never copied.
 */

const TIKTOK_HOSTS = [
  'affiliate.tiktok.com',
  'affiliate-us.tiktok.com',
  'seller-*.tiktok.com',
  'seller.tiktokshopglobalselling.com',
  'seller.us.tiktokshopglobalselling.com',
  'affiliate.tiktokshopglobalselling.com',
  'affiliate-id.tokopedia.com',
];

const BUYIN_HOSTS = ['buyin.jinritemai.com', 'fxg.jinritemai.com/ffa/buyin'];

/**
 * Captcha markers of ByteDance's verification SDK (TikTok and 抖店 share it): the slider and
 * whirl containers and their iframes. Confirmed by exact-string search for `secsdk-captcha`
 * (public automation detecting `.secsdk-captcha-drag-icon`, `#captcha-verify-image`,
 * `.captcha-verify-container`, `.secsdk-captcha-drag-wrapper`: hits 71047226534, 67444811609,
 * 49399332943, 29651707543).
 */
const BYTEDANCE_CAPTCHA = {
  selectors: [
    '.captcha-verify-container',
    '#captcha-verify-image',
    '.secsdk-captcha-drag-icon',
    '.secsdk-captcha-drag-wrapper',
    '.captcha_verify_container',
    '#captcha_container',
  ],
  iframes: ['iframe[src*="verify"]', 'iframe[src*="secsdk"]', 'iframe[src*="captcha"]'],
};

/** TikTok page answers' codes (PLATFORMS.md "Codes seen in public code"), as outcomes. */
const TIKTOK_CODES: PagePack['codes'] = [
  { code: '0', outcome: 'success' },
  { code: '16024019', outcome: 'stop', reason: 'quota_exceeded' },
  { code: '16024034', outcome: 'stop', reason: 'quota_exceeded' },
  { code: '16024035', outcome: 'stop', reason: 'quota_exceeded' },
  { code: '30004009', outcome: 'stop', reason: 'captcha' },
  { code: '16024020', outcome: 'record', errorCode: 'talent_excluded' },
  { code: '16024021', outcome: 'record', errorCode: 'talent_ineligible' },
  { code: '16024022', outcome: 'record', errorCode: 'collaboration_conflict' },
  { code: '16024016', outcome: 'record', errorCode: 'talent_ineligible' },
  { code: '16024006', outcome: 'record', errorCode: 'talent_ineligible' },
  { code: '16024008', outcome: 'record', errorCode: 'product_not_owned' },
  { code: '50001702', outcome: 'record', errorCode: 'talent_ineligible' },
  { code: '50001703', outcome: 'record', errorCode: 'sensitive_words' },
];

const PACKS: PagePack[] = [
  {
    id: 'tiktok.target-invitation',
    version: 1,
    platform: 'tiktok',
    kinds: ['tiktok_target_invitation'],
    hosts: TIKTOK_HOSTS,
    route: {
      // The form opens as a full page: …/connection/target-invitation/create?creator_ids[0]=…
      // (exact-string search `target-invitation/create`: hits 58613266387, 15344116328,
      // 69381973757; the `affiliate/collaboration/…` spelling in hit 70698893914).
      paths: [
        '/connection/target-invitation/create',
        '/affiliate/collaboration/target-invitation/create',
      ],
      shopIdParam: 'shop_id',
      regionParam: 'shop_region',
    },
    canary: ['.arco-form', 'input.arco-input', '.arco-picker', 'button.arco-btn-primary'],
    selectors: {
      // Arco components (`arco-*`, `core-*` in the seller center's build): the end date picker
      // (`div.arco-picker-date-value`, hit 15344116328), the products drawer
      // (`.core-drawer-wrapper`) and commission inputs with placeholder 1.00-80.00 (PLATFORMS.md).
      form: '.arco-form',
      invitationName: 'input.arco-input[maxlength]',
      endDatePicker: '.arco-picker, .core-picker',
      endDateCell: 'div.arco-picker-date-value, div.core-picker-date-value',
      addProductsButton: 'button.arco-btn-secondary, button.core-btn-secondary',
      productsDrawer: '.core-drawer-wrapper, .arco-drawer-wrapper',
      productSearch: '.core-drawer-wrapper input.arco-input, .arco-drawer-wrapper input.arco-input',
      commissionInput: 'input[placeholder="1.00-80.00"]',
      contactInput: 'input[type="email"], input.arco-input[name*="contact" i]',
      messageInput: 'textarea.arco-textarea, textarea.core-textarea',
      freeSampleSwitch: 'button.arco-switch, button.core-switch',
      sendButton: 'button.arco-btn-primary, button.core-btn-primary',
      conflictDialog: '.arco-modal, .core-modal',
      conflictRemoveButton:
        '.arco-modal button.arco-btn-secondary, .core-modal button.core-btn-secondary',
      shopMenu: '[data-tid^="m4b_"]',
    },
    endpoints: [
      // The page's own JSON calls (exact-string search `invitation_group/conflict_check`: hits
      // 71062143287, 71204292150, 17809248763, 58613266387): the hook reads their answers.
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
        name: 'sensitiveTextCheck',
        method: 'POST',
        pattern: '/api/v1/oec/affiliate/seller/invitation_group/sensitive_text_check',
      },
      {
        name: 'create',
        method: 'POST',
        pattern: '/api/v1/oec/affiliate/seller/invitation_group/create',
      },
      { name: 'quota', method: 'GET', pattern: '/api/v1/affiliate/assets/quota/overview' },
    ],
    codeField: 'code',
    codes: TIKTOK_CODES,
    textFallbacks: [
      { text: '合作邀请发送成功', outcome: 'success' },
      { text: 'Invitation sent', outcome: 'success' },
    ],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: ['30004009'] },
    loginPaths: ['/account/login', '/login'],
    // "Quotas refresh weekly on Sundays" (seller help, see platforms/actions/resets.ts); the
    // shop daily limit (16024034/35) resets at the shop's midnight: the stricter, weekly, is kept
    // for 16024019 and the daily one is what the extension reports with `quota_exceeded`.
    quotaReset: 'weekly',
    sources: [
      'PLATFORMS.md "The pages, as public automation code sees them" and "Codes seen in public code"',
      'exact-string search: target-invitation/create (58613266387, 15344116328, 69381973757, 70698893914)',
      'exact-string search: invitation_group/conflict_check (71062143287, 71204292150, 17809248763)',
      'exact-string search: secsdk-captcha (71047226534, 67444811609, 49399332943)',
    ],
    unverified: [
      'the exact input selectors of the name, contact and message fields (no public source names them; the canary checks the Arco form only)',
      'code 30004009 as the captcha answer (PLATFORMS.md; no public code found by exact-string search)',
      'the English success text (the Chinese 合作邀请发送成功 is in PLATFORMS.md)',
      'quota overview endpoint path (PLATFORMS.md only)',
    ],
  },
  {
    id: 'tiktok.partner-campaign',
    version: 1,
    platform: 'tiktok',
    kinds: ['tiktok_partner_campaign'],
    hosts: TIKTOK_HOSTS,
    route: {
      paths: ['/connection/partner-campaign'],
      shopIdParam: 'shop_id',
      regionParam: 'shop_region',
    },
    canary: ['.arco-form'],
    selectors: { form: '.arco-form', sendButton: 'button.arco-btn-primary' },
    endpoints: [],
    codeField: 'code',
    codes: TIKTOK_CODES,
    textFallbacks: [],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: ['30004009'] },
    loginPaths: ['/account/login', '/login'],
    quotaReset: 'weekly',
    sources: [
      'PLATFORMS.md "Mapping of the spec\'s five task types" (partner campaigns: web only)',
    ],
    unverified: [
      'the whole page: route, selectors and endpoints of partner campaign invitations were not found in public sources; verify on a live shop before enabling (docs/platforms.md)',
    ],
  },
  {
    id: 'tiktok.im',
    version: 1,
    platform: 'tiktok',
    kinds: ['tiktok_message'],
    hosts: TIKTOK_HOSTS,
    // Messages: …/seller/im?shop_id=…&creator_id=… (PLATFORMS.md).
    route: { paths: ['/seller/im'], shopIdParam: 'shop_id', regionParam: 'shop_region' },
    canary: ['textarea'],
    selectors: { input: 'textarea', sendButton: 'button.arco-btn-primary' },
    endpoints: [
      { name: 'imQuota', method: 'GET', pattern: '/api/v1/affiliate/notification/im/shop_quota' },
    ],
    codeField: 'code',
    codes: TIKTOK_CODES,
    textFallbacks: [],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: ['30004009'] },
    loginPaths: ['/account/login', '/login'],
    quotaReset: 'weekly',
    sources: ['PLATFORMS.md "The pages" (IM route and IM quota endpoint)'],
    unverified: ['the IM page selectors and its send endpoint (no public source found)'],
  },
  {
    id: 'buyin.daren-square',
    // 2: the button words that tell 批量邀约带货 and 确认发送 from the page's other Auxo buttons.
    version: 2,
    platform: 'douyin',
    kinds: ['buyin_batch_invitation'],
    hosts: BUYIN_HOSTS,
    route: {
      paths: [
        '/dashboard/servicehall/daren-square',
        '/ffa/buyin/dashboard/servicehall/daren-square',
      ],
      shopIdParam: null,
      regionParam: null,
    },
    canary: ['.daren-card', '.auxo-btn'],
    selectors: {
      // Cards carry the 达人's uid (`.daren-card[data-item-uid]`: exact-string search
      // `daren-card`, hits 6537720304, 3480511941, 48202288774); the list's count header
      // `.daren-square-table-warp--card-menu` (hit 48202288774); Auxo components.
      card: '.daren-card[data-item-uid]',
      cardUidAttribute: 'data-item-uid',
      cardCheckbox: '.daren-card input[type="checkbox"], tbody input[type="checkbox"]',
      scrollContainer: '#portal, .auxo-table-body',
      batchInviteButton: 'button.auxo-btn',
      // The page has several Auxo buttons (搜索, 批量邀约带货, …): the words pick this one
      // (exact-string search `批量邀约带货`: hits 68874827308, 68942634055, 69011453124, the last
      // two also click 确认发送 by its words).
      batchInviteText: '批量邀约带货',
      confirmText: '确认发送',
      drawer: '.auxo-drawer-body',
      // The drawer's fields and confirm button (exact-string search `#cooperation_desc`, hit
      // 4586526538: #contact_mobile, #contact_wechat, #cooperation_desc and
      // `.auxo-drawer-footer-buttons>.auxo-btn.auxo-btn-primary`; #contact_name in PLATFORMS.md).
      contactName: '#contact_name',
      contactMobile: '#contact_mobile',
      contactWechat: '#contact_wechat',
      script: '#cooperation_desc',
      commissionInput: '[id^="cos_ratio_"]',
      confirmButton: '.auxo-drawer-footer-buttons > .auxo-btn.auxo-btn-primary',
      // 确认发送 disabled = the day's quota is used up (抖店 shows no count: PLATFORMS.md).
      confirmDisabled: '.auxo-drawer-footer-buttons > .auxo-btn.auxo-btn-primary[disabled]',
    },
    endpoints: [
      // The square's search (exact-string search `search_feed_author`: hits 15619233759,
      // 54161796127, 68564226298).
      { name: 'search', method: 'POST', pattern: '/square_pc_api/square/search_feed_author' },
    ],
    codeField: 'code',
    codes: [{ code: '0', outcome: 'success' }],
    textFallbacks: [
      { text: '邀约成功', outcome: 'success' },
      { text: '今日邀约次数已达上限', outcome: 'quota_exceeded' },
    ],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: [] },
    loginPaths: ['/login', '/mpa/account/login'],
    quotaReset: 'daily',
    sources: [
      'PLATFORMS.md "The pages" (百应 daren-square, drawer fields, no stable data-test)',
      'exact-string search: daren-card (6537720304, 3480511941, 48202288774)',
      'exact-string search: #cooperation_desc (4586526538)',
      'exact-string search: search_feed_author (15619233759, 54161796127, 68564226298)',
      'exact-string search: 批量邀约带货 (68874827308, 68942634055, 69011453124): tick up to 40 one by one, 批量邀约带货, quota pre-check on 确认发送, the drawer closing means accepted',
    ],
    unverified: [
      'the batch invitation endpoint and its answer codes (no public source; the run relies on the drawer closing and the page text)',
      'the maximum of 40 达人 per batch (PLATFORMS.md: "about 40")',
      'the success and quota texts',
      'some Auxo cascaders react only to trusted clicks (PLATFORMS.md)',
    ],
  },
  {
    id: 'buyin.im',
    version: 1,
    platform: 'douyin',
    kinds: ['buyin_message'],
    hosts: BUYIN_HOSTS,
    route: {
      paths: ['/dashboard/servicehall/daren-profile'],
      shopIdParam: null,
      regionParam: null,
    },
    canary: ['.auxo-btn'],
    selectors: { input: 'textarea', sendButton: 'button.auxo-btn-primary' },
    // 百应 messages (PLATFORMS.md: buyin.jinritemai.com/mpa/api/pigeon/messages).
    endpoints: [{ name: 'messages', method: 'POST', pattern: '/mpa/api/pigeon/messages' }],
    codeField: 'code',
    codes: [{ code: '0', outcome: 'success' }],
    textFallbacks: [],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: [] },
    loginPaths: ['/login', '/mpa/account/login'],
    quotaReset: 'daily',
    sources: ['PLATFORMS.md "The pages" (profile route, pigeon messages endpoint)'],
    unverified: ['the 私信 window selectors and the answer codes (no public source)'],
  },
  {
    id: 'buyin.activity',
    version: 1,
    platform: 'douyin',
    kinds: ['buyin_activity_invitation'],
    hosts: BUYIN_HOSTS,
    route: { paths: ['/dashboard/activity'], shopIdParam: null, regionParam: null },
    canary: ['.auxo-btn'],
    selectors: {},
    endpoints: [],
    codeField: 'code',
    codes: [{ code: '0', outcome: 'success' }],
    textFallbacks: [],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: [] },
    loginPaths: ['/login'],
    quotaReset: 'daily',
    sources: ['PLATFORMS.md: 团长活动 through buyin.applyActivities (an API shop uses it)'],
    unverified: [
      'the whole page: a 团长 activity application of a shop without authorization has no public page description; this pack ships stopped (DEFAULT_STOPPED) until verified',
    ],
  },
];

/** Packs that ship stopped: nothing of them was confirmed, so no action of theirs is handed out. */
export const DEFAULT_STOPPED: ReadonlySet<PagePackId> = new Set([
  'tiktok.partner-campaign',
  'buyin.activity',
]);

/** Every pack, checked against the contract once at start (a malformed pack fails the start). */
export const pagePacks: ReadonlyMap<PagePackId, PagePack> = new Map(
  PACKS.map((pack) => [pack.id, pagePack.parse(pack)]),
);
