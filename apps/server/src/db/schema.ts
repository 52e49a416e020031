import type {
  PlatformAnswer,
  PlatformReference,
  TalentIdentity,
  TaskPlatformTerms,
} from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  primaryKey,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Times are stored in UTC (timestamptz). */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    email: text('email').notNull().default(''),
    role: text('role').notNull().default('user'),
    /** This account's own invitation code, given to friends. */
    inviteCode: text('invite_code').notNull(),
    invitedByUserId: integer('invited_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The account's IANA time zone: times are shown and days counted in it (null: none
     * chosen yet, Asia/Shanghai). See account_day() in migration 0010 and user/time-zone.ts.
     */
    timeZone: text('time_zone'),
    /**
     * After a change of zone made while the day had invitations: days are counted in
     * time_zone from this instant (a midnight there), and until then the day in progress
     * (held_day) goes on, so a change never starts a second allowance the same day.
     */
    dayZoneFrom: timestamp('day_zone_from', { withTimezone: true }),
    heldDay: date('held_day', { mode: 'string' }),
  },
  (t) => [
    // Usernames are unique regardless of case, so 'Alice' cannot shadow 'alice' at login.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_invited_by_idx').on(t.invitedByUserId),
  ],
);

/**
 * A signed-in session (one login). Its id is the `sid` of every access token it
 * issues and the family of its refresh tokens: revoking it ends them all.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | password-changed | password-reset | refresh-reuse */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /**
     * `console`: a sign-in; `extension`: a connected browser's own session (issue 17), made
     * by a console session (`parentSessionId`, whose logout ends it too), renewed by the
     * extension itself with its refresh tokens, accepted only on the extension's routes.
     */
    kind: text('kind').notNull().default('console'),
    parentSessionId: uuid('parent_session_id'),
    /** A connected browser's name and browser, as User Settings lists it. */
    name: text('name'),
    browser: text('browser'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_parent_idx')
      .on(t.parentSessionId)
      .where(sql`${t.parentSessionId} is not null`),
    index('sessions_revoked_at_idx').on(t.revokedAt),
  ],
);

/** Refresh tokens, stored only as SHA-256 hashes; each is used once. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** SMS verification codes, stored as keyed hashes; single use, limited tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_lookup_idx').on(t.phoneNumber, t.purpose, t.createdAt)],
);

export const scriptTemplates = pgTable(
  'script_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('script_templates_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

export const productTemplates = pgTable(
  'product_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_templates_user_product_key').on(t.userId, t.productId),
    index('product_templates_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/**
 * The talent library. Every query is scoped by user_id; one talent per platform
 * talent id in an account. Money is in fen.
 */
