import {
  canonicalTalentId,
  platformTalentIdPattern,
  type TalentFilters,
} from '@inviteflow/contract';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { talents } from './schema.ts';
import { likeContains, likePrefix } from '../../lib/sql.ts';
import { searchGrams } from './name-grams.ts';
import { tierFromText } from './tiers.ts';

// The filters as SQL over the talents table, for repository.ts's list, count and
// task-selection queries: a repository file, as it builds their WHERE.
const t = talents;

/**
 * The WHERE of a talent query: the owner first (every index starts with it), then
 * each filter of Talent Management Query. Ranges include both bounds. `name` is the
 * search field "talent name or talent ID": a name holding the term, or a platform
 * talent ID starting with it.
 */
export function talentConditions(
  userId: number,
  filters: TalentFilters,
  /** false: match the name by LIKE alone (a walk over an index that carries the name). */
  options: { nameGrams?: boolean } = {},
): SQL {
  const f = filters;
  const grams = f.name && options.nameGrams !== false ? searchGrams(userId, f.name) : [];
  const nameOnly = Object.entries(f).every(([key, value]) => key === 'name' || value === undefined);
  const conditions: Array<SQL | undefined> = [
    grams.length && nameOnly
      ? // A search by name alone: the owner-prefixed pieces already pick only this
        // owner's rows, so the owner is checked as a filter ("+ 0" keeps it off the
        // indexes); else the planner walks a million-row (owner, …) index, or ANDs it
        // into the bitmap, instead of fetching the candidates the name index gives.
        // With other filters, their (owner, …) indexes narrow the candidates best.
        sql`(${t.userId} + 0) = ${userId}`
      : eq(t.userId, userId),
  ];
  if (f.name) {
    // The GIN index over owner-prefixed 1- and 2-character pieces finds candidates;
    // LIKE re-checks, since the pieces may appear in another order.
    const term = f.name.trim();
    const byName = and(
      grams.length ? sql`${t.nameGrams} @> ${sql.param(grams)}::text[]` : undefined,
      sql`lower(${t.name}) like lower(${likeContains(term)})`,
    )!;
    // The same field finds a talent by its platform ID, exactly or by its start, in any
    // case, when the term can be one: the (owner, lower(ID)) index answers, so the owner
    // is checked inside (an OR of the two indexes' candidates, then the page). A TikTok
    // talent's ID is its handle, kept without @: "@lily" finds lily as "lily" does.
    const id = canonicalTalentId(term);
    conditions.push(
      id && platformTalentIdPattern.test(id)
        ? sql`(${byName} or (${t.userId} = ${userId} and lower(${t.platformTalentId}) like ${likePrefix(id.toLowerCase())}))`
        : byName,
    );
  }
  if (f.shopName) conditions.push(eq(t.shopName, f.shopName));
  if (f.industry) conditions.push(eq(t.industry, f.industry));
  if (f.status) conditions.push(eq(t.status, f.status));
  if (f.contactMethod) conditions.push(eq(t.contactMethod, f.contactMethod));
  if (f.platform) conditions.push(eq(t.platform, f.platform));
  if (f.label) {
    // A tier is stored by key but may be asked by its shown name ("优质", "Quality"); a
    // seller's own label of the same words (typed before it was known as a tier) matches too.
    const tier = tierFromText(f.label);
    conditions.push(
      tier && tier !== f.label
        ? sql`${t.labels} && ${sql.param([tier, f.label])}::text[]`
        : sql`${t.labels} @> ${sql.param([f.label])}::text[]`,
    );
  }
  const range = (column: PgColumn, min?: number, max?: number) => {
    if (min !== undefined) conditions.push(gte(column, min));
    if (max !== undefined) conditions.push(lte(column, max));
  };
  range(t.fansCount, f.fansMin, f.fansMax);
  range(t.businessAmountFen, f.businessAmountMinFen, f.businessAmountMaxFen);
  // A business amount is in one currency (the seller's own: CNY; synced: figures_currency,
  // only ever set with figures_synced_at): a range is in one currency, CNY unless named, and
  // matches only talents whose amount is in it (fen are never compared with cents).
  if (
    f.businessAmountCurrency !== undefined ||
    f.businessAmountMinFen !== undefined ||
    f.businessAmountMaxFen !== undefined
  ) {
    conditions.push(
      sql`coalesce(${t.figuresCurrency}, 'CNY') = ${f.businessAmountCurrency ?? 'CNY'}`,
    );
  }
  range(t.dealCount, f.dealCountMin, f.dealCountMax);
  const period = (column: PgColumn, from?: string, to?: string) => {
    if (from !== undefined) conditions.push(gte(column, new Date(from)));
    if (to !== undefined) conditions.push(lte(column, new Date(to)));
  };
  period(t.createdAt, f.createdFrom, f.createdTo);
  period(t.addedAt, f.addedFrom, f.addedTo);
  period(t.updatedAt, f.updatedFrom, f.updatedTo);
  return and(...conditions)!;
}

/** True when no filter narrows the list: the whole account. */
export function isUnfiltered(filters: TalentFilters): boolean {
  return Object.values(filters).every((value) => value === undefined);
}
