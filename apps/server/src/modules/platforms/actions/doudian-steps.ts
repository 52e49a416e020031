import { translate, type PlatformReference } from '@inviteflow/contract';
import {
  DoudianError,
  type AuthorOutcome,
  type OrienPlanInput,
  type ShopActivity,
} from '../doudian/index.ts';
import type { SendRecordRow } from '../../send-records/index.ts';
import { answerOf, ownFailure, type Outcome, type RecordFailure } from './outcomes.ts';
import type { StepContext } from './tiktok-steps.ts';

/**
 * 抖店's calls (issue 17), as steps that can be resumed (see tiktok-steps.ts): before a call
 * that may change the platform the action records that it started; an action claimed with
 * that mark is reconciled by reading the platform before anything is sent again.
 *
 * - `orien_plan`: the task's 定向计划 by buyin.createOrUpdateOrienPlan; a shop's plan of the same
 *   product, commission and end ("存在同样佣金率和截止时间的计划", `plan_exists`) is found by
 *   buyin.orienPlanList and used. Once it exists the executor hands the talents to
 *   `orien_plan_authors` actions (executor.ts), which never create a plan.
 * - `orien_plan_authors`: buyin.orienPlanAuthorsAdd of ≤ 20 百应IDs; each 达人 comes back added
 *   (its record succeeds with the plan's id), failed (its record fails with its code), unknown
 *   (read by buyin.orienPlanAuthors), or stopped by a limit of the shop (left pending, the
 *   shop pauses).
 * - `activity_application`: buyin.applyActivities of the task's products into the 团长's
 *   activity, found by buyin.ShopActivityList with the 团长's 百应ID.
 *
 * Methods, fields and limits: apps/server/src/modules/platforms/doudian (client.ts cites the
 * SDK pages: op.jinritemai.com/docs/api-docs/61/706, 61/708, 61/709, 61/705, 61/744, 61/1671).
 */

function buyinIdOf(record: SendRecordRow): string | null {
  return record.identity?.platform === 'douyin' ? record.identity.buyinId : null;
}

function planInputOf(ctx: StepContext): OrienPlanInput | null {
  const terms = ctx.task.platformTerms?.orienPlan;
  if (!terms) return null;
  return {
    productId: terms.productId,
    cosRatio: terms.cosRatio,
    endTime: new Date(terms.endsAt),
    allowApply: terms.allowApply ?? false,
    auditApplications: terms.auditApplications ?? false,
  };
}

/** The task's 定向计划: made, or the running plan of the same product, commission and end. */
export async function runOrienPlan(ctx: StepContext): Promise<Outcome> {
  const plan = planInputOf(ctx);
  if (!plan) {
    return {
      type: 'fail_all',
      failure: ownFailure('invalid_request', 'the task has no 定向计划 terms'),
    };
  }
  // A create was sent and its answer lost: the plan list says whether it was made.
  if (ctx.action.callStartedAt) {
    const found = await findPlan(ctx, plan);
    if (found) return { type: 'succeeded', reference: { planId: found } };
  }
  let planId: string | null = null;
  try {
    await ctx.starting({ ...ctx.action.progress, step: 'create_orien_plan' });
    planId = (await ctx.doudian((client, access) => client.createOrienPlan(access, plan))).planId;
  } catch (error) {
    if (!(error instanceof DoudianError && error.reason === 'plan_exists')) throw error;
    // The shop already runs this very plan (made by the seller, or by an earlier task).
    planId = await findPlan(ctx, plan);
    if (!planId) {
      throw new DoudianError({
        reason: 'unreadable',
        operation: 'POST /buyin/orienPlanList',
        platformMessage: 'the plan said to exist is not listed',
      });
    }
  }
  return { type: 'succeeded', reference: { planId } };
}

/** buyin.orienPlanList by product: a running plan with the same `cos_ratio` and `end_time`. */
async function findPlan(ctx: StepContext, plan: OrienPlanInput): Promise<string | null> {
  const end = Math.floor(plan.endTime.getTime() / 1000);
  const pageSize = 40;
  for (let page = 1; page <= 5; page++) {
    const { plans } = await ctx.doudian((client, access) =>
      client.findOrienPlans(access, { productId: plan.productId, page, pageSize }),
    );
    const same = plans.find(
      (p) =>
        p.cosRatio === plan.cosRatio &&
        p.endTime !== null &&
        Math.floor(p.endTime.getTime() / 1000) === end &&
        p.status !== 2,
    );
    if (same) return same.planId;
    if (plans.length < pageSize) break;
  }
  return null;
}

