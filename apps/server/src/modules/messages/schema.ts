import { sql } from 'drizzle-orm';
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
import { createdAt } from '../../db/columns.ts';
import { users } from '../user/schema.ts';

// The messages module's table. It keeps the name it was created with (`inbox_messages`):
// renaming a table that holds every account's messages is a migration not worth a word;
// everywhere else (URL, API, contract, module, console feature) the concept is "messages".

/**
 * The message box. A message records its event (`kind`, contract `messageEvents`)
 * and parameters; the text is worded in the reader's language when read.
 * `dedupeKey` makes an event's message exist once, however often the event is seen.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** message | notice | todo */
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    messageType: integer('message_type'),
    /** 0 unread, 1 read */
    status: integer('status').notNull().default(0),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbox_messages_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('inbox_messages_user_type_created_idx').on(t.userId, t.type, t.createdAt, t.id),
    index('inbox_messages_user_unread_idx')
      .on(t.userId, t.type)
      .where(sql`${t.status} = 0`),
  ],
);
