import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  primaryKey,
  integer,
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
    membershipLevel: text('membership_level').notNull().default('none'),
    membershipValidTo: timestamp('membership_valid_to', { withTimezone: true }),
    maxShopBindCount: integer('max_shop_bind_count').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
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
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
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
    platformTalentId: text('platform_talent_id').notNull(),
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
    // One (owner, sort column, id) index per sortable column: keyset pages at any depth.
    index('talents_user_added_idx').on(t.userId, t.addedAt, t.id),
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