/** A batch of 达人 into the task's 定向计划 (made by the task's orien_plan action). */
export async function runOrienPlanAuthors(ctx: StepContext): Promise<Outcome> {
  const planId = (ctx.action.progress as { planId?: string }).planId;
  if (!planId) {
    return { type: 'fail_all', failure: ownFailure('invalid_request', 'no 定向计划 to add to') };
  }
  // Only a 百应ID reaches a plan: a 达人 known by another id cannot be added.
  const failures: RecordFailure[] = [];
  const byBuyinId = new Map<string, SendRecordRow>();
  for (const record of ctx.records) {
    const buyinId = buyinIdOf(record);
    if (!buyinId || byBuyinId.has(buyinId)) {
      failures.push({
        recordId: record.id,
        ...ownFailure(
          'talent_not_found',
          translate(ctx.locale, 'sending.buyinIdMissing', { talent: record.platformTalentId }),
        ),
      });
    } else {
      byBuyinId.set(buyinId, record);
    }
  }
  const reference: PlatformReference = { planId };
  if (!byBuyinId.size) return { type: 'mixed', reference, succeeded: [], failures };
  let pending = [...byBuyinId.keys()];
  const added = new Set<string>();
  // The previous run sent this batch and its answer was lost: the plan says who is in it.
  if (ctx.action.callStartedAt && (ctx.action.progress as { step?: string }).step === 'add') {
    const present = await ctx.doudian((client, access) =>
      client.planHasAuthors(access, planId, pending),
    );
    for (const id of pending) if (present.get(id)) added.add(id);
    pending = pending.filter((id) => !added.has(id));
  }
  let stop: DoudianError | undefined;
  if (pending.length) {
    await ctx.starting({ ...ctx.action.progress, planId, step: 'add' });
    const outcomes: AuthorOutcome[] = await ctx.doudian((client, access) =>
      client.addOrienPlanAuthors(access, planId, pending),
    );
    const unknown: string[] = [];
    for (const outcome of outcomes) {
      if (outcome.status === 'added') added.add(outcome.buyinId);
      else if (outcome.status === 'unknown') unknown.push(outcome.buyinId);
      else if (outcome.standardCode === 'quota_exceeded') {
        // A limit of the shop or the plan: this 达人 stays pending, the shop waits.
        stop ??= new DoudianError({
          reason: outcome.reason,
          operation: 'POST /buyin/orienPlanAuthorsAdd',
          platformCode: outcome.errorCode,
          platformMessage: outcome.message,
        });
      } else {
        failures.push({
          recordId: byBuyinId.get(outcome.buyinId)!.id,
          code: outcome.standardCode,
          message: outcome.message || outcome.reason,
          answer: {
            code: outcome.errorCode === null ? null : String(outcome.errorCode),
            message: outcome.message || null,
            requestId: null,
          },
        });
      }
    }
    if (unknown.length) {
      const present = await ctx.doudian((client, access) =>
        client.planHasAuthors(access, planId, unknown),
      );
      const missing = unknown.filter((id) => !present.get(id));
      for (const id of unknown) if (present.get(id)) added.add(id);
      if (missing.length && !stop) {
        // Named in neither list and not in the plan: the batch is tried again later, reconciled.
        throw new DoudianError({
          reason: 'unreadable',
          operation: 'POST /buyin/orienPlanAuthorsAdd',
          platformMessage: `no outcome for ${missing.length} 达人`,
        });
      }
    }
  }
  const succeeded = [...added].map((id) => byBuyinId.get(id)!.id);
  return { type: 'mixed', reference, succeeded, failures, ...(stop ? { stop } : {}) };
}

