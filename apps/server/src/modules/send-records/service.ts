import {
  FINDINGS_LISTED_MAX,
  INVITE_COOLDOWN_DAYS,
  SEND_TASK_TALENTS_MAX,
  nothingToInvite,
  renderScript,
  talentFilters,
  type CooldownTalent,
  type FilterType,
  type SendPreviewData,
  type SendTaskResult,
  type TalentFilters,
  type TalentRef,
  type TaskType,
  type sendPreviewBody,
  type sendRecordEditBody,
  type sendTaskBody,
} from '@inviteflow/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import {
  invitationTasks,
  productTemplates,
  scriptTemplates,
  sendRecordDays,
  sendRecords,
  talents,
} from '../../db/schema.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { blacklistedIds, lockBlacklistDecisions } from '../blacklist/service.ts';
import { postInboxMessage } from '../inbox/post.ts';
import { membershipState, type MembershipState } from '../membership/state.ts';
import { findShop, type ShopRow } from '../shops/repository.ts';
import { expireBeyondLimit, planNameKey } from '../shops/service.ts';
import { talentConditions } from '../talents/filters.ts';
import { countTalents } from '../talents/repository.ts';
import { lockAccount } from '../user/repository.ts';
import { accountDay, dayEndsAt, dayZoneFor } from '../user/time-zone.ts';
import {
  lockRecord,
  updateRecord,
  type SendRecordRow,
  type SendRecordValues,
} from './repository.ts';

/**
 * Invitation tasks: the talents a task picks, what stands in their way (the blacklist,
 * the cool-down, the daily cap), and the records it becomes. A create takes the account
 * lock, so the daily cap holds under parallel requests, and the blacklist's lock, so a
 * talent blacklisted at the same moment is either refused here or skipped at claim.
 */

export type PreviewInput = z.output<typeof sendPreviewBody>;
export type TaskInput = z.output<typeof sendTaskBody>;

const DAY_MS = 86_400_000;
/** Rules with no filter: the whole library. */
const noRules: TalentFilters = talentFilters.parse({});
/** Records written per statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

export interface PickedTalent extends TalentRef {
  talentId: number | null;
}

/** The account's day the daily cap counts `now` in (user/time-zone.ts): which, in what zone, until when. */
export interface InvitationDay {
  /** YYYY-MM-DD */
  day: string;
  timeZone: string;
  endsAt: Date;
  /** After a change of zone: today is held until then (user/time-zone.ts); else null. */
  zoneFrom: Date | null;
}

export async function invitationDay(
  db: Executor,
  userId: number,
  now: Date,
): Promise<InvitationDay> {
  const zone = await dayZoneFor(db, userId);
  return {
    day: accountDay(zone, now),
    timeZone: zone.timeZone,
    endsAt: dayEndsAt(zone, now),
    zoneFrom: zone.dayZoneFrom && zone.dayZoneFrom > now ? zone.dayZoneFrom : null,
  };
}

/** Records created on a day (deleted ones too: the cap counts what was created). */
export async function createdOn(db: Executor, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ created: sendRecordDays.created })
    .from(sendRecordDays)
    .where(and(eq(sendRecordDays.userId, userId), eq(sendRecordDays.day, day)));
  return row?.created ?? 0;
}

export interface DailyAllowance extends InvitationDay {
  cap: number;
  used: number;
  remaining: number;
}

export async function dailyAllowance(
  db: Executor,
  userId: number,
  now: Date,
  state: MembershipState,
): Promise<DailyAllowance> {
  const today = await invitationDay(db, userId, now);
  const used = await createdOn(db, userId, today.day);
  const cap = state.dailyInvitationCap;
  return { ...today, cap, used, remaining: Math.max(0, cap - used) };
}

const talentColumns = {
  id: talents.id,
  name: talents.name,
  platform: talents.platform,
  platformTalentId: talents.platformTalentId,
};

