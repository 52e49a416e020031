import { DEFAULT_TALENT_STATUS, type BlacklistEntry, type Page } from '@inviteflow/contract';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likeContains, pageOffset, withPlatformTalentIds } from '../../lib/sql.ts';
import { blacklistEntries, talents } from './schema.ts';

/** The blacklist's queries (its rules are in blacklist-service.ts). */

export type BlacklistEntryRow = typeof blacklistEntries.$inferSelect;
export type NewBlacklistRow = Omit<typeof blacklistEntries.$inferInsert, 'id'>;

/** Library talents of these platform talent ids, on any platform (lib/sql.ts says why any platform). */
function talentsWithIds(platformTalentIds: readonly string[]): SQL {
  return withPlatformTalentIds(talents.platform, talents.platformTalentId, platformTalentIds);
}

/** Which of these platform talent ids the seller has blacklisted. Invitations ask this. */
export async function blacklistedIds(
  db: Executor,
  userId: number,
  platformTalentIds: readonly string[],
): Promise<Set<string>> {
  if (!platformTalentIds.length) return new Set();
  const rows = await db
    .select({ platformTalentId: blacklistEntries.platformTalentId })
    .from(blacklistEntries)
    .where(
      and(
        eq(blacklistEntries.userId, userId),
        sql`${blacklistEntries.platformTalentId} = any(${sql.param([...new Set(platformTalentIds)])}::text[])`,
      ),
    );
  return new Set(rows.map((row) => row.platformTalentId));
}

/** An arbitrary, fixed advisory-lock class for "who is blacklisted in this account". */
const BLACKLIST_LOCK_CLASS = 31_337;

/**
 * Serializes, per account, the writes that decide whether a talent is blacklisted
 * (adding or removing entries, saving talents), so a talent saved while its id is
 * being blacklisted cannot miss the new status. Held until the transaction ends.
 */
export async function lockBlacklistDecisions(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BLACKLIST_LOCK_CLASS}::int, ${userId}::int)`);
}

/** The first library talent of each of these ids (an entry points at it). */
export async function libraryIdsOf(
  tx: Executor,
  userId: number,
  platformTalentIds: readonly string[],
): Promise<Map<string, number>> {
  const known = await tx
    .select({ id: talents.id, platformTalentId: talents.platformTalentId })
    .from(talents)
    .where(and(eq(talents.userId, userId), talentsWithIds(platformTalentIds)))
    .orderBy(talents.id);
  const libraryId = new Map<string, number>();
  for (const row of known)
    if (!libraryId.has(row.platformTalentId)) libraryId.set(row.platformTalentId, row.id);
  return libraryId;
}

export async function insertBlacklistEntries(
  tx: Executor,
  rows: readonly NewBlacklistRow[],
): Promise<BlacklistEntryRow[]> {
  return tx
    .insert(blacklistEntries)
    .values([...rows])
    .returning();
}

/** Library talents of these ids show `blacklisted`, keeping the status they had. */
export async function markTalentsBlacklisted(
  tx: Executor,
  userId: number,
  platformTalentIds: readonly string[],
  now: Date,
): Promise<void> {
  await tx
    .update(talents)
    .set({
      statusBeforeBlacklist: sql`${talents.status}`,
      status: 'blacklisted',
      updatedAt: now,
    })
    .where(
      and(
        eq(talents.userId, userId),
        talentsWithIds(platformTalentIds),
        sql`${talents.status} <> 'blacklisted'`,
      ),
    );
}

/** Deletes one entry of the caller's; answers its platform talent id, or null. */
export async function deleteBlacklistEntry(
  tx: Executor,
  userId: number,
  id: number,
): Promise<string | null> {
  const [removed] = await tx
    .delete(blacklistEntries)
    .where(and(eq(blacklistEntries.userId, userId), eq(blacklistEntries.id, id)))
    .returning({ platformTalentId: blacklistEntries.platformTalentId });
  return removed?.platformTalentId ?? null;
}

/** Library talents of this id get back the status they had (pending_contact when none was kept). */
export async function restoreTalentsStatus(
  tx: Executor,
  userId: number,
  platformTalentId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(talents)
    .set({
      status: sql`coalesce(${talents.statusBeforeBlacklist}, ${DEFAULT_TALENT_STATUS})`,
      statusBeforeBlacklist: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(talents.userId, userId),
        talentsWithIds([platformTalentId]),
        eq(talents.status, 'blacklisted'),
      ),
    );
}

export interface BlacklistListArgs {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
}

/** Newest first; `keyword` is contained in the talent name or the talent ID. */
export async function listBlacklist(
  db: Executor,
  userId: number,
  args: BlacklistListArgs,
): Promise<Page<BlacklistEntry>> {
  const pattern = args.keyword ? likeContains(args.keyword) : undefined;
  const where = and(
    eq(blacklistEntries.userId, userId),
    pattern
      ? or(
          ilike(blacklistEntries.talentName, pattern),
          ilike(blacklistEntries.platformTalentId, pattern),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(blacklistEntries)
      .where(where)
      .orderBy(desc(blacklistEntries.createdAt), desc(blacklistEntries.id))
      .limit(args.pageSize)
      .offset(pageOffset(args.page, args.pageSize)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(blacklistEntries)
      .where(where),
  ]);
  return {
    list: rows.map(toBlacklistEntry),
    total: counted?.total ?? 0,
    page: args.page,
    pageSize: args.pageSize,
  };
}

export function toBlacklistEntry(row: BlacklistEntryRow): BlacklistEntry {
  return {
    id: row.id,
    talentName: row.talentName,
    platformTalentId: row.platformTalentId,
    fansCount: row.fansCount,
    reason: row.reason,
    talentId: row.talentId,
    createdAt: row.createdAt.toISOString(),
  };
}
