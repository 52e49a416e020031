import type {
  PlatformAnswer,
  PlatformReference,
  SendErrorCode,
  TalentIdentity,
} from '@inviteflow/contract';
import { SEND_ERROR_MESSAGE_MAX } from '@inviteflow/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import type { SendRecordRow } from './repository.ts';
import { countStages } from './record-stages-repository.ts';
import { invitationTasks, sendRecords } from './schema.ts';

/**
 * The queries of a platform action's records (modules/platforms/actions): the server's executor
 * and the browser channel move them as the action runs. An action's talents are its open
 * records (pending or running) whose `action_id` is the action: a record deleted by the seller
 * before the call simply is not sent. The writes that make records final and settle their task
 * are action-records.ts (the settling is a rule: service.ts).
 */

const r = sendRecords;
const OPEN = sql`${r.status} in ('pending', 'running')`;

/**
 * `sentAt`: a browser got the platform's answer about the record (the daily allowance counts
 * it), written by the same UPDATE as the outcome: a second UPDATE of the same rows made a
 * second version of each row and of its index entries (`sent_at` is indexed), the report's
 * costliest statement in issue 18's bench (docs/performance.md).
 */
export type BrowserAnswerMark = { sentAt?: Date };

/** Which records an outcome is written on: these ids, or all of an action's. */
export type Chosen = { ids: readonly number[] } | { actionId: number };

/** What each outcome writes on a record. */
const outcome = {
  /** Reached the platform: what it became there; no error, no answer kept. */
  success: (reference: PlatformReference, now: Date) =>
    ({
      status: 'success',
      errorCode: null,
      errorMessage: null,
      platformReference: reference,
      platformAnswer: null,
      finishedAt: now,
      updatedAt: now,
    }) satisfies PgUpdateSetSource<typeof r>,
  /** Refused for the talent itself (or the request): the codes and the platform's answer. */
  failed: (
    failure: { code: SendErrorCode; message: string; answer: PlatformAnswer | null },
    now: Date,
  ) =>
    ({
      status: 'failed',
      errorCode: failure.code,
      errorMessage: failure.message.slice(0, SEND_ERROR_MESSAGE_MAX) || null,
      platformAnswer: failure.answer,
      finishedAt: now,
      updatedAt: now,
    }) satisfies PgUpdateSetSource<typeof r>,
  /** Not attempted: back to pending, as it was. */
  pending: (now: Date) =>
    ({ status: 'pending', updatedAt: now }) satisfies PgUpdateSetSource<typeof r>,
};

/**
 * The statement every outcome is: the chosen records still `from` (open, or running) take the
 * outcome's values, in one UPDATE … RETURNING (no lock and read of the records first; the
 * counters' trigger runs once), answering whose task each was, for the settling after.
 */
function writeOutcome(
  tx: Executor,
  chosen: Chosen,
  from: 'open' | 'running',
  values: PgUpdateSetSource<typeof r>,
) {
  return tx
    .update(r)
    .set(values)
    .where(
      and(
        'ids' in chosen ? inArray(r.id, [...chosen.ids]) : eq(r.actionId, chosen.actionId),
        from === 'open' ? OPEN : eq(r.status, 'running'),
      ),
    )
    .returning({ id: r.id, userId: r.userId, taskId: r.taskId });
}

/** The action's open records, locked, in id order. */
export async function lockActionRecords(tx: Executor, actionId: number): Promise<SendRecordRow[]> {
  return tx
    .select()
    .from(r)
    .where(and(eq(r.actionId, actionId), OPEN))
    .orderBy(asc(r.id))
    .for('update');
}

/**
 * The claimed actions' records go running, one more attempt each: one statement for the whole
 * claim (the counters' trigger runs once), answered by action, each in id order.
 */
export async function startActionRecords(
  tx: Executor,
  actionIds: readonly number[],
  now: Date,
): Promise<Map<number, SendRecordRow[]>> {
  const byAction = new Map<number, SendRecordRow[]>(actionIds.map((id) => [id, []]));
  if (!actionIds.length) return byAction;
  const rows = await tx
    .update(r)
    .set({
      status: 'running',
      claimedAt: now,
      attempts: sql`${r.attempts} + 1`,
      updatedAt: now,
    })
    .where(and(sql`${r.actionId} = any(${sql.param([...actionIds])}::bigint[])`, OPEN))
    .returning();
  for (const row of rows.sort((a, b) => a.id - b.id)) byAction.get(row.actionId!)?.push(row);
  return byAction;
}

/**
 * A run-level stop (quota, rate limit, authorization, a pause): nothing was done for them, so
 * the action's running records go back to pending, never to failed (DESIGN.md "Platforms").
 */
