import {
  bigint,
  boolean,
  index,
  primaryKey,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns.ts';

// TikTok Shop sandbox (embedded default and tests). A stand-in of TikTok Shop's Open
// API, served when no TikTok Shop app is configured: what the "platform" knows, kept
// apart from our own shops and tasks as the real platform's would be. Only this module
// queries these tables (its repository.ts).

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
    /**
     * The creator's planned answer (behaviour.ts, seeded): ACCEPT | DECLINE | NONE, and when
     * it happens in sandbox time. Read against the sandbox clock: before `answered_at` the
     * creator has not answered yet.
     */
    answer: text('answer').notNull().default('NONE'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the creator posts content with the collaboration's product (null: never). */
    contentAt: timestamp('content_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.collaborationId, t.creatorOpenId] }),
    index('sandbox_tts_collaboration_creators_creator_idx').on(t.creatorOpenId),
  ],
);

/**
 * Free sample applications of creators who accepted a collaboration offering samples,
 * written when the collaboration is created with the time the creator will apply
 * (`created_at`, sandbox time, often in the future): a row is seen only once the sandbox
 * clock has reached it. Its status is read from the clock and the seller's review.
 */
export const sandboxTtsSampleApplications = pgTable(
  'sandbox_tts_sample_applications',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    collaborationId: text('collaboration_id').notNull(),
    creatorOpenId: text('creator_open_id').notNull(),
    productId: text('product_id').notNull(),
    /** Hundredths of a percent, from the collaboration's product. */
    commissionRate: integer('commission_rate').notNull(),
    /** The collaboration's `is_sample_approval_exempt`: approved when applied. */
    approvalExempt: boolean('approval_exempt').notNull(),
    /** When the creator applies (sandbox time). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the creator posts content with the sample (null: never). */
    contentAt: timestamp('content_at', { withTimezone: true }),
    /** VIDEO | LIVE */
    contentFormat: text('content_format').notNull(),
    /** APPROVE | REJECT, once the seller reviewed. */
    reviewResult: text('review_result'),
    rejectReason: text('reject_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_tts_sample_applications_shop_idx').on(t.shopId, t.createdAt),
    index('sandbox_tts_sample_applications_collaboration_idx').on(t.collaborationId),
  ],
);

/**
 * Affiliate orders of creators who accepted and posted content, written when the
 * collaboration is created with their (mostly future) creation times: an order is seen once
 * the sandbox clock reaches `create_time`, so a read pages through an index range and no
 * loop runs in the background.
 */
export const sandboxTtsOrders = pgTable(
  'sandbox_tts_orders',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    collaborationId: text('collaboration_id').notNull(),
    creatorOpenId: text('creator_open_id').notNull(),
    creatorUsername: text('creator_username').notNull(),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The SKU's selling price (decimal text) and its currency. */
    price: text('price').notNull(),
    currency: text('currency').notNull(),
    commissionRate: integer('commission_rate').notNull(),
    shopAdsCommissionRate: integer('shop_ads_commission_rate'),
    /** VIDEO | LIVE */
    contentType: text('content_type').notNull(),
    contentId: text('content_id').notNull(),
    /** Cancelled by the buyer (the sandbox's few cancelled orders). */
    cancelled: boolean('cancelled').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sandbox_tts_orders_shop_time_idx').on(t.shopId, t.createTime, t.id),
    index('sandbox_tts_orders_collaboration_idx').on(t.collaborationId),
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
    /** When the creator's next reply arrives (sandbox time; behaviour.ts), null: none coming. */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }),
    /** The last message `seq` the seller marked read (Mark Conversation Read). */
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('sandbox_tts_conversations_shop_creator_key').on(t.shopId, t.creatorOpenId),
    index('sandbox_tts_conversations_reply_idx').on(t.shopId, t.replyDueAt),
  ],
);

export const sandboxTtsMessages = pgTable(
  'sandbox_tts_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    /** TEXT | PRODUCT_CARD | TARGET_COLLABORATION_CARD | FREE_SAMPLE_CARD | IMAGE */
    msgType: text('msg_type').notNull(),
    /** SELLER | CREATOR */
    sender: text('sender').notNull().default('SELLER'),
    /** The JSON text sent. */
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