export const talents = pgTable(
  'talents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The talent's ID on its platform; for TikTok, its handle (username, without @). */
    platformTalentId: text('platform_talent_id').notNull(),
    /** TikTok: the creator's Creator Open ID, once known (one talent per open id). */
    creatorOpenId: text('creator_open_id'),
    /** 抖店 / 百应: the talent's 百应ID (one talent per 百应ID) and its profile page's uid. */
    buyinId: text('buyin_id'),
    buyinUid: text('buyin_uid'),
    name: text('name').notNull(),
    /**
     * Name search keys: every 1- and 2-character piece of the lower-cased name,
     * prefixed with the owner's id ("42:小王"), so one GIN index answers substring
     * search in any script (Chinese included) for one account at a time.
     */
    nameGrams: text('name_grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shopName: text('shop_name').notNull().default(''),
    industry: text('industry'),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull(),
    /** What to restore when the talent leaves the blacklist. */
    statusBeforeBlacklist: text('status_before_blacklist'),
    contactMethod: text('contact_method'),
    contactInfo: text('contact_info').notNull().default(''),
    fansCount: bigint('fans_count', { mode: 'number' }).notNull().default(0),
    videoAvgViews: bigint('video_avg_views', { mode: 'number' }).notNull().default(0),
    videoGpmFen: bigint('video_gpm_fen', { mode: 'number' }).notNull().default(0),
    liveAvgViews: bigint('live_avg_views', { mode: 'number' }).notNull().default(0),
    liveGpmFen: bigint('live_gpm_fen', { mode: 'number' }).notNull().default(0),
    businessAmountFen: bigint('business_amount_fen', { mode: 'number' }).notNull().default(0),
    dealCount: bigint('deal_count', { mode: 'number' }).notNull().default(0),
    remark: text('remark').notNull().default(''),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('talents_user_platform_talent_key').on(t.userId, t.platform, t.platformTalentId),
    // One talent per platform identity: its open id and its 百应ID too, when known.
    uniqueIndex('talents_user_open_id_key')
      .on(t.userId, t.creatorOpenId)
      .where(sql`${t.creatorOpenId} is not null`),
    uniqueIndex('talents_user_buyin_id_key')
      .on(t.userId, t.buyinId)
      .where(sql`${t.buyinId} is not null`),
    // One (owner, sort column, id) index per sortable column: keyset pages at any depth.
    // The default sort's index, talents_user_added_cover, also carries every filter
    // column (INCLUDE) so filtered pages and counts read no table rows; drizzle cannot
    // declare INCLUDE, so it lives in migration 0003_talent_search_tuning.sql (0008 adds
    // the platform talent ID to it). The search field's ID lookup uses an index of
    // (user_id, lower(platform_talent_id) text_pattern_ops), also hand-written: 0008.
    index('talents_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('talents_user_updated_idx').on(t.userId, t.updatedAt, t.id),
    index('talents_user_fans_idx').on(t.userId, t.fansCount, t.id),
    index('talents_user_video_views_idx').on(t.userId, t.videoAvgViews, t.id),
    index('talents_user_video_gpm_idx').on(t.userId, t.videoGpmFen, t.id),
    index('talents_user_live_views_idx').on(t.userId, t.liveAvgViews, t.id),
    index('talents_user_live_gpm_idx').on(t.userId, t.liveGpmFen, t.id),
    index('talents_user_business_idx').on(t.userId, t.businessAmountFen, t.id),
    index('talents_user_deals_idx').on(t.userId, t.dealCount, t.id),
    index('talents_user_status_idx').on(t.userId, t.status),
    index('talents_user_shop_idx').on(t.userId, t.shopName),
    index('talents_user_industry_idx').on(t.userId, t.industry),
    index('talents_user_platform_idx').on(t.userId, t.platform),
    index('talents_user_contact_idx').on(t.userId, t.contactMethod),
    index('talents_name_grams_gin').using('gin', t.nameGrams),
    index('talents_labels_gin').using('gin', t.labels),
  ],
);

/** A seller's own labels (the tiers are fixed and not stored here). */
export const talentLabels = pgTable(
  'talent_labels',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** Follow-up records: the history of contact with a talent. */
export const talentFollowUps = pgTable(
  'talent_follow_ups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentId: bigint('talent_id', { mode: 'number' })
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    content: text('content').notNull(),
    statusAtTime: text('status_at_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('talent_follow_ups_talent_idx').on(t.talentId, t.createdAt, t.id)],
);

/**
 * The blacklist: the one source of truth for "never invite". An entry is keyed by
 * the platform talent id, whether or not the talent is in the library.
 */
export const blacklistEntries = pgTable(
  'blacklist_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talentName: text('talent_name').notNull(),
    platformTalentId: text('platform_talent_id').notNull(),
    fansCount: bigint('fans_count', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    talentId: bigint('talent_id', { mode: 'number' }).references(() => talents.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blacklist_user_talent_key').on(t.userId, t.platformTalentId),
    index('blacklist_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/**
 * Talents per account, kept by statement triggers on talents (migration
 * 0003_talent_search_tuning.sql), so the unfiltered total is one row, not a count.
 */
export const talentCounts = pgTable('talent_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

// ---------------------------------------------------------------------------
// Membership, payments, invite rewards and the message box.
// ---------------------------------------------------------------------------

/**
 * A membership order. `orderNo` is the merchant's trade number given to the
 * gateway (out_trade_no). Money in fen; unpaid orders expire at `expiresAt`.
 */
export const membershipOrders = pgTable(
  'membership_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** basic | pro | enterprise (contract `planIds`). */
    planId: text('plan_id').notNull(),
    durationMonths: integer('duration_months').notNull(),
    originalPriceFen: integer('original_price_fen').notNull(),
    actualPriceFen: integer('actual_price_fen').notNull(),
    paymentMethod: text('payment_method').notNull().default('alipay'),
    /** pending | paid | expired | cancelled (contract `orderStatuses`). */
    status: text('status').notNull().default('pending'),
    /** sandbox | alipay: the gateway the order was sent to. */
    gateway: text('gateway').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The gateway's own trade number, from the verified notification. */
    tradeNo: text('trade_no'),
    /** The amount the gateway says was paid, in fen. */
    paidAmountFen: integer('paid_amount_fen'),
    /** The payer's account as the gateway shows it (masked). */
    buyerAccount: text('buyer_account'),
    /**
     * When the reconciliation job next asks the gateway about this order (null: never
     * again). Claimed by moving it forward, so replicas do not ask twice at once.
     */
    nextQueryAt: timestamp('next_query_at', { withTimezone: true }),
    queryAttempts: integer('query_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('membership_orders_order_no_key').on(t.orderNo),
    index('membership_orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('membership_orders_status_expires_idx').on(t.status, t.expiresAt),
    index('membership_orders_next_query_idx')
      .on(t.nextQueryAt)
      .where(sql`${t.nextQueryAt} is not null`),
  ],
);

/**
 * A stretch of membership on one plan. Buying while active starts the new period
 * at the current expiry, so an account's periods follow each other; the plan in
 * force is the period covering now. One period per order and per invite reward:
 * the unique keys make a repeated grant impossible, whatever path repeats it.
 */
export const membershipPeriods = pgTable(
  'membership_periods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** order | invite_reward */
    source: text('source').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => membershipOrders.id, {
      onDelete: 'cascade',
    }),
    inviteRewardId: bigint('invite_reward_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_periods_order_key').on(t.orderId),
    uniqueIndex('membership_periods_invite_reward_key').on(t.inviteRewardId),
    index('membership_periods_user_ends_idx').on(t.userId, t.endsAt),
  ],
);

/**
 * Every payment message received or fetched (asynchronous notification, return
 * redirect, gateway query), verified or not: the order detail's payment history
 * and the audit trail of what was accepted and why something was refused.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => membershipOrders.id, {
      onDelete: 'cascade',
    }),
    orderNo: text('order_no').notNull(),
    /** notify | return | query */
    source: text('source').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    tradeStatus: text('trade_status'),
    tradeNo: text('trade_no'),
    amountFen: integer('amount_fen'),
    /** granted | duplicate | refused:<reason> | pending */
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId, t.createdAt)],
);

/** An inviter's reward for an invitee's first paid order: once per invitee. */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inviterUserId: integer('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeUserId: integer('invitee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => membershipOrders.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invite_rewards_invitee_key').on(t.inviteeUserId),
    index('invite_rewards_inviter_idx').on(t.inviterUserId, t.createdAt),
  ],
);

/**
 * The message box. A message records its event (`kind`, contract `inboxEvents`)
 * and parameters; the text is worded in the reader's language when read.
 * `dedupeKey` makes an event's message exist once, however often the event is seen.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** message | notice | todo */
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    messageType: integer('message_type'),
    /** 0 unread, 1 read */
    status: integer('status').notNull().default(0),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbox_messages_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('inbox_messages_user_type_created_idx').on(t.userId, t.type, t.createdAt, t.id),
    index('inbox_messages_user_unread_idx')
      .on(t.userId, t.type)
      .where(sql`${t.status} = 0`),
  ],
);

/** Server-wide values created once and shared by every replica (e.g. sandbox gateway keys). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox gateway's own trades (embedded default only): what the simulated
 * Alipay knows, kept apart from the merchant's orders as a real gateway's would be.
 */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    tradeNo: text('trade_no').primaryKey(),
    appId: text('app_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    subject: text('subject').notNull(),
    totalAmount: text('total_amount').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    /** WAIT_BUYER_PAY | TRADE_SUCCESS | TRADE_CLOSED */
    tradeStatus: text('trade_status').notNull(),
    /** The merchant's time_expire: the trade closes unpaid after it. */
    timeExpire: timestamp('time_expire', { withTimezone: true }),
    buyerLogonId: text('buyer_logon_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Notifications sent until the merchant answers `success`. */
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    nextNotifyAt: timestamp('next_notify_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_trades_app_out_trade_key').on(t.appId, t.outTradeNo),
    index('sandbox_trades_next_notify_idx').on(t.nextNotifyAt),
  ],
);

// ---------------------------------------------------------------------------
// Shops, invitation tasks and send records.
// ---------------------------------------------------------------------------

/**
 * A seller's shop on a platform. BOUND shops take a slot of the plan's shop limit;
 * an UNBOUND shop keeps its slot until `nextBindAt`; EXPIRED: bound under a
 * membership that lapsed, beyond what the account may now bind.
 */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    shopName: text('shop_name').notNull(),
    siteName: text('site_name').notNull().default(''),
    shopCode: text('shop_code').notNull(),
    /** BOUND | UNBOUND | EXPIRED */
    bindStatus: text('bind_status').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    nextBindAt: timestamp('next_bind_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** manual | extension | authorization */
    source: text('source').notNull(),
    /**
     * A shop bound by the platform's authorization: the platform's shop id, its cipher (the
     * `shop_cipher` of every shop-scoped call), its market, and the connection whose tokens
     * serve it (null for shops bound by hand or by the extension).
     */
    platformShopId: text('platform_shop_id'),
    platformCipher: text('platform_cipher'),
    platformRegion: text('platform_region'),
    connectionId: integer('connection_id').references((): AnyPgColumn => platformConnections.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_user_platform_code_key').on(t.userId, t.platform, t.shopCode),
    index('shops_connection_idx').on(t.connectionId),
    // A shop is bound to one seller account at a time.
    uniqueIndex('shops_bound_platform_code_key')
      .on(t.platform, t.shopCode)
      .where(sql`${t.bindStatus} = 'BOUND'`),
    index('shops_user_status_idx').on(t.userId, t.bindStatus, t.id),
  ],
);

// ---------------------------------------------------------------------------
// Platform connections (OAuth authorizations of a platform's seller account).
// ---------------------------------------------------------------------------

/**
 * A seller's authorization of our app on a platform (TikTok Shop): one per account and
 * platform seller (`open_id`). Its tokens are sealed (lib/secret-box.ts, AES-256-GCM under a
 * key derived from APP_SECRET) and never leave the server; a job refreshes them before they
 * expire. active | expired (the refresh token ran out) | revoked (refused by the platform).
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform's id of the authorizing seller (stable across refreshes). */
    openId: text('open_id').notNull(),
    sellerName: text('seller_name').notNull().default(''),
    sellerBaseRegion: text('seller_base_region').notNull().default(''),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }).notNull(),
    grantedScopes: jsonb('granted_scopes').$type<string[]>().notNull().default([]),
    /** active | expired | revoked */
    status: text('status').notNull(),
    /** Why it stopped working or last failed to refresh: a standard error code. */
    errorCode: text('error_code'),
    /** The platform's words for it (never a token). */
    errorMessage: text('error_message'),
    /** A replica refreshing the tokens holds this lease; another waits until it lapses. */
    refreshClaimedUntil: timestamp('refresh_claimed_until', { withTimezone: true }),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('platform_connections_user_seller_key').on(t.userId, t.platform, t.openId),
    // The refresh job's scan: active connections by expiry.
    index('platform_connections_refresh_idx')
      .on(t.accessTokenExpiresAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * A "Connect" in progress: the `state` of the authorization link, stored as a hash, single
 * use (the callback deletes it as it reads it), short-lived, tied to the account and the
 * session that asked, and to the browser (a hash of a nonce kept in an HttpOnly cookie).
 */
export const platformOauthStates = pgTable(
  'platform_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    browserHash: text('browser_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('platform_oauth_states_expires_idx').on(t.expiresAt)],
);

