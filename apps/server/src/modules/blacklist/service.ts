import {
  DEFAULT_TALENT_STATUS,
  type BlacklistEntry,
  type Page,
  type TalentStatus,
} from '@inviteflow/contract';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { talents } from '../talents/schema.ts';
import { blacklistEntries } from './schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { likeContains, pageOffset, withPlatformTalentIds } from '../../lib/sql.ts';

/**
 * The blacklist rule, in one place. An entry is keyed by the platform talent id
 * within an account, whether or not the talent is in the library; the entry is
 * the truth for "never invite". Library talents of a listed id show the status
 * `blacklisted` and keep the status they had, which comes back when the entry goes.
 */

export type BlacklistEntryRow = typeof blacklistEntries.$inferSelect;

/** Library talents of these platform talent ids, on any platform (lib/sql.ts says why any platform). */
export function talentsWithIds(platformTalentIds: readonly string[]): SQL {
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

/**
 * The status to store for a talent the seller saves with `requested`: blacklisted
 * (remembering `requested`) when its id is listed, else `requested` itself.
 */
export function statusForSave(
  requested: TalentStatus,
  listed: boolean,
): { status: TalentStatus; statusBeforeBlacklist: TalentStatus | null } {
  return listed
    ? { status: 'blacklisted', statusBeforeBlacklist: requested }
    : { status: requested, statusBeforeBlacklist: null };
}

/** The status a blacklisted talent returns to. */
export function statusAfterBlacklist(before: string | null): TalentStatus {
  return (before as TalentStatus | null) ?? DEFAULT_TALENT_STATUS;
}

/** At most this many names in a message; the rest are summed up. */
const NAMES_IN_MESSAGE = 5;

export function namesForMessage(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_IN_MESSAGE).join(', ');
  return names.length > NAMES_IN_MESSAGE ? `${shown} … (${names.length})` : shown;
}

/**
 * A blacklisted talent's status is the blacklist's: changing it by hand (edit,
 * batch, follow-up) is refused, naming them, and nothing is changed.
 */
export function refuseStatusChange(blacklisted: ReadonlyArray<{ name: string }>): void {
  if (blacklisted.length) {
    throw new AppError(422, 'error.talentBlacklisted', {
      names: namesForMessage(blacklisted.map((t) => t.name)),
    });
  }
}

export interface NewBlacklistEntry {
  talentName: string;
  platformTalentId: string;
  fansCount: number;
  reason: string;
  /** The library talent it comes from, when known. */
  talentId?: number | null;
}

/**
 * Adds entries and blacklists every library talent of their ids. `onListed`:
 * `fail` answers 409 when an id is already listed (the blacklist page), `skip`
 * keeps the existing entry (blacklisting selected talents, some already listed).
 * Call inside a transaction that holds lockBlacklistDecisions.
 */
export async function addToBlacklist(
  tx: Executor,
  userId: number,
  entries: readonly NewBlacklistEntry[],
  onListed: 'fail' | 'skip',
): Promise<BlacklistEntryRow[]> {
  const unique = [...new Map(entries.map((e) => [e.platformTalentId, e])).values()];
  if (!unique.length) return [];
  const listed = await blacklistedIds(
    tx,
    userId,
    unique.map((e) => e.platformTalentId),
  );
  if (onListed === 'fail' && listed.size) {
    throw conflict('error.alreadyBlacklisted', { platformTalentId: [...listed][0]! });
  }
  const fresh = unique.filter((e) => !listed.has(e.platformTalentId));
  if (!fresh.length) return [];
  const ids = fresh.map((e) => e.platformTalentId);
  // Entries added from the blacklist page point at the library talent of that id, if any.
  const known = await tx
    .select({ id: talents.id, platformTalentId: talents.platformTalentId })
    .from(talents)
    .where(and(eq(talents.userId, userId), talentsWithIds(ids)))
    .orderBy(talents.id);
  const libraryId = new Map<string, number>();
  for (const row of known)
    if (!libraryId.has(row.platformTalentId)) libraryId.set(row.platformTalentId, row.id);
  const now = new Date();
  const inserted = await tx
    .insert(blacklistEntries)
    .values(
      fresh.map((e) => ({
        userId,
        talentName: e.talentName,
        platformTalentId: e.platformTalentId,
        fansCount: e.fansCount,
        reason: e.reason,
        talentId: e.talentId ?? libraryId.get(e.platformTalentId) ?? null,
        createdAt: now,
      })),
    )
    .returning();
  await tx
    .update(talents)
    .set({
      statusBeforeBlacklist: sql`${talents.status}`,
      status: 'blacklisted',
      updatedAt: now,
    })
    .where(
      and(eq(talents.userId, userId), talentsWithIds(ids), sql`${talents.status} <> 'blacklisted'`),
    );
  return inserted;
}

/**
 * Removes one entry and gives every library talent of its id back the status it
 * had (pending_contact when none was kept). False when the entry is not the caller's.
 * Call inside a transaction that holds lockBlacklistDecisions.
 */
export async function removeFromBlacklist(
  tx: Executor,
  userId: number,
  id: number,
): Promise<boolean> {
  const [removed] = await tx
    .delete(blacklistEntries)
    .where(and(eq(blacklistEntries.userId, userId), eq(blacklistEntries.id, id)))
    .returning({ platformTalentId: blacklistEntries.platformTalentId });
  if (!removed) return false;
  await tx
    .update(talents)
    .set({
      status: sql`coalesce(${talents.statusBeforeBlacklist}, ${DEFAULT_TALENT_STATUS})`,
      statusBeforeBlacklist: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(talents.userId, userId),
        talentsWithIds([removed.platformTalentId]),
        eq(talents.status, 'blacklisted'),
      ),
    );
  return true;
}

/** The blacklist page's add: one entry, refused (409) when the id is already listed. */
export async function blacklistTalentId(
  db: Database,
  userId: number,
  entry: NewBlacklistEntry,
): Promise<BlacklistEntryRow> {
  const [row] = await db.transaction(async (tx) => {
    await lockBlacklistDecisions(tx, userId);
    return addToBlacklist(tx, userId, [entry], 'fail');
  });
  return row!;
}

/** The blacklist page's remove; false when the entry is not the caller's. */
export async function unblacklist(db: Database, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockBlacklistDecisions(tx, userId);
    return removeFromBlacklist(tx, userId, id);
  });
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
): Promise<Page<BlacklistEntryRow>> {
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
  return { list: rows, total: counted?.total ?? 0, page: args.page, pageSize: args.pageSize };
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
