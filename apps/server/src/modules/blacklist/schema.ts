import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { talents } from '../talents/schema.ts';
import { users } from '../user/schema.ts';

// The blacklist module's table.

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
