import type { PlatformAnswer, TalentIdentity } from '@inviteflow/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  followUpSends as s,
  invitationTasks,
  sendRecords as r,
  taskFollowUps as f,
} from './schema.ts';

/**
 * The queries of follow-ups for non-responders (follow-ups.ts): a task's follow-ups, what each
 * did per record (follow_up_sends), and the job's claims. A follow_up_sends row is the claim:
 * its primary key (follow-up, record) lets one replica write it, once, so a follow-up never
 * messages a creator twice.
 */

export type FollowUpRow = typeof f.$inferSelect;

/** Which follow_up_sends row. */
export interface SendKey {
  followUpId: number;
  recordId: number;
}

export async function insertFollowUps(
  tx: Executor,
  rows: ReadonlyArray<Omit<typeof f.$inferInsert, 'id'>>,
): Promise<void> {
  if (rows.length) await tx.insert(f).values([...rows]);
}

/** The caller's task: its shop and channel (undefined: not the caller's). */
export async function findOwnTask(db: Executor, userId: number, taskId: number) {
  const [task] = await db
    .select({
      id: invitationTasks.id,
      shopId: invitationTasks.shopId,
      channel: invitationTasks.channel,
    })
    .from(invitationTasks)
    .where(and(eq(invitationTasks.userId, userId), eq(invitationTasks.id, taskId)));
  return task;
}

export async function taskFollowUpRows(
  db: Executor,
  userId: number,
  taskId: number,
): Promise<FollowUpRow[]> {
  return db
    .select()
    .from(f)
    .where(and(eq(f.userId, userId), eq(f.taskId, taskId)))
    .orderBy(f.step);
}

/** How many follow_up_sends rows each follow-up has, per status and reason. */
export async function sendTallies(
  db: Executor,
  followUpIds: readonly number[],
): Promise<Array<{ followUpId: number; status: string; reason: string | null; count: number }>> {
  if (!followUpIds.length) return [];
  return db
    .select({
      followUpId: s.followUpId,
      status: s.status,
      reason: s.reason,
      count: sql<number>`count(*)::int`,
    })
    .from(s)
    .where(sql`${s.followUpId} = any(${sql.param([...followUpIds])}::bigint[])`)
    .groupBy(s.followUpId, s.status, s.reason);
}

/** The task's records that are or may still become invitations (not failed). */
export async function liveRecordCount(db: Executor, taskId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(r)
    .where(and(eq(r.taskId, taskId), sql`${r.status} <> 'failed'`));
  return row?.count ?? 0;
}

/** Cancels a scheduled follow-up of the caller's task (a cancelled one stays as it is). */
export async function cancelFollowUpRow(
  db: Executor,
  userId: number,
  taskId: number,
  id: number,
  now: Date,
): Promise<FollowUpRow | undefined> {
  await db
    .update(f)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(eq(f.userId, userId), eq(f.taskId, taskId), eq(f.id, id), eq(f.status, 'scheduled')),
    );
  const [row] = await db
    .select()
    .from(f)
    .where(and(eq(f.userId, userId), eq(f.taskId, taskId), eq(f.id, id)));
  return row;
}

/**
 * Claims due work: one pending row per (scheduled follow-up, record) that is due — the
 * record succeeded `afterDays` days ago or more, and for a second step the first was sent to
 * it — and has no row yet. `on conflict do nothing`: of two replicas, one writes each row and
 * only the writer gets it back.
 */
export async function claimDue(db: Executor, now: Date, limit: number): Promise<SendKey[]> {
  const rows = await db.execute(sql`
    insert into follow_up_sends (follow_up_id, record_id, user_id, status, created_at)
    select fu.id, rec.id, rec.user_id, 'pending', ${now.toISOString()}::timestamptz
    from task_follow_ups fu
    join send_records rec on rec.task_id = fu.task_id and rec.status = 'success'
    where fu.status = 'scheduled'
      and rec.finished_at <= ${now.toISOString()}::timestamptz - make_interval(days => fu.after_days)
      and not exists (
        select 1 from follow_up_sends done
        where done.follow_up_id = fu.id and done.record_id = rec.id)
      and (fu.step = 1 or exists (
        select 1 from task_follow_ups first
        join follow_up_sends sent on sent.follow_up_id = first.id
        where first.task_id = fu.task_id and first.step = 1
          and sent.record_id = rec.id and sent.status = 'sent'))
    order by fu.id, rec.id
    limit ${limit}
    on conflict do nothing
    returning follow_up_id, record_id`);
  return keysOf(rows);
}

function keysOf(result: unknown): SendKey[] {
  const rows = (
    result as { rows: Array<{ follow_up_id: string | number; record_id: string | number }> }
  ).rows;
  return rows.map((row) => ({
    followUpId: Number(row.follow_up_id),
    recordId: Number(row.record_id),
  }));
}