/** The activity of the terms in the 团长's list (apply_status 2 open to the shop, 1 applied). */
async function findActivity(
  ctx: StepContext,
  activityId: string,
  colonelBuyinId: string,
  applyStatus: 1 | 2,
): Promise<ShopActivity | null> {
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const { activities, nextCursor } = await ctx.doudian((client, access) =>
      client.listShopActivities(access, { applyStatus, colonelBuyinId, cursor, pageSize: 100 }),
    );
    const found = activities.find((a) => a.activityId === activityId);
    if (found) return found;
    if (!nextCursor) return null;
    cursor = nextCursor;
  }
  return null;
}

/** A 团长 activity application: the task's products, the service rate and the contact phone. */
export async function runActivityApplication(ctx: StepContext): Promise<Outcome> {
  const terms = ctx.task.platformTerms?.activity;
  if (!terms) {
    return {
      type: 'fail_all',
      failure: ownFailure('invalid_request', 'the task has no 团长 activity terms'),
    };
  }
  const reference: PlatformReference = { activityId: terms.activityId };
  // The record's talent is the 团长: another 达人 is refused for itself.
  const failures: RecordFailure[] = [];
  const leaders: SendRecordRow[] = [];
  for (const record of ctx.records) {
    if (buyinIdOf(record) === terms.colonelBuyinId) leaders.push(record);
    else {
      failures.push({
        recordId: record.id,
        ...ownFailure(
          'talent_ineligible',
          translate(ctx.locale, 'sending.notActivityLeader', {
            talent: record.talentName,
            activity: terms.activityName,
          }),
        ),
      });
    }
  }
  if (!leaders.length) return { type: 'mixed', reference, succeeded: [], failures };
  // An application sent and its answer lost: "我报名的活动" says whether it was made.
  if (ctx.action.callStartedAt) {
    const applied = await findActivity(ctx, terms.activityId, terms.colonelBuyinId, 1);
    if (applied) {
      return { type: 'mixed', reference, succeeded: leaders.map((r) => r.id), failures };
    }
  }
  const open = await findActivity(ctx, terms.activityId, terms.colonelBuyinId, 2);
  if (!open) {
    // Not (or no longer) among this 团长's activities open to the shop.
    const failure = ownFailure(
      'talent_ineligible',
      translate(ctx.locale, 'sending.activityNotOpen', {
        activity: terms.activityName,
        talent: terms.institutionName,
      }),
    );
    return {
      type: 'mixed',
      reference,
      succeeded: [],
      failures: [...failures, ...leaders.map((r) => ({ recordId: r.id, ...failure }))],
    };
  }
  await ctx.starting({ ...ctx.action.progress, step: 'apply' });
  const outcomes = await ctx.doudian((client, access) =>
    client.applyActivities(access, {
      activityId: terms.activityId,
      serviceRatio: terms.serviceRate / 100,
      phoneNumber: terms.contactPhone,
      products: terms.products.map((p) => ({
        productId: p.productId,
        activityPriceFen: p.activityPriceFen,
        commissionRatio: p.commissionRate / 100,
      })),
    }),
  );
  if (outcomes.some((o) => o.status === 'unknown')) {
    throw new DoudianError({
      reason: 'unreadable',
      operation: 'POST /buyin/applyActivities',
      platformMessage: 'a product has no outcome',
    });
  }
  const refused = outcomes.filter((o) => o.status === 'failed');
  if (!refused.length) {
    return { type: 'mixed', reference, succeeded: leaders.map((r) => r.id), failures };
  }
  // A product refused (its price, its commission below the activity's…): the application is
  // not what the seller asked; the record says which products and why.
  const names = new Map(terms.products.map((p) => [p.productId, p.productName]));
  const first = refused[0]!;
  const message = refused
    .map((o) => `${names.get(o.productId) ?? o.productId}: ${o.message} (${o.errorCode ?? '-'})`)
    .join('; ');
  const appliedCount = outcomes.length - refused.length;
  const failure = {
    code: 'invalid_request' as const,
    message: appliedCount
      ? translate(ctx.locale, 'sending.activityPartlyApplied', {
          applied: appliedCount,
          refused: message,
        })
      : message,
    answer: answerOf({
      platformCode: first.errorCode,
      platformMessage: first.message,
      requestId: null,
    }),
  };
  return {
    type: 'mixed',
    reference,
    succeeded: [],
    failures: [...failures, ...leaders.map((r) => ({ recordId: r.id, ...failure }))],
  };
}
