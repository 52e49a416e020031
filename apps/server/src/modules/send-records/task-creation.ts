import {
  FINDINGS_LISTED_MAX,
  nothingToInvite,
  platformFieldIssues,
  platformTermsOf,
  renderScript,
  taskChannel,
  taskTypeRefusal,
  doudianTaskActions,
  shopChannelOf,
  type Channel,
  type CooldownTalent,
  type FilterType,
  type Platform,
  type SendPreviewData,
  type SendTaskResult,
  type TalentFilters,
  type TaskPlatformInput,
  type TaskPlatformTerms,
  type TaskType,
  type sendPreviewBody,
  type sendTaskBody,
} from '@inviteflow/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { lockBlacklistDecisions } from '../talents/index.ts';
import { membershipState, type MembershipState } from '../membership/index.ts';
import { expireBeyondLimit, findShop, type ShopRow } from '../shops/index.ts';
import { ownedProducts, ownsScript } from '../templates/index.ts';
import { lockAccount } from '../user/index.ts';
import { checkDailyCap, dailyAllowance } from './daily-allowance.ts';
import { checkFollowUpsShop, scheduleFollowUps } from './follow-ups.ts';
import { insertTask, insertTaskRecords } from './repository.ts';
import {
  findings,
  pickTalents,
  ref,
  refuseOtherPlatform,
  rulesForShop,
  toInvite,
  type PickedTalent,
} from './task-talents.ts';

/**
 * Creating an invitation task: the preview, and the create (and an import's write) — the
 * shop checked, the task type and its platform fields checked against the shop's platform,
 * the talents resolved (task-talents.ts), the daily cap, then the task with what it asks of
 * the platform, and one pending record per talent. A create takes the account lock, so the
 * daily cap holds under parallel requests, and the blacklist's lock, so a talent
 * blacklisted at the same moment is either refused here or skipped at claim.
 */

/** A task as its actions are compiled from it (`TaskActionCompiler`). */
export interface CompiledTask {
  userId: number;
  taskId: number;
  shopId: number;
  platform: Platform;
  taskType: TaskType;
  collaborationName: string | null;
}

/**
 * What a task asks of its platform becomes actions, written in the transaction that writes the
 * task (`tx`), each answering, for each of the task's `talents` records in writing order, the
 * action that carries it. The platform actions do it (platforms/actions: compile.ts,
 * browser-compile.ts) and drive the records' lifecycle through send-records/index.ts; so
 * send-records declares what it needs here and app.ts, the composition root, passes platforms'
 * implementation in (to the create and import routes): send-records imports nothing of
 * platforms, and the dependency between the two modules goes one way (issue 18).
 */
export interface TaskActionCompiler {
  /**
   * A shop connected by authorization: platform actions, run by the server's executor. Null
   * for a task type the platform's Open API cannot run: its records carry no action.
   */
  api(tx: Executor, task: CompiledTask, talents: number, now: Date): Promise<number[] | null>;
  /** Every other task: browser actions, which the extension claims (issue 17). */
  browser(tx: Executor, task: CompiledTask, talents: number, now: Date): Promise<number[]>;
}

export type PreviewInput = z.output<typeof sendPreviewBody>;
export type TaskInput = z.output<typeof sendTaskBody>;

/** Records written per statement. */
const CHUNK = 1_000;

/**
 * How a shop is reached (DESIGN.md "Platforms"): the `api` channel when it was connected by
 * the platform's authorization, else the browser (the extension). Shops bound by hand or
 * by the extension, which is every shop before the connections of issue 16, are browser
 * shops.
 */
export function shopChannel(shop: ShopRow): Channel {
  return shopChannelOf(shop.source);
}

async function ownShop(db: Executor, userId: number, shopId: number): Promise<ShopRow> {
  const shop = await findShop(db, userId, shopId);
  if (!shop) throw notFound();
  return shop;
}

function requireBound(shop: ShopRow): void {
  if (shop.bindStatus !== 'BOUND')
    throw unprocessable('error.shopNotBound', { shop: shop.shopName });
}

/**
 * The task type and its platform fields, checked against the shop: a type the shop's
 * channel cannot run is refused (422); a missing or wrong field answers 400 naming it
 * (the first problem: the form shows every one before it sends).
 */
