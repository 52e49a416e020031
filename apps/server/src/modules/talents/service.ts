import {
  LABELS_PER_TALENT_MAX,
  identityFields,
  type FollowUp,
  type TalentFilters,
  type TalentSortField,
  type TalentStatus,
  type talentBody,
} from '@inviteflow/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { keysetPage, type KeysetPage, type PageRequest } from '../../lib/keyset.ts';
import {
  addToBlacklist,
  blacklistedIds,
  lockBlacklistDecisions,
  refuseStatusChange,
  statusAfterBlacklist,
  statusForSave,
} from './blacklist-service.ts';
import { userRepository } from '../user/index.ts';
import { timeSorts } from './cursor.ts';
import { nameGrams } from './name-grams.ts';
import {
  findByIdentity,
  findByIdentityKeys,
  insertFollowUp,
  insertTalent,
  lockOwnedTalents,
  lockTalent,
  rememberLabels,
  updateTalent as updateTalentRow,
  updateTalents,
  walkTalents,
  type FollowUpRow,
  type TalentRow,
} from './repository.ts';

export type TalentInput = z.output<typeof talentBody>;

/**
 * One page of talents, reached by a cursor (next or previous page at any depth) or by
 * an offset from either end (lib/keyset.ts); never counts.
 */
export async function talentPage(
  db: Database,
  userId: number,
  filters: TalentFilters,
  request: PageRequest & { sort: TalentSortField },
): Promise<KeysetPage<TalentRow>> {
  const { sort } = request;
  return keysetPage<TalentRow>({ ...request, isTime: timeSorts.has(sort) }, (order, extra) =>
    walkTalents(db, userId, filters, { sort, order, ...extra }),
  );
}

/** The columns a saved talent gets from the modal's fields. */
export function savedValues(userId: number, body: TalentInput) {
  return {
    platform: body.platform,
    platformTalentId: body.platformTalentId,
    // The typed identity's own fields: only the talent's platform's are kept.
    ...identityFields(body),
    name: body.name,
    nameGrams: nameGrams(userId, body.name),
    shopName: body.shopName,
    industry: body.industry,
    labels: body.labels,
    contactMethod: body.contactMethod,
    contactInfo: body.contactInfo,
    fansCount: body.fansCount,
    videoAvgViews: body.videoAvgViews,
    videoGpmFen: body.videoGpmFen,
    liveAvgViews: body.liveAvgViews,
    liveGpmFen: body.liveGpmFen,
    businessAmountFen: body.businessAmountFen,
    dealCount: body.dealCount,
    remark: body.remark,
  };
}

/**
 * A talent the platform's affiliate orders cover (issue 19) keeps the platform's business
 * amount and deal count through an edit: the form shows them read-only, "from the platform",
 * and what an edit sends for them is not taken. Others keep the seller's own figures.
 */
function platformFigures(existing: TalentRow) {
  if (!existing.figuresSyncedAt) return {};
  return { businessAmountFen: existing.businessAmountFen, dealCount: existing.dealCount };
}

function talentExists(existing: TalentRow): AppError {
  return conflict('error.talentExists', {
    platformTalentId: existing.platformTalentId,
    name: existing.name,
  });
}

/**
 * One talent per platform identity in an account: its talent ID (handle), and its open id
 * or 百应ID when given. A clash answers 409 naming the talent that has it. Call under the
 * blacklist's lock, which serializes an account's saves, so the check is final.
 */
async function refuseTakenIdentity(
  tx: Executor,
  userId: number,
  body: TalentInput,
  self: number | null,
): Promise<void> {
  const other = await findByIdentity(tx, userId, body.platform, body.platformTalentId);
  if (other && other.id !== self) throw talentExists(other);
  const keys = identityFields(body);
  for (const taken of await findByIdentityKeys(tx, userId, keys)) {
    if (taken.id === self) continue;
    const params = { name: taken.name, platformTalentId: taken.platformTalentId };
    if (keys.creatorOpenId && taken.creatorOpenId === keys.creatorOpenId)
      throw conflict('error.creatorOpenIdTaken', params);
    if (keys.buyinId && taken.buyinId === keys.buyinId)
      throw conflict('error.buyinIdTaken', params);
  }
}

/** Adds a talent; stored as blacklisted when its id is on the blacklist. */
export async function createTalent(
  db: Database,
  userId: number,
  body: TalentInput,
): Promise<TalentRow> {
  return db.transaction(async (tx) => {
    await lockBlacklistDecisions(tx, userId);
    // Under the lock every save of this account is serialized, so the check is final.
    await refuseTakenIdentity(tx, userId, body, null);
    const listed = (await blacklistedIds(tx, userId, [body.platformTalentId])).size > 0;
    const now = new Date();
    const row = await insertTalent(tx, {
      userId,
      ...savedValues(userId, body),
      ...statusForSave(body.status, listed),
      addedAt: body.addedAt ? new Date(body.addedAt) : now,
      createdAt: now,
      updatedAt: now,
    });
    await rememberLabels(tx, userId, body.labels);
    return row;
  });
}

/**
 * The status a talent keeps through an edit. A blacklisted talent's form shows the
 * status it will return to (statusBeforeBlacklist); sending another one is a change
 * the blacklist forbids.
 */
