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

// 抖店 sandbox (embedded default and tests). A stand-in of 抖店开放平台, served when no
// 抖店 app is configured: what the "platform" knows, kept apart from our own shops and
// tasks. Only this module queries these tables (its repository.ts).

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
    /**
     * Seeded 达人 applications (plans with apply_type 2) are written up to this time; null: none
     * yet, they start at `start_time` (world.ts `planApplicants`).
     */
    applicationsUntil: timestamp('applications_until', { withTimezone: true }),
  },
  (t) => [index('sandbox_doudian_plans_shop_idx').on(t.shopId, t.productId)],
);

/**
 * 达人 of a plan, one row each: added by the shop (buyin.orienPlanAuthorsAdd) or applied by
 * themselves (the sandbox's seeded applications). buyin.orienPlanAudit moves or deletes them.
 */
export const sandboxDoudianPlanAuthors = pgTable(
  'sandbox_doudian_plan_authors',
  {
    applyId: bigint('apply_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    planId: text('plan_id').notNull(),
    shopId: text('shop_id').notNull(),
    buyinId: text('buyin_id').notNull(),
    /** 1 生效中, 2 待审核, 3 审核拒绝 */
    auditStatus: integer('audit_status').notNull(),
    /** When added or applied (`apply_time`). */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    /** added (by the shop) | applied (by the 达人). */
    origin: text('origin').notNull().default('added'),
    /** When the application was approved or refused, or passed without review. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
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