function asRef(row: { id: number; name: string; platform: string; platformTalentId: string }) {
  return {
    id: row.id,
    talentId: row.id,
    name: row.name,
    platform: row.platform as TalentRef['platform'],
    platformTalentId: row.platformTalentId,
  };
}

/**
 * The talents a task picks, in order: the seller's own picks (all of them must be the
 * caller's, else 404 and nothing happens), or the talents matching the rules, newest
 * added first, at most `maxCount`.
 */
export async function pickTalents(
  db: Executor,
  /** Counts the matches for the refusal of too many (outside any transaction). */
  counter: { db: Database; kind: 'pglite' | 'postgres' },
  userId: number,
  pick: {
    filterType: FilterType;
    talentIds?: number[] | undefined;
    rules?: TalentFilters | undefined;
    maxCount?: number | undefined;
  },
): Promise<PickedTalent[]> {
  if (pick.filterType === 'manual') {
    const ids = pick.talentIds ?? [];
    const rows = await db
      .select(talentColumns)
      .from(talents)
      .where(
        and(eq(talents.userId, userId), sql`${talents.id} = any(${sql.param(ids)}::bigint[])`),
      );
    if (rows.length !== ids.length) throw new AppError(404, 'error.talentsNotFound');
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => asRef(byId.get(id)!));
  }
  const rules = pick.rules ?? noRules;
  const limit = Math.min(pick.maxCount ?? SEND_TASK_TALENTS_MAX, SEND_TASK_TALENTS_MAX);
  const rows = await db
    .select(talentColumns)
    .from(talents)
    .where(talentConditions(userId, rules))
    .orderBy(desc(talents.addedAt), desc(talents.id))
    .limit(limit + 1);
  if (rows.length > limit && pick.maxCount === undefined) {
    const { total } = await countTalents(counter.db, counter.kind, userId, rules);
    throw unprocessable('error.sendTooManyMatches', {
      count: Math.max(total, rows.length),
      max: SEND_TASK_TALENTS_MAX,
    });
  }
  return rows.slice(0, limit).map(asRef);
}

/** When each of these talents was last given a record for this shop and task type, within the cool-down. */
export async function recentlyInvited(
  db: Executor,
  userId: number,
  shopId: number,
  taskType: TaskType,
  picked: readonly PickedTalent[],
  now: Date,
): Promise<Map<string, Date>> {
  if (!picked.length) return new Map();
  const since = new Date(now.getTime() - INVITE_COOLDOWN_DAYS * DAY_MS);
  const rows = await db
    .select({
      platform: sendRecords.platform,
      platformTalentId: sendRecords.platformTalentId,
      last: sql<string>`max(${sendRecords.createdAt})`,
    })
    .from(sendRecords)
    .where(
      and(
        eq(sendRecords.userId, userId),
        eq(sendRecords.shopId, shopId),
        sql`${sendRecords.platformTalentId} = any(${sql.param([...new Set(picked.map((t) => t.platformTalentId))])}::text[])`,
        eq(sendRecords.taskType, taskType),
        gt(sendRecords.createdAt, since),
      ),
    )
    .groupBy(sendRecords.platform, sendRecords.platformTalentId);
  return new Map(
    rows.map((row) => [`${row.platform}|${row.platformTalentId}`, new Date(row.last)]),
  );
}

const identityKey = (t: { platform: string; platformTalentId: string }) =>
  `${t.platform}|${t.platformTalentId}`;

export interface Findings {
  picked: PickedTalent[];
  blacklisted: PickedTalent[];
  cooldown: Array<PickedTalent & { lastInvitedAt: Date }>;
}

