import {
  BROWSER_LEASE_SECONDS,
  browserActionKinds,
  browserBatchMax,
  dayInZone,
  dayStartInZone,
  nextMidnight,
  renderBatchScript,
  tiktokShopTimeZone,
  translate,
  type BrowserActionKind,
  type BrowserActionReportParsed,
  type BrowserAllowance,
  type BrowserClaimData,
  type BrowserReconcileReportParsed,
  type BrowserRecordOutcome,
  type BrowserReportData,
  type BrowserShopStopReason,
  type BrowserStop,
  type ClaimedBrowserAction,
  type Locale,
  type PagePackId,
  type PlatformAnswer,
  type PlatformReference,
  type SendErrorCode,
  type TalentIdentity,
} from '@inviteflow/contract';
import type { Database, Executor } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { blacklistedIds } from '../../talents/index.ts';
import { postMessage } from '../../messages/index.ts';
import { membershipState } from '../../membership/index.ts';
import {
  actionOpenCounts,
  actionRecordStatusCounts,
  actionTask,
  browserAllowanceUse,
  failBlacklisted,
  lockPendingActionRecords,
  lockRunningActionRecords,
  moveRecordsToActions,
  releaseRecords,
  settleBrowserAnswers,
  startRecords,
} from '../../send-records/index.ts';
import { findShop, type ShopRow } from '../../shops/index.ts';
import { lockAccount } from '../../user/index.ts';
import { packOf, stoppedPackIds, type PacksByConfig } from '../page-packs/index.ts';
import {
  accountsWithLapsedBrowserLeases,
  lapseBrowserLeases,
  leaseBrowserAction,
  liftStop,
  lockBrowserAction,
  nextBrowserAction,
  pendingBrowserShapes,
  setBrowserAction,
  stopsInForce,
  upsertStop,
} from './browser-repository.ts';
import { nextQuotaWeek } from './resets.ts';
import { batchName } from './compile.ts';
import { insertActions, type ActionRow } from './repository.ts';

/**
 * The browser channel's server half (issue 17, DESIGN.md "Browser channel rules"): the
 * extension claims one browser action at a time, under a lease held by its session; the plan's
 * daily allowance is enforced here, per account, in the shop's time zone, whatever the number
 * of browsers; a report settles the records the platform answered about, and a stop sends the
 * others back to pending: no record fails for a run-level stop. A send marked started whose
 * answer is lost leaves the action `unknown` until a reconcile report: never sent twice.
 */

/** Actions a claim looks at before answering "nothing" (empty actions are closed on the way). */
const CLAIM_TRIES = 5;
/** A page that does not match its pack: the action waits this long before another try. */
const PAGE_CHANGED_WAIT_MS = 15 * 60_000;
/** A rate limit without a Retry-After: the action waits this long. */
const RATE_LIMIT_WAIT_MS = 60_000;

/** The shop's zone on its platform: TikTok by market, 抖店 China's. */
export function shopTimeZone(shop: Pick<ShopRow, 'platform' | 'platformRegion'>): string {
  return shop.platform === 'douyin' ? 'Asia/Shanghai' : tiktokShopTimeZone(shop.platformRegion);
}

function isBrowserKind(kind: string): kind is BrowserActionKind {
  return (browserActionKinds as readonly string[]).includes(kind);
}

async function allowanceFor(
  tx: Executor,
  userId: number,
  timeZone: string,
  now: Date,
): Promise<BrowserAllowance> {
  const state = await membershipState(tx, userId, now);
  const dayStart = dayStartInZone(dayInZone(now, timeZone), timeZone);
  const { used, reserved } = await browserAllowanceUse(tx, userId, dayStart);
  const cap = state.dailyInvitationCap;
  return {
    cap,
    used,
    reserved,
    remaining: Math.max(0, cap - used - reserved),
    resetsAt: nextMidnight(now, timeZone).toISOString(),
    timeZone,
  };
}

