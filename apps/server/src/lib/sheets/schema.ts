import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../../modules/user/schema.ts';

// The sheets library's table: the import an account is running (its queries:
// lib/sheets/import-runs-repository.ts; its rules: lib/sheets/import-runs.ts).

/**
 * The import an account is running (one at a time: the primary key is the account), held
 * by a lease its writer renews with every chunk it writes. A run whose lease lapsed (its
 * process died, or lost the database) is rolled back by the `import-recovery` job from
 * its undo journal. `writtenAt` is the `updated_at` the import stamps on every talent it
 * writes, so the rollback leaves alone a talent changed since.
 */
export const importRuns = pgTable('import_runs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  id: text('id').notNull().unique(),
  kind: text('kind').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  /** Set when a rollback has taken the run over: its writer must stop. */
  undoing: boolean('undoing').notNull().default(false),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
