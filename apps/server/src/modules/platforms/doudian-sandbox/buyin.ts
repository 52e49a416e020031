import { randomInt } from 'node:crypto';
import { dayInZone, dayStartInZone, nextDay } from '@inviteflow/contract';
import { doudianErrors as E, DoudianRefusal, type DoudianError } from './errors.ts';
import type { GatewayContext } from './gateway.ts';
import * as repo from './repository.ts';
import type { DoudianSandbox } from './sandbox.ts';
import {
  activityById,
  authorNumber,
  planApplicants,
  sandboxActivities,
  sandboxAuthor,
  type SandboxActivity,
  type SandboxApplicant,
} from './world.ts';

/**
 * The 精选联盟 methods, with the fields, limits and errors of their API pages (as the
 * generated C# SDK `ecommerce.sdk.douyin` carries them, and
 * github:fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance Models/Buyin/* with its
 * ModelSamples): buyin.createOrUpdateOrienPlan (op.jinritemai.com/docs/api-docs/61/703),
 * buyin.orienPlanAuthorsAdd (61/1877), buyin.orienPlanAuthors (61/1879),
 * buyin.orienPlanAudit (61/1878: BuyinOrienPlanAuditReq; .NET BuyinOrientPlanAuditRequest and
 * its ModelSample), buyin.ShopActivityList, buyin.applyActivities. What the pages leave open is chosen and
 * written in README.md ("Choices").
 */

const ZONE = 'Asia/Shanghai';
export const MAX_AUTHORS_PER_ADD = 20;
export const MAX_COS_RATIO = 80;
export const PLAN_AUTHORS_PAGE_MAX = 40;

/** Per-author refusals of orienPlanAuthorsAdd (`failed_ids[].error_code` / `error_msg`). */
export const authorFailures = {
  // The SDK sample's own failure: `{ "error_code": 22, "error_msg": "不存在" }`.
  unknown: { code: 22, msg: '不存在' },
  // The rest are the sandbox's choice (README.md).
  alreadyInPlan: { code: 4130, msg: '达人已在该定向计划中' },
  closedToPlans: { code: 4131, msg: '达人已关闭定向计划邀约' },
  restricted: { code: 4132, msg: '达人账号状态异常，暂不支持合作' },
  noCooperation: { code: 4133, msg: '达人暂不接受商家合作' },
  levelTooLow: { code: 4134, msg: '达人带货等级不满足计划要求' },
  planFull: { code: 4135, msg: '定向计划达人数已达上限' },
  dailyLimit: { code: 4136, msg: '今日添加达人数已达上限' },
} as const;

/** Per-product refusals of applyActivities (`result[].error_code`), the sandbox's choice. */
export const productFailures = {
  notShops: { code: 4106, msg: '无效商品ID' },
  alreadyApplied: { code: 110111, msg: '商品已报名该活动' },
  ratioBelowActivity: { code: 110112, msg: '佣金率低于活动要求' },
  badRatio: { code: 8193, msg: '佣金比例不合法，必须为两位小数且在0-80之间' },
  badPrice: { code: 110113, msg: '活动价不合法' },
  textTooLong: { code: 110114, msg: '赠品或活动价实现方式超过15个字' },
} as const;

function refuse(error: DoudianError, detail?: string): never {
  throw new DoudianRefusal(error, detail);
}

/** An int64 given as a JSON number or digits (the sandbox reads long ids as text). */
function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value)) return value;
  return null;
}

function intOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function oneOf(value: unknown, allowed: number[], fallback: number): number | null {
  if (value === undefined || value === null) return fallback;
  const n = intOf(value);
  return n !== null && allowed.includes(n) ? n : null;
}

function shopOf(ctx: GatewayContext): repo.SandboxShop {
  return ctx.shop!;
}

