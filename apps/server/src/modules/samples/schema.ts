import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { shops } from '../shops/schema.ts';
import { talents } from '../talents/schema.ts';
import { users } from '../user/schema.ts';

// The samples module's table (issue 19): creators' sample requests of a shop's products, as
// the sync reads them (TikTok Seller Search Sample Applications; 抖店 定向计划 applications).

/**
 * One sample request, unique by the shop and the platform's application id. `status` is ours
 * (contract sampleStatuses: pending, approved, rejected, shipped, content_pending, completed,
 * cancelled); `platformStatus` the platform's own word, kept as sent.
 */
export const sampleRequests = pgTable(
  'sample_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    platformApplicationId: text('platform_application_id').notNull(),
    talentId: bigint('talent_id', { mode: 'number' }).references(() => talents.id, {
      onDelete: 'set null',
    }),
    creatorOpenId: text('creator_open_id'),
    creatorUsername: text('creator_username'),
    creatorName: text('creator_name').notNull().default(''),
    productId: text('product_id'),
    productTitle: text('product_title').notNull().default(''),
    status: text('status').notNull(),
    platformStatus: text('platform_status').notNull(),
    commissionRate: text('commission_rate'),
    approveExpiresAt: timestamp('approve_expires_at', { withTimezone: true }),
    /** Shipping and content as the platform's fulfilment page gives them. */
    fulfilment: jsonb('fulfilment').$type<Record<string, unknown>>(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sample_requests_shop_platform_key').on(t.shopId, t.platformApplicationId),
    index('sample_requests_user_applied_idx').on(t.userId, t.appliedAt, t.id),
    index('sample_requests_user_status_idx').on(t.userId, t.status),
    index('sample_requests_talent_idx').on(t.talentId),
  ],
);