function toClaimed(
  action: ActionRow,
  shop: ShopRow,
  task: NonNullable<Awaited<ReturnType<typeof actionTask>>>,
  records: Array<{
    id: number;
    talentName: string;
    platformTalentId: string;
    identity: TalentIdentity | null;
    message: string;
  }>,
  packVersion: number,
  setName: string,
  contentType: string,
): ClaimedBrowserAction {
  return {
    id: action.id,
    leaseId: action.leaseId!,
    leasedUntil: action.leasedUntil!.toISOString(),
    idempotencyKey: action.idempotencyKey,
    kind: action.kind as BrowserActionKind,
    pack: { id: action.packId!, version: packVersion },
    shop: {
      id: shop.id,
      platform: shop.platform as ClaimedBrowserAction['shop']['platform'],
      shopName: shop.shopName,
      shopCode: shop.shopCode,
      platformShopId: shop.platformShopId,
      region: shop.platformRegion,
      timeZone: shopTimeZone(shop),
    },
    task: {
      id: task.id,
      taskType: task.taskType,
      contentType,
      setName,
      name: action.name,
      products: task.products,
      terms: (task.platformTerms as Record<string, unknown> | null) ?? null,
    },
    records,
    // One message for a batch (the same words for every talent): rendered once, here.
    message:
      browserBatchMax[action.kind as BrowserActionKind] > 1
        ? renderBatchScript(task.script, {
            shopName: shop.shopName,
            productNames: task.products.map((product) => product.productName),
          })
        : null,
  };
}

/**
 * Claims the account's next browser action for the calling browser (its session holds the
 * lease). One account at a time (the account's row lock), so two browsers never share the
 * daily allowance twice.
 */
export async function claimBrowserAction(
  db: Database,
  caller: { userId: number; sessionId: string },
  body: { shopId?: number },
  config: PacksByConfig,
  now: Date,
  locale: Locale,
): Promise<BrowserClaimData> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, caller.userId);
    if (body.shopId !== undefined && !(await findShop(tx, caller.userId, body.shopId))) {
      throw notFound();
    }
    // Lapsed leases first: an action whose send was started goes unknown, never out again.
    const lapsed = await lapseBrowserLeases(tx, caller.userId, now);
    for (const id of lapsed.pending) await releaseRecords(tx, await runningIds(tx, id), now);

    const stops = await stopsInForce(tx, caller.userId, now);
    const stoppedPacks = await stoppedPackIds(tx, config);
    const shopStop =
      body.shopId === undefined ? undefined : stops.find((s) => s.shopId === body.shopId);
    const stopView = shopStop
      ? {
          reason: shopStop.reason as BrowserShopStopReason,
          resumesAt: shopStop.resumesAt?.toISOString() ?? null,
          since: shopStop.since.toISOString(),
        }
      : null;
    const skip: number[] = [];
    for (let round = 0; round < CLAIM_TRIES; round++) {
      const action = await nextBrowserAction(
        tx,
        caller.userId,
        { shopId: body.shopId, stoppedShops: stops.map((s) => s.shopId), stoppedPacks, skip },
        now,
      );
      if (!action) break;
      const shop = (await findShop(tx, caller.userId, action.shopId))!;
      const allowance = await allowanceFor(tx, caller.userId, shopTimeZone(shop), now);
      if (allowance.remaining <= 0) {
        return { action: null, waiting: 'daily_allowance', allowance, stop: stopView };
      }
      const pending = await lockPendingActionRecords(tx, action.id);
      const listed = await blacklistedIds(
        tx,
        caller.userId,
        pending.map((row) => row.platformTalentId),
      );
      const blocked = pending.filter((row) => listed.has(row.platformTalentId));
      if (blocked.length) {
        await failBlacklisted(
          tx,
          blocked.map((row) => row.id),
          translate(locale, 'sending.skippedBlacklisted'),
          now,
        );
      }
      const handed = pending
        .filter((row) => !listed.has(row.platformTalentId))
        .slice(0, allowance.remaining);
      if (!handed.length) {
        // Nothing left to send (deleted or blacklisted records): the action is done.
        await setBrowserAction(tx, action.id, {
          status: 'succeeded',
          finishedAt: now,
          updatedAt: now,
        });
        skip.push(action.id);
        continue;
      }
      const task = await actionTask(tx, caller.userId, action.taskId);
      if (!task || !isBrowserKind(action.kind) || !action.packId) {
        skip.push(action.id);
        continue;
      }
      const pack = packOf(action.packId as PagePackId);
      await startRecords(
        tx,
        handed.map((row) => row.id),
        now,
      );
      const leased = await leaseBrowserAction(
        tx,
        action.id,
        caller.sessionId,
        BROWSER_LEASE_SECONDS * 1000,
        now,
      );
      const first = handed[0]!;
      return {
        action: toClaimed(
          leased,
          shop,
          task,
          handed.map((row) => ({
            id: row.id,
            talentName: row.talentName,
            platformTalentId: row.platformTalentId,
            identity: row.identity ?? null,
            message: row.message,
          })),
          pack.version,
          first.setName,
          first.contentType,
        ),
        waiting: 'nothing',
        allowance: {
          ...allowance,
          reserved: allowance.reserved + handed.length,
          remaining: allowance.remaining - handed.length,
        },
        stop: stopView,
      };
    }
    // Nothing handed out: say what the waiting actions wait for.
    const shapes = await pendingBrowserShapes(tx, caller.userId, body.shopId);
    if (!shapes.length)
      return { action: null, waiting: 'nothing', allowance: null, stop: stopView };
    const shop = await findShop(tx, caller.userId, shapes[0]!.shopId);
    const allowance = shop ? await allowanceFor(tx, caller.userId, shopTimeZone(shop), now) : null;
    const stoppedShops = new Set(stops.map((stop) => stop.shopId));
    const waiting =
      allowance && allowance.remaining <= 0
        ? 'daily_allowance'
        : shapes.some((shape) => stoppedShops.has(shape.shopId))
          ? 'shop_stopped'
          : shapes.some(
                (shape) =>
                  shape.packId !== null && stoppedPacks.includes(shape.packId as PagePackId),
              )
            ? 'pack_stopped'
            : 'nothing';
    return { action: null, waiting, allowance, stop: stopView };
  });
}

