import {
  identityOf,
  recordStageTimes,
  type TalentIdentity,
  sendRecordStatuses,
  type SendRecord,
  type SendRecordFilters,
  type SendRecordStatus,
} from '@inviteflow/contract';
import { and, asc, desc, eq, gt, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  invitationTasks,
  sendRecordCounts,
  sendRecordDays,
  sendRecordFailures,
  sendRecords,
} from './schema.ts';
import { countExactly, countWithinBudget, type CountResult } from '../../lib/counting.ts';
import type { Position, SortOrder } from '../../lib/keyset.ts';
import { amongIds, likeContains } from '../../lib/sql.ts';

const r = sendRecords;

export type SendRecordRow = typeof sendRecords.$inferSelect;
export type SendRecordValues = Omit<typeof sendRecords.$inferInsert, 'id'>;

/** Writes a task (its records follow, insertTaskRecords); returns its id. */
export async function insertTask(
  tx: Executor,
  values: Omit<typeof invitationTasks.$inferInsert, 'id'>,
): Promise<number> {
  const [task] = await tx
    .insert(invitationTasks)
    .values(values)
    .returning({ id: invitationTasks.id });
  return task!.id;
}

/** What every record of a task shares. */
export interface TaskRecordsShared {
  userId: number;
  taskId: number;
  shopId: number;
  shopName: string;
  taskType: string;
  contentType: string;
  filterType: string;
  setName: string;
  products: Array<{ productId: string; productName: string }>;
  channel: string;
  now: Date;
}

/** What is each talent's own on its record. */
export interface TaskRecordOwn {
  talentId: number | null;
  talentName: string;
  platform: string;
  platformTalentId: string;
  identity: TalentIdentity | null;
  message: string;
  /** The platform action that carries it (a shop connected by authorization), else null. */
  actionId: number | null;
}

/**
 * Writes records of a task in one statement: what they share once, what is each one's as
 * arrays (unnest), in the given order (their ids follow it). A statement of this shape costs
 * the server a fraction of a multi-row VALUES built by the query builder (20 columns × 500
 * rows of parameters), which was most of a 5,000-record create's CPU.
 */
export async function insertTaskRecords(
  tx: Executor,
  shared: TaskRecordsShared,
  own: readonly TaskRecordOwn[],
): Promise<void> {
  if (!own.length) return;
  const at = shared.now.toISOString();
  const column = <T>(pick: (o: TaskRecordOwn) => T) => sql.param(own.map(pick));
  await tx.execute(sql`
    insert into ${r} (user_id, task_id, shop_id, shop_name, task_type, content_type, filter_type,
                      set_name, products, channel, created_at, updated_at, talent_id, talent_name,
                      platform, platform_talent_id, identity, message, action_id)
    select ${shared.userId}::int, ${shared.taskId}::bigint, ${shared.shopId}::int,
           ${shared.shopName}::text, ${shared.taskType}::text, ${shared.contentType}::text,
           ${shared.filterType}::text, ${shared.setName}::text,
           ${JSON.stringify(shared.products)}::jsonb, ${shared.channel}::text,
           ${at}::timestamptz, ${at}::timestamptz,
           t.talent_id, t.talent_name, t.platform, t.platform_talent_id, t.identity::jsonb,
           t.message, t.action_id
      from unnest(${column((o) => o.talentId)}::bigint[], ${column((o) => o.talentName)}::text[],
                  ${column((o) => o.platform)}::text[], ${column((o) => o.platformTalentId)}::text[],
                  ${column((o) => (o.identity ? JSON.stringify(o.identity) : null))}::text[],
                  ${column((o) => o.message)}::text[], ${column((o) => o.actionId)}::bigint[])
           with ordinality
        as t(talent_id, talent_name, platform, platform_talent_id, identity, message, action_id, n)
     order by t.n`);
}

/** The sort of the list (created time, then id), as cursors name it. */
export const RECORD_SORT = 'createdAt';

/**
 * The WHERE of a record query: the owner first (every index starts with it), then each
 * filter of the search form. Every filter column is carried by the list's covering
 * index, so filtering reads no table rows.
 */
