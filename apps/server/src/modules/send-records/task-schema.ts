import type { TaskPlatformTerms } from '@inviteflow/contract';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { shops } from '../shops/schema.ts';
import { scriptTemplates } from '../templates/schema.ts';
import { users } from '../user/schema.ts';

// The send-records module's task table, in a file of its own: platforms/actions/schema.ts
// references it (platform_actions.task_id) and send_records references platform_actions
// (send_records.action_id), so with the task in schema.ts the two schema files would import
// each other. The module's own code imports it through ./schema.ts.

/** What a seller asked for in one create (or import): it became one record per talent. */
export const invitationTasks = pgTable(
  'invitation_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    taskType: text('task_type').notNull(),
    contentType: text('content_type').notNull(),
    /** manual | rules */
    filterType: text('filter_type').notNull(),
    /** The talent filters of a rules task, as applied (the shop's platform among them). */
    rules: jsonb('rules').$type<Record<string, unknown>>(),
    scriptTemplateId: integer('script_template_id').references(() => scriptTemplates.id, {
      onDelete: 'set null',
    }),
    /**
     * What the task asks of its platform (issue 16): the action its type compiles into and,
     * for a target collaboration, its terms (name, end, commissions, contact, samples). Null
     * for platforms whose actions come later, and for tasks made before.
     */
    platformTerms: jsonb('platform_terms').$type<TaskPlatformTerms>(),
    /**
     * Who executes its records: `api`, the server's executor through the platform's Open API
     * (a shop connected by authorization: its records are never handed to the extension), or
     * `browser`, the extension.
     */
    channel: text('channel').notNull().default('browser'),
    /** The script as it was when the task was made (variables not yet filled). */
    script: text('script').notNull(),
    products: jsonb('products')
      .$type<Array<{ productId: string; productName: string }>>()
      .notNull()
      .default([]),
    setName: text('set_name').notNull(),
    recordCount: integer('record_count').notNull(),
    /** create | import */
    source: text('source').notNull().default('create'),
    /** When a "batch failed" message was sent for this task (once). */
    failureNotifiedAt: timestamp('failure_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitation_tasks_user_created_idx').on(t.userId, t.createdAt, t.id)],
);