async function runningIds(tx: Executor, actionId: number): Promise<number[]> {
  return (await lockRunningActionRecords(tx, actionId)).map((row) => row.id);
}

/** The held action, or 409: its lease lapsed and it was taken back (or another browser holds it). */
async function heldAction(
  tx: Executor,
  userId: number,
  id: number,
  leaseId: string,
): Promise<ActionRow> {
  const action = await lockBrowserAction(tx, userId, id);
  if (!action) throw notFound();
  if (action.status !== 'running' || action.leaseId !== leaseId) {
    throw new AppError(409, 'error.browserLeaseLost');
  }
  return action;
}

/** The server's half of the write-ahead journal: the page's send is about to be made. */
export async function markBrowserSendStarted(
  db: Database,
  userId: number,
  id: number,
  leaseId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await heldAction(tx, userId, id, leaseId);
    await setBrowserAction(tx, id, { callStartedAt: now, updatedAt: now });
  });
}

function answerOf(answer: BrowserRecordOutcome['answer'] | undefined): PlatformAnswer | null {
  if (!answer) return null;
  return {
    code: answer.code ?? null,
    message: answer.message ?? null,
    requestId: answer.requestId ?? null,
  };
}

/** Writes the platform's answers about records the action holds; answers what it did. */
async function settleOutcomes(
  tx: Executor,
  held: ReadonlySet<number>,
  outcomes: ReadonlyArray<BrowserRecordOutcome | { recordId: number; result: 'not_sent' }>,
  now: Date,
): Promise<{
  succeeded: number;
  failed: number;
  released: number;
  ignored: number;
  settled: Set<number>;
}> {
  let ignored = 0;
  const settled = new Set<number>();
  const notSent: number[] = [];
  const succeeded: Array<{ id: number; reference: PlatformReference }> = [];
  const failed: Array<{
    id: number;
    failure: { code: SendErrorCode; message: string; answer: PlatformAnswer | null };
  }> = [];
  for (const outcome of outcomes) {
    if (!held.has(outcome.recordId) || settled.has(outcome.recordId)) {
      ignored += 1;
      continue;
    }
    settled.add(outcome.recordId);
    if (outcome.result === 'sent') {
      const ref = outcome.reference ?? {};
      succeeded.push({
        id: outcome.recordId,
        reference: {
          ...(ref.invitationId ? { targetCollaborationId: ref.invitationId } : {}),
          ...(ref.conversationId ? { conversationId: ref.conversationId } : {}),
        },
      });
    } else if (outcome.result === 'failed') {
      const answer = answerOf(outcome.answer);
      failed.push({
        id: outcome.recordId,
        failure: {
          code: outcome.errorCode,
          message: outcome.message ?? answer?.message ?? '',
          answer,
        },
      });
    } else {
      notSent.push(outcome.recordId);
    }
  }
  await settleBrowserAnswers(tx, { succeeded, failed }, now);
  const released = await releaseRecords(tx, notSent, now);
  return { succeeded: succeeded.length, failed: failed.length, released, ignored, settled };
}

