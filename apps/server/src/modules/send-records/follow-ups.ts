import {
  INVITE_COOLDOWN_DAYS,
  followUpSkipReasons,
  followUpsSupported,
  renderScript,
  sendErrorCodes,
  shopChannelOf,
  type FollowUpCounts,
  type FollowUpInput,
  type FollowUpSkipReason,
  type PlatformAnswer,
  type SendErrorCode,
  type TalentIdentity,
  type TaskFollowUp,
  type TaskFollowUps,
} from '@inviteflow/contract';
import type { Executor } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { findShop, type ShopRow } from '../shops/index.ts';
import { blacklistedIds } from '../talents/index.ts';
import { ownedScripts } from '../templates/index.ts';
import {
  cancelFollowUpRow,
  claimDue,
  dropSend,
  failLapsedSending,
  findOwnTask,
  finishSend,
  insertFollowUps,
  liveRecordCount,
  markSending,
  reclaimLapsed,
  releaseSend,
  sendTallies,
  taskFollowUpRows,
  workOf,
  type FollowUpRow,
  type FollowUpWork,
} from './follow-ups-repository.ts';
import { lastInvitedSince } from './repository.ts';

/**
 * Follow-ups for non-responders (issue 19): a task schedules up to two at its create; a
 * background job (`runFollowUps`, app.ts) messages each creator of the task who, `afterDays`
 * days after the invitation succeeded, has neither replied, accepted nor declined, unless the
 * creator is blacklisted or was invited again by the shop within the cool-down. The second
 * step goes only to creators the first was sent to. The message goes through the platform,
 * which send-records does not know: app.ts passes platforms' `FollowUpMessenger` in (as it
 * does the TaskActionCompiler), so the dependency between the modules stays one way.
 */

const DAY_MS = 86_400_000;
/** Rows claimed per pass. */
const PASS_LIMIT = 200;
/**
 * A claim lapses after this: a row its pass did not end (the process stopped), or one a stop
 * of the shop (rate limit, authorization to renew, the platform out of reach) left to wait, is
 * taken again.
 */
const CLAIM_MS = 10 * 60_000;

/** One follow-up message for a creator, as the messenger sends it. */
export interface FollowUpMessage {
  userId: number;
  shopId: number;
  platform: string;
  platformTalentId: string;
  identity: TalentIdentity | null;
  text: string;
}

/** What sending came to. */
export type FollowUpDelivery =
  /** The creator got the message in this conversation. */
  | { type: 'sent'; conversationId: string }
  /** The platform refused it for this creator or this message (a standard code). */
  | { type: 'failed'; code: SendErrorCode; answer: PlatformAnswer | null }
  /** The shop can no longer send: not (or no longer) connected by authorization. */
  | { type: 'no_channel' }
  /** A stop of the shop that passes (rate limit, token renewal, the platform out of reach). */
  | { type: 'later' }
  /** `sending()` answered false: another pass has the row. */
  | { type: 'taken' };

/**
 * The port platforms fills (app.ts): sends one message to a creator through the shop's
 * platform. `sending()` is called just before the call that may reach the creator, so that an
 * interrupted send is never sent again.
 */
export interface FollowUpMessenger {
  send(
    message: FollowUpMessage,
    sending: () => Promise<boolean>,
    now: Date,
  ): Promise<FollowUpDelivery>;
}

/** Whether the shop sends follow-ups (a TikTok Shop shop connected by authorization). */
export function shopFollowsUp(shop: ShopRow): boolean {
  return followUpsSupported(shop.platform, shopChannelOf(shop.source));
}

/** A create's follow-ups are refused before anything is written when the shop cannot send them. */
export function checkFollowUpsShop(shop: ShopRow, followUps: readonly FollowUpInput[]): void {
  if (followUps.length && !shopFollowsUp(shop)) {
    throw unprocessable('error.followUpsNeedConnectedShop', { shop: shop.shopName });
  }
}