/**
 * Pending rows whose claim lapsed (`before`): their pass stopped, or a stop of the shop left
 * them to wait. Not yet sending (`reason` null): claimed again, under SKIP LOCKED so two
 * replicas take different rows. Returns them.
 */
export async function reclaimLapsed(
  db: Executor,
  now: Date,
  before: Date,
  limit: number,
): Promise<SendKey[]> {
  const rows = await db.execute(sql`
    update follow_up_sends u set created_at = ${now.toISOString()}::timestamptz
    from (
      select follow_up_id, record_id from follow_up_sends
      where status = 'pending' and reason is null and created_at < ${before.toISOString()}::timestamptz
      order by created_at
      limit ${limit}
      for update skip locked
    ) lapsed
    where u.follow_up_id = lapsed.follow_up_id and u.record_id = lapsed.record_id
    returning u.follow_up_id, u.record_id`);
  return keysOf(rows);
}

/**
 * Rows left `sending` by a pass that stopped during the message call: whether the creator got
 * it is unknown, so they are never sent again; they end failed (`network`).
 */
export async function failLapsedSending(db: Executor, now: Date, before: Date): Promise<number> {
  const rows = await db
    .update(s)
    .set({ status: 'failed', reason: 'network', finishedAt: now })
    .where(
      and(
        eq(s.status, 'pending'),
        eq(s.reason, 'sending'),
        sql`${s.createdAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .returning({ followUpId: s.followUpId });
  return rows.length;
}

/** What sending a claimed row needs: the follow-up, and its record as it is now. */
export interface FollowUpWork {
  key: SendKey;
  followUpStatus: string;
  script: string;
  userId: number;
  shopId: number;
  shopName: string;
  talentName: string;
  platform: string;
  platformTalentId: string;
  taskType: string;
  identity: TalentIdentity | null;
  products: Array<{ productId: string; productName: string }>;
  recordCreatedAt: Date;
  repliedAt: Date | null;
  acceptedAt: Date | null;
  declinedAt: Date | null;
}

export async function workOf(db: Executor, key: SendKey): Promise<FollowUpWork | undefined> {
  const [row] = await db
    .select({
      followUpStatus: f.status,
      script: f.script,
      userId: r.userId,
      shopId: r.shopId,
      shopName: r.shopName,
      talentName: r.talentName,
      platform: r.platform,
      platformTalentId: r.platformTalentId,
      taskType: r.taskType,
      identity: r.identity,
      products: r.products,
      recordCreatedAt: r.createdAt,
      repliedAt: r.repliedAt,
      acceptedAt: r.acceptedAt,
      declinedAt: r.declinedAt,
    })
    .from(f)
    .innerJoin(r, eq(r.id, key.recordId))
    .where(eq(f.id, key.followUpId));
  return row && { key, ...row };
}

const keyIs = (key: SendKey) => and(eq(s.followUpId, key.followUpId), eq(s.recordId, key.recordId));

/**
 * Marks the row as being sent, just before the call that messages the creator: false when it
 * is no longer a pending row nobody sends (another pass took it).
 */
export async function markSending(db: Executor, key: SendKey): Promise<boolean> {
  const rows = await db
    .update(s)
    .set({ reason: 'sending' })
    .where(and(keyIs(key), eq(s.status, 'pending'), sql`${s.reason} is null`))
    .returning({ recordId: s.recordId });
  return rows.length > 0;
}

/** Ends a pending row: sent (its conversation), skipped (why) or failed (a standard code). */
export async function finishSend(
  db: Executor,
  key: SendKey,
  values: {
    status: 'sent' | 'skipped' | 'failed';
    reason: string | null;
    conversationId?: string | null;
    answer?: PlatformAnswer | null;
  },
  now: Date,
): Promise<void> {
  await db
    .update(s)
    .set({
      status: values.status,
      reason: values.reason,
      conversationId: values.conversationId ?? null,
      answer: values.answer ?? null,
      finishedAt: now,
    })
    .where(and(keyIs(key), eq(s.status, 'pending')));
}

/** A pending row not sent (a stop of the shop): waits until its claim lapses, then again. */
export async function releaseSend(db: Executor, key: SendKey, now: Date): Promise<void> {
  await db
    .update(s)
    .set({ reason: null, createdAt: now })
    .where(and(keyIs(key), eq(s.status, 'pending')));
}

/** Drops a pending row whose follow-up was cancelled meanwhile (nothing was sent). */
export async function dropSend(db: Executor, key: SendKey): Promise<void> {
  await db.delete(s).where(and(keyIs(key), eq(s.status, 'pending')));
}