/** A run-level stop: the action or the shop waits; no record fails. */
async function applyStop(
  tx: Executor,
  action: ActionRow,
  stop: BrowserStop,
  packVersion: number,
  now: Date,
): Promise<{ notBefore: Date | null }> {
  const answer: PlatformAnswer = {
    code: stop.answer?.code ?? null,
    message: stop.detail ?? stop.answer?.message ?? null,
    requestId: stop.answer?.requestId ?? null,
  };
  if (stop.reason === 'page_changed') {
    return { notBefore: new Date(now.getTime() + PAGE_CHANGED_WAIT_MS) };
  }
  if (stop.reason === 'rate_limited') {
    const wait = stop.retryAfterSeconds ? stop.retryAfterSeconds * 1000 : RATE_LIMIT_WAIT_MS;
    return { notBefore: new Date(now.getTime() + wait) };
  }
  const shop = (await findShop(tx, action.userId, action.shopId))!;
  const timeZone = shopTimeZone(shop);
  const pack = packOf(action.packId as PagePackId);
  const resumesAt =
    stop.reason === 'quota_exceeded'
      ? pack.quotaReset === 'weekly'
        ? nextQuotaWeek(now, timeZone)
        : nextMidnight(now, timeZone)
      : null;
  await upsertStop(
    tx,
    {
      shopId: action.shopId,
      userId: action.userId,
      reason: stop.reason,
      resumesAt,
      timeZone,
      answer,
      packId: action.packId,
      packVersion,
    },
    now,
  );
  if (stop.reason === 'captcha' || stop.reason === 'login_expired') {
    // The seller is told (once per stop).
    await postMessage(tx, {
      userId: action.userId,
      kind: 'browserRunStopped',
      params: { shopId: shop.id, shopName: shop.shopName, reason: stop.reason },
      dedupeKey: `browserRunStopped:${shop.id}:${stop.reason}:${now.toISOString()}`,
    });
  }
  return { notBefore: null };
}

/**
 * Where an action stands once its records moved: `unknown` while some are in doubt, pending
 * while some wait, else final (succeeded when any reached the platform).
 */
