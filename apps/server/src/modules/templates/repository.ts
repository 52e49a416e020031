import type { Page, ProductTemplate, ScriptTemplate } from '@inviteflow/contract';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { productTemplates, scriptTemplates } from './schema.ts';
import { likeContains, pageOffset } from '../../lib/sql.ts';

type TemplateTable = typeof scriptTemplates | typeof productTemplates;

export interface ListArgs {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
}

/**
 * Rows owned by one seller. Every call takes the owner's id, so no query can
 * reach another seller's rows: another seller's id simply finds nothing (404).
 */
function ownedRows<T extends TemplateTable>(table: T, searchable: PgColumn[]) {
  type Row = T['$inferSelect'];
  type Values = Omit<T['$inferInsert'], 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
  // Both tables share id, userId and createdAt; the casts let one body serve both.
  const t = table as typeof scriptTemplates;
  const owned = (userId: number, id: number) => and(eq(t.userId, userId), eq(t.id, id));

  return {
    /** Newest first, one page and the total; `keyword` matches any searchable column. */
    async list(db: Executor, userId: number, args: ListArgs): Promise<Page<Row>> {
      const pattern = args.keyword ? likeContains(args.keyword) : undefined;
      const where = and(
        eq(t.userId, userId),
        pattern ? or(...searchable.map((column) => ilike(column, pattern))) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(desc(t.createdAt), desc(t.id))
          .limit(args.pageSize)
          .offset(pageOffset(args.page, args.pageSize)),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(t)
          .where(where),
      ]);
      return {
        list: rows as Row[],
        total: counted?.total ?? 0,
        page: args.page,
        pageSize: args.pageSize,
      };
    },

    async find(db: Executor, userId: number, id: number): Promise<Row | undefined> {
      const [row] = await db.select().from(t).where(owned(userId, id)).limit(1);
      return row as Row | undefined;
    },

    async create(db: Executor, userId: number, values: Values): Promise<Row> {
      const [row] = await db
        .insert(t)
        .values({ ...(values as Values & { content: string }), userId })
        .returning();
      return row as Row;
    },

    async update(
      db: Executor,
      userId: number,
      id: number,
      values: Values,
    ): Promise<Row | undefined> {
      const [row] = await db
        .update(t)
        .set({ ...(values as object), updatedAt: new Date() })
        .where(owned(userId, id))
        .returning();
      return row as Row | undefined;
    },

    async remove(db: Executor, userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(t).where(owned(userId, id)).returning({ id: t.id });
      return rows.length > 0;
    },
  };
}

export const scriptRepository = ownedRows(scriptTemplates, [
  scriptTemplates.content,
  scriptTemplates.remark,
]);

export const productRepository = ownedRows(productTemplates, [
  productTemplates.productId,
  productTemplates.productName,
  productTemplates.remark,
]);

export function toScriptTemplate(row: typeof scriptTemplates.$inferSelect): ScriptTemplate {
  return {
    id: row.id,
    content: row.content,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toProductTemplate(row: typeof productTemplates.$inferSelect): ProductTemplate {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's product templates of these ids (any order; missing ids are left out). */
export async function ownedProducts(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<Array<{ id: number; productId: string; productName: string }>> {
  return db
    .select({
      id: productTemplates.id,
      productId: productTemplates.productId,
      productName: productTemplates.productName,
    })
    .from(productTemplates)
    .where(
      and(
        eq(productTemplates.userId, userId),
        sql`${productTemplates.id} = any(${sql.param([...ids])}::int[])`,
      ),
    );
}

/** Whether the caller owns this script template. */
export async function ownsScript(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: scriptTemplates.id })
    .from(scriptTemplates)
    .where(and(eq(scriptTemplates.userId, userId), eq(scriptTemplates.id, id)));
  return rows.length > 0;
}

/** The caller's script templates of these ids and their content (a task's follow-ups copy it). */
export async function ownedScripts(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<Array<{ id: number; content: string }>> {
  if (!ids.length) return [];
  return db
    .select({ id: scriptTemplates.id, content: scriptTemplates.content })
    .from(scriptTemplates)
    .where(
      and(
        eq(scriptTemplates.userId, userId),
        sql`${scriptTemplates.id} = any(${sql.param([...ids])}::int[])`,
      ),
    );
}

/**
 * How the workplace funnel names these script templates of the account (issue 19): the
 * remark, or the start of the script when it has none.
 */
export async function scriptLabels(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: scriptTemplates.id,
      remark: scriptTemplates.remark,
      start: sql<string>`left(${scriptTemplates.content}, 60)`,
    })
    .from(scriptTemplates)
    .where(and(eq(scriptTemplates.userId, userId), inArray(scriptTemplates.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.remark.trim() || row.start]));
}
