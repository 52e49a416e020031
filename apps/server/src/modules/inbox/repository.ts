import {
  INBOX_SUMMARY_LATEST,
  inboxTypes,
  type InboxStatus,
  type InboxType,
  type Page,
} from '@inviteflow/contract';
import { and, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inboxMessages } from './schema.ts';
import { pageOffset } from '../../lib/sql.ts';

export type InboxRow = typeof inboxMessages.$inferSelect;

/** The message box of one account: every query takes the owner's id. */
export const inboxRepository = {
  async list(
    db: Executor,
    userId: number,
    query: {
      page: number;
      pageSize: number;
      type?: InboxType | undefined;
      status?: InboxStatus | undefined;
      createdFrom?: string | undefined;
      createdTo?: string | undefined;
    },
  ): Promise<Page<InboxRow>> {
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
      ...inboxTypes.map((type) =>
        db
          .select()
          .from(inboxMessages)
          .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.type, type)))
          .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
          .limit(INBOX_SUMMARY_LATEST),
      ),
    ]);
    const unread = { message: 0, notice: 0, todo: 0 };
    for (const row of unreadRows) {
      if (row.type in unread) unread[row.type as InboxType] = row.n;
    }
    return {
      unread,
      latest: Object.fromEntries(inboxTypes.map((type, i) => [type, latest[i] ?? []])) as Record<
        InboxType,
        InboxRow[]
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
    type: InboxType | undefined,
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
};
