import type { PlatformAnswer } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { shops } from '../../shops/schema.ts';
import { users } from '../../user/schema.ts';

// The tables of platforms/sync (issue 19): where each sync of each connected shop stands, and
// the kinds there are.

/**
 * The sync kinds of each platform, as this version of the server has them (PlatformSync.prepare
 * writes them at start-up). A trigger on shops (migration 0032) makes a shop's cursors from
 * these when the shop is connected (BOUND with a connection) and drops them when it is not,
 * in the statement that changes the shop: a pass only claims due cursors, it lists no shops.
 */
export const platformSyncKinds = pgTable('platform_sync_kinds', {
  kind: text('kind').primaryKey(),
  /** tiktok | douyin: the shops' platform whose shops get this kind's cursor. */
  platform: text('platform').notNull(),
});

/**
 * One sync kind of one shop (tiktok.collaborations, tiktok.conversations, tiktok.samples,
 * tiktok.orders, douyin.plan_authors, douyin.orders): the cursor it resumes from (the kind's
 * own shape: a page token, a time window's end), when it is next due, and the replica running
 * it (a lease, claimed with SKIP LOCKED). What it read is applied idempotently by the
 * platform's ids before the cursor moves, so a restart re-reads at most one page and
 * duplicates nothing.
 */
export const platformSyncCursors = pgTable(
  'platform_sync_cursors',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cursor: jsonb('cursor').$type<Record<string, unknown>>(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leaseId: uuid('lease_id'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Facts applied so far (the sync's own count, for the page and the benchmark). */
    applied: bigint('applied', { mode: 'number' }).notNull().default(0),
    /** The last failure: a standard error code and the platform's answer. */
    errorCode: text('error_code'),
    answer: jsonb('answer').$type<PlatformAnswer>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.kind] }),
    index('platform_sync_cursors_due_idx').on(t.dueAt),
    index('platform_sync_cursors_user_idx')
      .on(t.userId)
      .where(sql`${t.errorCode} is not null`),
  ],
);
