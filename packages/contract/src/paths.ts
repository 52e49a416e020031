/** Every API path, in one place, for server routes, console calls and tests. */
export const apiPrefix = '/api/v1';

export const apiPaths = {
  health: '/api/health',
  docs: '/api/docs',
  menu: `${apiPrefix}/menu`,
  auth: {
    sendSmsCode: `${apiPrefix}/auth/send-sms-code`,
    register: `${apiPrefix}/auth/register`,
    login: `${apiPrefix}/auth/login`,
    logout: `${apiPrefix}/auth/logout`,
    refresh: `${apiPrefix}/auth/refresh`,
    me: `${apiPrefix}/auth/me`,
    changePassword: `${apiPrefix}/auth/change-password`,
    resetPassword: `${apiPrefix}/auth/reset-password`,
    /** The console asks for the extension's scoped, short-lived token. */
    extensionToken: `${apiPrefix}/auth/extension-token`,
  },
  /** Read by the extension with its scoped token. */
  extension: {
    summary: `${apiPrefix}/extension/summary`,
    /** The console connects this browser: the extension's own session (console token). */
    sessions: `${apiPrefix}/extension/sessions`,
    /** The extension renews its session by itself (public: the renew token decides). */
    renew: `${apiPrefix}/extension/sessions/renew`,
    /** The extension ends a session it no longer holds (public: the renew token decides). */
    end: `${apiPrefix}/extension/sessions/end`,
    /** The page packs in force (data the extension runs pages with). */
    pagePacks: `${apiPrefix}/extension/page-packs`,
    /** Browser actions: claim one, mark its send started, report, reconcile. */
    claim: `${apiPrefix}/extension/actions/claim`,
    started: (id: number | string) => `${apiPrefix}/extension/actions/${id}/started`,
    report: (id: number | string) => `${apiPrefix}/extension/actions/${id}/report`,
    reconcile: (id: number | string) => `${apiPrefix}/extension/actions/${id}/reconcile`,
    /** The extension sees the seller signed in again, or the captcha gone. */
    resumeShop: (shopId: number | string) => `${apiPrefix}/extension/shops/${shopId}/resume`,
  },
  /** Operators (role admin): the page packs' switch. */
  admin: {
    pagePackSwitch: `${apiPrefix}/admin/page-packs/switch`,
  },
  user: {
    profile: `${apiPrefix}/user/profile`,
    /** Connected browsers (the extension's sessions): list, revoke. */
    browsers: `${apiPrefix}/user/browsers`,
    browser: (id: string) => `${apiPrefix}/user/browsers/${id}`,
  },
  talents: {
    list: `${apiPrefix}/talents`,
    one: (id: number | string) => `${apiPrefix}/talents/${id}`,
    count: `${apiPrefix}/talents/count`,
    facets: `${apiPrefix}/talents/facets`,
    batchStatus: `${apiPrefix}/talents/batch/status`,
    batchLabels: `${apiPrefix}/talents/batch/labels`,
    batchBlacklist: `${apiPrefix}/talents/batch/blacklist`,
    followUps: (id: number | string) => `${apiPrefix}/talents/${id}/follow-ups`,
    /** A talent's affiliate orders (issue 19). */
    orders: (id: number | string) => `${apiPrefix}/talents/${id}/orders`,
    importTemplate: `${apiPrefix}/talents/import-template`,
    import: `${apiPrefix}/talents/import`,
    exports: `${apiPrefix}/talents/exports`,
    exportProgress: (exportId: string) => `${apiPrefix}/talents/exports/${exportId}`,
    exportDownload: (token: string) => `${apiPrefix}/talents/exports/download/${token}`,
  },
  blacklist: {
    list: `${apiPrefix}/blacklist`,
    one: (id: number | string) => `${apiPrefix}/blacklist/${id}`,
  },
  membership: {
    plans: `${apiPrefix}/membership/plans`,
    info: `${apiPrefix}/membership/info`,
    purchase: `${apiPrefix}/membership/purchase`,
    orders: `${apiPrefix}/membership/orders`,
    order: (orderNo: string) => `${apiPrefix}/membership/orders/${orderNo}`,
    pay: (orderNo: string) => `${apiPrefix}/membership/orders/${orderNo}/pay`,
    cancel: (orderNo: string) => `${apiPrefix}/membership/orders/${orderNo}/cancel`,
  },
  /** Called by the payment gateway, not by the console: public, verified by signature. */
  payments: {
    alipayNotify: `${apiPrefix}/payments/alipay/notify`,
  },
  /** The embedded sandbox payment gateway (never in production with real Alipay). */
  sandbox: {
    alipayGateway: '/sandbox/alipay/gateway.do',
    /** The buyer's Pay and Cancel on the sandbox payment page. */
    pay: '/sandbox/alipay/pay',
    cancel: '/sandbox/alipay/cancel',
  },
  messages: {
    list: `${apiPrefix}/messages`,
    summary: `${apiPrefix}/messages/summary`,
    read: `${apiPrefix}/messages/read`,
    readAll: `${apiPrefix}/messages/read-all`,
  },
  invite: {
    info: `${apiPrefix}/invite`,
    invitees: `${apiPrefix}/invite/invitees`,
    rewards: `${apiPrefix}/invite/rewards`,
  },
  shops: {
    list: `${apiPrefix}/shops`,
    one: (id: number | string) => `${apiPrefix}/shops/${id}`,
    bind: (id: number | string) => `${apiPrefix}/shops/${id}/bind`,
    unbind: (id: number | string) => `${apiPrefix}/shops/${id}/unbind`,
    /** The extension reports the shop it sees in the seller center. */
    report: `${apiPrefix}/shops/report`,
  },
  /** Platform connections by authorization (OAuth). */
  platforms: {
    /** The caller's connections (never their tokens). */
    connections: `${apiPrefix}/platforms/connections`,
    /** Starts "Connect TikTok Shop": answers the authorization page's address. */
    tiktokShopConnect: `${apiPrefix}/platforms/tiktok-shop/connect`,
    /** Where the platform sends the browser back (`code`, `state`): public, the state decides. */
    tiktokShopCallback: `${apiPrefix}/platforms/tiktok-shop/oauth/callback`,
    /** Starts "Connect 抖店": answers 抖店服务市场's authorization page's address. */
    doudianConnect: `${apiPrefix}/platforms/doudian/connect`,
    /** Where 抖店 sends the browser back (`code`, `state`): public, the state decides. */
    doudianCallback: `${apiPrefix}/platforms/doudian/oauth/callback`,
    /** The 团长 activities a 抖店 shop connected by authorization may apply to (buyin.ShopActivityList). */
    doudianActivities: (shopId: number | string) =>
      `${apiPrefix}/platforms/doudian/shops/${shopId}/activities`,
  },
  /** Find creators (issue 19): the platform's creator marketplace, for one connected shop. */
  creatorMarketplace: {
    /** Searches the marketplace (GET, filters in the query). */
    search: `${apiPrefix}/creator-marketplace/creators`,
    /** Adds found creators to the talent library. */
    add: `${apiPrefix}/creator-marketplace/talents`,
  },
  /** Samples (issue 19): creators' sample requests of the seller's shops, and their review. */
  samples: {
    list: `${apiPrefix}/samples`,
    /** Approve or reject one request through the platform. */
    review: (id: number | string) => `${apiPrefix}/samples/${id}/review`,
  },
  sendRecords: {
    list: `${apiPrefix}/send-records`,
    one: (id: number | string) => `${apiPrefix}/send-records/${id}`,
    preview: `${apiPrefix}/send-records/preview`,
    importTemplate: `${apiPrefix}/send-records/import-template`,
    import: `${apiPrefix}/send-records/import`,
    count: `${apiPrefix}/send-records/count`,
    export: `${apiPrefix}/send-records/export`,
    exportProgress: (exportId: string) => `${apiPrefix}/send-records/export/${exportId}`,
    exportDownload: (token: string) => `${apiPrefix}/send-records/export/download/${token}`,
    stats: `${apiPrefix}/send-records/stats`,
    /** The workplace funnel per shop, task, set or script template (issue 19). */
    funnel: `${apiPrefix}/send-records/funnel`,
    /** A task's platform calls (the server's actions for a shop connected by authorization). */
    taskPlatformCalls: (taskId: number | string) =>
      `${apiPrefix}/send-records/tasks/${taskId}/platform-calls`,
    /** A task's follow-ups for non-responders (issue 19), and the cancel of one. */
    taskFollowUps: (taskId: number | string) =>
      `${apiPrefix}/send-records/tasks/${taskId}/follow-ups`,
    cancelFollowUp: (taskId: number | string, id: number | string) =>
      `${apiPrefix}/send-records/tasks/${taskId}/follow-ups/${id}/cancel`,
  },
  /** Conversations with creators (issue 19). */
  conversations: {
    /** A talent's conversations (GET). */
    ofTalent: (talentId: number | string) => `${apiPrefix}/talents/${talentId}/conversations`,
    /** A send record's conversation (GET). */
    ofRecord: (recordId: number | string) => `${apiPrefix}/send-records/${recordId}/conversation`,
    /** A conversation's messages (GET, older pages by `beforeId`). */
    messages: (id: number | string) => `${apiPrefix}/conversations/${id}/messages`,
    /** Sends a message (POST). */
    send: `${apiPrefix}/conversations/messages`,
    /** Marks a conversation read (POST). */
    read: (id: number | string) => `${apiPrefix}/conversations/${id}/read`,
    /** One conversation, as a message box Todo opens it (GET). */
    one: (id: number | string) => `${apiPrefix}/conversations/${id}`,
    /** Opens a talent's conversation in a shop on the platform (POST). */
    start: `${apiPrefix}/conversations`,
  },
  templates: {
    scripts: `${apiPrefix}/templates/scripts`,
    script: (id: number | string) => `${apiPrefix}/templates/scripts/${id}`,
    products: `${apiPrefix}/templates/products`,
    product: (id: number | string) => `${apiPrefix}/templates/products/${id}`,
  },
} as const;
