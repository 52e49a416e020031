import { translate, type PlatformReference } from '@inviteflow/contract';
import { DoudianError, type AuthorOutcome, type OrienPlanInput } from '../doudian/index.ts';
import type { SendRecordRow } from '../../send-records/repository.ts';
import { ownFailure, type Outcome, type RecordFailure } from './outcomes.ts';
import type { StepContext } from './tiktok-steps.ts';

/**
 * 抖店's calls of a targeted product invitation (issue 17): the task's 定向计划 made by
 * buyin.createOrUpdateOrienPlan (or, when "存在同样佣金率和截止时间的计划" answers `plan_exists`,
 * found by buyin.orienPlanList), then buyin.orienPlanAuthorsAdd of the batch's 百应IDs (≤ 20).
 * Each 达人 comes back added (its record succeeds with the plan's id), failed (its record
 * fails with its code), or unknown: read by buyin.orienPlanAuthors (planHasAuthors) before
 * anything is sent again. Methods, fields and limits: apps/server/src/modules/platforms/doudian
 * (client.ts cites the SDK pages: op.jinritemai.com/docs/api-docs/61/706, 61/708, 61/709, 61/705).
 */

function buyinIdOf(record: SendRecordRow): string | null {
  return record.identity?.platform === 'douyin' ? record.identity.buyinId : null;
}

/** The plan of the task's terms: made, or the existing one with the same product, rate and end. */
async function ensurePlan(ctx: StepContext, plan: OrienPlanInput): Promise<string> {
  const known = (ctx.action.progress as { planId?: string }).planId;
  if (known) return known;
  let planId: string | null = null;
  try {
    await ctx.starting({ ...ctx.action.progress, step: 'create_orien_plan' });
    planId = (await ctx.doudian((client, access) => client.createOrienPlan(access, plan))).planId;
  } catch (error) {
    if (!(error instanceof DoudianError && error.reason === 'plan_exists')) throw error;
  }
  // Made by another batch of the task (or by the seller): the same product, rate and end.
  planId ??= await findPlan(ctx, plan);
  if (!planId) {
    throw new DoudianError({
      reason: 'unreadable',
      operation: 'POST /buyin/orienPlanList',
      platformMessage: 'the plan said to exist is not listed',
    });
  }
  const progress = { ...ctx.action.progress, planId, step: 'plan_ready' };
  await ctx.stepDone(progress);
  return planId;
}

async function findPlan(ctx: StepContext, plan: OrienPlanInput): Promise<string | null> {
  const end = Math.floor(plan.endTime.getTime() / 1000);
  for (let page = 1; page <= 5; page++) {
    const { plans } = await ctx.doudian((client, access) =>
      client.findOrienPlans(access, { productId: plan.productId, page, pageSize: 40 }),
    );
    const same = plans.find(
      (p) =>
        p.cosRatio === plan.cosRatio &&
        p.endTime !== null &&
        Math.floor(p.endTime.getTime() / 1000) === end &&
        p.status !== 2,
    );
    if (same) return same.planId;
    if (plans.length < 40) break;
  }
  return null;
}

/** A targeted product invitation's batch of 达人 into the task's 定向计划. */
export async function runOrienPlanAuthors(ctx: StepContext): Promise<Outcome> {
  const terms = ctx.task.platformTerms?.orienPlan;
  if (!terms) {
    return {
      type: 'fail_all',
      failure: ownFailure('invalid_request', 'the task has no 定向计划 terms'),
    };
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
  if (!byBuyinId.size) return { type: 'fail_all', failure: failures[0]! };
  const planId = await ensurePlan(ctx, {
    productId: terms.productId,
    cosRatio: terms.cosRatio,
    endTime: new Date(terms.endsAt),
  });
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
  if (pending.length) {
    await ctx.starting({ ...ctx.action.progress, planId, step: 'add' });
    const outcomes: AuthorOutcome[] = await ctx.doudian((client, access) =>
      client.addOrienPlanAuthors(access, planId, pending),
    );
    const unknown: string[] = [];
    for (const outcome of outcomes) {
      if (outcome.status === 'added') added.add(outcome.buyinId);
      else if (outcome.status === 'unknown') unknown.push(outcome.buyinId);
      else {
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
      if (missing.length) {
        // Named in neither list and not in the plan: the batch is tried again later, reconciled.
        throw new DoudianError({
          reason: 'unreadable',
          operation: 'POST /buyin/orienPlanAuthorsAdd',
          platformMessage: `no outcome for ${missing.length} 达人`,
        });
      }
    }
  }
  const reference: PlatformReference = { planId };
  const succeeded = [...added].map((id) => byBuyinId.get(id)!.id);
  return { type: 'mixed', reference, succeeded, failures };
}