export function checkPlatformFields(
  shop: ShopRow,
  taskType: TaskType,
  fields: TaskPlatformInput,
  productTemplateIds: readonly number[],
  now: Date,
): void {
  const platform = shop.platform as Platform;
  const refusal = taskTypeRefusal(platform, shopChannel(shop), taskType);
  if (refusal) throw unprocessable(refusal);
  const [issue] = platformFieldIssues({
    platform,
    taskType,
    fields,
    productTemplateIds,
    now,
    channel: shopChannel(shop),
  });
  if (issue) throw new AppError(400, issue.message, issue.params);
}

/** Before creating: how many talents, which are of another platform, blacklisted or cooling down, and the cap. */
export async function previewTask(
  db: Database,
  userId: number,
  input: PreviewInput,
  now: Date,
): Promise<SendPreviewData> {
  const shop = await ownShop(db, userId, input.shopId);
  const picked = await pickTalents(db, db, userId, shop, input);
  const found = await findings(db, userId, shop, input.taskType, picked, now);
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
    otherPlatform: found.otherPlatform.slice(0, FINDINGS_LISTED_MAX).map(ref),
    otherPlatformCount: found.otherPlatform.length,
    willCreate: { skip: skip.length, include: include.length },
    dailyCap: allowance.cap,
    usedToday: allowance.used,
    remainingToday: allowance.remaining,
    timeZone: allowance.timeZone,
    todayEndsAt: allowance.endsAt.toISOString(),
    sample: (include[0] && ref(include[0])) ?? null,
  };
}

export interface TaskSettings {
  shop: ShopRow;
  taskType: TaskType;
  contentType: string;
  filterType: FilterType;
  rules: TalentFilters | null;
  script: string;
  scriptTemplateId: number | null;
  productTemplateIds: number[];
  setName: string;
  /** What the shop's platform needs for the task type (checked by `checkPlatformFields`). */
  platformFields: TaskPlatformInput;
  source: 'create' | 'import';
}

/** The products of a task, copied from the caller's product templates in the order chosen. */
async function taskProducts(tx: Executor, userId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await ownedProducts(tx, userId, ids);
  if (rows.length !== ids.length) throw unprocessable('error.templatesNotFound');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return { templateId: id, productId: row.productId, productName: row.productName };
  });
}

async function checkScriptTemplate(tx: Executor, userId: number, id: number | null) {
  if (id === null) return;
  if (!(await ownsScript(tx, userId, id))) throw unprocessable('error.templatesNotFound');
}

/**
 * Writes a task, with what it asks of its platform (its actions, by `compiler`, in the same
 * transaction), and one pending record per talent, each with its own message and the talent's
 * identity. Call inside a transaction holding the account lock, after the daily cap was checked.
 */
