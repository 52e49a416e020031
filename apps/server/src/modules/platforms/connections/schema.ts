import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { sessions } from '../../auth/schema.ts';
import { users } from '../../user/schema.ts';

// Platform connections (OAuth authorizations of a platform's seller account): the tables of
// platforms/connections.

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