/** What stands in the way of each picked talent: the blacklist (its one place) and the cool-down. */
export async function findings(
  db: Executor,
  userId: number,
  shopId: number,
  taskType: TaskType,
  picked: PickedTalent[],
  now: Date,
): Promise<Findings> {
  const listed = await blacklistedIds(
    db,
    userId,
    picked.map((t) => t.platformTalentId),
  );
  const blacklisted = picked.filter((t) => listed.has(t.platformTalentId));
  const allowed = picked.filter((t) => !listed.has(t.platformTalentId));
  const recent = await recentlyInvited(db, userId, shopId, taskType, allowed, now);
  const cooldown = allowed.flatMap((t) => {
    const last = recent.get(identityKey(t));
    return last ? [{ ...t, lastInvitedAt: last }] : [];
  });
  return { picked, blacklisted, cooldown };
}

/** The talents a create invites: never the blacklisted, and the cool-down ones only when asked. */
export function toInvite(found: Findings, cooldown: 'skip' | 'include'): PickedTalent[] {
  const blocked = new Set(found.blacklisted.map(identityKey));
  if (cooldown === 'skip') for (const t of found.cooldown) blocked.add(identityKey(t));
  return found.picked.filter((t) => !blocked.has(identityKey(t)));
}

const ref = ({ talentId: _talentId, ...rest }: PickedTalent): TalentRef => rest;

async function ownShop(db: Executor, userId: number, shopId: number): Promise<ShopRow> {
  const shop = await findShop(db, userId, shopId);
  if (!shop) throw notFound();
  return shop;
}

function requireBound(shop: ShopRow): void {
  if (shop.bindStatus !== 'BOUND')
    throw unprocessable('error.shopNotBound', { shop: shop.shopName });
}

/** Before creating: how many talents, which are blacklisted or cooling down, and the cap. */
export async function previewTask(
  db: Database,
  kind: 'pglite' | 'postgres',
  userId: number,
  input: PreviewInput,
  now: Date,
): Promise<SendPreviewData> {
  const shop = await ownShop(db, userId, input.shopId);
  const picked = await pickTalents(db, { db, kind }, userId, input);
  const found = await findings(db, userId, shop.id, input.taskType, picked, now);
  const state = await membershipState(db, userId, now);
  const allowance = await dailyAllowance(db, userId, now, state);
  const skip = toInvite(found, 'skip');
  const include = toInvite(found, 'include');
  return {
    matched: picked.length,
    blacklisted: found.blacklisted.slice(0, FINDINGS_LISTED_MAX).map(ref),
    blacklistedCount: found.blacklisted.length,
    cooldown: found.cooldown
      .slice(0, FINDINGS_LISTED_MAX)
      .map((t): CooldownTalent => ({ ...ref(t), lastInvitedAt: t.lastInvitedAt.toISOString() })),
    cooldownCount: found.cooldown.length,
    willCreate: { skip: skip.length, include: include.length },
    dailyCap: allowance.cap,
    usedToday: allowance.used,
    remainingToday: allowance.remaining,
    timeZone: allowance.timeZone,
    todayEndsAt: allowance.endsAt.toISOString(),
    sample: (include[0] && ref(include[0])) ?? null,
  };
}

interface TaskSettings {
  shop: ShopRow;
  taskType: TaskType;
  contentType: string;
  filterType: FilterType;
  rules: TalentFilters | null;
  script: string;
  scriptTemplateId: number | null;
  productTemplateIds: number[];
  setName: string;
  source: 'create' | 'import';
}

/** The products of a task, copied from the caller's product templates in the order chosen. */
async function taskProducts(tx: Executor, userId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: productTemplates.id,
      productId: productTemplates.productId,
      productName: productTemplates.productName,
    })
    .from(productTemplates)
    .where(
      and(
        eq(productTemplates.userId, userId),
        sql`${productTemplates.id} = any(${sql.param([...ids])}::int[])`,
      ),
    );
  if (rows.length !== ids.length) throw unprocessable('error.templatesNotFound');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return { productId: row.productId, productName: row.productName };
  });
}