export function statusThroughEdit(existing: TalentRow, requested: TalentStatus): TalentStatus {
  if (existing.status !== 'blacklisted') return requested;
  const kept = statusAfterBlacklist(existing.statusBeforeBlacklist);
  if (requested !== kept) refuseStatusChange([existing]);
  return kept;
}

/** Edits every field of a talent; the identity stays unique in the account. */
export async function editTalent(
  db: Database,
  userId: number,
  id: number,
  body: TalentInput,
): Promise<TalentRow> {
  return db.transaction(async (tx) => {
    await lockBlacklistDecisions(tx, userId);
    const existing = await lockTalent(tx, userId, id);
    if (!existing) throw notFound();
    await refuseTakenIdentity(tx, userId, body, id);
    const requested = statusThroughEdit(existing, body.status);
    const listed = (await blacklistedIds(tx, userId, [body.platformTalentId])).size > 0;
    const row = await updateTalentRow(tx, userId, id, {
      ...savedValues(userId, body),
      ...platformFigures(existing),
      ...statusForSave(requested, listed),
      addedAt: body.addedAt ? new Date(body.addedAt) : existing.addedAt,
      updatedAt: new Date(),
    });
    await rememberLabels(tx, userId, body.labels);
    return row!;
  });
}

/** Sets the status of the selected talents; blacklisted ones refuse it, and nothing changes. */
export async function batchStatus(
  db: Database,
  userId: number,
  ids: readonly number[],
  status: TalentStatus,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockOwnedTalents(tx, userId, ids);
    refuseStatusChange(rows.filter((row) => row.status === 'blacklisted'));
    return updateTalents(
      tx,
      userId,
      rows.map((row) => row.id),
      { status, updatedAt: new Date() },
    );
  });
}

export type LabelMode = 'add' | 'remove' | 'replace';

export function applyLabels(
  current: readonly string[],
  labels: readonly string[],
  mode: LabelMode,
) {
  if (mode === 'replace') return [...labels];
  if (mode === 'remove') return current.filter((label) => !labels.includes(label));
  return [...new Set([...current, ...labels])];
}

/** Adds, removes or replaces labels of the selected talents, none over the limit. */
export async function batchLabels(
  db: Database,
  userId: number,
  ids: readonly number[],
  labels: readonly string[],
  mode: LabelMode,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockOwnedTalents(tx, userId, ids);
    const changes = rows.map((row) => ({ row, labels: applyLabels(row.labels, labels, mode) }));
    const over = changes.find((change) => change.labels.length > LABELS_PER_TALENT_MAX);
    if (over) {
      throw new AppError(422, 'error.talentLabelsTooMany', {
        name: over.row.name,
        max: LABELS_PER_TALENT_MAX,
      });
    }
    const now = new Date();
    for (const { row, labels: next } of changes) {
      const same = next.length === row.labels.length && next.every((l, i) => l === row.labels[i]);
      if (!same) await updateTalentRow(tx, userId, row.id, { labels: next, updatedAt: now });
    }
    if (mode !== 'remove') await rememberLabels(tx, userId, labels);
    return rows.length;
  });
}

/**
 * Blacklists the selected talents with one reason: an entry per talent id (one
 * already listed keeps its entry), and every library talent of those ids shows
 * blacklisted. All the selected talents must be the caller's.
 */
export async function batchBlacklist(
  db: Database,
  userId: number,
  ids: readonly number[],
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockBlacklistDecisions(tx, userId);
    const rows = await lockOwnedTalents(tx, userId, ids);
    await addToBlacklist(
      tx,
      userId,
      rows.map((row) => ({
        talentName: row.name,
        platformTalentId: row.platformTalentId,
        fansCount: row.fansCount,
        reason,
        talentId: row.id,
      })),
      'skip',
    );
    return rows.length;
  });
}

/**
 * Writes a follow-up, optionally moving the talent to a new status in the same
 * transaction. The record keeps the author's name and the status after the change.
 */
export async function addFollowUp(
  db: Database,
  userId: number,
  talentId: number,
  body: { content: string; status?: TalentStatus | undefined },
): Promise<FollowUpRow> {
  return db.transaction(async (tx) => {
    const talent = await lockTalent(tx, userId, talentId);
    if (!talent) throw notFound();
    let status = talent.status as TalentStatus;
    const now = new Date();
    if (body.status !== undefined && body.status !== status) {
      if (status === 'blacklisted') refuseStatusChange([talent]);
      status = body.status;
      await updateTalentRow(tx, userId, talentId, { status, updatedAt: now });
    }
    const user = await userRepository.findById(tx, userId);
    return insertFollowUp(tx, {
      userId,
      talentId,
      author: user?.nickname || user?.username || '',
      content: body.content,
      statusAtTime: status,
      createdAt: now,
    });
  });
}

export function toFollowUp(row: FollowUpRow): FollowUp {
  return {
    id: row.id,
    talentId: row.talentId,
    author: row.author,
    content: row.content,
    statusAtTime: row.statusAtTime as FollowUp['statusAtTime'],
    event: row.event ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