export async function releaseActionRecords(
  tx: Executor,
  actionId: number,
  now: Date,
): Promise<number> {
  const rows = await writeOutcome(tx, { actionId }, 'running', outcome.pending(now));
  return rows.length;
}

/**
 * Records that reached the platform (these ids, or all of an action's open ones): success, and
 * the funnel's `sent` of their tasks counted in the same transaction (issue 19). Every success
 * path (succeedRecords, succeedActionRecords, settleBrowserAnswers) writes through here, and
 * the UPDATE takes open records only, so the rows it answers are the records becoming success
 * now: each is counted once, even when two writers race (the loser's UPDATE matches nothing).
 * Counted here rather than by a trigger like send_record_counts': no migration, one upsert per
 * statement of successes (by task, in task order), and the count is written where the
 * record_stage_counts' other writer (record-stages.ts) is, in TypeScript.
 */
export async function writeSuccess(
  tx: Executor,
  chosen: Chosen,
  reference: PlatformReference,
  now: Date,
  marks: BrowserAnswerMark = {},
): Promise<Array<{ id: number; userId: number; taskId: number }>> {
  const rows = await writeOutcome(tx, chosen, 'open', {
    ...outcome.success(reference, now),
    ...marks,
  });
  await countStages(
    tx,
    rows.map((row) => ({ userId: row.userId, taskId: row.taskId, stage: 'sent' })),
  );
  return rows;
}

/** Open records the platform refused for the talent itself (or the request): failed. */
export function writeFailure(
  tx: Executor,
  ids: readonly number[],
  failure: { code: SendErrorCode; message: string; answer: PlatformAnswer | null },
  now: Date,
  marks: BrowserAnswerMark = {},
): Promise<Array<{ id: number; userId: number; taskId: number }>> {
  return writeOutcome(tx, { ids }, 'open', { ...outcome.failed(failure, now), ...marks });
}

/**
 * Records handed to an action: a task's records compiled into actions, a targeted connection
 * invitation's card after its collaboration, or a half of a split batch. They are pending
 * under it, with what the previous step made on the platform, if anything. One statement.
 */
export async function moveRecordsToActions(
  tx: Executor,
  moves: ReadonlyArray<{ recordId: number; actionId: number }>,
  reference: PlatformReference | null,
  now: Date,
): Promise<void> {
  if (!moves.length) return;
  const recordIds = moves.map((m) => m.recordId);
  const actionIds = moves.map((m) => m.actionId);
  const referenceSet = reference
    ? sql`, platform_reference = ${JSON.stringify(reference)}::jsonb`
    : sql``;
  await tx.execute(sql`
    update ${r} set action_id = v.action_id, status = 'pending', updated_at = ${now.toISOString()}::timestamptz ${referenceSet}
      from (select unnest(${sql.param(recordIds)}::bigint[]) as record_id,
                   unnest(${sql.param(actionIds)}::bigint[]) as action_id) v
     where ${r.id} = v.record_id and ${r.status} in ('pending', 'running')`);
}

/** A talent's identity completed on the platform (its handle resolved to an open id). */
export async function setRecordIdentity(
  tx: Executor,
  id: number,
  identity: TalentIdentity,
  now: Date,
): Promise<void> {
  await tx.update(r).set({ identity, updatedAt: now }).where(eq(r.id, id));
}

/** What an action sends for its task: the type, the platform terms, products and shop name. */
export async function actionTask(tx: Executor, userId: number, taskId: number) {
  const [task] = await tx
    .select({
      id: invitationTasks.id,
      taskType: invitationTasks.taskType,
      platformTerms: invitationTasks.platformTerms,
      products: invitationTasks.products,
      script: invitationTasks.script,
      shopId: invitationTasks.shopId,
      channel: invitationTasks.channel,
    })
    .from(invitationTasks)
    .where(and(eq(invitationTasks.userId, userId), eq(invitationTasks.id, taskId)));
  return task ?? null;
}

// -------------------------------------------------------------------------------------------
// Browser actions (issue 17): the extension claims a batch, reports per record, or stops.
// -------------------------------------------------------------------------------------------

/** A browser action's pending records, locked, in id order (a claim hands some of them). */
export async function lockPendingActionRecords(
  tx: Executor,
  actionId: number,
): Promise<SendRecordRow[]> {
  // SKIP LOCKED: a record another writer holds right now (an edit, a delete) is left for the
  // next claim.
  return tx
    .select()
    .from(r)
    .where(and(eq(r.actionId, actionId), eq(r.status, 'pending')))
    .orderBy(asc(r.id))
    .for('update', { skipLocked: true });
}

/**
 * How many of an action's records are pending and running, read without a lock: the
 * writers that decide an action's state hold the action's row, and a record's writer locks
 * the record first, so locking records here could wait on each other.
 */
