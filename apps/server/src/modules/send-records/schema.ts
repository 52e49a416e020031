import type { PlatformAnswer, PlatformReference, TalentIdentity } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { createdAt, updatedAt } from '../../db/columns.ts';
import { platformActions } from '../platforms/actions/schema.ts';
import { shops } from '../shops/schema.ts';
import { talents } from '../talents/schema.ts';
import { scriptTemplates } from '../templates/schema.ts';
import { users } from '../user/schema.ts';
import { invitationTasks } from './task-schema.ts';

export { invitationTasks };

// The send-records module's tables: invitation tasks (task-schema.ts), send records and the
// counters the triggers keep beside them.

/**
 * One invitation of one talent: pending until the extension claims it (running,
 * under a lease until `leasedUntil`), then success or failed with a standard code.
 * Talent and shop names are kept as they were, so history survives later edits.
 * Stored with `fillfactor = 85` (0028_send_records_stage_updates.sql; Drizzle declares no table
 * storage parameters): a creator's answer updates `stage`, its times and `updatedAt`, which no
 * index holds, and the free room on the page lets that update be heap-only (no index writes).
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
    /**
     * What the invitation became after `success` (issue 19, contract `recordStages`): the
     * furthest stage reached (null until the first creator event), and when each was first
     * reached. Written only by record-stages.ts from creator events (platforms/sync).
     */
    stage: text('stage'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    sampleRequestedAt: timestamp('sample_requested_at', { withTimezone: true }),
    contentPostedAt: timestamp('content_posted_at', { withTimezone: true }),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's index, send_records_user_created_cover (user_id, created_at, id), carries
    // every filter column (INCLUDE) so a filtered page and a capped count read no table
    // rows; drizzle cannot declare INCLUDE, so it is hand-written in migrations
    // (0006_send_record_stats.sql, redefined with the stage times in 0024_record_stage_filter.sql;
    // drizzle-kit does not see it). A new filter column goes there too, by a hand-edited migration.
    // The counters below (send_record_counts, send_record_days, send_record_failures) are
    // kept by statement triggers on this table: see sendRecordCounts.
    // A task's records, and whether a task still has open records (settling a task after each
    // platform action): (task_id, status) answers both. Not a partial index on the open statuses:
    // `status` changes fast and in bulk (a task of 5,000 talents is 5,000 pending rows until
    // the next ANALYZE), so the planner's statistics say such an index is nearly empty, and it
    // chose to walk the whole of it for every query whose WHERE implies its predicate — the
    // by-id writes of every outcome, the browser allowance, an action's counts — tens of ms
    // each under load (issue 18's `npm run bench -- api`, auto_explain: docs/performance.md).
    index('send_records_task_status_idx').on(t.taskId, t.status),
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
    // A talent's records (conversations' collaboration cards, collaborationsOfTalent), and the
    // `on delete set null` of a deleted talent: without it both walked the account's records
    // (a sequential scan at 200,000 records, send-records-plans.test.ts). A talent's records
    // are few; records of no talent (deleted, or made before talents were linked) are left out.
    index('send_records_talent_idx')
      .on(t.talentId)
      .where(sql`${t.talentId} is not null`),
    // No query reads records by their finish time (the per-day figures are kept by the
    // triggers): send_records_user_finished_idx is gone, one index less on every write.
    index('send_records_user_sent_idx')
      .on(t.userId, t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * Send records per account and status: the list's total and the workplace's counts are one
 * row each, never a count over millions of records. No code writes this table nor the two
 * below (send_record_days, send_record_failures): plpgsql statement triggers on
 * `send_records` keep all three, one upsert per statement in key order (no deadlocks),
 * hand-written in migrations (trigger `name` → function, where it is defined last):
 * - `send_records_count_insert` (AFTER INSERT) → `send_records_added()`: counts per status,
 *   and `send_record_days.created` on the account's day. Latest: 0010_account_time_zone.sql
 *   (first 0006_send_record_stats.sql, which counted China days).
 * - `send_records_count_update` (AFTER UPDATE) → `send_records_changed()`: moves counts
 *   between statuses; a record becoming success/failed adds to `send_record_days.succeeded`
 *   / `failed` and to `send_record_failures` on the account's day it finished; returns at once
 *   when no status changed (a creator's answer moving `stage`). Latest:
 *   0028_send_records_stage_updates.sql (first 0006, then 0010).
 * - `send_records_count_delete` (AFTER DELETE) → `send_records_removed()`: subtracts
 *   counts per status (days are history and stay). Defined in 0006_send_record_stats.sql.
 * The triggers themselves are created in 0006_send_record_stats.sql. The account's day is
 * `account_day(time_zone, day_zone_from, held_day, at)` over the users row (SQL function,
 * 0010_account_time_zone.sql; user/time-zone.ts says the same in TypeScript).
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
 * triggers of sendRecordCounts (`send_records_added()` / `send_records_changed()`, latest in
 * 0010_account_time_zone.sql): `created`, records created that day (the plan's daily
 * allowance counts these, deleted or not: daily-allowance.ts), and `succeeded` / `failed`,
 * records that finished that day (the workplace, the extension's summary).
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

/**
 * Failed records per account, day and error code (the workplace's top failure reasons), kept
 * by `send_records_changed()` (trigger `send_records_count_update`, latest in
 * 0010_account_time_zone.sql; see sendRecordCounts).
 */
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
 * What a creator did after an invitation, as a platform told it (issue 19): accepted,
 * declined, expired, replied, sample_requested, content_posted, first_order. One row per
 * platform fact, unique by the shop, the kind and the platform's own ids (`platformKey`), so a
 * redelivered or re-read fact is written once and moves nothing twice. Written only by
 * record-stages.ts; the record it moved (null when no record of ours matches: the creator was
 * invited some other way) and the talent, kept for the history.
 */
export const creatorEvents = pgTable(
  'creator_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key to users: the shop's is enough (an account's shops go with it, their
    // facts with them), and each key is one more check on every fact written (a sync page
    // writes up to 200; migration 0029).
    userId: integer('user_id').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    platformKey: text('platform_key').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).references(() => sendRecords.id, {
      onDelete: 'set null',
    }),
    taskId: bigint('task_id', { mode: 'number' }),
    // History only, never read by a query: the talent the fact was about when it came, which
    // may since have been deleted. No foreign key: `on delete set null` looked each deleted
    // talent up in this table, which has no index on it (a scan of every fact per talent when
    // a seller deletes talents in bulk), and checked every fact written (migration 0029).
    talentId: bigint('talent_id', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('creator_events_shop_kind_key').on(t.shopId, t.kind, t.platformKey),
    index('creator_events_user_occurred_idx').on(t.userId, t.occurredAt),
    index('creator_events_record_idx')
      .on(t.recordId)
      .where(sql`${t.recordId} is not null`),
  ],
);

/**
 * The workplace funnel's counts (issue 19): records per task that reached each stage
 * (`sent` when a record succeeded, then each of recordStages the first time), so the funnel
 * of an account of a million records reads a few rows per task, never the records. Written
 * only by record-stages.ts (and the success paths through it).
 */
export const recordStageCounts = pgTable(
  'record_stage_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => invitationTasks.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.stage] }),
    index('record_stage_counts_user_idx').on(t.userId),
  ],
);

/**
 * The same counts, one row per task with a column per funnel step (issue 19): what the
 * workplace funnel reads (2,000 tasks → 2,000 rows, no aggregation; from record_stage_counts
 * it was 12,000 rows grouped, 3× the time). Kept by statement-level triggers on
 * record_stage_counts (migration 0027: each insert or update of its counts adds its
 * difference here, in the writing statement), so its writers stay as they are. A stage that is
 * not a funnel step (declined, expired) is not kept here.
 */
export const taskFunnelCounts = pgTable(
  'task_funnel_counts',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .primaryKey()
      .references(() => invitationTasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sent: bigint('sent', { mode: 'number' }).notNull().default(0),
    accepted: bigint('accepted', { mode: 'number' }).notNull().default(0),
    replied: bigint('replied', { mode: 'number' }).notNull().default(0),
    sampleRequested: bigint('sample_requested', { mode: 'number' }).notNull().default(0),
    contentPosted: bigint('content_posted', { mode: 'number' }).notNull().default(0),
    firstOrder: bigint('first_order', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('task_funnel_counts_user_idx').on(t.userId)],
);

/**
 * A task's follow-up for non-responders (issue 19, at most two per task): `afterDays` after a
 * record's success with no reply nor acceptance, send `script` (the template's, as it was when
 * scheduled). scheduled | cancelled. Stopped per record by any reply, acceptance, blacklisting
 * or cool-down (follow_up_sends says what happened to each record).
 */
export const taskFollowUps = pgTable(
  'task_follow_ups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => invitationTasks.id, { onDelete: 'cascade' }),
    /** 1 or 2. */
    step: integer('step').notNull(),
    afterDays: integer('after_days').notNull(),
    scriptTemplateId: integer('script_template_id').references(() => scriptTemplates.id, {
      onDelete: 'set null',
    }),
    script: text('script').notNull(),
    status: text('status').notNull().default('scheduled'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('task_follow_ups_task_step_key').on(t.taskId, t.step),
    index('task_follow_ups_scheduled_idx')
      .on(t.id)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * What a follow-up did for one record: sent (its conversation), skipped with a reason
 * (replied, accepted, blacklisted, cool_down, no_channel) or failed (a standard code). One row
 * per follow-up and record: a follow-up never messages a creator twice.
 */
export const followUpSends = pgTable(
  'follow_up_sends',
  {
    followUpId: bigint('follow_up_id', { mode: 'number' })
      .notNull()
      .references(() => taskFollowUps.id, { onDelete: 'cascade' }),
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .references(() => sendRecords.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | sent | skipped | failed */
    status: text('status').notNull(),
    reason: text('reason'),
    conversationId: text('conversation_id'),
    answer: jsonb('answer').$type<PlatformAnswer>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.followUpId, t.recordId] })],
);