async function closeOrRequeue(
  tx: Executor,
  action: ActionRow,
  values: {
    unknown: boolean;
    notBefore: Date | null;
    answer: PlatformAnswer | null;
    errorCode: string | null;
    /** The page refused the batch as a whole, and its talents went to one-talent actions. */
    refusedBatch?: { errorCode: string; answer: PlatformAnswer | null } | null;
  },
  now: Date,
): Promise<ActionRow> {
  const base = { leaseId: null, leasedUntil: null, updatedAt: now };
  if (values.unknown) {
    return setBrowserAction(tx, action.id, { ...base, status: 'unknown' });
  }
  const open = await actionOpenCounts(tx, action.id);
  if (open.pending) {
    return setBrowserAction(tx, action.id, {
      ...base,
      status: 'pending',
      holderSessionId: null,
      callStartedAt: null,
      notBefore: values.notBefore,
      ...(values.errorCode !== null ? { errorCode: values.errorCode, answer: values.answer } : {}),
    });
  }
  const done = await actionRecordStatusCounts(tx, action.id);
  // A batch left with no record was split: it ends as the refusal it got, not as a success.
  const refused = done.total === 0 ? (values.refusedBatch ?? null) : null;
  return setBrowserAction(tx, action.id, {
    ...base,
    status: refused ? 'failed' : done.success > 0 || done.total === 0 ? 'succeeded' : 'failed',
    ...(refused ? { errorCode: refused.errorCode, answer: refused.answer } : {}),
    holderSessionId: null,
    callStartedAt: null,
    finishedAt: now,
  });
}

/** The report of a claimed action's run (see `browserActionReport`). */
export async function reportBrowserAction(
  db: Database,
  userId: number,
  id: number,
  body: BrowserActionReportParsed,
  now: Date,
): Promise<BrowserReportData> {
  return db.transaction(async (tx) => {
    const action = await heldAction(tx, userId, id, body.leaseId);
    const running = await lockRunningActionRecords(tx, action.id);
    const held = new Set(running.map((row) => row.id));
    const result = await settleOutcomes(tx, held, body.outcomes, now);
    const inDoubt = body.unknown.filter(
      (recordId) => held.has(recordId) && !result.settled.has(recordId),
    );
    let rest = running
      .map((row) => row.id)
      .filter((recordId) => !result.settled.has(recordId) && !inDoubt.includes(recordId));
    let split = 0;
    if (body.unattributed && rest.length === 1) {
      // The refusal is about a talent and the batch holds one: it is this record's answer.
      const refused = await settleOutcomes(
        tx,
        held,
        [
          {
            recordId: rest[0]!,
            result: 'failed',
            errorCode: body.unattributed.errorCode,
            ...(body.unattributed.answer ? { answer: body.unattributed.answer } : {}),
          },
        ],
        now,
      );
      result.failed += refused.failed;
      rest = [];
    } else if (body.unattributed && rest.length > 1) {
      split = await splitIntoOneTalentActions(tx, action, rest, now);
      rest = [];
    }
    // Every record the run did not get to goes back to pending: never failed by a stop.
    const released = await releaseRecords(tx, rest, now);
    let notBefore: Date | null = null;
    if (body.stop)
      notBefore = (await applyStop(tx, action, body.stop, body.packVersion, now)).notBefore;
    const stopAnswer = body.stop
      ? {
          code: body.stop.answer?.code ?? null,
          message: [
            body.stop.detail ?? body.stop.answer?.message ?? null,
            `pack ${action.packId}@${body.packVersion}`,
          ]
            .filter(Boolean)
            .join(' · '),
          requestId: body.stop.answer?.requestId ?? null,
        }
      : null;
    const updated = await closeOrRequeue(
      tx,
      action,
      {
        unknown: inDoubt.length > 0,
        notBefore,
        answer: stopAnswer,
        errorCode: body.stop ? stopErrorCode(body.stop.reason) : null,
        refusedBatch:
          split && body.unattributed
            ? {
                errorCode: body.unattributed.errorCode,
                answer: body.unattributed.answer ?? null,
              }
            : null,
      },
      now,
    );
    return {
      id: updated.id,
      status: updated.status as BrowserReportData['status'],
      released: released + result.released,
      succeeded: result.succeeded,
      failed: result.failed,
      ignored: result.ignored,
      split,
    };
  });
}

/**
 * The page refused a batch for a talent it did not name (`unattributed`): its records go to
 * one-talent actions of the same kind and pack (pending, their own idempotency keys and, for an
 * invitation, their own names), so each talent gets its own answer and a refused one fails
 * alone; handed out as a batch again, the same refusal would stop it on every claim.
 */