/** Writes a new task's follow-ups, each with its template's script as it is now. */
export async function scheduleFollowUps(
  tx: Executor,
  userId: number,
  taskId: number,
  followUps: readonly FollowUpInput[],
  now: Date,
): Promise<void> {
  if (!followUps.length) return;
  const scripts = await ownedScripts(
    tx,
    userId,
    followUps.map((f) => f.scriptTemplateId),
  );
  const byId = new Map(scripts.map((t) => [t.id, t.content]));
  await insertFollowUps(
    tx,
    followUps.map((f, i) => {
      const script = byId.get(f.scriptTemplateId);
      if (script === undefined) throw unprocessable('error.followUpTemplateNotFound');
      return {
        userId,
        taskId,
        step: i + 1,
        afterDays: f.afterDays,
        scriptTemplateId: f.scriptTemplateId,
        script,
        status: 'scheduled',
        createdAt: now,
      };
    }),
  );
}

function countsOf(
  row: FollowUpRow,
  tallies: Array<{ status: string; reason: string | null; count: number }>,
  candidates: number,
): FollowUpCounts {
  const skipped = Object.fromEntries(followUpSkipReasons.map((r) => [r, 0])) as Record<
    FollowUpSkipReason,
    number
  >;
  const failures = new Map<SendErrorCode, number>();
  let sent = 0;
  let failed = 0;
  let sending = 0;
  let rows = 0;
  for (const t of tallies) {
    rows += t.count;
    if (t.status === 'sent') sent += t.count;
    else if (t.status === 'pending') sending += t.count;
    else if (t.status === 'skipped') {
      const reason = t.reason as FollowUpSkipReason;
      if (reason in skipped) skipped[reason] += t.count;
    } else if (t.status === 'failed') {
      failed += t.count;
      const code = (
        sendErrorCodes.includes(t.reason as SendErrorCode) ? t.reason : 'network'
      ) as SendErrorCode;
      failures.set(code, (failures.get(code) ?? 0) + t.count);
    }
  }
  return {
    sent,
    skipped,
    failed,
    failures: [...failures].map(([code, count]) => ({ code, count })),
    sending,
    waiting: row.status === 'scheduled' ? Math.max(0, candidates - rows) : 0,
  };
}

/** A task's follow-ups with what each did (404: not the caller's task). */
export async function taskFollowUpsView(
  db: Executor,
  userId: number,
  taskId: number,
): Promise<TaskFollowUps> {
  const task = await findOwnTask(db, userId, taskId);
  if (!task) throw notFound();
  const shop = await findShop(db, userId, task.shopId);
  const rows = await taskFollowUpRows(db, userId, taskId);
  const tallies = await sendTallies(
    db,
    rows.map((row) => row.id),
  );
  const live = rows.length ? await liveRecordCount(db, taskId) : 0;
  const list: TaskFollowUp[] = [];
  let firstSent = 0;
  for (const row of rows) {
    const own = tallies.filter((t) => t.followUpId === row.id);
    // The first step waits for every invitation that is or may become a success; the second
    // for the creators the first was sent to.
    const counts = countsOf(row, own, row.step === 1 ? live : firstSent);
    if (row.step === 1) firstSent = counts.sent;
    list.push({
      id: row.id,
      taskId: row.taskId,
      step: row.step,
      afterDays: row.afterDays,
      scriptTemplateId: row.scriptTemplateId,
      script: row.script,
      status: row.status as TaskFollowUp['status'],
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      counts,
    });
  }
  return {
    taskId,
    canFollowUp: Boolean(shop && task.channel === 'api' && shopFollowsUp(shop)),
    list,
  };
}

/**
 * Cancels a follow-up of the caller's task: creators not yet messaged never are (a message
 * being sent at this moment ends). Cancelling a cancelled one changes nothing. 404: not the
 * caller's task or follow-up.
 */
