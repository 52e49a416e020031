import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorConversations as c, creatorMessages as m } from './schema.ts';

/** The only queries of the conversations module's tables (issue 18). */

export type ConversationRow = typeof c.$inferSelect;
export type MessageRow = typeof m.$inferSelect;

/**
 * Writes a conversation once by its platform id in the shop (a re-read keeps the row and
 * refreshes what the platform says now); the talent and the creator's ids are kept once known.
 */
export async function upsertConversation(
  tx: Executor,
  values: {
    userId: number;
    shopId: number;
    platform: string;
    platformConversationId: string;
    talentId: number | null;
    creatorOpenId: string | null;
    creatorUsername: string | null;
    creatorImId: string | null;
    unreadCount: number | null;
  },
  now: Date,
): Promise<ConversationRow> {
  const [row] = await tx
    .insert(c)
    .values({
      ...values,
      unreadCount: values.unreadCount ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [c.shopId, c.platformConversationId],
      set: {
        talentId: sql`coalesce(${c.talentId}, excluded.talent_id)`,
        creatorOpenId: sql`coalesce(${c.creatorOpenId}, excluded.creator_open_id)`,
        creatorUsername: sql`coalesce(excluded.creator_username, ${c.creatorUsername})`,
        creatorImId: sql`coalesce(${c.creatorImId}, excluded.creator_im_id)`,
        ...(values.unreadCount === null ? {} : { unreadCount: values.unreadCount }),
        updatedAt: now,
      },
      // Another account's shop never shares a row: shops are the account's own.
      setWhere: eq(c.userId, values.userId),
    })
    .returning();
  return row!;
}

/** Inserts the messages not stored yet (unique by platform id); answers those inserted. */
export async function insertMessages(
  tx: Executor,
  rows: ReadonlyArray<Omit<typeof m.$inferInsert, 'id' | 'createdAt'>>,
): Promise<MessageRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(m)
    .values([...rows])
    .onConflictDoNothing({ target: [m.conversationId, m.platformMessageId] })
    .returning();
}

/** The platform message ids of these a conversation already holds. */
export async function storedMessageIds(
  db: Executor,
  conversationId: number,
  platformMessageIds: readonly string[],
): Promise<Set<string>> {
  if (!platformMessageIds.length) return new Set();
  const rows = await db
    .select({ id: m.platformMessageId })
    .from(m)
    .where(
      and(
        eq(m.conversationId, conversationId),
        inArray(m.platformMessageId, [...platformMessageIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The conversation's first creator message (its first reply), if the creator wrote. */
export async function firstCreatorMessage(
  db: Executor,
  conversationId: number,
): Promise<MessageRow | undefined> {
  const [first] = await db
    .select()
    .from(m)
    .where(and(eq(m.conversationId, conversationId), eq(m.sender, 'creator')))
    .orderBy(asc(m.sentAt), asc(m.id))
    .limit(1);
  return first;
}

/** The conversation's newest message, and its first creator message since the seller's last. */
export async function conversationTurn(
  tx: Executor,
  conversationId: number,
): Promise<{
  last: MessageRow | null;
  awaiting: MessageRow | null;
  /** Seller messages so far when the creator never wrote; null once the creator has. */
  sellerBeforeReply: number | null;
}> {
  const [last] = await tx
    .select()
    .from(m)
    .where(eq(m.conversationId, conversationId))
    .orderBy(desc(m.sentAt), desc(m.id))
    .limit(1);
  if (!last) return { last: null, awaiting: null, sellerBeforeReply: 0 };
  const [lastSeller] = await tx
    .select({ sentAt: m.sentAt })
    .from(m)
    .where(and(eq(m.conversationId, conversationId), eq(m.sender, 'seller')))
    .orderBy(desc(m.sentAt), desc(m.id))
    .limit(1);
  const [lastCreator] = await tx
    .select({ sentAt: m.sentAt })
    .from(m)
    .where(and(eq(m.conversationId, conversationId), eq(m.sender, 'creator')))
    .orderBy(desc(m.sentAt), desc(m.id))
    .limit(1);
  let awaiting: MessageRow | null = null;
  if (last.sender === 'creator') {
    const [first] = await tx
      .select()
      .from(m)
      .where(
        and(
          eq(m.conversationId, conversationId),
          eq(m.sender, 'creator'),
          lastSeller ? gt(m.sentAt, lastSeller.sentAt) : undefined,
        ),
      )
      .orderBy(asc(m.sentAt), asc(m.id))
      .limit(1);
    awaiting = first ?? null;
  }
  // The seller help: up to 5 messages before the creator's first answer; none after it.
  let sellerBeforeReply: number | null = null;
  if (!lastCreator) {
    const [seller] = await tx
      .select({ n: count() })
      .from(m)
      .where(and(eq(m.conversationId, conversationId), eq(m.sender, 'seller')));
    sellerBeforeReply = seller?.n ?? 0;
  }
  return { last, awaiting, sellerBeforeReply };
}

/** Saves a conversation's turn: its last message, and since when the creator waits. */
export async function saveTurn(
  tx: Executor,
  conversationId: number,
  values: {
    lastMessageAt: Date | null;
    lastMessagePreview: string;
    awaitingReplySince: Date | null;
    readIndex?: string | null;
  },
  now: Date,
): Promise<void> {
  await tx
    .update(c)
    .set({ ...values, updatedAt: now })
    .where(eq(c.id, conversationId));
}

export async function findConversation(
  db: Executor,
  userId: number,
  id: number,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.userId, userId), eq(c.id, id)))
    .limit(1);
  return row;
}

/** A conversation by the platform's id in a shop of the account. */
export async function findByPlatformId(
  db: Executor,
  userId: number,
  shopId: number,
  platformConversationId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.userId, userId),
        eq(c.shopId, shopId),
        eq(c.platformConversationId, platformConversationId),
      ),
    )
    .limit(1);
  return row;
}

/** A talent's conversations (in one shop, when given), newest first. */
export async function conversationsOfTalent(
  db: Executor,
  userId: number,
  talentId: number,
  shopId?: number,
): Promise<ConversationRow[]> {
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.userId, userId),
        eq(c.talentId, talentId),
        shopId === undefined ? undefined : eq(c.shopId, shopId),
      ),
    )
    .orderBy(sql`${c.lastMessageAt} desc nulls last`, desc(c.id))
    .limit(50);
}

/** A page of a conversation's messages, newest first (`beforeId`: older than that message). */
export async function messagesPage(
  db: Executor,
  conversationId: number,
  query: { beforeId?: number | undefined; pageSize: number },
): Promise<MessageRow[]> {
  let before: { sentAt: Date; id: number } | undefined;
  if (query.beforeId !== undefined) {
    [before] = await db
      .select({ sentAt: m.sentAt, id: m.id })
      .from(m)
      .where(and(eq(m.conversationId, conversationId), eq(m.id, query.beforeId)))
      .limit(1);
    if (!before) return [];
  }
  return db
    .select()
    .from(m)
    .where(
      and(
        eq(m.conversationId, conversationId),
        before
          ? sql`(${m.sentAt}, ${m.id}) < (${before.sentAt.toISOString()}::timestamptz, ${before.id})`
          : undefined,
      ),
    )
    .orderBy(desc(m.sentAt), desc(m.id))
    .limit(query.pageSize + 1);
}

/** The conversation is read: its unread count is zero. */
export async function markRead(db: Executor, userId: number, id: number, now: Date): Promise<void> {
  await db
    .update(c)
    .set({ unreadCount: 0, updatedAt: now })
    .where(and(eq(c.userId, userId), eq(c.id, id)));
}
