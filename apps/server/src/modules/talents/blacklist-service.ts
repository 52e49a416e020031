import {
  DEFAULT_TALENT_STATUS,
  type BlacklistEntry,
  type TalentStatus,
} from '@inviteflow/contract';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import {
  blacklistedIds,
  deleteBlacklistEntry,
  insertBlacklistEntries,
  libraryIdsOf,
  listBlacklist,
  lockBlacklistDecisions,
  markTalentsBlacklisted,
  restoreTalentsStatus,
  toBlacklistEntry,
  type BlacklistEntryRow,
} from './blacklist-repository.ts';

/**
 * The blacklist rule, in one place. An entry is keyed by the platform talent id
 * within an account, whether or not the talent is in the library; the entry is
 * the truth for "never invite". Library talents of a listed id show the status
 * `blacklisted` and keep the status they had, which comes back when the entry goes.
 * Its queries are in blacklist-repository.ts.
 */

// Reads with no rule of their own: the routes and other modules get them from here.
export { blacklistedIds, listBlacklist, lockBlacklistDecisions };

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

function namesForMessage(names: readonly string[]): string {
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
  const libraryId = await libraryIdsOf(tx, userId, ids);
  const now = new Date();
  const inserted = await insertBlacklistEntries(
    tx,
    fresh.map((e) => ({
      userId,
      talentName: e.talentName,
      platformTalentId: e.platformTalentId,
      fansCount: e.fansCount,
      reason: e.reason,
      talentId: e.talentId ?? libraryId.get(e.platformTalentId) ?? null,
      createdAt: now,
    })),
  );
  await markTalentsBlacklisted(tx, userId, ids, now);
  return inserted;
}

/**
 * Removes one entry and gives every library talent of its id back the status it
 * had (pending_contact when none was kept). False when the entry is not the caller's.
 * Call inside a transaction that holds lockBlacklistDecisions.
 */
async function removeFromBlacklist(tx: Executor, userId: number, id: number): Promise<boolean> {
  const platformTalentId = await deleteBlacklistEntry(tx, userId, id);
  if (platformTalentId === null) return false;
  await restoreTalentsStatus(tx, userId, platformTalentId, new Date());
  return true;
}

/** The blacklist page's add: one entry, refused (409) when the id is already listed. */
export async function blacklistTalentId(
  db: Database,
  userId: number,
  entry: NewBlacklistEntry,
): Promise<BlacklistEntry> {
  const [row] = await db.transaction(async (tx) => {
    await lockBlacklistDecisions(tx, userId);
    return addToBlacklist(tx, userId, [entry], 'fail');
  });
  return toBlacklistEntry(row!);
}

/** The blacklist page's remove; false when the entry is not the caller's. */
export async function unblacklist(db: Database, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockBlacklistDecisions(tx, userId);
    return removeFromBlacklist(tx, userId, id);
  });
}