export async function cancelFollowUp(
  db: Executor,
  userId: number,
  taskId: number,
  id: number,
  now: Date,
): Promise<TaskFollowUps> {
  const row = await cancelFollowUpRow(db, userId, taskId, id, now);
  if (!row) throw notFound();
  return taskFollowUpsView(db, userId, taskId);
}

/** Why a creator is not messaged now, or null. */
async function skipReason(
  db: Executor,
  work: FollowUpWork,
  now: Date,
): Promise<FollowUpSkipReason | null> {
  if (work.repliedAt) return 'replied';
  if (work.acceptedAt) return 'accepted';
  if (work.declinedAt) return 'declined';
  const listed = await blacklistedIds(db, work.userId, [work.platformTalentId]);
  if (listed.has(work.platformTalentId)) return 'blacklisted';
  // The cool-down of a create (task-talents.ts recentlyInvited): the shop invited this talent
  // again for the task type within the cool-down, after this record (another task).
  const cooldownStart = new Date(now.getTime() - INVITE_COOLDOWN_DAYS * DAY_MS);
  const since = work.recordCreatedAt > cooldownStart ? work.recordCreatedAt : cooldownStart;
  const again = await lastInvitedSince(
    db,
    { userId: work.userId, shopId: work.shopId, taskType: work.taskType },
    [work.platformTalentId],
    since,
  );
  if (again.length) return 'cool_down';
  return null;
}

/** One claimed row: skipped, sent, failed, or left to wait. */
async function runOne(
  db: Executor,
  messenger: FollowUpMessenger,
  work: FollowUpWork,
  now: Date,
): Promise<boolean> {
  if (work.followUpStatus !== 'scheduled') {
    await dropSend(db, work.key);
    return false;
  }
  const reason = await skipReason(db, work, now);
  if (reason) {
    await finishSend(db, work.key, { status: 'skipped', reason }, now);
    return true;
  }
  const text = renderScript(work.script, {
    talentName: work.talentName,
    shopName: work.shopName,
    productNames: work.products.map((p) => p.productName),
  });
  const delivery = await messenger.send(
    {
      userId: work.userId,
      shopId: work.shopId,
      platform: work.platform,
      platformTalentId: work.platformTalentId,
      identity: work.identity,
      text,
    },
    () => markSending(db, work.key),
    now,
  );
  switch (delivery.type) {
    case 'sent':
      await finishSend(
        db,
        work.key,
        { status: 'sent', reason: null, conversationId: delivery.conversationId },
        now,
      );
      return true;
    case 'failed':
      await finishSend(
        db,
        work.key,
        { status: 'failed', reason: delivery.code, answer: delivery.answer },
        now,
      );
      return true;
    case 'no_channel':
      await finishSend(db, work.key, { status: 'skipped', reason: 'no_channel' }, now);
      return true;
    case 'later':
      await releaseSend(db, work.key, now);
      return false;
    case 'taken':
      return false;
  }
}

/**
 * One pass of the follow-ups job: rows left `sending` by a stopped pass end failed (never sent
 * twice), lapsed claims are taken again, due creators are claimed; each claimed row is then
 * skipped or sent. Safe with several replicas: a row is claimed by one (its primary key, or
 * SKIP LOCKED for a lapsed one). Answers how many rows it finished.
 */
export async function runFollowUps(
  db: Executor,
  messenger: FollowUpMessenger,
  now: Date,
): Promise<number> {
  const lapsedBefore = new Date(now.getTime() - CLAIM_MS);
  let done = await failLapsedSending(db, now, lapsedBefore);
  const keys = [
    ...(await reclaimLapsed(db, now, lapsedBefore, PASS_LIMIT)),
    ...(await claimDue(db, now, PASS_LIMIT)),
  ];
  for (const key of keys) {
    const work = await workOf(db, key);
    if (!work) continue;
    if (await runOne(db, messenger, work, now)) done++;
  }
  return done;
}
