import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

// The user module's table: accounts.

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
     * time_zone, day_zone_from and held_day are read by the send-records triggers
     * (send_records_added/changed, 0010_account_time_zone.sql) to count a record on the
     * account's day: see send-records/schema.ts, sendRecordCounts.
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