export async function writeTask(
  tx: Executor,
  userId: number,
  settings: TaskSettings,
  invite: readonly PickedTalent[],
  now: Date,
  compiler: TaskActionCompiler,
): Promise<number> {
  const templates = await taskProducts(tx, userId, settings.productTemplateIds);
  await checkScriptTemplate(tx, userId, settings.scriptTemplateId);
  const products = templates.map(({ productId, productName }) => ({ productId, productName }));
  const platformTerms: TaskPlatformTerms | null = platformTermsOf({
    platform: settings.shop.platform as Platform,
    taskType: settings.taskType,
    fields: settings.platformFields,
    products: templates,
    channel: shopChannel(settings.shop),
  });
  const channel = taskChannel(
    settings.shop.platform,
    shopChannel(settings.shop),
    settings.taskType,
  );
  const taskId = await insertTask(tx, {
    userId,
    shopId: settings.shop.id,
    channel,
    taskType: settings.taskType,
    contentType: settings.contentType,
    filterType: settings.filterType,
    rules: settings.rules as Record<string, unknown> | null,
    scriptTemplateId: settings.scriptTemplateId,
    platformTerms,
    script: settings.script,
    products,
    setName: settings.setName,
    recordCount: invite.length,
    source: settings.source,
    createdAt: now,
  });
  const productNames = products.map((p) => p.productName);
  // A shop connected by authorization: its records run on the server, as platform actions;
  // every other task runs in the browser, as browser actions the extension claims (issue 17).
  // Each record is written with the action that carries it.
  const compiled: CompiledTask = {
    userId,
    taskId,
    shopId: settings.shop.id,
    platform: settings.shop.platform as Platform,
    taskType: settings.taskType,
    collaborationName: platformTerms?.collaboration?.name ?? null,
  };
  const carriers =
    channel === 'api'
      ? await compiler.api(tx, compiled, invite.length, now)
      : await compiler.browser(tx, compiled, invite.length, now);
  const shared = {
    userId,
    taskId,
    shopId: settings.shop.id,
    shopName: settings.shop.shopName,
    taskType: settings.taskType,
    contentType: settings.contentType,
    filterType: settings.filterType,
    setName: settings.setName,
    products,
    channel,
    now,
  };
  for (let i = 0; i < invite.length; i += CHUNK) {
    await insertTaskRecords(
      tx,
      shared,
      invite.slice(i, i + CHUNK).map((t, j) => ({
        talentId: t.talentId,
        talentName: t.name,
        platform: t.platform,
        platformTalentId: t.platformTalentId,
        identity: t.identity,
        message: renderScript(settings.script, {
          talentName: t.name,
          shopName: settings.shop.shopName,
          productNames,
        }),
        actionId: carriers?.[i + j] ?? null,
      })),
    );
  }
  return taskId;
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

/** The platform fields of a create's body. */
export function platformFieldsOf(input: TaskPlatformInput): TaskPlatformInput {
  return {
    collaborationName: input.collaborationName,
    endsAt: input.endsAt,
    commissionRates: input.commissionRates,
    contactEmail: input.contactEmail,
    freeSample: input.freeSample,
    sampleApproval: input.sampleApproval,
    planAllowApply: input.planAllowApply ?? null,
    planAuditApplications: input.planAuditApplications ?? null,
    activityId: input.activityId ?? null,
    activityName: input.activityName ?? null,
    institutionName: input.institutionName ?? null,
    colonelBuyinId: input.colonelBuyinId ?? null,
    serviceRate: input.serviceRate ?? null,
    contactPhone: input.contactPhone ?? null,
    activityPrices: input.activityPrices ?? {},
  };
}

/**
 * A 抖店 团长 activity application is made for the activity's 团长: the talents invited must be
 * that 团长 (by 百应ID, `colonel_buyin_id` of buyin.ShopActivityList), one record.
 */
export function checkActivityLeader(
  shop: ShopRow,
  taskType: TaskType,
  fields: TaskPlatformInput,
  invite: readonly PickedTalent[],
): void {
  if (
    shop.platform !== 'douyin' ||
    shopChannel(shop) !== 'api' ||
    doudianTaskActions[taskType] !== 'activity_application'
  )
    return;
  const leader = fields.colonelBuyinId;
  const others = invite.filter(
    (t) => t.identity?.platform !== 'douyin' || t.identity.buyinId !== leader,
  );
  if (others.length || invite.length !== 1) {
    throw new AppError(400, 'validation.activityLeaderOnly', {
      names: others.map((t) => t.name).join('、'),
    });
  }
}

/**
 * Creates a task: one pending record per talent invited. Refusals name their real cause:
 * talents of another platform than the shop's refuse the task; blacklisted ones are refused
 * and listed; cool-down ones skipped (or included) and listed; never dropped silently.
 */
export async function createTask(
  db: Database,
  userId: number,
  input: TaskInput,
  now: Date,
  compiler: TaskActionCompiler,
): Promise<SendTaskResult> {
  return inTaskTransaction(db, userId, input.shopId, now, async (tx, shop, state) => {
    const platformFields = platformFieldsOf(input);
    checkPlatformFields(shop, input.taskType, platformFields, input.productTemplateIds, now);
    checkFollowUpsShop(shop, input.followUps);
    const picked = await pickTalents(tx, db, userId, shop, input);
    const found = await findings(tx, userId, shop, input.taskType, picked, now);
    refuseOtherPlatform(found, shop);
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
    checkActivityLeader(shop, input.taskType, platformFields, invite);
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
        rules: input.filterType === 'rules' ? rulesForShop(input.rules, shop) : null,
        script: input.script,
        scriptTemplateId: input.scriptTemplateId,
        productTemplateIds: input.productTemplateIds,
        setName: input.setName,
        platformFields,
        source: 'create',
      },
      invite,
      now,
      compiler,
    );
    await scheduleFollowUps(tx, userId, taskId, input.followUps, now);
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