async function checkScriptTemplate(tx: Executor, userId: number, id: number | null) {
  if (id === null) return;
  const rows = await tx
    .select({ id: scriptTemplates.id })
    .from(scriptTemplates)
    .where(and(eq(scriptTemplates.userId, userId), eq(scriptTemplates.id, id)));
  if (!rows.length) throw unprocessable('error.templatesNotFound');
}

/**
 * Writes a task and one pending record per talent, each with its own message. Call
 * inside a transaction holding the account lock, after the daily cap was checked.
 */
export async function writeTask(
  tx: Executor,
  userId: number,
  settings: TaskSettings,
  invite: readonly PickedTalent[],
  now: Date,
): Promise<number> {
  const products = await taskProducts(tx, userId, settings.productTemplateIds);
  await checkScriptTemplate(tx, userId, settings.scriptTemplateId);
  const [task] = await tx
    .insert(invitationTasks)
    .values({
      userId,
      shopId: settings.shop.id,
      taskType: settings.taskType,
      contentType: settings.contentType,
      filterType: settings.filterType,
      rules: settings.rules as Record<string, unknown> | null,
      scriptTemplateId: settings.scriptTemplateId,
      script: settings.script,
      products,
      setName: settings.setName,
      recordCount: invite.length,
      source: settings.source,
      createdAt: now,
    })
    .returning({ id: invitationTasks.id });
  const productNames = products.map((p) => p.productName);
  for (let i = 0; i < invite.length; i += CHUNK) {
    const values: SendRecordValues[] = invite.slice(i, i + CHUNK).map((t) => ({
      userId,
      taskId: task!.id,
      shopId: settings.shop.id,
      shopName: settings.shop.shopName,
      talentId: t.talentId,
      talentName: t.name,
      platform: t.platform,
      platformTalentId: t.platformTalentId,
      taskType: settings.taskType,
      contentType: settings.contentType,
      filterType: settings.filterType,
      setName: settings.setName,
      message: renderScript(settings.script, {
        talentName: t.name,
        shopName: settings.shop.shopName,
        productNames,
      }),
      products,
      createdAt: now,
      updatedAt: now,
    }));
    await tx.insert(sendRecords).values(values);
  }
  return task!.id;
}

/** Refuses a task beyond what the plan's daily cap leaves today, saying so. */
export function checkDailyCap(
  state: MembershipState,
  allowance: DailyAllowance,
  count: number,
): void {
  if (count > allowance.remaining) {
    throw unprocessable(
      'error.sendCapExceeded',
      { cap: allowance.cap, left: allowance.remaining, count },
      { plan: planNameKey(state.level) },
    );
  }
}

/**
 * Opens the transaction every create and import runs in: the account lock (one at a
 * time per account, so the cap holds), the blacklist's lock, the shop's limit applied,
 * and the shop checked to be the caller's and BOUND.
 */
export async function inTaskTransaction<T>(
  db: Database,
  userId: number,
  shopId: number,
  now: Date,
  work: (tx: Executor, shop: ShopRow, state: MembershipState) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    await lockBlacklistDecisions(tx, userId);
    const state = await membershipState(tx, userId, now);
    await expireBeyondLimit(tx, userId, now, state);
    const shop = await ownShop(tx, userId, shopId);
    requireBound(shop);
    return work(tx, shop, state);
  });
}

