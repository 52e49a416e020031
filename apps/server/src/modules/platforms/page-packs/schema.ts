import { boolean, primaryKey, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../../db/columns.ts';
import { users } from '../../user/schema.ts';

// The table of platforms/page-packs: the operators' switches.

/** The operators' switch of a page pack version (issue 17): a stopped one hands out nothing. */
export const pagePackSwitches = pgTable(
  'page_pack_switches',
  {
    packId: text('pack_id').notNull(),
    version: integer('version').notNull(),
    stopped: boolean('stopped').notNull(),
    reason: text('reason').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.packId, t.version] })],
);
