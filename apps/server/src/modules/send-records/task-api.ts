import { randomUUID } from 'node:crypto';
import {
  CLAIM_LEASE_SECONDS,
  browserRecordErrorCodes,
  translate,
  type ClaimData,
  type ClaimedRecord,
  type Locale,
  type ReportBody,
  type SendErrorCode,
} from '@inviteflow/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sendRecords } from '../../db/schema.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { blacklistedIds } from '../blacklist/service.ts';
import { membershipState } from '../membership/state.ts';
import { findShop } from '../shops/repository.ts';
import { ensureShopsWithinLimit } from '../shops/service.ts';
import { lockRecord, updateRecord, type SendRecordRow } from './repository.ts';
import { dailyAllowance } from './daily-allowance.ts';
import { giveBackRecords, markRecordsSent } from './action-records.ts';
import {
  browserAllowanceLeft,
  holdActionsForRecords,
  recordClaimActions,
  settleRecordClaimAction,
} from '../platforms/actions/index.ts';
import type { StoppedByConfig } from '../platforms/page-packs/index.ts';

function isTalentAnswer(code: SendErrorCode | undefined): boolean {
  return code !== undefined && (browserRecordErrorCodes as readonly string[]).includes(code);
}
import { settleTask } from './service.ts';

/**
 * The task API the extension executes (docs/architecture.md, "The task API").
 * Claim: up to N open records of a BOUND shop, oldest first, each under a lease that
 * expires, so work claimed by a crashed extension returns to the pool; rows are picked
 * with FOR UPDATE SKIP LOCKED, so two claims never get the same record. Report: the
 * first final result wins; a repeat changes nothing.
 */

const FINAL = new Set(['success', 'failed']);
/** Rounds a claim tries when blacklisted records it skipped leave it short. */
const CLAIM_ROUNDS = 3;

function toClaimed(row: SendRecordRow): ClaimedRecord {
  return {
    id: row.id,
    taskId: row.taskId,
    talent: {
      name: row.talentName,
      platform: row.platform as ClaimedRecord['talent']['platform'],
      platformTalentId: row.platformTalentId,
    },
    taskType: row.taskType as ClaimedRecord['taskType'],
    contentType: row.contentType as ClaimedRecord['contentType'],
    setName: row.setName,
    message: row.message,
    products: row.products,
    leasedUntil: row.leasedUntil!.toISOString(),
  };
}