async function splitIntoOneTalentActions(
  tx: Executor,
  action: ActionRow,
  recordIds: readonly number[],
  now: Date,
): Promise<number> {
  const made = await insertActions(
    tx,
    recordIds.map((recordId, index) => ({
      userId: action.userId,
      taskId: action.taskId,
      shopId: action.shopId,
      platform: action.platform,
      channel: action.channel,
      kind: action.kind,
      packId: action.packId,
      idempotencyKey: `${action.idempotencyKey}:talent:${recordId}`,
      batch: action.batch,
      batches: action.batches,
      name: action.name ? batchName(action.name, index + 1, recordIds.length) : null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const byKey = new Map(made.map((row) => [row.idempotencyKey, row.id]));
  await moveRecordsToActions(
    tx,
    recordIds.map((recordId) => ({
      recordId,
      actionId: byKey.get(`${action.idempotencyKey}:talent:${recordId}`)!,
    })),
    null,
    now,
  );
  return made.length;
}

/** The standard error code an action shows for a stop (shown on the task; records keep none). */
function stopErrorCode(reason: BrowserStop['reason']): string {
  return reason === 'captcha' ? 'captcha_required' : reason;
}

/**
 * A reconcile report of an `unknown` action: what the page shows of each record in doubt.
 * No lease is needed (the browser that held it restarted); the account must own it.
 */
export async function reconcileBrowserAction(
  db: Database,
  userId: number,
  id: number,
  body: BrowserReconcileReportParsed,
  now: Date,
): Promise<BrowserReportData> {
  return db.transaction(async (tx) => {
    const action = await lockBrowserAction(tx, userId, id);
    if (!action) throw notFound();
    if (action.status !== 'unknown') throw new AppError(409, 'error.browserActionNotUnknown');
    const running = await lockRunningActionRecords(tx, action.id);
    const held = new Set(running.map((row) => row.id));
    const result = await settleOutcomes(tx, held, body.outcomes, now);
    if (!result.settled.size) {
      // It named none of the action's records: nothing changes (and nothing is written).
      return {
        id: action.id,
        status: action.status as BrowserReportData['status'],
        released: 0,
        succeeded: 0,
        failed: 0,
        ignored: result.ignored,
        split: 0,
      };
    }
    const stillInDoubt = running.some((row) => !result.settled.has(row.id));
    const updated = await closeOrRequeue(
      tx,
      action,
      { unknown: stillInDoubt, notBefore: null, answer: null, errorCode: null },
      now,
    );
    return {
      id: updated.id,
      status: updated.status as BrowserReportData['status'],
      released: result.released,
      succeeded: result.succeeded,
      failed: result.failed,
      ignored: result.ignored,
      split: 0,
    };
  });
}

/** The extension sees the seller signed in again, or the captcha gone: the shop's stop ends. */
export async function resumeBrowserShop(
  db: Database,
  userId: number,
  shopId: number,
  reason: Extract<BrowserShopStopReason, 'login_expired' | 'captcha'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await findShop(tx, userId, shopId))) throw notFound();
    return liftStop(tx, userId, shopId, reason);
  });
}

/** Accounts a pass of the lease job looks at (it runs again a minute later). */
const LAPSE_ACCOUNTS_MAX = 200;

/**
 * The job: browser actions whose lease lapsed with no claim of their account to notice (the
 * browser was closed for good): the started ones go `unknown`, the others back to pending
 * with their records, so the seller sees them waiting. Answers the accounts it changed.
 */
export async function lapseBrowserActions(db: Database, now: Date): Promise<number[]> {
  const accounts = await accountsWithLapsedBrowserLeases(db, now, LAPSE_ACCOUNTS_MAX);
  const changed: number[] = [];
  for (const userId of accounts) {
    const moved = await db.transaction(async (tx) => {
      const lapsed = await lapseBrowserLeases(tx, userId, now);
      for (const id of lapsed.pending) await releaseRecords(tx, await runningIds(tx, id), now);
      return lapsed.pending.length + lapsed.unknown.length;
    });
    if (moved) changed.push(userId);
  }
  return changed;
}
