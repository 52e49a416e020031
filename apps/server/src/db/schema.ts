import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
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