export function recordConditions(userId: number, f: SendRecordFilters): SQL {
  const conditions: Array<SQL | undefined> = [eq(r.userId, userId)];
  if (f.talentName) {
    conditions.push(sql`lower(${r.talentName}) like lower(${likeContains(f.talentName)})`);
  }
  if (f.shopId !== undefined) conditions.push(eq(r.shopId, f.shopId));
  if (f.taskType) conditions.push(eq(r.taskType, f.taskType));
  if (f.contentType) conditions.push(eq(r.contentType, f.contentType));
  if (f.filterType) conditions.push(eq(r.filterType, f.filterType));
  if (f.status) conditions.push(eq(r.status, f.status));
  // "Reached this stage": its time is set, whatever stage came after (record-stages.ts).
  if (f.stage) conditions.push(isNotNull(r[recordStageTimes[f.stage]]));
  if (f.taskId !== undefined) conditions.push(eq(r.taskId, f.taskId));
  if (f.createdFrom) conditions.push(gte(r.createdAt, new Date(f.createdFrom)));
  if (f.createdTo) conditions.push(lte(r.createdAt, new Date(f.createdTo)));
  return and(...conditions)!;
}

const timeKey = sql<string>`to_char(${r.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Records in (created time, id) order, after a boundary row or from a bounded offset: a
 * range scan of the covering index for the page's ids, then those rows only, in one
 * statement.
 */
export async function walkRecords(
  db: Executor,
  userId: number,
  filters: SendRecordFilters,
  walk: { order: SortOrder; limit: number; after?: Position; offset?: number },
): Promise<Array<SendRecordRow & { position: Position }>> {
  const direction = walk.order === 'asc' ? asc : desc;
  const after = walk.after
    ? walk.order === 'asc'
      ? sql`(${r.createdAt}, ${r.id}) > (${walk.after.value}::timestamptz, ${walk.after.id}::bigint)`
      : sql`(${r.createdAt}, ${r.id}) < (${walk.after.value}::timestamptz, ${walk.after.id}::bigint)`
    : undefined;
  let ids = db
    .select({ id: r.id })
    .from(r)
    .where(and(recordConditions(userId, filters), after))
    .orderBy(direction(r.createdAt), direction(r.id))
    .limit(walk.limit)
    .$dynamic();
  if (walk.offset) ids = ids.offset(walk.offset);
  const rows = await db
    .select({ row: r, key: timeKey })
    .from(r)
    .where(and(eq(r.userId, userId), amongIds(r.id, ids)))
    .orderBy(direction(r.createdAt), direction(r.id));
  return rows.map(({ row, key }) => ({ ...row, position: { value: key, id: row.id } }));
}

/** Records per status now, from the counts the triggers keep. */
export async function countsByStatus(
  db: Executor,
  userId: number,
): Promise<Record<SendRecordStatus, number>> {
  const rows = await db
    .select({ status: sendRecordCounts.status, total: sendRecordCounts.total })
    .from(sendRecordCounts)
    .where(eq(sendRecordCounts.userId, userId));
  const counts = Object.fromEntries(sendRecordStatuses.map((s) => [s, 0])) as Record<
    SendRecordStatus,
    number
  >;
  for (const row of rows) {
    if (row.status in counts) counts[row.status as SendRecordStatus] = Number(row.total);
  }
  return counts;
}

function isUnfiltered(filters: SendRecordFilters, except?: keyof SendRecordFilters): boolean {
  return Object.entries(filters).every(([key, value]) => key === except || value === undefined);
}

/**
 * The total of a filter: exact from the kept counts for the whole account or one
 * status; otherwise counted within the budget, or estimated beyond it.
 */
export async function countRecords(
  db: Database,
  userId: number,
  filters: SendRecordFilters,
): Promise<CountResult> {
  if (isUnfiltered(filters, 'status')) {
    const counts = await countsByStatus(db, userId);
    const total = filters.status
      ? counts[filters.status]
      : Object.values(counts).reduce((a, b) => a + b, 0);
    return { total, exact: true };
  }
  const whole = async () =>
    Object.values(await countsByStatus(db, userId)).reduce((a, b) => a + b, 0);
  return countWithinBudget(db, r, recordConditions(userId, filters), whole);
}

/** The exact number of records a filter matches, however long it takes (an export's progress bar). */
export async function countRecordsExactly(
  db: Database,
  userId: number,
  filters: SendRecordFilters,
): Promise<number> {
  return countExactly(db, r, recordConditions(userId, filters));
}

export async function findRecord(
  db: Executor,
  userId: number,
  id: number,
): Promise<SendRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.id, id)))
    .limit(1);
  return row;
}

export async function lockRecord(
  tx: Executor,
  userId: number,
  id: number,
): Promise<SendRecordRow | undefined> {
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.id, id)))
    .for('update');
  return row;
}

export async function updateRecord(
  tx: Executor,
  userId: number,
  id: number,
  values: Partial<SendRecordValues>,
): Promise<SendRecordRow> {
  const [row] = await tx
    .update(r)
    .set(values)
    .where(and(eq(r.userId, userId), eq(r.id, id)))
    .returning();
  return row!;
}

export function toSendRecord(row: SendRecordRow): SendRecord {
  return {
    id: row.id,
    taskId: row.taskId,
    shopId: row.shopId,
    shopName: row.shopName,
    talentId: row.talentId,
    talentName: row.talentName,
    platform: row.platform as SendRecord['platform'],
    platformTalentId: row.platformTalentId,
    // Records made before identities were kept know the talent ID only.
    identity:
      row.identity ??
      identityOf({
        platform: row.platform,
        platformTalentId: row.platformTalentId,
        creatorOpenId: null,
        buyinId: null,
        buyinUid: null,
      }),
    taskType: row.taskType as SendRecord['taskType'],
    contentType: row.contentType as SendRecord['contentType'],
    filterType: row.filterType as SendRecord['filterType'],
    setName: row.setName,
    message: row.message,
    products: row.products,
    status: row.status as SendRecordStatus,
    errorCode: row.errorCode as SendRecord['errorCode'],
    errorMessage: row.errorMessage,
    attempts: row.attempts,
    channel: row.channel as SendRecord['channel'],
    platformReference: row.platformReference ?? null,
    platformAnswer: row.platformAnswer ?? null,
    leasedUntil: row.leasedUntil?.toISOString() ?? null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    stage: (row.stage as SendRecord['stage']) ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    declinedAt: row.declinedAt?.toISOString() ?? null,
    expiredAt: row.expiredAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    sampleRequestedAt: row.sampleRequestedAt?.toISOString() ?? null,
    contentPostedAt: row.contentPostedAt?.toISOString() ?? null,
    firstOrderAt: row.firstOrderAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether the account ever created a record (the daily rollups keep every creation). */
export async function hasCreatedRecords(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ day: sendRecordDays.day })
    .from(sendRecordDays)
    .where(and(eq(sendRecordDays.userId, userId), sql`${sendRecordDays.created} > 0`))
    .limit(1);
  return rows.length > 0;
}

// The per-day counters (send_record_days, send_record_failures: kept by triggers, see
// schema.ts), read by the daily allowance, the workplace's stats and the extension's summary.

/** Records created on an account's day (deleted ones too: the daily cap counts what was created). */
export async function createdOn(db: Executor, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ created: sendRecordDays.created })
    .from(sendRecordDays)
    .where(and(eq(sendRecordDays.userId, userId), eq(sendRecordDays.day, day)));
  return row?.created ?? 0;
}

/** Records that finished on an account's day, as success and as failed. */
export async function finishedOn(
  db: Executor,
  userId: number,
  day: string,
): Promise<{ succeeded: number; failed: number }> {
  const [row] = await db
    .select({ succeeded: sendRecordDays.succeeded, failed: sendRecordDays.failed })
    .from(sendRecordDays)
    .where(and(eq(sendRecordDays.userId, userId), eq(sendRecordDays.day, day)));
  return { succeeded: row?.succeeded ?? 0, failed: row?.failed ?? 0 };
}

/** The account's days from `first` (YYYY-MM-DD) on that have a row, oldest first. */
export async function daysFrom(db: Executor, userId: number, first: string) {
  return db
    .select()
    .from(sendRecordDays)
    .where(and(eq(sendRecordDays.userId, userId), gte(sendRecordDays.day, first)))
    .orderBy(asc(sendRecordDays.day));
}

/** Failed records per error code on the account's days from `first` on. */
export async function failuresFrom(
  db: Executor,
  userId: number,
  first: string,
): Promise<Array<{ errorCode: string; count: number }>> {
  return db
    .select({
      errorCode: sendRecordFailures.errorCode,
      count: sql<number>`sum(${sendRecordFailures.total})::int`,
    })
    .from(sendRecordFailures)
    .where(and(eq(sendRecordFailures.userId, userId), gte(sendRecordFailures.day, first)))
    .groupBy(sendRecordFailures.errorCode);
}

/**
 * When each of these platform talent ids was last given a record for this shop and task type
 * since `since` (the cool-down check, on send_records_cooldown_idx).
 */
export async function lastInvitedSince(
  db: Executor,
  /** Without a task type: the last invitation of any type (Find creators' marks). */
  scope: { userId: number; shopId: number; taskType?: string },
  platformTalentIds: readonly string[],
  since: Date,
): Promise<Array<{ platform: string; platformTalentId: string; last: string }>> {
  return db
    .select({
      platform: r.platform,
      platformTalentId: r.platformTalentId,
      last: sql<string>`max(${r.createdAt})`,
    })
    .from(r)
    .where(
      and(
        eq(r.userId, scope.userId),
        eq(r.shopId, scope.shopId),
        sql`${r.platformTalentId} = any(${sql.param([...platformTalentIds])}::text[])`,
        scope.taskType === undefined ? undefined : eq(r.taskType, scope.taskType),
        gt(r.createdAt, since),
      ),
    )
    .groupBy(r.platform, r.platformTalentId);
}

/** Locks the task's row: writers of a task's records take it first (one lock order). */
export async function lockTaskRow(tx: Executor, userId: number, taskId: number): Promise<void> {
  await tx
    .select({ id: invitationTasks.id })
    .from(invitationTasks)
    .where(and(eq(invitationTasks.userId, userId), eq(invitationTasks.id, taskId)))
    .for('update');
}

/** The task's row, locked, with what settling it needs (undefined: not the caller's). */
export async function lockTaskForSettle(tx: Executor, userId: number, taskId: number) {
  const [task] = await tx
    .select({
      id: invitationTasks.id,
      setName: invitationTasks.setName,
      shopId: invitationTasks.shopId,
      failureNotifiedAt: invitationTasks.failureNotifiedAt,
    })
    .from(invitationTasks)
    .where(and(eq(invitationTasks.userId, userId), eq(invitationTasks.id, taskId)))
    .for('update');
  return task;
}

/** Whether any record of the task is still open (the index send_records_task_status_idx). */
export async function hasOpenRecords(tx: Executor, taskId: number): Promise<boolean> {
  const [open] = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.taskId, taskId), sql`${r.status} in ('pending', 'running')`))
    .limit(1);
  return Boolean(open);
}

/** The task's records by state: open, failed, all, and a shop name among them. */
export async function taskTally(tx: Executor, userId: number, taskId: number) {
  const [tally] = await tx
    .select({
      open: sql<number>`(count(*) filter (where ${r.status} in ('pending', 'running')))::int`,
      failed: sql<number>`(count(*) filter (where ${r.status} = 'failed'))::int`,
      total: sql<number>`count(*)::int`,
      shopName: sql<string>`min(${r.shopName})`,
    })
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.taskId, taskId)));
  return tally;
}

export async function markTaskFailureNotified(
  tx: Executor,
  taskId: number,
  now: Date,
): Promise<void> {
  await tx
    .update(invitationTasks)
    .set({ failureNotifiedAt: now })
    .where(eq(invitationTasks.id, taskId));
}

export async function deleteRecordRow(tx: Executor, userId: number, id: number): Promise<void> {
  await tx.delete(r).where(and(eq(r.userId, userId), eq(r.id, id)));
}
