import type { TalentFollowUpEvent } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
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
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../user/schema.ts';

// The talents module's tables: the talent library, its labels, follow-ups, counts, import journal
// and the blacklist (talent management holds the blacklist, as the console's menu does).

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
    /** The talent's ID on its platform; for TikTok, its handle (username, without @). */
    platformTalentId: text('platform_talent_id').notNull(),
    /** TikTok: the creator's Creator Open ID, once known (one talent per open id). */
    creatorOpenId: text('creator_open_id'),
    /** 抖店 / 百应: the talent's 百应ID (one talent per 百应ID) and its profile page's uid. */
    buyinId: text('buyin_id'),
    buyinUid: text('buyin_uid'),
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
    /**
     * When the platform's affiliate orders last set business amount and deal count (issue 19):
     * null while they are the seller's own figures (typed in or imported), which stay for
     * talents the platform does not cover.
     */
    figuresSyncedAt: timestamp('figures_synced_at', { withTimezone: true }),
    /**
     * The currency of the synced business amount (ISO 4217, e.g. USD): the platform's figure
     * is in the minor unit of the talent's orders' currency, never mixed with another one
     * (affiliate-orders/service.ts). Null while the figures are the seller's own (CNY fen).
     */
    figuresCurrency: text('figures_currency'),
    remark: text('remark').notNull().default(''),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('talents_user_platform_talent_key').on(t.userId, t.platform, t.platformTalentId),
    // One talent per platform identity: its open id and its 百应ID too, when known.
    uniqueIndex('talents_user_open_id_key')
      .on(t.userId, t.creatorOpenId)
      .where(sql`${t.creatorOpenId} is not null`),
    uniqueIndex('talents_user_buyin_id_key')
      .on(t.userId, t.buyinId)
      .where(sql`${t.buyinId} is not null`),
    // One (owner, sort column, id) index per sortable column: keyset pages at any depth.
    // Two more indexes are hand-written in migrations, because drizzle cannot declare them
    // (drizzle-kit does not see them, so it never drops them either):
    // - talents_user_added_cover (user_id, added_at, id) INCLUDE (every filter column): the
    //   default sort's index, so filtered pages and counts read no table rows. Made in
    //   0003_talent_search_tuning.sql; its latest definition is
    //   0031_talents_cover_figures_currency.sql (0008 added platform_talent_id, 0031
    //   figures_currency to the INCLUDE list). A new filter column goes there too, by a
    //   hand-edited migration.
    // - talents_user_talent_id_prefix (user_id, lower(platform_talent_id) text_pattern_ops):
    //   the search field's ID lookup, 0008_talent_id_search.sql.
    index('talents_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('talents_user_updated_idx').on(t.userId, t.updatedAt, t.id),
    index('talents_user_fans_idx').on(t.userId, t.fansCount, t.id),
    index('talents_user_video_views_idx').on(t.userId, t.videoAvgViews, t.id),
    index('talents_user_video_gpm_idx').on(t.userId, t.videoGpmFen, t.id),
    index('talents_user_live_views_idx').on(t.userId, t.liveAvgViews, t.id),
    index('talents_user_live_gpm_idx').on(t.userId, t.liveGpmFen, t.id),
    index('talents_user_business_idx').on(t.userId, t.businessAmountFen, t.id),
    index('talents_user_deals_idx').on(t.userId, t.dealCount, t.id),
    // The currencies of an account's synced business amounts (the filters' facets): only
    // synced talents, read by a skip scan, one entry per currency.
    index('talents_user_currency_idx')
      .on(t.userId, t.figuresCurrency)
      .where(sql`${t.figuresCurrency} is not null`),
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
    /**
     * An entry the system wrote (author "system", issue 19): what moved the talent, so the
     * console tells it in the reader's language; `content` keeps the zh-CN sentence.
     */
    event: jsonb('event').$type<TalentFollowUpEvent>(),
    createdAt: createdAt(),
  },
  (t) => [index('talent_follow_ups_talent_idx').on(t.talentId, t.createdAt, t.id)],
);

/**
 * Talents per account, so the unfiltered total is one row, not a count. No code writes it:
 * plpgsql statement triggers on `talents` keep it (hand-written in migration
 * 0003_talent_search_tuning.sql, still their latest definition; the table is 0002):
 * - `talent_counts_add()`, run by trigger `talents_count_insert` (AFTER INSERT), adds the
 *   inserted rows per user_id (an upsert);
 * - `talent_counts_remove()`, run by trigger `talents_count_delete` (AFTER DELETE),
 *   subtracts the deleted rows (an update: a deleted account's row is already gone).
 * A talent never changes owner, so updates need no trigger. TRUNCATE (tests) empties it
 * with talents (the truncate names every table).
 */
export const talentCounts = pgTable('talent_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

/**
 * The undo journal of a talent import: per talent it wrote, whether it added it, or the
 * values the import overwrote. Rows of a finished run are garbage, deleted in chunks after
 * it (no foreign key, so finishing a run is one small statement).
 */
export const talentImportUndo = pgTable(
  'talent_import_undo',
  {
    runId: text('run_id').notNull(),
    talentId: bigint('talent_id', { mode: 'number' }).notNull(),
    added: boolean('added').notNull(),
    name: text('name'),
    nameGrams: text('name_grams').array(),
    shopName: text('shop_name'),
    industry: text('industry'),
    labels: text('labels').array(),
    status: text('status'),
    statusBeforeBlacklist: text('status_before_blacklist'),
    contactMethod: text('contact_method'),
    contactInfo: text('contact_info'),
    creatorOpenId: text('creator_open_id'),
    buyinId: text('buyin_id'),
    buyinUid: text('buyin_uid'),
    fansCount: bigint('fans_count', { mode: 'number' }),
    videoAvgViews: bigint('video_avg_views', { mode: 'number' }),
    videoGpmFen: bigint('video_gpm_fen', { mode: 'number' }),
    liveAvgViews: bigint('live_avg_views', { mode: 'number' }),
    liveGpmFen: bigint('live_gpm_fen', { mode: 'number' }),
    businessAmountFen: bigint('business_amount_fen', { mode: 'number' }),
    dealCount: bigint('deal_count', { mode: 'number' }),
    remark: text('remark'),
    addedAt: timestamp('added_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.talentId] })],
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
