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
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../user/schema.ts';

// The auth module's tables: sessions, their refresh tokens, SMS codes.

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
