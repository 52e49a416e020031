import type { PlatformAnswer, PlatformReference } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns.ts';
import { invitationTasks } from '../../send-records/task-schema.ts';
import { shops } from '../../shops/schema.ts';
import { users } from '../../user/schema.ts';

// The tables of platforms/actions: platform actions, and the shops whose actions wait.

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