/** What a seller asked for in one create (or import): it became one record per talent. */
export const invitationTasks = pgTable(
  'invitation_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    taskType: text('task_type').notNull(),
    contentType: text('content_type').notNull(),
    /** manual | rules */
    filterType: text('filter_type').notNull(),
    /** The talent filters of a rules task, as applied (the shop's platform among them). */
    rules: jsonb('rules').$type<Record<string, unknown>>(),
    scriptTemplateId: integer('script_template_id').references(() => scriptTemplates.id, {
      onDelete: 'set null',
    }),
    /**
     * What the task asks of its platform (issue 16): the action its type compiles into and,
     * for a target collaboration, its terms (name, end, commissions, contact, samples). Null
     * for platforms whose actions come later, and for tasks made before.
     */
    platformTerms: jsonb('platform_terms').$type<TaskPlatformTerms>(),
    /**
     * Who executes its records: `api`, the server's executor through the platform's Open API
     * (a shop connected by authorization: its records are never handed to the extension), or
     * `browser`, the extension.
     */
    channel: text('channel').notNull().default('browser'),
    /** The script as it was when the task was made (variables not yet filled). */
    script: text('script').notNull(),
    products: jsonb('products')
      .$type<Array<{ productId: string; productName: string }>>()
      .notNull()
      .default([]),
    setName: text('set_name').notNull(),
    recordCount: integer('record_count').notNull(),
    /** create | import */
    source: text('source').notNull().default('create'),
    /** When a "batch failed" message was sent for this task (once). */
    failureNotifiedAt: timestamp('failure_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitation_tasks_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

/**
 * One invitation of one talent: pending until the extension claims it (running,
 * under a lease until `leasedUntil`), then success or failed with a standard code.
 * Talent and shop names are kept as they were, so history survives later edits.
 */
export const sendRecords = pgTable(
  'send_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => invitationTasks.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    shopName: text('shop_name').notNull(),
    talentId: bigint('talent_id', { mode: 'number' }).references(() => talents.id, {
      onDelete: 'set null',
    }),
    talentName: text('talent_name').notNull(),
    platform: text('platform').notNull(),
    platformTalentId: text('platform_talent_id').notNull(),
    /**
     * The talent's platform identity when the task was made (TikTok handle and open id, …):
     * what the platform call needs. Null on records made before it was kept.
     */
    identity: jsonb('identity').$type<TalentIdentity>(),
    taskType: text('task_type').notNull(),
    contentType: text('content_type').notNull(),
    filterType: text('filter_type').notNull(),
    setName: text('set_name').notNull(),
    /** The script with this talent's variables filled. */
    message: text('message').notNull(),
    products: jsonb('products')
      .$type<Array<{ productId: string; productName: string }>>()
      .notNull()
      .default([]),
    /** pending | running | success | failed */
    status: text('status').notNull().default('pending'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    /** api | browser: as its task's channel (the extension claims browser records only). */
    channel: text('channel').notNull().default('browser'),
    /** The platform action that carries it now (api records), see platformActions. */
    actionId: bigint('action_id', { mode: 'number' }).references(
      (): AnyPgColumn => platformActions.id,
      { onDelete: 'set null' },
    ),
    /** What the invitation became on the platform (its target collaboration, conversation). */
    platformReference: jsonb('platform_reference').$type<PlatformReference>(),
    /** The platform's own code and message when it refused this talent. */
    platformAnswer: jsonb('platform_answer').$type<PlatformAnswer>(),
    leaseId: uuid('lease_id'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * When a browser reported the platform's answer about it (sent, or refused for the
     * talent): the plan's daily allowance counts these, per account, at claim.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's index, send_records_user_created_cover (user_id, created_at, id), carries
    // every filter column (INCLUDE) so a filtered page and a capped count read no table
    // rows; drizzle cannot declare INCLUDE, so it lives in migration 0005_send_record_stats.sql.
    index('send_records_task_idx').on(t.taskId),
    // Whether a task still has open records (settling a task after each platform action).
    index('send_records_task_open_idx')
      .on(t.taskId)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('send_records_action_idx')
      .on(t.actionId)
      .where(sql`${t.actionId} is not null`),
    // The extension's claims walk a shop's open records in id order: browser records only
    // (the server's executor reaches its records through their action, send_records_action_idx).
    index('send_records_claim_idx')
      .on(t.shopId, t.id)
      .where(sql`${t.status} in ('pending', 'running') and ${t.channel} = 'browser'`),
    // The lease job finds the records whose claim lapsed: only the running few under a lease
    // are indexed (a record of a platform action runs under its action's lease, not its own).
    index('send_records_lease_idx')
      .on(t.leasedUntil)
      .where(sql`${t.status} = 'running' and ${t.leasedUntil} is not null`),
    // The cool-down check: this talent, this shop, this task type, recently.
    index('send_records_cooldown_idx').on(
      t.userId,
      t.shopId,
      t.platformTalentId,
      t.taskType,
      t.createdAt,
    ),
    index('send_records_user_status_idx').on(t.userId, t.status),
    // No query reads records by their finish time (the per-day figures are kept by the
    // triggers): send_records_user_finished_idx is gone, one index less on every write.
    index('send_records_user_sent_idx')
      .on(t.userId, t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * One platform operation on a batch of a task's talents (DESIGN.md "Platforms"): what the
 * server's executor claims and runs (modules/platforms/actions). Its talents are the open
 * records whose `action_id` is it. `callStartedAt` is written before a call that may change
 * the platform and cleared with its outcome: an executor that finds it set on a claimed
 * action (its predecessor died mid-call) reads the platform before calling again.
 */
export const platformActions = pgTable(
  'platform_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => invitationTasks.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /**
     * `api`: the server's executor runs it; `browser`: a connected browser claims it (issue
     * 17), never the executor, and the extension never an `api` one.
     */
    channel: text('channel').notNull().default('api'),
    /** api: target_collaboration | conversation | collaboration_card; browser: browserActionKinds */
    kind: text('kind').notNull(),
    /** pending | running | succeeded | failed; browser actions also unknown (reconcile first) */
    status: text('status').notNull().default('pending'),
    /** Browser actions: the page pack it runs with, and the extension session holding it. */
    packId: text('pack_id'),
    holderSessionId: uuid('holder_session_id'),
    /** Unique per operation: the task, the kind and the batch (or the record). */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    batch: integer('batch').notNull(),
    batches: integer('batches').notNull(),
    /** The collaboration name it sends (distinct per batch: the platform refuses a running duplicate). */
    name: text('name'),
    /** Steps done of a multi-step action (conversation id, messages sent). */
    progress: jsonb('progress').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }),
    leaseId: uuid('lease_id'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    callStartedAt: timestamp('call_started_at', { withTimezone: true }),
    reference: jsonb('reference').$type<PlatformReference>(),
    errorCode: text('error_code'),
    answer: jsonb('answer').$type<PlatformAnswer>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // Claims walk the open actions in id order (only the open ones are indexed).
    index('platform_actions_open_idx')
      .on(t.shopId, t.id)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('platform_actions_task_idx').on(t.taskId, t.id),
    // Browser claims walk an account's open browser actions in id order.
    index('platform_actions_browser_open_idx')
      .on(t.userId, t.id)
      .where(sql`${t.channel} = 'browser' and ${t.status} in ('pending', 'running', 'unknown')`),
  ],
);

/**
 * A shop whose browser actions wait (issue 17): the platform's quota until its reset in the
 * shop's zone, a captcha or a signed-out seller center until the extension sees it gone.
 * Kept apart from the API executor's pauses: a captcha in a browser does not stop the API.
 */
export const browserShopStops = pgTable('browser_shop_stops', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** login_expired | quota_exceeded | captcha */
  reason: text('reason').notNull(),
  resumesAt: timestamp('resumes_at', { withTimezone: true }),
  timeZone: text('time_zone').notNull(),
  answer: jsonb('answer').$type<PlatformAnswer>(),
  packId: text('pack_id'),
  packVersion: integer('pack_version'),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

/** The operators' switch of a page pack version (issue 17): a stopped one hands out nothing. */
export const pagePackSwitches = pgTable(
  'page_pack_switches',
  {
    packId: text('pack_id').notNull(),
    version: integer('version').notNull(),
    stopped: boolean('stopped').notNull(),
    reason: text('reason').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.packId, t.version] })],
);

