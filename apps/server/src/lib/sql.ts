import { platforms } from '@inviteflow/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Escapes LIKE wildcards so a keyword matches itself literally (backslash is Postgres' default escape). */
export function likeContains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Escapes LIKE wildcards so a keyword matches the start of a text literally. */
export function likePrefix(keyword: string): string {
  return `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Offset of a page (pages start at 1). */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * `column = any(array(subquery))`: the subquery (a page's ids, found on an index) runs
 * once, first, and its ids are then read by primary key, as if they had been sent as
 * a parameter, in the same round trip. A plain `in (subquery)` leaves the join order to
 * the planner, which on a table it believes small may walk every row of the owner.
 */
export function amongIds(column: PgColumn, ids: SQLWrapper): SQL {
  return sql`${column} = any(array(${ids}))`;
}

/**
 * Rows of these platform talent ids, on any platform (`platform` and `platformTalentId` are
 * the table's columns). Naming every platform lets a (user_id, platform, platform_talent_id)
 * index answer by probes, where the id alone would scan all of the account's rows.
 */
export function withPlatformTalentIds(
  platform: PgColumn,
  platformTalentId: PgColumn,
  ids: readonly string[],
): SQL {
  return sql`${platform} = any(${sql.param([...platforms])}::text[])
    and ${platformTalentId} = any(${sql.param([...new Set(ids)])}::text[])`;
}
