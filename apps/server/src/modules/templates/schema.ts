import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../user/schema.ts';

// The templates module's tables: script and product templates.

export const scriptTemplates = pgTable(
  'script_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('script_templates_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

export const productTemplates = pgTable(
  'product_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_templates_user_product_key').on(t.userId, t.productId),
    index('product_templates_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);