/**
 * A shop whose platform actions wait (modules/platforms/actions): the platform's quota until
 * its reset, a rate limit's back-off, or an authorization the seller must renew (no end).
 */
export const platformShopPauses = pgTable('platform_shop_pauses', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A standard error code (shopPauseReasons). */
  reason: text('reason').notNull(),
  resumesAt: timestamp('resumes_at', { withTimezone: true }),
  timeZone: text('time_zone').notNull(),
  answer: jsonb('answer').$type<PlatformAnswer>().notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

/**
 * Send records per account and status, kept by statement triggers on send_records
 * (migration 0005_send_record_stats.sql): the list's total and the workplace's
 * counts are one row each, never a count over millions of records.
 */
export const sendRecordCounts = pgTable(
  'send_record_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);

/**
 * What happened per account and calendar day (the account's, account_day()), kept by the
 * same triggers: records created that day (the daily cap counts these, deleted or
 * not), and records that finished that day as success or failed.
 */
export const sendRecordDays = pgTable(
  'send_record_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    created: integer('created').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Failed records per account, day and error code (the workplace's top failure reasons). */
export const sendRecordFailures = pgTable(
  'send_record_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    errorCode: text('error_code').notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.errorCode] })],
);

/**
 * The import an account is running (one at a time: the primary key is the account), held
 * by a lease its writer renews with every chunk it writes. A run whose lease lapsed (its
 * process died, or lost the database) is rolled back by the `import-recovery` job from
 * its undo journal. `writtenAt` is the `updated_at` the import stamps on every talent it
 * writes, so the rollback leaves alone a talent changed since.
 */
export const importRuns = pgTable('import_runs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  id: text('id').notNull().unique(),
  kind: text('kind').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  /** Set when a rollback has taken the run over: its writer must stop. */
  undoing: boolean('undoing').notNull().default(false),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The undo journal of a talent import: per talent it wrote, whether it added it, or the
 * values the import overwrote. Rows of a finished run are garbage, deleted in chunks after
 * it (no foreign key, so finishing a run is one small statement).
 */
export const talentImportUndo = pgTable(
  'talent_import_undo',
  {
    runId: text('run_id').notNull(),
    talentId: bigint('talent_id', { mode: 'number' }).notNull(),
    added: boolean('added').notNull(),
    name: text('name'),
    nameGrams: text('name_grams').array(),
    shopName: text('shop_name'),
    industry: text('industry'),
    labels: text('labels').array(),
    status: text('status'),
    statusBeforeBlacklist: text('status_before_blacklist'),
    contactMethod: text('contact_method'),
    contactInfo: text('contact_info'),
    creatorOpenId: text('creator_open_id'),
    buyinId: text('buyin_id'),
    buyinUid: text('buyin_uid'),
    fansCount: bigint('fans_count', { mode: 'number' }),
    videoAvgViews: bigint('video_avg_views', { mode: 'number' }),
    videoGpmFen: bigint('video_gpm_fen', { mode: 'number' }),
    liveAvgViews: bigint('live_avg_views', { mode: 'number' }),
    liveGpmFen: bigint('live_gpm_fen', { mode: 'number' }),
    businessAmountFen: bigint('business_amount_fen', { mode: 'number' }),
    dealCount: bigint('deal_count', { mode: 'number' }),
    remark: text('remark'),
    addedAt: timestamp('added_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.talentId] })],
);

// ---------------------------------------------------------------------------
// TikTok Shop sandbox (embedded default and tests). A stand-in of TikTok Shop's Open
// API, served when no TikTok Shop app is configured: what the "platform" knows, kept
// apart from our own shops and tasks as the real platform's would be. Only the module
// modules/platforms/tiktok-shop-sandbox queries these tables (its repository.ts).
// ---------------------------------------------------------------------------

/** The sandbox's registered apps: "the sandbox app", created once per installation. */
export const sandboxTtsApps = pgTable('sandbox_tts_apps', {
  appKey: text('app_key').primaryKey(),
  appSecret: text('app_secret').notNull(),
  serviceId: text('service_id').notNull().unique(),
  createdAt: createdAt(),
});

/** The sandbox sellers' shops (a local US shop; a cross-border seller's GB and ES shops). */
export const sandboxTtsShops = pgTable('sandbox_tts_shops', {
  id: text('id').primaryKey(),
  /** Which sandbox seller owns it (an authorization covers every shop of its seller). */
  sellerKey: text('seller_key').notNull(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  /** LOCAL | CROSS_BORDER */
  sellerType: text('seller_type').notNull(),
  cipher: text('cipher').notNull().unique(),
  code: text('code').notNull(),
  /** The shop's time zone: quotas reset at its Sunday midnight, daily limits at its midnight. */
  timeZone: text('time_zone').notNull(),
  /** New creators the shop may contact per week (invitations and new conversations share it). */
  weeklyQuota: integer('weekly_quota').notNull(),
  /** What is left of the one-time starter pack, used once the week's quota is gone. */
  starterPackRemaining: integer('starter_pack_remaining').notNull(),
  dailyCollaborationLimit: integer('daily_collaboration_limit').notNull(),
  dailyCreatorLimit: integer('daily_creator_limit').notNull(),
  /** Creators with more followers than this cannot be invited by this shop. */
  followerLimit: bigint('follower_limit', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** Each sandbox shop's product catalogue. */
export const sandboxTtsProducts = pgTable(
  'sandbox_tts_products',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    title: text('title').notNull(),
    currency: text('currency').notNull(),
    minPrice: text('min_price').notNull(),
    maxPrice: text('max_price').notNull(),
    /** LIVE | OUT_OF_STOCK | SELLER_DEACTIVATE */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_tts_products_shop_idx').on(t.shopId)],
);

/** Authorization codes handed to the app's redirect URL: single-use, short-lived. */
export const sandboxTtsAuthCodes = pgTable('sandbox_tts_auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  appKey: text('app_key').notNull(),
  sellerKey: text('seller_key').notNull(),
  scopes: text('scopes').array().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A seller's grant to an app (one per code exchanged), with its refresh token. */
export const sandboxTtsAuthorizations = pgTable(
  'sandbox_tts_authorizations',
  {
    id: text('id').primaryKey(),
    appKey: text('app_key').notNull(),
    sellerKey: text('seller_key').notNull(),
    openId: text('open_id').notNull(),
    grantedScopes: text('granted_scopes').array().notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_tts_authorizations_seller_idx').on(t.appKey, t.sellerKey)],
);

/** Access tokens (kept as SHA-256 hashes), each valid until its own expiry. */
export const sandboxTtsAccessTokens = pgTable(
  'sandbox_tts_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    authorizationId: text('authorization_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_tts_access_tokens_authorization_idx').on(t.authorizationId)],
);

/** Target collaborations the sandbox shops created. */
export const sandboxTtsCollaborations = pgTable(
  'sandbox_tts_collaborations',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    sellerEmail: text('seller_email').notNull(),
    hasFreeSample: boolean('has_free_sample').notNull(),
    isSampleApprovalExempt: boolean('is_sample_approval_exempt').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_tts_collaborations_shop_idx').on(t.shopId, t.startTime)],
);

export const sandboxTtsCollaborationProducts = pgTable(
  'sandbox_tts_collaboration_products',
  {
    collaborationId: text('collaboration_id').notNull(),
    productId: text('product_id').notNull(),
    /** Hundredths of a percent (3587 = 35.87 %). */
    targetCommissionRate: integer('target_commission_rate').notNull(),
    shopAdsCommissionRate: integer('shop_ads_commission_rate'),
  },
  (t) => [
    primaryKey({ columns: [t.collaborationId, t.productId] }),
    index('sandbox_tts_collaboration_products_product_idx').on(t.productId),
  ],
);

export const sandboxTtsCollaborationCreators = pgTable(
  'sandbox_tts_collaboration_creators',
  {
    collaborationId: text('collaboration_id').notNull(),
    creatorOpenId: text('creator_open_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collaborationId, t.creatorOpenId] }),
    index('sandbox_tts_collaboration_creators_creator_idx').on(t.creatorOpenId),
  ],
);

/** A new creator contacted in a shop's quota week: counted once per week. */
export const sandboxTtsQuotaUses = pgTable(
  'sandbox_tts_quota_uses',
  {
    shopId: text('shop_id').notNull(),
    /** The Sunday (YYYY-MM-DD, shop time) the quota week starts. */
    week: text('week').notNull(),
    creatorOpenId: text('creator_open_id').notNull(),
    fromStarterPack: boolean('from_starter_pack').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.week, t.creatorOpenId] })],
);

/**
 * A shop's running totals per period, kept beside the rows they sum (under the shop's lock):
 * `day:YYYY-MM-DD` (shop time) the collaborations created and the creators they invited, for
 * the daily limits; `week:YYYY-MM-DD` (its Sunday) the week's own quota used. A limit check
 * reads one row instead of counting the period's rows on every call.
 */
export const sandboxTtsShopTallies = pgTable(
  'sandbox_tts_shop_tallies',
  {
    shopId: text('shop_id').notNull(),
    period: text('period').notNull(),
    collaborations: integer('collaborations').notNull().default(0),
    creators: integer('creators').notNull().default(0),
    quotaUsed: integer('quota_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.period] })],
);

/** Creators connected to a shop (they answered): contacting them uses no quota. */
export const sandboxTtsConnectedCreators = pgTable(
  'sandbox_tts_connected_creators',
  {
    shopId: text('shop_id').notNull(),
    creatorOpenId: text('creator_open_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.creatorOpenId] })],
);

export const sandboxTtsConversations = pgTable(
  'sandbox_tts_conversations',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    creatorOpenId: text('creator_open_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_tts_conversations_shop_creator_key').on(t.shopId, t.creatorOpenId)],
);

export const sandboxTtsMessages = pgTable(
  'sandbox_tts_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    /** TEXT | PRODUCT_CARD | TARGET_COLLABORATION_CARD | FREE_SAMPLE_CARD | IMAGE */
    msgType: text('msg_type').notNull(),
    /** The JSON text the seller sent. */
    content: text('content').notNull(),
    /** Increasing within a conversation: the documented `conversation_index`. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_tts_messages_conversation_idx').on(t.conversationId, t.seq)],
);

/** Every call the sandbox received, secrets left out: what tests and the bench read. */
export const sandboxTtsCalls = pgTable(
  'sandbox_tts_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    /** The path below the sandbox's base (`/api/v2/token/get`, `/affiliate_seller/…`). */
    path: text('path').notNull(),
    query: jsonb('query').notNull(),
    body: jsonb('body'),
    httpStatus: integer('http_status').notNull(),
    code: integer('code'),
    appKey: text('app_key'),
    shopId: text('shop_id'),
  },
  (t) => [index('sandbox_tts_calls_at_idx').on(t.at)],
);

// ---------------------------------------------------------------------------
// 抖店 sandbox (embedded default and tests). A stand-in of 抖店开放平台, served when no
// 抖店 app is configured: what the "platform" knows, kept apart from our own shops and
// tasks. Only modules/platforms/doudian-sandbox queries these tables (its repository.ts).
// ---------------------------------------------------------------------------

/** The sandbox's tool app: "the sandbox app", created once per installation. */
export const sandboxDoudianApps = pgTable('sandbox_doudian_apps', {
  appKey: text('app_key').primaryKey(),
  appSecret: text('app_secret').notNull(),
  serviceId: text('service_id').notNull().unique(),
  createdAt: createdAt(),
});

/** The sandbox 抖店 shops a seller may authorize, with their alliance state and limits. */
export const sandboxDoudianShops = pgTable('sandbox_doudian_shops', {
  /** 抖店 shop ids are numbers; kept as text of digits. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Joined 精选联盟: without it plans are refused ("店铺未加入联盟"). */
  inAlliance: boolean('in_alliance').notNull(),
  /** The platform closed the shop's promotion ("商家已被关闭推广，无法使用平台功能"). */
  promotionClosed: boolean('promotion_closed').notNull(),
  /** 达人 the shop may add to its targeted plans per day (Asia/Shanghai): the sandbox's choice. */
  dailyAuthorLimit: integer('daily_author_limit').notNull(),
  /** 达人 one targeted plan may hold: the sandbox's choice. */
  planAuthorLimit: integer('plan_author_limit').notNull(),
  createdAt: createdAt(),
});

export const sandboxDoudianProducts = pgTable(
  'sandbox_doudian_products',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    name: text('name').notNull(),
    priceFen: integer('price_fen').notNull(),
    /** on_sale | off_shelf */
    status: text('status').notNull(),
  },
  (t) => [index('sandbox_doudian_products_shop_idx').on(t.shopId)],
);

/** Authorization codes handed to the app's redirect URL: single-use, ten minutes. */
export const sandboxDoudianAuthCodes = pgTable('sandbox_doudian_auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  appKey: text('app_key').notNull(),
  shopId: text('shop_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A shop's grant to an app, with its current refresh token. */
export const sandboxDoudianAuthorizations = pgTable(
  'sandbox_doudian_authorizations',
  {
    id: text('id').primaryKey(),
    appKey: text('app_key').notNull(),
    shopId: text('shop_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_doudian_authorizations_shop_idx').on(t.appKey, t.shopId)],
);

/** Access tokens (SHA-256 hashes), each valid until its own expiry. */
export const sandboxDoudianAccessTokens = pgTable(
  'sandbox_doudian_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    authorizationId: text('authorization_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_doudian_access_tokens_authorization_idx').on(t.authorizationId)],
);

/** 定向计划 the sandbox shops created (buyin.createOrUpdateOrienPlan). */
export const sandboxDoudianPlans = pgTable(
  'sandbox_doudian_plans',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    productId: text('product_id').notNull(),
    /** Percent, a whole number 0–80. */
    cosRatio: integer('cos_ratio').notNull(),
    /** A lowered ratio waits for the next natural day (Asia/Shanghai) ("下调自然日T+1生效"). */
    newCosRatio: integer('new_cos_ratio'),
    newCosRatioStartTime: timestamp('new_cos_ratio_start_time', { withTimezone: true }),
    applyType: integer('apply_type').notNull(),
    restrictedType: integer('restricted_type').notNull(),
    authorLevel: integer('author_level').notNull(),
    auditType: integer('audit_type').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_doudian_plans_shop_idx').on(t.shopId, t.productId)],
);

/** 达人 added to a plan (buyin.orienPlanAuthorsAdd), one row each. */
export const sandboxDoudianPlanAuthors = pgTable(
  'sandbox_doudian_plan_authors',
  {
    applyId: bigint('apply_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    planId: text('plan_id').notNull(),
    shopId: text('shop_id').notNull(),
    buyinId: text('buyin_id').notNull(),
    /** 1 生效中, 2 待审核, 3 审核拒绝 */
    auditStatus: integer('audit_status').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_doudian_plan_authors_plan_buyin_idx').on(t.planId, t.buyinId),
    index('sandbox_doudian_plan_authors_shop_idx').on(t.shopId, t.addedAt),
  ],
);

/** Products a shop applied to a 团长 activity (buyin.applyActivities). */
export const sandboxDoudianActivityApplications = pgTable(
  'sandbox_doudian_activity_applications',
  {
    activityId: text('activity_id').notNull(),
    productId: text('product_id').notNull(),
    shopId: text('shop_id').notNull(),
    /** Hundredths of a percent, as sent with two decimals ("20.50" → 2050). */
    serviceRatio: integer('service_ratio').notNull(),
    commissionRatio: integer('commission_ratio').notNull(),
    activityPriceFen: integer('activity_price_fen').notNull(),
    phoneNumber: text('phone_number').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.productId] })],
);

/** Every call the sandbox received, secrets left out (tests and the control route read it). */
export const sandboxDoudianCalls = pgTable(
  'sandbox_doudian_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    httpMethod: text('http_method').notNull(),
    /** The path below the sandbox's base (`/token/create`, `/buyin/orienPlanAuthorsAdd`). */
    path: text('path').notNull(),
    /** The `method` parameter (`buyin.orienPlanAuthorsAdd`), when one came. */
    apiMethod: text('api_method'),
    query: jsonb('query').notNull(),
    /** The business parameters (param_json parsed), or the form of the authorization page. */
    params: jsonb('params'),
    code: integer('code'),
    subCode: text('sub_code'),
    httpStatus: integer('http_status').notNull(),
    appKey: text('app_key'),
    shopId: text('shop_id'),
  },
  (t) => [index('sandbox_doudian_calls_at_idx').on(t.at)],
);
