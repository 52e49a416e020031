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
    // 2: the form as public automation of the page works it (the texts, the `core-*` picker,
    // the creator and product drawers, the overlap dialog), the creator and product searches
    // the page makes, the conflict check's answer shape and the daily limit codes.
    version: 2,
    platform: 'tiktok',
    kinds: ['tiktok_target_invitation'],
    hosts: TIKTOK_HOSTS,
    route: {
      // The form opens as a full page: …/connection/target-invitation/create?creator_ids[0]=…
      // (exact-string search `target-invitation/create`: hits 58613266387, 15344116328,
      // 69381973757; the `affiliate/collaboration/…` spelling in hit 70698893914). The page
      // takes `shop_region` and `shop_id` (hit 69381973757 `create_referer`).
      paths: [
        '/connection/target-invitation/create',
        '/affiliate/collaboration/target-invitation/create',
      ],
      shopIdParam: 'shop_id',
      regionParam: 'shop_region',
    },
    // The seller center's build prefixes Arco's classes with `core-` (hit 61174217546:
    // `.core-picker-container`, `.core-drawer-wrapper`, `label.core-checkbox`, `.core-modal`,
    // `.core-select-view`); older builds and other markets show `arco-*` (hit 15344116328:
    // `div.arco-picker-date-value`; hit 17809248763: `.arco-drawer-wrapper`, `arco-btn-primary`).
    canary: ['.core-form, .arco-form', '.core-picker, .arco-picker', 'textarea'],
    selectors: {
      // Fields by their placeholders (hit 61174217546: `input[placeholder="邀请名称"]` with a
      // "n/30" counter, `结束日期`, `textarea` for the message, `1.00-80.00` commission inputs;
      // hit 15344116328: the Vietnamese `Tên lời mời` / `Ngày kết thúc`). English words are
      // unverified (see below).
      invitationName: 'input[placeholder="邀请名称"], input[placeholder="Invitation name"]',
      endDateInput: 'input[placeholder="结束日期"], input[placeholder="End date"]',
      // The date picker's popup, its "MM/YYYY" header, its arrows (year back, month back,
      // month on, year on) and day cells (hit 61174217546; hit 15344116328 `arco-picker-*`).
      pickerPopup: '.core-picker-container, .arco-picker-container',
      pickerHeader: '.core-picker-header-value, .arco-picker-header-value',
      pickerArrow: '.core-picker-header-icon, .arco-picker-header-icon',
      pickerCell: '.core-picker-cell-in-view, .arco-picker-cell-in-view',
      message: 'textarea',
      contactEmail: 'input[placeholder*="邮箱"], input[placeholder*="mail" i]',
      // Drawers (creators, products) and what is in them (hit 61174217546: the search input
      // `input[placeholder*="搜索"]` of the drawer, rows `tbody tr` with `label.core-checkbox`,
      // the drawer's `添加`; the product search switched from 商品名称 to 商品 ID by the
      // `.core-select-view` and its `[role="option"]`).
      drawer: '.core-drawer-wrapper, .arco-drawer-wrapper',
      drawerSearch: 'input[placeholder*="搜索"], input[placeholder*="Search"]',
      drawerRow: 'tbody tr',
      checkbox: 'label.core-checkbox, label.arco-checkbox',
      searchModeSelect: '.core-select-view, .arco-select-view',
      searchModeOption: '[role="option"]',
      button: 'button, [role="button"]',
      // Products on the form: rows with the commission input (hit 61174217546).
      productRow: 'table tbody tr',
      commissionInput: 'input[placeholder="1.00-80.00"]',
      dialog: '.core-modal, .arco-modal, [role="dialog"]',
      radio: 'label.core-radio, label.arco-radio, [role="radio"]',
      // Words of the buttons and options (`|` separates the UI languages' words).
      chooseCreatorsText: '选择达人|Choose creators',
      chooseProductsText: '选择商品|Select products',
      addProductsText: '添加商品|Add products',
      drawerAddText: '添加|Add',
      drawerCancelText: '取消|Cancel',
      searchModeNameText: '商品名称|Product name',
      searchModeIdText: '商品 ID|Product ID',
      freeSampleText: '提供免费样品|Offer free samples',
      manualReviewText: '手动审核申请|Manually review requests',
      sendText: '发送|Send',
      // The overlap dialog (hit 61174217546 `resolveOverlapModalIfPresent`): 解决重叠问题, the
      // option 从此邀请中移除达人 (or 移动到此邀请), 去解决, then 从此邀请中移除 → 移除.
      overlapText: '解决重叠问题|你想如何解决这些重叠问题',
      overlapRemoveOptionText: '从此邀请中移除达人|Remove creators from this invitation',
      overlapSolveText: '去解决|Resolve',
      overlapConfirmText: '移除|Remove',
      // The creators the page's conflict check lists are refused as the platform's conflict
      // code (the pack's codes map it to the record's error).
      conflictCode: '16024022',
      shopMenu: '[data-tid^="m4b_"]',
    },
    endpoints: [
      // The page's own JSON calls (exact-string search `invitation_group/conflict_check`: hits
      // 71062143287, 71204292150, 17809248763, 58613266387): the hook reads their answers.
      // conflict_check answers `data.conflict_list[].creator_id_list[].base_info.creator_oec_id`
      // and `data.conflict_cids[{conflict_type, cids}]` (hits 69381973757, 71047226534); create
      // answers `code` 0 and the invitation's id in `data.invitation.id` (hit 71047226534).
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
      // The creator search by handle (`query_by` 1) answering `data.creators[]` with
      // `creator_oec_id`, `user_name`, `nick_name` (hit 69381973757 `find_creators`).
      {
        name: 'creatorSearch',
        method: 'POST',
        pattern: '/api/v1/oec/affiliate/seller/invitation_group/search/creator',
      },
      // The create page's product search (hit 69381973757 `product_selection`).
      {
        name: 'productSearch',
        method: 'POST',
        pattern: '/api/v1/affiliate/product_selection/list',
      },
      { name: 'quota', method: 'GET', pattern: '/api/v1/affiliate/assets/quota/overview' },
    ],
    codeField: 'code',
    codes: TIKTOK_CODES,
    textFallbacks: [
      // hit 61174217546 waits for `合作邀请发送成功|邀请发送成功` after Send.
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
      'exact-string search: invitation_group/conflict_check (71062143287, 71204292150, 17809248763, 71047226534, 69381973757)',
      'exact-string search: 合作邀请发送成功 (61174217546: the Chinese form filled by placeholder and words, the core-picker, the product drawer with 商品 ID search, 1.00-80.00, 提供免费样品 / 手动审核申请, 发送, the overlap dialog and its 移除, the success text)',
      'exact-string search: buildConflictCheckBody (71047226534: conflict_cids, conflict_list, data.invitation.id, 16024034/16024035 daily limit, 30004009 captcha)',
      'exact-string search: secsdk-captcha (71047226534, 67444811609, 49399332943)',
    ],
    unverified: [
      'the English words of the buttons, options and placeholders (public sources show the Chinese and Vietnamese pages only)',
      'the creator drawer on the create page (选择达人 → search by handle → 添加): public code adds creators through the URL (creator_ids[]) or "Choose creators" / "Add pre-selected creators" (17809248763); the search/creator endpoint is the list page’s (69381973757)',
      'the contact e-mail input (public code fills Facebook / WhatsApp contacts per market; no source names an e-mail placeholder)',
      'whether 手动审核申请 is checked by default when free samples are offered',
      'whether the page keeps a drawer’s ticks across searches (public code adds one product per search: the flow does the same for creators)',
      'code 98001004 (an over-long name in 69381973757, an invalid name in 71047226534, also the open-invitation cap): left unmapped, a stop',
      'code 30004009 as the captcha answer (PLATFORMS.md and 71047226534)',
      'the English success text (the Chinese 合作邀请发送成功 is in 61174217546)',
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
    // 2: the conversation opened in the page by its own `open_conversation` message, the
    // composer, the thread, the send button's words, the IM endpoints (all with sources below).
    // 3: the creator in the route (`creator_id`, checked), as the sources open the page.
    version: 3,
    platform: 'tiktok',
    kinds: ['tiktok_message'],
    hosts: TIKTOK_HOSTS,
    // The seller center's IM page: …/seller/im?shop_id=…&creator_id=…&enter_from=
    // affiliate_creator_details&shop_region=XX (exact-string search `seller/im?shop_id`: hits
    // 36249336222, 17176624491, 17362393184, 5864881089, 58613266387). The channel opens it on
    // the creator (`creator_id`: the creator's open id, else the handle) and checks it.
    route: {
      paths: ['/seller/im'],
      shopIdParam: 'shop_id',
      regionParam: 'shop_region',
      talentParam: { name: 'creator_id', from: ['creatorUserOpenId'] },
    },
    canary: ['.chatd-root, [class*="contactCard"]'],
    selectors: {
      // The IM window switches to a creator on a window message
      // `{ type: 'open_conversation', payload: { shop_id, creator_id, enter_from, url } }`
      // (hit 58613266387, `openChatForm`: public automation switches the open IM window so).
      // The route already opens the creator's conversation; the flow posts this message only
      // when the page's own conversation answer came before the answer hook was installed
      // (the hook goes in after the page has loaded), to read the answer's code.
      openMessageType: 'open_conversation',
      enterFrom: 'affiliate_creator_details',
      // The composer: a textarea with placeholder "Send a message" / 发送消息 and a 0/2000
      // counter (hits 36249336222, 17176624491, 69495917732); a message is at most 2000
      // characters (hit 16729626336: "长度不能超过2000").
      composer: 'textarea[placeholder*="Send a message"], textarea[placeholder*="发送消息"]',
      // The conversation list's rows carry `contactCard` in their class, the open one also
      // `selected`, its first line the creator's name (hit 69495917732, INSPECT_IM_JS).
      selectedContact: '[class*="contactCard"][class*="selected"]',
      maxLength: '2000',
      // The send button is told by its words, 发送 / Send (hit 69495917732, FILL_MESSAGE_JS).
      sendButton: 'button',
      sendTexts: '发送|Send',
      // The thread: `.chatd-root` holds `.chatd-message` rows; the seller's own are
      // `.chatd-message--right` (or hold `.chatd-bubble-main--self`), their text in
      // `.chatd-message-body-info-message pre` (hit 69495917732, INSPECT_IM_JS; the bubble
      // class `div.chatd-bubble-main` also in hit 17176624491).
      thread: '.chatd-root',
      message: '.chatd-message',
      ownMessage: '.chatd-message--right',
      ownBubble: '.chatd-bubble-main--self',
      messageText: '.chatd-message-body-info-message pre, .chatd-message-body-info-message',
    },
    endpoints: [
      // The IM token the page takes before its WebSocket (hit 16729626336: GET, `code` 0).
      { name: 'imToken', method: 'GET', pattern: '/api/v1/oec/affiliate/seller/im/get/token' },
      // The conversation with a creator (hit 16729626336: POST on the IM host, participants
      // with the creator's uid; `code` 0 and `data.conversation_short_id`; also hit 70892196621).
      { name: 'conversationCreate', method: 'POST', pattern: '/api/v1/im/conversation/create' },
      // The IM checks and the shop's IM quota, all POST (the affiliate bundle's endpoint lists:
      // hits 71062143287, 71159760768).
      {
        name: 'imPermission',
        method: 'POST',
        pattern: '/api/v1/affiliate/notification/im/permission',
      },
      {
        name: 'entranceCheck',
        method: 'POST',
        pattern: '/api/v1/affiliate/notification/im/entrance_check',
      },
      { name: 'imQuota', method: 'POST', pattern: '/api/v1/affiliate/notification/im/shop_quota' },
    ],
    codeField: 'code',
    codes: TIKTOK_CODES,
    textFallbacks: [],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: ['30004009'] },
    loginPaths: ['/account/login', '/login'],
    // New IM conversations share the weekly invitation quota (PLATFORMS.md, seller help
    // "Affiliate Target Invite & IM Quotas").
    quotaReset: 'weekly',
    sources: [
      'PLATFORMS.md "The pages" (IM route) and "Quota" (IM conversations share the weekly quota)',
      'exact-string search: seller/im?shop_id (36249336222, 17176624491, 17362393184, 5864881089, 58613266387): the route and its parameters, the composer textarea "Send a message"',
      'exact-string search: open_conversation / seller/im?shop_id (58613266387): the IM window switches creator on an `open_conversation` window message',
      'exact-string search: CLICK_NEW_MESSAGE_BTN_JS (69495917732): composer placeholders, 0/2000, send words 发送/Send, `.chatd-root`, `.chatd-message--right`, `.chatd-bubble-main--self`, `.chatd-message-body-info-message pre`',
      'exact-string search: im/conversation/create (16729626336, 70892196621): im/get/token and conversation/create, `code` 0, `data.conversation_short_id`; the message itself goes over the IM WebSocket (cmd 100), at most 2000 characters; before a creator replies a seller may send 5 messages (16008900689)',
      'exact-string search: im/shop_quota, notification/im/permission (71062143287, 71159760768): IM permission, entrance check and shop quota endpoints, POST',
    ],
    unverified: [
      'that the IM page opened with `creator_id` (without `enter_from`) opens that creator’s conversation (public automation opens the URL with both)',
      'that the IM page accepts the `open_conversation` message from its own window (public automation posts it from the opener); if not, the conversation answer is not read and the run stops page_changed',
      'the canary `.chatd-root, [class*="contactCard"]` on the IM page with no conversation open',
      'the selected conversation’s first line as the creator’s handle (the flow also accepts the creator id)',
      'the send outcome: the message goes over the IM WebSocket (no JSON answer the hook sees); the flow reads the seller’s own new bubble as the page’s acceptance',
      'the codes of conversation/create, im/permission and im/shop_quota answers beyond 0 (the target-invitation codes are applied: 16024019 quota, 16024020/21/16/06 the creator)',
      'creator_id as the creator’s oec uid: the flow passes the identity’s creator open id, else the handle',
      'the answer shapes of im/permission, entrance_check and shop_quota',
    ],
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
    // 2: the 达人's profile opened in the page (its `uid`), the 私信 button and window, the
    // send's JSON answer and its codes (sources and what is not confirmed below).
    // 3: the 达人 in the route (`uid`, checked): the channel opens the profile itself.
    version: 3,
    platform: 'douyin',
    kinds: ['buyin_message'],
    hosts: BUYIN_HOSTS,
    route: {
      // The 达人's profile: …/dashboard/servicehall/daren-profile?uid=… (exact-string search
      // `daren-profile`: hits 71537040066, 14985523645, 5976014018, 48068791265, 68318425060
      // "the site is a single-page application"). The channel opens it on the 达人 (`uid`: the
      // profile uid of the talent's identity, else its talent ID) and checks it.
      paths: [
        '/dashboard/servicehall/daren-profile',
        '/ffa/buyin/dashboard/servicehall/daren-profile',
      ],
      shopIdParam: null,
      regionParam: null,
      talentParam: { name: 'uid', from: ['uid'] },
    },
    canary: ['.auxo-btn'],
    selectors: {
      // The profile's Auxo tabs `#daren-profile-main-tabs-tab-N` (hit 68458039674).
      profileReady: '[id^="daren-profile-main-tabs"]',
      // The 私信 button and the chat window it opens (Auxo: PLATFORMS.md; the window's markup
      // is not described by any public source, see `unverified`).
      imButton: 'button.auxo-btn',
      imButtonText: '私信',
      panel: '.auxo-drawer-body',
      composer: '.auxo-drawer-body textarea',
      sendButton: '.auxo-drawer-body button.auxo-btn-primary',
      sendTexts: '发送',
      message: '.auxo-drawer-body .im-message',
      ownMessage: '.im-message-self',
      messageText: '.im-message-text',
      // Limits shown in an Auxo modal (`.auxo-modal-wrap`, `[role="dialog"]`, "还剩下 N 次":
      // hit 71537040066, on the same profile page's contact dialog).
      limitDialog: '.auxo-modal-wrap, [role="dialog"]',
    },
    endpoints: [
      // 百应 messages (PLATFORMS.md: buyin.jinritemai.com/mpa/api/pigeon/messages; the path also
      // in hit 66796178345). The POST is taken as the send, the GET as the history.
      { name: 'send', method: 'POST', pattern: '/mpa/api/pigeon/messages' },
      { name: 'history', method: 'GET', pattern: '/mpa/api/pigeon/messages' },
    ],
    codeField: 'code',
    codes: [
      { code: '0', outcome: 'success' },
      // Not from a public source (see `unverified`): the stand-in's codes for a 达人 who takes
      // no messages, a 达人 who blocked the shop, the day's 私信 limit and "too fast".
      { code: '40031', outcome: 'record', errorCode: 'talent_ineligible' },
      { code: '40032', outcome: 'record', errorCode: 'blacklisted' },
      { code: '40041', outcome: 'stop', reason: 'quota_exceeded' },
      { code: '40029', outcome: 'stop', reason: 'rate_limited' },
    ],
    textFallbacks: [{ text: '今日私信次数已达上限', outcome: 'quota_exceeded' }],
    captcha: { ...BYTEDANCE_CAPTCHA, codes: [] },
    loginPaths: ['/login', '/mpa/account/login'],
    quotaReset: 'daily',
    sources: [
      'PLATFORMS.md "The pages" (profile route …/daren-profile?uid=…, pigeon messages endpoint, Auxo components)',
      'exact-string search: daren-profile (71537040066, 14985523645, 5976014018, 48068791265, 68318425060): the profile route with `uid`, a single-page application',
      'exact-string search: daren-profile (68458039674): the profile tabs #daren-profile-main-tabs-tab-N',
      'exact-string search: daren-profile (71537040066): limits in an Auxo modal (`.auxo-modal-wrap`, `[role="dialog"]`, "还剩下 N 次")',
      'exact-string search: mpa/api/pigeon (66796178345): the messages path',
    ],
    unverified: [
      'the 私信 button words and the chat window markup (panel, textarea, 发送, message rows): no public source describes them',
      'the method of /mpa/api/pigeon/messages for a send (POST) and its answer (`code`, 0 = sent)',
      'every code but 0: 40031 (the 达人 takes no messages), 40032 (blocked), 40041 (the day’s 私信 limit), 40029 (too fast) are the stand-in’s; verify on a live shop (docs/platforms.md, step 7) before relying on them',
      'therefore shipped stopped (DEFAULT_STOPPED) until PAGE_PACKS_STARTED=buyin.im after the checklist',
      'the daily 私信 limit and its reset at midnight Asia/Shanghai; the text 今日私信次数已达上限',
    ],
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
  // The route and the endpoint are cited, but the 私信 button's words, the chat window and
  // every answer code but 0 are not (see its `unverified`): the operators start it with
  // PAGE_PACKS_STARTED=buyin.im once the live-shop checklist (docs/platforms.md) confirms them.
  'buyin.im',
]);

/** Every pack, checked against the contract once at start (a malformed pack fails the start). */
export const pagePacks: ReadonlyMap<PagePackId, PagePack> = new Map(
  PACKS.map((pack) => [pack.id, pagePack.parse(pack)]),
);
