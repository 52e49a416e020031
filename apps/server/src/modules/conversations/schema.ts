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
import { createdAt, updatedAt } from '../../db/columns.ts';
import { shops } from '../shops/schema.ts';
import { talents } from '../talents/schema.ts';
import { users } from '../user/schema.ts';

// The conversations module's tables (issue 19): a shop's conversations with creators on the
// platform (TikTok Shop's customer service IM), as the sync reads them, and their messages.

/**
 * One conversation of a shop with a creator, unique by the platform's conversation id. The
 * talent it belongs to when the creator is in the library; `awaitingReplySince`: the creator's
 * latest message is not answered yet (the message box's Todo), cleared by the seller's answer.
 */
export const creatorConversations = pgTable(
  'creator_conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    platformConversationId: text('platform_conversation_id').notNull(),
    talentId: bigint('talent_id', { mode: 'number' }).references(() => talents.id, {
      onDelete: 'set null',
    }),
    creatorOpenId: text('creator_open_id'),
    creatorUsername: text('creator_username'),
    /** The creator's IM id: the sender id of the creator's messages. */
    creatorImId: text('creator_im_id'),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
    /** The newest message index read so far (the platform's `index`, a decimal string). */
    readIndex: text('read_index'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('creator_conversations_shop_platform_key').on(t.shopId, t.platformConversationId),
    index('creator_conversations_user_last_idx').on(t.userId, t.lastMessageAt, t.id),
    index('creator_conversations_talent_idx')
      .on(t.talentId)
      .where(sql`${t.talentId} is not null`),
    index('creator_conversations_awaiting_idx')
      .on(t.userId, t.awaitingReplySince)
      .where(sql`${t.awaitingReplySince} is not null`),
  ],
);

/**
 * A message of a conversation, unique by the platform's message id: the creator's (as read)
 * and the seller's (sent from the console, or read when sent elsewhere).
 */
export const creatorMessages = pgTable(
  'creator_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => creatorConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformMessageId: text('platform_message_id').notNull(),
    /** creator | seller */
    sender: text('sender').notNull(),
    /** TEXT | PRODUCT_CARD | TARGET_COLLABORATION_CARD | … as the platform names it. */
    type: text('type').notNull(),
    /** The message's content as the platform gives it (its JSON object). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('creator_messages_conversation_platform_key').on(
      t.conversationId,
      t.platformMessageId,
    ),
    index('creator_messages_conversation_sent_idx').on(t.conversationId, t.sentAt, t.id),
  ],
);