/** The shop's state that stops every alliance method. */
function checkShop(shop: repo.SandboxShop) {
  if (shop.promotionClosed) refuse(E.promotionClosed);
  if (!shop.inAlliance) refuse(E.notInAlliance);
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

// --- buyin.createOrUpdateOrienPlan ---------------------------------------------------------

export async function createOrUpdateOrienPlan(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = shopOf(ctx);
  const { is_create: isCreate, plan } = ctx.params;
  if (typeof isCreate !== 'boolean') refuse(E.paramsInvalid, 'is_create');
  if (!plan || typeof plan !== 'object' || Array.isArray(plan)) refuse(E.paramsInvalid, 'plan');
  const p = plan as Record<string, unknown>;
  checkShop(shop);
  const now = ctx.now;

  const readRatio = (required: boolean): number | null => {
    if (p.cos_ratio === undefined || p.cos_ratio === null) {
      if (required) refuse(E.invalidCosRatio);
      return null;
    }
    // "取值区间：[0,80] 的整数": percent.
    const n = intOf(p.cos_ratio);
    if (n === null || n < 0 || n > MAX_COS_RATIO) refuse(E.invalidCosRatio);
    return n;
  };
  const readEnd = (required: boolean): Date | null => {
    if (p.end_time === undefined || p.end_time === null) {
      if (required) refuse(E.invalidEndTime);
      return null;
    }
    // "定向计划过期时间戳": Unix seconds, in the future.
    const n = intOf(p.end_time);
    if (n === null || n <= seconds(now) || n > seconds(now) + 10 * 365 * 86400)
      refuse(E.invalidEndTime);
    return new Date(n * 1000);
  };
  const applyType = oneOf(p.apply_type, [1, 2], 1);
  const restrictedType = oneOf(p.restricted_type, [1, 2], 1);
  const authorLevel = oneOf(p.author_level, [0, 3, 4, 5, 6], 0);
  if (applyType === null || restrictedType === null || authorLevel === null)
    refuse(E.paramsInvalid, 'apply_type / restricted_type / author_level');

  if (isCreate) {
    const productId = idOf(p.product_id);
    if (!productId) refuse(E.invalidProductId);
    const [product] = await repo.productsByIds(sandbox.db, [productId]);
    if (!product || product.shopId !== shop.id || product.status !== 'on_sale')
      refuse(E.invalidProductId);
    const cosRatio = readRatio(true)!;
    const endTime = readEnd(true)!;
    // "审核设置 … 创建时：apply_type = 2时必填，apply_type = 1时该字段无效".
    let auditType = 1;
    if (applyType === 2) {
      const a = oneOf(p.audit_type, [1, 2], -1);
      if (a === null || a === -1) refuse(E.paramsInvalid, 'audit_type');
      auditType = a;
    }
    if (await repo.samePlan(sandbox.db, { shopId: shop.id, productId, cosRatio, endTime, now }))
      refuse(E.samePlanExists);
    const id = `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
    await repo.insertPlan(sandbox.db, {
      id,
      shopId: shop.id,
      productId,
      cosRatio,
      applyType,
      restrictedType,
      authorLevel,
      auditType,
      startTime: now,
      endTime,
      updatedAt: now,
    });
    return { plan_id: id };
  }

  const planId = typeof p.orien_plan_id === 'string' ? p.orien_plan_id : idOf(p.orien_plan_id);
  const existing = planId ? await repo.planById(sandbox.db, planId) : undefined;
  if (!existing || existing.shopId !== shop.id) refuse(E.invalidPlanId);
  const cosRatio = readRatio(false);
  const endTime = readEnd(false);
  const changes: Parameters<typeof repo.updatePlan>[2] = { updatedAt: now };
  const effectiveRatio = cosRatio ?? existing.cosRatio;
  const effectiveEnd = endTime ?? existing.endTime;
  if (cosRatio !== null || endTime !== null) {
    const same = await repo.samePlan(sandbox.db, {
      shopId: shop.id,
      productId: existing.productId,
      cosRatio: effectiveRatio,
      endTime: effectiveEnd,
      now,
    });
    if (same && same.id !== existing.id) refuse(E.samePlanExists);
  }
  // "下调自然日T+1生效，上调立即生效" (Asia/Shanghai days).
  if (cosRatio !== null && cosRatio < existing.cosRatio) {
    changes.newCosRatio = cosRatio;
    changes.newCosRatioStartTime = dayStartInZone(nextDay(dayInZone(now, ZONE)), ZONE);
  } else if (cosRatio !== null) {
    Object.assign(changes, { cosRatio, newCosRatio: null, newCosRatioStartTime: null });
  }
  if (endTime) changes.endTime = endTime;
  if (p.apply_type !== undefined) changes.applyType = applyType;
  // Opened to applications now: the seeded ones start from now, not from the plan's start.
  if (applyType === 2 && existing.applyType !== 2) changes.applicationsUntil = now;
  if (p.restricted_type !== undefined) changes.restrictedType = restrictedType;
  if (p.author_level !== undefined) changes.authorLevel = authorLevel;
  if (p.audit_type !== undefined) {
    const a = oneOf(p.audit_type, [1, 2], 1);
    if (a === null) refuse(E.paramsInvalid, 'audit_type');
    changes.auditType = a;
  }
  await repo.updatePlan(sandbox.db, existing.id, changes);
  return { plan_id: existing.id };
}

/** The ratio in force: a lowered one once its day has come. */
export function ratioNow(plan: repo.SandboxPlan, now: Date): number {
  return plan.newCosRatio !== null && plan.newCosRatioStartTime && plan.newCosRatioStartTime <= now
    ? plan.newCosRatio
    : plan.cosRatio;
}
// --- seeded applications -----------------------------------------------------------------

/**
 * Writes the seeded applications of a plan open to them (apply_type 2) up to now (or the
 * plan's end): pending (待审核 2) when the plan reviews them (audit_type 2), else in force at
 * once. Idempotent: a 达人 already in the plan keeps their row, and the plan remembers how far
 * it got, so an application the shop deleted does not come back.
 */
async function receiveApplications(sandbox: DoudianSandbox, plan: repo.SandboxPlan, now: Date) {
  if (plan.applyType !== 2) return;
  const from = plan.applicationsUntil ?? plan.startTime;
  const to = plan.endTime < now ? plan.endTime : now;
  if (to <= from) return;
  const minLevel = plan.restrictedType === 2 ? plan.authorLevel : 0;
  const start = plan.startTime.getTime();
  const due = planApplicants(plan.id, minLevel).filter((a) => {
    const at = start + a.afterSeconds * 1000;
    return at > from.getTime() && at <= to.getTime();
  });
  const reviewed = plan.auditType === 2;
  await repo.insertApplications(
    sandbox.db,
    due.map((a) => {
      const at = new Date(start + a.afterSeconds * 1000);
      return {
        planId: plan.id,
        shopId: plan.shopId,
        buyinId: a.buyinId,
        auditStatus: reviewed ? 2 : 1,
        addedAt: at,
        origin: 'applied',
        decidedAt: reviewed ? null : at,
      };
    }),
  );
  await repo.setApplicationsUntil(sandbox.db, plan.id, to);
}

/** The shop's plans' applications up to now (before anything reads the plans' 达人). */
export async function receiveShopApplications(sandbox: DoudianSandbox, shopId: string, now: Date) {
  for (const plan of await repo.plansOfShop(sandbox.db, shopId, { productId: null, planId: null }))
    await receiveApplications(sandbox, plan, now);
}

// --- buyin.orienPlanAuthorsAdd -----------------------------------------------------------

export async function orienPlanAuthorsAdd(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = shopOf(ctx);
  const { orien_plan_id: rawPlanId, buyin_ids: rawIds } = ctx.params;
  const planId = typeof rawPlanId === 'string' ? rawPlanId : idOf(rawPlanId);
  if (!planId) refuse(E.invalidPlanId);
  // "达人百应ID列表，最多20个".
  if (!Array.isArray(rawIds) || rawIds.length === 0 || rawIds.length > MAX_AUTHORS_PER_ADD)
    refuse(E.paramsInvalid, `buyin_ids：1–${MAX_AUTHORS_PER_ADD}个`);
  const ids = rawIds.map(idOf);
  if (ids.some((id) => id === null)) refuse(E.paramsInvalid, 'buyin_ids');
  const plan = await repo.planById(sandbox.db, planId);
  if (!plan || plan.shopId !== shop.id) refuse(E.invalidPlanId);
  checkShop(shop);
  if (plan.endTime <= ctx.now) refuse(E.authorsAddFailed, '定向计划已结束');
  await receiveApplications(sandbox, plan, ctx.now);

  return sandbox.db.transaction(async (tx) => {
    const locked = await repo.lockShop(tx, shop.id);
    const members = new Set((await repo.authorsOfPlan(tx, plan.id)).map((a) => a.buyinId));
    const day = dayInZone(ctx.now, ZONE);
    let addedToday = await repo.authorsAddedBetween(
      tx,
      shop.id,
      dayStartInZone(day, ZONE),
      dayStartInZone(nextDay(day), ZONE),
    );
    const success: string[] = [];
    const failed: Array<{ buyin_id: number; error_code: number; error_msg: string }> = [];
    const fail = (id: string, f: { code: number; msg: string }) =>
      failed.push({ buyin_id: Number(id), error_code: f.code, error_msg: f.msg });
    for (const id of ids as string[]) {
      const n = authorNumber(id);
      if (n === null) {
        fail(id, authorFailures.unknown);
        continue;
      }
      const author = sandboxAuthor(n);
      if (members.has(id)) fail(id, authorFailures.alreadyInPlan);
      else if (author.trait === 'closed_to_plans') fail(id, authorFailures.closedToPlans);
      else if (author.trait === 'restricted') fail(id, authorFailures.restricted);
      else if (author.trait === 'no_cooperation') fail(id, authorFailures.noCooperation);
      else if (plan.restrictedType === 2 && author.level < plan.authorLevel)
        fail(id, authorFailures.levelTooLow);
      else if (members.size >= locked.planAuthorLimit) fail(id, authorFailures.planFull);
      else if (addedToday >= locked.dailyAuthorLimit) fail(id, authorFailures.dailyLimit);
      else {
        members.add(id);
        addedToday += 1;
        success.push(id);
      }
    }
    await repo.insertPlanAuthors(
      tx,
      success.map((buyinId) => ({
        planId: plan.id,
        shopId: shop.id,
        buyinId,
        auditStatus: 1,
        addedAt: ctx.now,
        origin: 'added',
        decidedAt: ctx.now,
      })),
    );
    return { success_ids: success.map(Number), failed_ids: failed };
  });
}

// --- buyin.orienPlanAuthors --------------------------------------------------------------

export async function orienPlanAuthors(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = shopOf(ctx);
  const p = ctx.params;
  const planId = typeof p.orien_plan_id === 'string' ? p.orien_plan_id : idOf(p.orien_plan_id);
  const plan = planId ? await repo.planById(sandbox.db, planId) : undefined;
  if (!plan || plan.shopId !== shop.id) refuse(E.invalidPlanId);
  // "分页，默认 1"; "每页数目，最大40，默认20"; "1 生效中(默认) 2 待审核 3 审核拒绝".
  const page = p.page === undefined ? 1 : intOf(p.page);
  const pageSize = p.page_size === undefined ? 20 : intOf(p.page_size);
  const auditStatus = oneOf(p.audit_status, [1, 2, 3], 1);
  if (
    page === null ||
    page < 1 ||
    pageSize === null ||
    pageSize < 1 ||
    pageSize > PLAN_AUTHORS_PAGE_MAX
  )
    refuse(E.paramsInvalid, `page ≥ 1，page_size 1–${PLAN_AUTHORS_PAGE_MAX}`);
  if (auditStatus === null) refuse(E.paramsInvalid, 'audit_status');
  const buyinFilter = p.buyin_id === undefined ? null : idOf(p.buyin_id);
  const nameFilter = typeof p.user_name === 'string' && p.user_name ? p.user_name : null;
  await receiveApplications(sandbox, plan, ctx.now);
  const all = (await repo.authorsOfPlan(sandbox.db, plan.id))
    .filter((a) => a.auditStatus === auditStatus)
    .filter((a) => buyinFilter === null || a.buyinId === buyinFilter)
    .map((a) => ({ row: a, author: sandboxAuthor(authorNumber(a.buyinId)!) }))
    .filter((a) => nameFilter === null || a.author.nickname.includes(nameFilter));
  const slice = all.slice((page - 1) * pageSize, page * pageSize);
  // The applicants' words and phones are the seed's, computed once for the page.
  const words = new Map<string, SandboxApplicant>(
    slice.some(({ row }) => row.origin === 'applied')
      ? planApplicants(plan.id, 0).map((a) => [a.buyinId, a])
      : [],
  );
  return {
    total: all.length,
    orien_plan_authors: slice.map(({ row, author }) => ({
      apply_id: row.applyId,
      orien_plan_id: plan.id,
      buyin_id: Number(row.buyinId),
      user_name: author.nickname,
      apply_time: seconds(row.addedAt),
      // "申请成功时间": 0 while waiting or refused (the sandbox's choice).
      apply_suc_time: row.auditStatus === 1 ? seconds(row.decidedAt ?? row.addedAt) : 0,
      audit_status: row.auditStatus,
      apply_info:
        row.origin === 'applied' ? (words.get(row.buyinId)?.applyInfo ?? '') : '商家定向邀请',
      contact_phone: row.origin === 'applied' ? (words.get(row.buyinId)?.contactPhone ?? '') : '',
      // "达人移除时间（商家未修改时和计划结束时间一致）".
      end_time: seconds(plan.endTime),
    })),
  };
}

// --- buyin.orienPlanAudit ----------------------------------------------------------------

/**
 * buyin.orienPlanAudit (商家审核定向计划达人的申请): `apply_id` ("作者申请ID，/buyin/orienPlanAuthors
 * 返回参数") and `audit_action` ("1：通过（默认值）；2：拒绝； 3：删除达人"); the answer is empty;
 * an application that is not the shop's is 4117 无效申请ID. Deciding again as before succeeds
 * and changes nothing; deciding otherwise is 4118 (the sandbox's own); removing works in any
 * status (README.md "Choices").
 */
export async function orienPlanAudit(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = shopOf(ctx);
  const p = ctx.params;
  const applyId = idOf(p.apply_id);
  if (applyId === null || !Number.isSafeInteger(Number(applyId))) refuse(E.invalidApplyId);
  const action = oneOf(p.audit_action, [1, 2, 3], 1);
  if (action === null) refuse(E.paramsInvalid, 'audit_action：1、2、3');
  checkShop(shop);
  const row = await repo.planAuthorByApplyId(sandbox.db, Number(applyId));
  if (!row || row.shopId !== shop.id) refuse(E.invalidApplyId);
  if (action === 3) {
    await repo.deletePlanAuthor(sandbox.db, row.applyId);
    return {};
  }
  const to = action === 1 ? 1 : 3;
  if (row.auditStatus === to) return {};
  if (row.auditStatus !== 2) refuse(E.auditDecided);
  const moved = await repo.decideApplication(sandbox.db, row.applyId, {
    from: 2,
    to,
    at: ctx.now,
  });
  if (!moved) {
    // Decided meanwhile: the same decision is no error.
    const current = await repo.planAuthorByApplyId(sandbox.db, row.applyId);
    if (!current) refuse(E.invalidApplyId);
    if (current.auditStatus !== to) refuse(E.auditDecided);
  }
  return {};
}

// --- buyin.orienPlanList -----------------------------------------------------------------

/** "分页。最小值取1，最大取100"; "每页数目。默认20，最大40" (BuyinOrienPlanListReq). */
export const PLAN_LIST_PAGE_MAX = 100;
export const PLAN_LIST_PAGE_SIZE_MAX = 40;

/**
 * buyin.orienPlanList (商家查看定向计划列表): the shop's plans grouped by product, filtered by
 * `product_id` and `orien_plan_id`; fields as the generated C# SDK's BuyinOrienPlanListRsp
 * (`orien_plans[{product_id, orien_plans[{orien_plan_id, plan_status 1 投放中 2 已关闭,
 * cos_ratio, apply_type, restricted_type, author_level, audit_type, start_time, end_time,
 * kol_num, new_cos_ratio, new_cos_ratio_start_time}]}]`, `total`); errors 257 and 4102.
 * Grouping and order (newest first) are the sandbox's choice.
 */
export async function orienPlanList(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = shopOf(ctx);
  const p = ctx.params;
  const page = p.page === undefined ? 1 : intOf(p.page);
  const pageSize = p.page_size === undefined ? 20 : intOf(p.page_size);
  if (
    page === null ||
    page < 1 ||
    page > PLAN_LIST_PAGE_MAX ||
    pageSize === null ||
    pageSize < 1 ||
    pageSize > PLAN_LIST_PAGE_SIZE_MAX
  )
    refuse(E.paramsInvalid, `page 1–${PLAN_LIST_PAGE_MAX}，page_size 1–${PLAN_LIST_PAGE_SIZE_MAX}`);
  const productId = p.product_id === undefined ? null : idOf(p.product_id);
  if (p.product_id !== undefined && productId === null) refuse(E.paramsInvalid, 'product_id');
  const planId =
    p.orien_plan_id === undefined
      ? null
      : typeof p.orien_plan_id === 'string'
        ? p.orien_plan_id
        : idOf(p.orien_plan_id);
  if (shop.promotionClosed) refuse(E.promotionClosed);
  const plans = await repo.plansOfShop(sandbox.db, shop.id, { productId, planId });
  const slice = plans.slice((page - 1) * pageSize, page * pageSize);
  const counts = new Map<string, number>();
  for (const plan of slice) {
    await receiveApplications(sandbox, plan, ctx.now);
    // 达人 in force: applications waiting or refused are not the plan's 达人 yet.
    const members = await repo.authorsOfPlan(sandbox.db, plan.id);
    counts.set(plan.id, members.filter((a) => a.auditStatus === 1).length);
  }
  const groups = new Map<string, typeof slice>();
  for (const plan of slice)
    groups.set(plan.productId, [...(groups.get(plan.productId) ?? []), plan]);
  return {
    total: plans.length,
    orien_plans: [...groups].map(([product, list]) => ({
      product_id: BigInt(product),
      orien_plans: list.map((plan) => ({
        orien_plan_id: plan.id,
        product_id: BigInt(plan.productId),
        plan_status: plan.endTime <= ctx.now ? 2 : 1,
        cos_ratio: ratioNow(plan, ctx.now),
        apply_type: plan.applyType,
        restricted_type: plan.restrictedType,
        author_level: plan.authorLevel,
        audit_type: plan.auditType,
        start_time: seconds(plan.startTime),
        end_time: seconds(plan.endTime),
        kol_num: counts.get(plan.id) ?? 0,
        new_cos_ratio: plan.newCosRatio ?? 0,
        new_cos_ratio_start_time: plan.newCosRatioStartTime
          ? seconds(plan.newCosRatioStartTime)
          : 0,
      })),
    })),
  };
}

// --- buyin.ShopActivityList --------------------------------------------------------------

/** Shanghai wall time `yyyy-MM-dd HH:mm:ss`, as the activity times are strings. */
function shanghaiText(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function activityItem(a: SandboxActivity, applied: boolean, now: Date) {
  const day = 86400_000;
  const start = new Date(Math.floor(now.getTime() / day) * day - 7 * day);
  const end = a.applyOpen
    ? new Date(start.getTime() + 37 * day)
    : new Date(start.getTime() + 6 * day);
  return {
    activity_id: BigInt(a.activityId),
    activity_name: a.activityName,
    institution_name: a.institutionName,
    wechat_id: a.wechatId,
    phone_num: a.phoneNum,
    history_order_num: 120,
    history_single_product_num: 36,
    apply_start_time: shanghaiText(start),
    apply_end_time: shanghaiText(end),
    commission_rate: a.commissionRate,
    service_rate: a.serviceRate,
    activity_desc: a.activityDesc,
    estimated_single_sale: 5000,
    apply_num: 0,
    audit_pass_num: 0,
    apply_status: applied ? 1 : 0,
    activity_kind: a.activityKind,
    institution_id: Number(a.institutionId),
    colonel_buyin_id: Number(a.colonelBuyinId),
  };
}

export async function shopActivityList(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = shopOf(ctx);
  const p = ctx.params;
  // "1、我报名的活动 2、可以报名的活动" (required).
  const applyStatus = oneOf(p.apply_status, [1, 2], -1);
  if (applyStatus === null || applyStatus === -1) refuse(E.paramsInvalid, 'apply_status');
  const cursorMode = p.retrieve_mode === 1;
  const page = p.page === undefined ? 1 : intOf(p.page);
  const pageSize = p.page_size === undefined ? 10 : intOf(p.page_size);
  if (page === null || page < 1 || pageSize === null || pageSize < 1 || pageSize > 100)
    refuse(E.paramsInvalid, 'page ≥ 1，page_size 1–100');
  // "分页模式下生效，超过10000条会被限制，推荐使用游标模式".
  if (!cursorMode && page * pageSize > 10_000) refuse(E.pagingTooDeep);
  const applied = await repo.appliedActivityIds(sandbox.db, shop.id);
  const name = typeof p.inst_acti_name === 'string' ? p.inst_acti_name : '';
  const colonel = p.colonel_buyin_id === undefined ? null : idOf(p.colonel_buyin_id);
  // Rates in the filters are hundredths of a percent ("最低佣金率（5.5%,传550）").
  const within = (rate: number, min: unknown, max: unknown) =>
    (typeof min !== 'number' || rate * 100 >= min) &&
    (typeof max !== 'number' || rate * 100 <= max);
  const list = sandboxActivities
    .filter((a) => (applyStatus === 1 ? applied.has(a.activityId) : a.applyOpen))
    .filter((a) => !name || a.activityName.includes(name) || a.institutionName.includes(name))
    .filter((a) => colonel === null || a.colonelBuyinId === colonel)
    .filter((a) => within(a.commissionRate, p.commission_rate_min, p.commission_rate_max))
    .filter((a) => within(a.serviceRate, p.service_rate_min, p.service_rate_max));
  if (cursorMode) {
    const offset = typeof p.cursor === 'string' && /^\d+$/.test(p.cursor) ? Number(p.cursor) : 0;
    const slice = list.slice(offset, offset + pageSize);
    const next = offset + pageSize < list.length ? String(offset + pageSize) : '';
    return {
      data: slice.map((a) => activityItem(a, applied.has(a.activityId), ctx.now)),
      next_cursor: next,
    };
  }
  const slice = list.slice((page - 1) * pageSize, page * pageSize);
  return {
    data: slice.map((a) => activityItem(a, applied.has(a.activityId), ctx.now)),
    total: list.length,
  };
}

// --- buyin.applyActivities ---------------------------------------------------------------

/** "必须为两位小数": text like "20.50", read as hundredths. */
function twoDecimals(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,2}\.\d{2}$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

export async function applyActivities(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = shopOf(ctx);
  const p = ctx.params;
  const activityId = idOf(p.activity_id);
  const activity = activityId ? activityById(activityId) : undefined;
  if (!activity) refuse(E.checkInput, 'activity_id');
  checkShop(shop);
  if (!activity.applyOpen) refuse(E.applyClosed);
  if (typeof p.phone_number !== 'string' || !/^1\d{10}$/.test(p.phone_number))
    refuse(E.checkInput, 'phone_number');
  // service_ratio ("必须为两位小数") or the deprecated whole-number service_rate.
  let service: number;
  if (p.service_ratio !== undefined) {
    const r = twoDecimals(p.service_ratio);
    if (r === null) refuse(E.badServiceRatio);
    service = r;
  } else {
    const r = intOf(p.service_rate);
    if (r === null) refuse(E.checkInput, 'service_ratio');
    service = r * 100;
  }
  if (service < 0 || service > 4000 || service < activity.serviceRate * 100)
    refuse(E.checkInput, `服务费率需在${activity.serviceRate}%–40%之间`);
  if (!Array.isArray(p.products) || p.products.length === 0 || p.products.length > 20)
    refuse(E.checkInput, 'products：1–20个');

  const result: Array<{
    product_id: bigint | unknown;
    is_success: boolean;
    error_code: number;
    error_msg: string;
  }> = [];
  for (const raw of p.products as unknown[]) {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const productId = idOf(item.product_id);
    const shown = productId ? BigInt(productId) : (item.product_id ?? null);
    const fail = (f: { code: number; msg: string }) =>
      result.push({ product_id: shown, is_success: false, error_code: f.code, error_msg: f.msg });
    const [product] = productId ? await repo.productsByIds(sandbox.db, [productId]) : [];
    if (!product || product.shopId !== shop.id || product.status !== 'on_sale') {
      fail(productFailures.notShops);
      continue;
    }
    const price = intOf(item.activity_price);
    if (price === null || price <= 0) {
      fail(productFailures.badPrice);
      continue;
    }
    let ratio: number | null;
    if (item.product_activity_ratio !== undefined) ratio = twoDecimals(item.product_activity_ratio);
    else {
      const r = intOf(item.commission_rate);
      ratio = r === null ? null : r * 100;
    }
    if (ratio === null || ratio < 0 || ratio > 8000) {
      fail(productFailures.badRatio);
      continue;
    }
    if (ratio < activity.commissionRate * 100) {
      fail(productFailures.ratioBelowActivity);
      continue;
    }
    const long = (v: unknown) => typeof v === 'string' && [...v].length > 15;
    if (long(item.gift_info) || long(item.promotion_step)) {
      fail(productFailures.textTooLong);
      continue;
    }
    const inserted = await repo.insertApplication(sandbox.db, {
      activityId: activity.activityId,
      productId: product.id,
      shopId: shop.id,
      serviceRatio: service,
      commissionRatio: ratio,
      activityPriceFen: price,
      phoneNumber: p.phone_number,
      appliedAt: ctx.now,
    });
    if (!inserted) fail(productFailures.alreadyApplied);
    else result.push({ product_id: shown, is_success: true, error_code: 0, error_msg: 'success' });
  }
  // Product ids are int64: written as JSON numbers of all their digits (answers.ts).
  return { total: result.length, result };
}