/** Open records of the shop no other claim holds: pending, or running under a lapsed lease. */
async function pickOpen(
  tx: Executor,
  userId: number,
  shopId: number,
  limit: number,
  now: Date,
  actionIds: readonly number[],
): Promise<SendRecordRow[]> {
  return tx
    .select()
    .from(sendRecords)
    .where(
      and(
        eq(sendRecords.shopId, shopId),
        eq(sendRecords.userId, userId),
        // Records of a shop connected by authorization run on the server (platform actions).
        // Written as the claim index's predicate (literals), so the planner can prove it.
        sql`${sendRecords.status} in ('pending', 'running') and ${sendRecords.channel} = 'browser'`,
        // Records of browser actions (issue 17) only of the actions this claim may take:
        // pending ones, or those it already holds; never one the action claim handed out.
        or(
          isNull(sendRecords.actionId),
          actionIds.length ? inArray(sendRecords.actionId, actionIds) : sql`false`,
        ),
        or(eq(sendRecords.status, 'pending'), lt(sendRecords.leasedUntil, now)),
      ),
    )
    .orderBy(asc(sendRecords.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function claimRecords(
  db: Database,
  userId: number,
  body: { shopId: number; limit: number },
  now: Date,
  locale: Locale,
  caller: { sessionId: string; packsStopped: StoppedByConfig },
): Promise<ClaimData> {
  const { sessionId, packsStopped: config } = caller;
  await ensureShopsWithinLimit(db, userId, now);
  return db.transaction(async (tx) => {
    const shop = await findShop(tx, userId, body.shopId);
    if (!shop) throw notFound();
    if (shop.bindStatus !== 'BOUND') {
      throw unprocessable('error.shopNotBound', { shop: shop.shopName });
    }
    const leasedUntil = new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000);
    // Records of browser actions come through their actions (issue 17), within the plan's
    // daily allowance counted by the server for the account in the shop's zone.
    const actionIds = await recordClaimActions(tx, userId, shop.id, config, now);
    const want = Math.min(body.limit, await browserAllowanceLeft(tx, userId, shop, now));
    const claimed: SendRecordRow[] = [];
    const skipped: Array<{ id: number; errorCode: SendErrorCode; taskId: number }> = [];
    for (let round = 0; round < CLAIM_ROUNDS && claimed.length < want; round++) {
      const rows = await pickOpen(tx, userId, shop.id, want - claimed.length, now, actionIds);
      if (!rows.length) break;
      // A talent blacklisted after its task was made is never handed out: the blacklist's one place decides.
      const listed = await blacklistedIds(
        tx,
        userId,
        rows.map((row) => row.platformTalentId),
      );
      const blocked = rows.filter((row) => listed.has(row.platformTalentId));
      const open = rows.filter((row) => !listed.has(row.platformTalentId));
      if (blocked.length) {
        await tx
          .update(sendRecords)
          .set({
            status: 'failed',
            errorCode: 'blacklisted',
            errorMessage: translate(locale, 'sending.skippedBlacklisted'),
            leaseId: null,
            leasedUntil: null,
            finishedAt: now,
            updatedAt: now,
          })
          .where(
            and(
              eq(sendRecords.userId, userId),
              inArray(
                sendRecords.id,
                blocked.map((r) => r.id),
              ),
            ),
          );
        for (const row of blocked)
          skipped.push({ id: row.id, errorCode: 'blacklisted', taskId: row.taskId });
      }
      if (open.length) {
        const leased = await tx
          .update(sendRecords)
          .set({
            status: 'running',
            leaseId: randomUUID(),
            leasedUntil,
            claimedAt: now,
            attempts: sql`${sendRecords.attempts} + 1`,
            updatedAt: now,
          })
          .where(
            and(
              eq(sendRecords.userId, userId),
              inArray(
                sendRecords.id,
                open.map((r) => r.id),
              ),
            ),
          )
          .returning();
        claimed.push(...leased.sort((a, b) => a.id - b.id));
      }
      if (rows.length < want - claimed.length + open.length) break;
    }
    const held = await holdActionsForRecords(
      tx,
      claimed.flatMap((row) => (row.actionId === null ? [] : [row.actionId])),
      sessionId,
      leasedUntil,
      now,
    );
    // An action the action claim leased meanwhile is its: these records go back, unsent.
    const lost = claimed.filter((row) => row.actionId !== null && !held.has(row.actionId));
    if (lost.length) {
      await giveBackRecords(
        tx,
        lost.map((row) => row.id),
        now,
      );
      claimed.splice(0, claimed.length, ...claimed.filter((row) => !lost.includes(row)));
    }
    for (const taskId of new Set(skipped.map((s) => s.taskId))) {
      await settleTask(tx, userId, taskId, now);
    }
    const state = await membershipState(tx, userId, now);
    const allowance = await dailyAllowance(tx, userId, now, state);
    return {
      leaseSeconds: CLAIM_LEASE_SECONDS,
      records: claimed.map(toClaimed),
      skipped: skipped.map(({ id, errorCode }) => ({ id, errorCode })),
      remainingToday: allowance.remaining,
    };
  });
}

/** Records a lease job pass returns at most (it runs again a minute later). */
const RELEASE_BATCH = 1_000;

/**
 * The job: records whose lease lapsed unreported (the extension crashed, or its tab was
 * closed) go back to pending, so the seller sees them waiting again (and may edit them)
 * and the next claim hands them out. Rows are taken with SKIP LOCKED, so replicas share
 * the work and a record being reported or claimed right now is left alone. A claim also
 * takes lapsed records itself, so nothing waits for this job. A late report of a
 * returned record is still accepted (it was claimed once).
 */
export async function releaseLapsedLeases(
  db: Database,
  now: Date,
): Promise<{ count: number; accounts: number[] }> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .select({ id: sendRecords.id, userId: sendRecords.userId })
      .from(sendRecords)
      .where(and(eq(sendRecords.status, 'running'), lt(sendRecords.leasedUntil, now)))
      .orderBy(asc(sendRecords.leasedUntil))
      .limit(RELEASE_BATCH)
      .for('update', { skipLocked: true });
    if (!lapsed.length) return { count: 0, accounts: [] };
    await tx
      .update(sendRecords)
      .set({ status: 'pending', leaseId: null, leasedUntil: null, updatedAt: now })
      .where(
        inArray(
          sendRecords.id,
          lapsed.map((row) => row.id),
        ),
      );
    return { count: lapsed.length, accounts: [...new Set(lapsed.map((row) => row.userId))] };
  });
}

/**
 * The result of one claimed record. The first final result wins: a repeated or late
 * report changes nothing and answers the record as it is, with `changed: false`.
 */
export async function reportRecord(
  db: Database,
  userId: number,
  id: number,
  body: ReportBody,
  now: Date,
): Promise<{ row: SendRecordRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, userId, id);
    if (!row) throw notFound();
    if (FINAL.has(row.status)) return { row, changed: false };
    // A result is only believed for a record the extension was handed.
    if (row.claimedAt === null) throw new AppError(409, 'error.recordNotClaimed');
    const failed = body.status === 'failed';
    const updated = await updateRecord(tx, userId, id, {
      status: body.status,
      errorCode: failed ? (body.errorCode ?? null) : null,
      errorMessage: failed ? body.message || null : null,
      leaseId: null,
      leasedUntil: null,
      finishedAt: now,
      updatedAt: now,
    });
    if (row.actionId !== null) {
      // The platform answered about it (a success or a talent's refusal): the allowance counts it.
      if (body.status === 'success' || isTalentAnswer(body.errorCode)) {
        await markRecordsSent(tx, [row.id], now);
      }
      await settleRecordClaimAction(tx, userId, row.actionId, now);
    }
    await settleTask(tx, userId, row.taskId, now);
    return { row: updated, changed: true };
  });
}