export async function actionOpenCounts(
  tx: Executor,
  actionId: number,
): Promise<{ pending: number; running: number }> {
  const [row] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${r.status} = 'pending')::int`,
      running: sql<number>`count(*) filter (where ${r.status} = 'running')::int`,
    })
    .from(r)
    .where(and(eq(r.actionId, actionId), OPEN));
  return { pending: Number(row?.pending ?? 0), running: Number(row?.running ?? 0) };
}

/** The action's running records (those handed to the browser that holds it), locked. */
export async function lockRunningActionRecords(
  tx: Executor,
  actionId: number,
): Promise<SendRecordRow[]> {
  return tx
    .select()
    .from(r)
    .where(and(eq(r.actionId, actionId), eq(r.status, 'running')))
    .orderBy(asc(r.id))
    .for('update');
}

/** Records handed to a browser: running, one more attempt each. */
export async function startRecords(tx: Executor, ids: readonly number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(r)
    .set({ status: 'running', claimedAt: now, attempts: sql`${r.attempts} + 1`, updatedAt: now })
    .where(and(inArray(r.id, [...ids]), eq(r.status, 'pending')));
}

/** Records not attempted (a stop, a reconcile that found nothing sent): back to pending. */
export async function releaseRecords(
  tx: Executor,
  ids: readonly number[],
  now: Date,
): Promise<number> {
  if (!ids.length) return 0;
  const rows = await writeOutcome(tx, { ids }, 'running', outcome.pending(now));
  return rows.length;
}

/** The platform answered about these records (sent or refused): the daily allowance counts them. */
export async function markRecordsSent(
  tx: Executor,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(r)
    .set({ sentAt: now })
    .where(inArray(r.id, [...ids]));
}

/**
 * The daily allowance's two numbers for an account: records a browser got an answer about
 * since `since` (the shop's day start), and records handed to browsers not answered yet
 * (running, or in doubt in an `unknown` action: counted, they may have been sent).
 */
export async function browserAllowanceUse(
  tx: Executor,
  userId: number,
  since: Date,
): Promise<{ used: number; reserved: number }> {
  const [row] = await tx
    .select({
      used: sql<number>`count(*) filter (where ${r.sentAt} >= ${since.toISOString()}::timestamptz)::int`,
      reserved: sql<number>`count(*) filter (where ${r.status} = 'running' and ${r.channel} = 'browser' and ${r.actionId} is not null)::int`,
    })
    .from(r)
    .where(
      and(
        eq(r.userId, userId),
        sql`(${r.sentAt} >= ${since.toISOString()}::timestamptz or ${r.status} = 'running')`,
      ),
    );
  return { used: Number(row?.used ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** An action's records by outcome (all of them, final or not). */
export async function actionRecordStatusCounts(
  tx: Executor,
  actionId: number,
): Promise<{ total: number; success: number }> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      success: sql<number>`count(*) filter (where ${r.status} = 'success')::int`,
    })
    .from(r)
    .where(eq(r.actionId, actionId));
  return { total: Number(row?.total ?? 0), success: Number(row?.success ?? 0) };
}

// -------------------------------------------------------------------------------------------
// Records of the retired record-by-record claim (platforms/actions/browser-legacy.ts)
// -------------------------------------------------------------------------------------------

/** An open browser record without an action, not held by a live lease of the old claim. */
function adoptable(now: Date) {
  return and(
    isNull(r.actionId),
    eq(r.channel, 'browser'),
    or(
      eq(r.status, 'pending'),
      and(eq(r.status, 'running'), or(isNull(r.leasedUntil), lt(r.leasedUntil, now))),
    ),
  );
}

/** Up to `limit` tasks with records a browser action should adopt (see `adoptable`). */
export async function tasksWithLegacyBrowserRecords(
  db: Database,
  now: Date,
  limit: number,
): Promise<Array<{ userId: number; taskId: number }>> {
  return db
    .selectDistinct({ userId: r.userId, taskId: r.taskId })
    .from(r)
    .where(adoptable(now))
    .limit(limit);
}

/** The task's records to adopt, locked (SKIP LOCKED: another replica's pass), in id order. */
export async function lockLegacyBrowserRecords(
  tx: Executor,
  taskId: number,
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.taskId, taskId), adoptable(now)))
    .orderBy(asc(r.id))
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/** Records adopted by a browser action: pending under it, the old claim's lease gone. */
export async function adoptRecords(
  tx: Executor,
  actionId: number,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  await tx
    .update(r)
    .set({ actionId, status: 'pending', leaseId: null, leasedUntil: null, updatedAt: now })
    .where(inArray(r.id, [...ids]));
}