/** Creates a task: one pending record per talent invited; refusals listed, never dropped silently. */
export async function createTask(
  db: Database,
  kind: 'pglite' | 'postgres',
  userId: number,
  input: TaskInput,
  now: Date,
): Promise<SendTaskResult> {
  return inTaskTransaction(db, userId, input.shopId, now, async (tx, shop, state) => {
    const picked = await pickTalents(tx, { db, kind }, userId, input);
    const found = await findings(tx, userId, shop.id, input.taskType, picked, now);
    const invite = toInvite(found, input.cooldown);
    if (!invite.length) {
      // The real cause: nothing matched, or all blacklisted, or all cooling down, or both.
      const reason = nothingToInvite(
        {
          matched: picked.length,
          blacklistedCount: found.blacklisted.length,
          cooldownCount: found.cooldown.length,
        },
        input.cooldown,
      );
      throw unprocessable(reason?.key ?? 'error.sendNoTalentMatches', reason?.params);
    }
    const allowance = await dailyAllowance(tx, userId, now, state);
    checkDailyCap(state, allowance, invite.length);
    const taskId = await writeTask(
      tx,
      userId,
      {
        shop,
        taskType: input.taskType,
        contentType: input.contentType,
        filterType: input.filterType,
        rules: input.filterType === 'rules' ? (input.rules ?? noRules) : null,
        script: input.script,
        scriptTemplateId: input.scriptTemplateId,
        productTemplateIds: input.productTemplateIds,
        setName: input.setName,
        source: 'create',
      },
      invite,
      now,
    );
    const skipped = input.cooldown === 'skip' ? found.cooldown : [];
    return {
      taskId,
      created: invite.length,
      blacklisted: found.blacklisted.slice(0, FINDINGS_LISTED_MAX).map(ref),
      blacklistedCount: found.blacklisted.length,
      skippedCooldown: skipped.slice(0, FINDINGS_LISTED_MAX).map(ref),
      skippedCooldownCount: skipped.length,
      remainingToday: allowance.remaining - invite.length,
    };
  });
}

/**
 * After records of a task became final (a report, a skip at claim, a delete): when none
 * is left open and some failed, the seller gets one `taskBatchFailed` message. The task
 * row is locked first, so of two reports finishing a task at once exactly one sees it
 * finished.
 */
export async function settleTask(tx: Executor, userId: number, taskId: number, now: Date) {
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
  if (!task || task.failureNotifiedAt) return;
  const [tally] = await tx
    .select({
      open: sql<number>`(count(*) filter (where ${sendRecords.status} in ('pending', 'running')))::int`,
      failed: sql<number>`(count(*) filter (where ${sendRecords.status} = 'failed'))::int`,
      total: sql<number>`count(*)::int`,
      shopName: sql<string>`min(${sendRecords.shopName})`,
    })
    .from(sendRecords)
    .where(and(eq(sendRecords.userId, userId), eq(sendRecords.taskId, taskId)));
  if (!tally || tally.open > 0 || tally.failed === 0) return;
  await postInboxMessage(tx, {
    userId,
    kind: 'taskBatchFailed',
    params: {
      taskId,
      setName: task.setName,
      shopName: tally.shopName,
      failed: tally.failed,
      total: tally.total,
    },
    dedupeKey: `taskBatchFailed:${taskId}`,
  });
  await tx
    .update(invitationTasks)
    .set({ failureNotifiedAt: now })
    .where(eq(invitationTasks.id, taskId));
}

/** Edits a pending record (a claim skips a record being edited: it is locked). */
export async function editRecord(
  db: Database,
  userId: number,
  id: number,
  body: z.output<typeof sendRecordEditBody>,
  now: Date,
): Promise<SendRecordRow> {
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, userId, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw new AppError(409, 'error.recordNotPending');
    return updateRecord(tx, userId, id, { ...body, updatedAt: now });
  });
}

/** A running record under a live lease is the extension's: it cannot be deleted then. */
function isLeased(row: SendRecordRow, now: Date): boolean {
  return row.status === 'running' && row.leasedUntil !== null && row.leasedUntil > now;
}

export async function deleteRecord(
  db: Database,
  userId: number,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRecord(tx, userId, id);
    if (!row) throw notFound();
    if (isLeased(row, now)) throw new AppError(409, 'error.recordRunning');
    await tx.delete(sendRecords).where(and(eq(sendRecords.userId, userId), eq(sendRecords.id, id)));
    await settleTask(tx, userId, row.taskId, now);
  });
}
