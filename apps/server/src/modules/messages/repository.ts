import {
  MESSAGE_SUMMARY_LATEST,
  messageTypes,
  type MessageStatus,
  type MessageType,
  type Page,
} from '@inviteflow/contract';
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inboxMessages } from './schema.ts';
import { pageOffset } from '../../lib/sql.ts';

export type MessageRow = typeof inboxMessages.$inferSelect;

/** The message box of one account: every query takes the owner's id. */
export const messageRepository = {
  async list(
    db: Executor,
    userId: number,
    query: {
      page: number;
      pageSize: number;
      type?: MessageType | undefined;
      status?: MessageStatus | undefined;
      createdFrom?: string | undefined;
      createdTo?: string | undefined;
    },
  ): Promise<Page<MessageRow>> {
    const where = and(
      eq(inboxMessages.userId, userId),
      query.type ? eq(inboxMessages.type, query.type) : undefined,
      query.status === undefined ? undefined : eq(inboxMessages.status, query.status),
      query.createdFrom ? gte(inboxMessages.createdAt, new Date(query.createdFrom)) : undefined,
      query.createdTo ? lte(inboxMessages.createdAt, new Date(query.createdTo)) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(inboxMessages)
        .where(where)
        .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
        .limit(query.pageSize)
        .offset(pageOffset(query.page, query.pageSize)),
      db.select({ total: count() }).from(inboxMessages).where(where),
    ]);
    return { list: rows, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
  },

  /** Unread counts per tab and each tab's newest messages. */
  async summary(db: Executor, userId: number) {
    const [unreadRows, ...latest] = await Promise.all([
      db
        .select({ type: inboxMessages.type, n: count() })
        .from(inboxMessages)
        .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.status, 0)))
        .groupBy(inboxMessages.type),
      ...messageTypes.map((type) =>
        db
          .select()
          .from(inboxMessages)
          .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.type, type)))
          .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
          .limit(MESSAGE_SUMMARY_LATEST),
      ),
    ]);
    const unread = { message: 0, notice: 0, todo: 0 };
    for (const row of unreadRows) {
      if (row.type in unread) unread[row.type as MessageType] = row.n;
    }
    return {
      unread,
      latest: Object.fromEntries(messageTypes.map((type, i) => [type, latest[i] ?? []])) as Record<
        MessageType,
        MessageRow[]
      >,
    };
  },

  /** Marks the given messages read: all of them must be the caller's, else nothing changes (null). */
  async markRead(db: Executor, userId: number, ids: number[], now: Date): Promise<number | null> {
    const unique = [...new Set(ids)];
    const [owned] = await db
      .select({ n: count() })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.userId, userId), inArray(inboxMessages.id, unique)));
    if ((owned?.n ?? 0) !== unique.length) return null;
    const updated = await db
      .update(inboxMessages)
      .set({ status: 1, readAt: now })
      .where(
        and(
          eq(inboxMessages.userId, userId),
          inArray(inboxMessages.id, unique),
          eq(inboxMessages.status, 0),
        ),
      )
      .returning({ id: inboxMessages.id });
    return updated.length;
  },

  /** All Read: one tab's unread messages, or every tab's. */
  async markAllRead(
    db: Executor,
    userId: number,
    type: MessageType | undefined,
    now: Date,
  ): Promise<number> {
    const updated = await db
      .update(inboxMessages)
      .set({ status: 1, readAt: now })
      .where(
        and(
          eq(inboxMessages.userId, userId),
          eq(inboxMessages.status, 0),
          type ? eq(inboxMessages.type, type) : undefined,
        ),
      )
      .returning({ id: inboxMessages.id });
    return updated.length;
  },

  /**
   * Marks read the unread messages of one event kind whose `dedupeKey` starts with `keyPrefix`
   * (a Todo whose cause is gone: the creator's reply was answered).
   */
  async markReadByKey(
    db: Executor,
    userId: number,
    kind: string,
    keyPrefix: string,
    now: Date,
  ): Promise<number> {
    const updated = await db
      .update(inboxMessages)
      .set({ status: 1, readAt: now })
      .where(
        and(
          eq(inboxMessages.userId, userId),
          eq(inboxMessages.kind, kind),
          eq(inboxMessages.status, 0),
          sql`starts_with(${inboxMessages.dedupeKey}, ${keyPrefix})`,
        ),
      )
      .returning({ id: inboxMessages.id });
    return updated.length;
  },

  /** Inserts a message unless the account has one with its `dedupeKey`; true when inserted. */
  async insertOnce(
    db: Executor,
    row: Omit<typeof inboxMessages.$inferInsert, 'id' | 'status' | 'createdAt' | 'readAt'>,
  ): Promise<boolean> {
    const inserted = await db
      .insert(inboxMessages)
      .values(row)
      .onConflictDoNothing({ target: [inboxMessages.userId, inboxMessages.dedupeKey] })
      .returning({ id: inboxMessages.id });
    return inserted.length > 0;
  },
};
