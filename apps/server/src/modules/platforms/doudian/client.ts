import type { z } from 'zod';
import { DoudianError, authorFailureReason, reasonRules, type FailureReason } from './errors.ts';
import {
  allianceOrderListData,
  applyActivitiesData,
  orienPlanAuditData,
  orienPlanAuthorsAddData,
  orienPlanAuthorsData,
  orienPlanData,
  orienPlanListData,
  shopActivityListData,
  tokenData,
} from './schemas.ts';
import { Transport, operationOf, type TransportOptions } from './transport.ts';
import type { SendErrorCode } from '@inviteflow/contract';

/**
 * 抖店开放平台's methods this product calls, typed. Each names the public transcription of the
 * platform's method page it follows (sevencat/ecommerce_sdk ecommerce_sdk/douyin/<Method>.cs,
 * generated from the platform's API definitions; fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance
 * src/SKIT.FlurlHttpClient.ByteDance.DouyinShop/Models/…, whose extension methods cite the pages
 * op.jinritemai.com/docs/api-docs/61/706 (orienPlanAuthorsAdd), 61/708 (createOrUpdateOrienPlan),
 * 61/709 (orienPlanAuthors), 61/705 (orienPlanList), 61/744 (applyActivities); the laravel SDK
 * lackoxygen/laravel-tiktok-shop-sdk src/Request/Buyin/Buyin.php for the method names and paths,
 * its BuyinInterface.php for buyin.ShopActivityList's page, 61/1671, and buyin.orienPlanAudit's,
 * 61/1878 (the .NET SDK names 61/707); alliance.getOrderList from the generated
 * AllianceGetOrderListReq and the .NET Models/Alliance/AllianceGetOrderList*, page 46/469).
 */

export const DOUDIAN_LIMITS = {
  /** orienPlanAuthorsAdd `buyin_ids`: "达人百应ID列表，最多20个". */
  authorsPerAdd: 20,
  /** createOrUpdateOrienPlan `cos_ratio`: "取值区间：[0,80] 的整数". */
  cosRatioMin: 0,
  cosRatioMax: 80,
  /** orienPlanAuthors `page_size`: "每页数目，最大40，默认20". */
  planAuthorsPageSizeMax: 40,
  /** alliance.getOrderList `order_ids`: "order_ids一次最多传入5个订单". */
  ordersPerLookup: 5,
  /** orienPlanList `page_size`: "默认20，最大40"; `page`: "最小值取1，最大取100". */
  planListPageSizeMax: 40,
  planListPageMax: 100,
  /** applyActivities `product_activity_ratio`: "设置范围[0,80%]… 必须为两位小数". */
  activityRatioMax: 80,
  /** applyActivities `service_ratio`: "服务费率+佣金率小于90（必须为两位小数）". */
  ratioSumBelow: 90,
  /** applyActivities `gift_info` / `promotion_step`: "15个字以内". */
  productNoteMaxChars: 15,
  /** applyActivities `months_of_protection`: "范围：[0,12]". */
  protectionMonthsMax: 12,
  /** token.refresh: "refresh_token … 有效期：14 天". */
  refreshTokenDays: 14,
} as const;

export const DOUDIAN_METHODS = {
  tokenCreate: 'token.create',
  tokenRefresh: 'token.refresh',
  createOrUpdateOrienPlan: 'buyin.createOrUpdateOrienPlan',
  orienPlanAuthorsAdd: 'buyin.orienPlanAuthorsAdd',
  orienPlanAuthors: 'buyin.orienPlanAuthors',
  orienPlanAudit: 'buyin.orienPlanAudit',
  orienPlanList: 'buyin.orienPlanList',
  allianceOrders: 'alliance.getOrderList',
  shopActivityList: 'buyin.ShopActivityList',
  applyActivities: 'buyin.applyActivities',
} as const;

/** A shop's authorization, as token.create and token.refresh answer it. */
export interface TokenGrant {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  /** Not in the answer: 14 days from now, as the token pages say. */
  refreshTokenExpiresAt: Date;
  shopId: string;
  shopName: string;
  scope: string;
  authorityId: string | null;
}

/** What a shop's call needs. */
export interface ShopAccess {
  accessToken: string;
}

/** createOrUpdateOrienPlan's plan settings (BuyinCreateOrUpdateOrienPlan.cs). */
export interface OrienPlanInput {
  /** The 抖店 product id (digits; 64-bit). */
  productId: string;
  /** Commission in whole percent, 0–80. */
  cosRatio: number;
  /** When the plan ends. */
  endTime: Date;
  /** `apply_type`: may 达人 apply to the plan themselves (2) or not (1, the default). */
  allowApply?: boolean;
  /** `audit_type` when applying is allowed: applications need the seller's review (2) or pass (1). */
  auditApplications?: boolean;
  /** `restricted_type` 2 with `author_level` 3–6; absent: no restriction. */
  minAuthorLevel?: 3 | 4 | 5 | 6;
}

/** One 达人 of an orienPlanAuthorsAdd call and what became of it. */
export type AuthorOutcome =
  | { buyinId: string; status: 'added' }
  | {
      buyinId: string;
      status: 'failed';
      reason: FailureReason;
      standardCode: SendErrorCode;
      errorCode: number | null;
      message: string;
    }
  /** Named in neither list: whether it was added is not known; read orienPlanAuthors. */
  | { buyinId: string; status: 'unknown' };

export interface PlanAuthor {
  /** `apply_id`: what buyin.orienPlanAudit decides on ("作者申请ID，/buyin/orienPlanAuthors 返回参数"). */
  applyId: string | null;
  buyinId: string;
  userName: string;
  /** 1 生效中, 2 待审核, 3 审核拒绝. */
  auditStatus: number | null;
  applyTime: Date | null;
  /** `apply_suc_time`: when the 达人 joined (added, or the application approved). */
  joinedAt: Date | null;
  /** `apply_info`, the 达人's words with an application ('' when none). */
  applyInfo: string;
  /** `contact_phone` the 达人 left with an application ('' when none). */
  contactPhone: string;
  endTime: Date | null;
}

/** buyin.orienPlanAudit's `audit_action`: "1：通过（默认值）；2：拒绝； 3：删除达人". */
const auditActions = { approve: 1, reject: 2, remove: 3 } as const;
type AuditDecision = keyof typeof auditActions;

/** One order of alliance.getOrderList (amounts in fen). */
export interface AllianceOrder {
  orderId: string;
  productId: string | null;
  shopId: string | null;
  /** `author_account`: the 达人's name, and `short_id`, their 抖音号 (no 百应ID in the answer). */
  authorName: string;
  authorShortId: string | null;
  payAmountFen: number | null;
  /** Hundredths of a percent ("以万为基数，比如3000，就是30%"). */
  commissionRateBp: number | null;
  estimatedCommissionFen: number | null;
  realCommissionFen: number | null;
  /** As given: 支付成功、确认收货、退款、结算. */
  status: string;
  /** COMMON 普通单, PRE_SELL 预售. */
  bizType: string | null;
  /** 1 定金, 2 尾款. */
  phase: number | null;
}

/** alliance.getOrderList's own success code inside `data` (the .NET ModelSamples: "100000"). */
const ORDER_LIST_OK = '100000';

export interface OrienPlanSummary {
  planId: string;
  productId: string | null;
  /** 1 投放中, 2 已关闭, 3 关闭中. */
  status: number | null;
  cosRatio: number | null;
  endTime: Date | null;
  authorCount: number | null;
}

export interface ShopActivity {
  activityId: string;
  name: string;
  /** The 团长 (institution) running it. */
  institutionName: string;
  institutionId: string | null;
  colonelBuyinId: string | null;
  applyStartTime: string | null;
  applyEndTime: string | null;
  /** The minimum commission and service rates the activity asks, as the platform gives them. */
  minCommissionRate: number | null;
  minServiceRate: number | null;
  applied: boolean | null;
  /** 0 专属招商, 1 公开招商. */
  kind: number | null;
}

export interface ActivityApplication {
  activityId: string;
  /** 招商服务费率, percent with at most two decimals. */
  serviceRatio: number;
  /** 店铺联系电话. */
  phoneNumber: string;
  products: Array<{
    productId: string;
    /** 活动价, in fen. */
    activityPriceFen: number;
    /** 佣金比例, percent with at most two decimals, 0–80. */
    commissionRatio: number;
    promotionStock?: number;
    giftInfo?: string;
    promotionStep?: string;
    monthsOfProtection?: number;
  }>;
}

export interface ProductOutcome {
  productId: string;
  /** `unknown`: the answer does not name the product; read ShopActivityList before sending again. */
  status: 'applied' | 'failed' | 'unknown';
  errorCode: number | null;
  message: string;
}

const fromUnix = (seconds: number | undefined): Date | null =>
  seconds === undefined || seconds <= 0 ? null : new Date(seconds * 1000);

/**
 * `expires_in`: the Go SDK calls it a duration in seconds ("默认有效期：7天"; the .NET sample
 * answers 530808), the generated definition "过期时间(秒级时间戳)". A small number can only be a
 * duration: taken from now, never as 1970.
 */
function expiry(value: number, nowMs: number): Date {
  return value < 1_000_000_000 ? new Date(nowMs + value * 1000) : new Date(value * 1000);
}

function refuse(method: string, why: string): never {
  throw new DoudianError({
    reason: 'invalid_request',
    operation: operationOf(method),
    platformMessage: why,
  });
}

const digits = /^[1-9]\d{0,19}$/;

function idParam(method: string, name: string, value: string): bigint {
  if (!digits.test(value) || BigInt(value) > 9_223_372_036_854_775_807n) {
    refuse(method, `${name} is not a platform id`);
  }
  return BigInt(value);
}

/** At most two decimals, as the rates of applyActivities must be. */
function twoDecimals(method: string, name: string, value: number, max: number): string {
  if (
    !Number.isFinite(value) ||
    value < 0 ||
    value > max ||
    Math.round(value * 100) !== value * 100
  ) {
    refuse(method, `${name} must be 0–${max} with at most two decimals`);
  }
  return value.toFixed(2);
}

export type DoudianClientOptions = TransportOptions;

export class DoudianClient {
  private readonly transport: Transport;
  private readonly now: () => number;

  constructor(options: DoudianClientOptions) {
    this.transport = new Transport(options);
    this.now = options.now ?? Date.now;
  }

  // -------------------------------------------------------------------------------------
  // Authorization (TokenCreate.cs / TokenRefresh.cs; official Go SDK core/create_token_request.go)
  // -------------------------------------------------------------------------------------

  /**
   * token.create: the service authorization's one-time `code` (valid 10 minutes:
   * "dop.token-generate-failed:code-expired … code的有效期为10分钟") for the shop's tokens, its id
   * and name. `grant_type` is `authorization_code` for a 工具型 app (a service-market app like
   * ours); `authorization_self` is for a shop's own app.
   */
  async createToken(code: string): Promise<TokenGrant> {
    if (!code.trim()) refuse(DOUDIAN_METHODS.tokenCreate, 'code is required');
    const { data } = await this.transport.call({
      method: DOUDIAN_METHODS.tokenCreate,
      params: { code, grant_type: 'authorization_code' },
      data: tokenData,
    });
    return this.grant(data);
  }

  /**
   * token.refresh. Before the last hour of the access token it answers the same tokens; within
   * it, new ones (the old stay valid an hour); after it, new ones and the old die (TokenRefresh.cs).
   */
  async refreshToken(refreshToken: string): Promise<TokenGrant> {
    if (!refreshToken) refuse(DOUDIAN_METHODS.tokenRefresh, 'refresh_token is required');
    const { data } = await this.transport.call({
      method: DOUDIAN_METHODS.tokenRefresh,
      params: { refresh_token: refreshToken, grant_type: 'refresh_token' },
      data: tokenData,
    });
    return this.grant(data);
  }

  private grant(data: z.output<typeof tokenData>): TokenGrant {
    const now = this.now();
    return {
      accessToken: data.access_token,
      accessTokenExpiresAt: expiry(data.expires_in, now),
      refreshToken: data.refresh_token,
      refreshTokenExpiresAt: new Date(now + DOUDIAN_LIMITS.refreshTokenDays * 86_400_000),
      shopId: data.shop_id,
      shopName: data.shop_name,
      scope: data.scope,
      authorityId: data.authority_id || null,
    };
  }

  // -------------------------------------------------------------------------------------
  // 定向计划 (targeted plans)
  // -------------------------------------------------------------------------------------

  /**
   * buyin.createOrUpdateOrienPlan with `is_create: true`: the product joins a 定向计划 at the
   * commission. Answers the plan id. "存在同样佣金率和截止时间的计划" comes back as `plan_exists`:
   * find that plan with findOrienPlans and add the 达人 to it.
   */
  async createOrienPlan(shop: ShopAccess, input: OrienPlanInput): Promise<{ planId: string }> {
    const method = DOUDIAN_METHODS.createOrUpdateOrienPlan;
    const plan = this.planParams(method, input, true);
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: { is_create: true, plan },
      data: orienPlanData,
    });
    if (!data.plan_id) {
      // A success without the plan's id: whether a plan was made is not known.
      throw new DoudianError({
        reason: 'unreadable',
        operation: operationOf(method),
        httpStatus: 200,
        platformMessage: 'no plan_id',
      });
    }
    return { planId: data.plan_id };
  }

  /**
   * buyin.createOrUpdateOrienPlan with `is_create: false`: a plan's commission and end time
   * ("下调自然日T+1生效，上调立即生效").
   */
  async updateOrienPlan(
    shop: ShopAccess,
    planId: string,
    input: Pick<OrienPlanInput, 'cosRatio' | 'endTime'>,
  ): Promise<{ planId: string }> {
    const method = DOUDIAN_METHODS.createOrUpdateOrienPlan;
    if (!planId.trim()) refuse(method, 'orien_plan_id is required');
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: {
        is_create: false,
        plan: { orien_plan_id: planId, ...this.ratioAndEnd(method, input) },
      },
      data: orienPlanData,
    });
    return { planId: data.plan_id || planId };
  }

  private ratioAndEnd(
    method: string,
    input: Pick<OrienPlanInput, 'cosRatio' | 'endTime'>,
  ): { cos_ratio: number; end_time: number } {
    const { cosRatioMin, cosRatioMax } = DOUDIAN_LIMITS;
    if (
      !Number.isInteger(input.cosRatio) ||
      input.cosRatio < cosRatioMin ||
      input.cosRatio > cosRatioMax
    ) {
      refuse(method, `cos_ratio must be a whole percent ${cosRatioMin}–${cosRatioMax}`);
    }
    const end = Math.floor(input.endTime.getTime() / 1000);
    if (!Number.isFinite(end) || end * 1000 <= this.now())
      refuse(method, 'end_time must be in the future');
    return { cos_ratio: input.cosRatio, end_time: end };
  }

  private planParams(
    method: string,
    input: OrienPlanInput,
    creating: boolean,
  ): Record<string, unknown> {
    const allowApply = input.allowApply ?? false;
    return {
      product_id: idParam(method, 'product_id', input.productId),
      ...this.ratioAndEnd(method, input),
      // 1 不可以申请（默认值）, 2 可以申请.
      apply_type: allowApply ? 2 : 1,
      // "创建时：apply_type = 2时必填，apply_type = 1时该字段无效": 1 自动通过, 2 需要审核.
      ...(creating && allowApply ? { audit_type: input.auditApplications ? 2 : 1 } : {}),
      // 1 无限制（默认值）, 2 有限制 with author_level 3–6.
      restricted_type: input.minAuthorLevel ? 2 : 1,
      ...(input.minAuthorLevel ? { author_level: input.minAuthorLevel } : {}),
    };
  }

  /**
   * buyin.orienPlanAuthorsAdd: up to 20 百应IDs into a plan. Each 达人 comes back as added,
   * failed (with its reason: its record fails), or, if the answer names it in neither list,
   * unknown (read the plan's authors before sending it again).
   */
  async addOrienPlanAuthors(
    shop: ShopAccess,
    planId: string,
    buyinIds: string[],
  ): Promise<AuthorOutcome[]> {
    const method = DOUDIAN_METHODS.orienPlanAuthorsAdd;
    if (!planId.trim()) refuse(method, 'orien_plan_id is required');
    if (buyinIds.length < 1 || buyinIds.length > DOUDIAN_LIMITS.authorsPerAdd) {
      refuse(method, `1 to ${DOUDIAN_LIMITS.authorsPerAdd} 百应IDs per call`);
    }
    if (new Set(buyinIds).size !== buyinIds.length) refuse(method, 'a 百应ID appears twice');
    const ids = buyinIds.map((value) => idParam(method, 'buyin_ids', value));
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: { orien_plan_id: planId, buyin_ids: ids },
      data: orienPlanAuthorsAddData,
    });
    const added = new Set(data.success_ids);
    const failed = new Map(data.failed_ids.map((item) => [item.buyin_id, item]));
    return buyinIds.map((buyinId): AuthorOutcome => {
      const failure = failed.get(buyinId);
      if (failure) {
        const reason = authorFailureReason(failure.error_msg);
        return {
          buyinId,
          status: 'failed',
          reason,
          standardCode: reasonRules[reason].standard,
          errorCode: failure.error_code ?? null,
          message: failure.error_msg,
        };
      }
      if (added.has(buyinId)) return { buyinId, status: 'added' };
      return { buyinId, status: 'unknown' };
    });
  }

  /** buyin.orienPlanAuthors: a plan's 达人, to settle an unknown outcome. */
  async listOrienPlanAuthors(
    shop: ShopAccess,
    params: {
      planId: string;
      buyinId?: string;
      /** `user_name`: the 达人's nickname. */
      userName?: string;
      /** 1 生效中 (the platform's default), 2 待审核, 3 审核拒绝. */
      auditStatus?: 1 | 2 | 3;
      page?: number;
      pageSize?: number;
    },
  ): Promise<{ authors: PlanAuthor[]; total: number }> {
    const method = DOUDIAN_METHODS.orienPlanAuthors;
    const page = params.page ?? 1;
    const pageSize = params.pageSize ?? 20;
    if (!params.planId.trim()) refuse(method, 'orien_plan_id is required');
    if (!Number.isInteger(page) || page < 1) refuse(method, 'page starts at 1');
    if (
      !Number.isInteger(pageSize) ||
      pageSize < 1 ||
      pageSize > DOUDIAN_LIMITS.planAuthorsPageSizeMax
    ) {
      refuse(method, `page_size 1 to ${DOUDIAN_LIMITS.planAuthorsPageSizeMax}`);
    }
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: {
        orien_plan_id: params.planId,
        page,
        page_size: pageSize,
        audit_status: params.auditStatus,
        buyin_id: params.buyinId ? idParam(method, 'buyin_id', params.buyinId) : undefined,
        user_name: params.userName?.trim() || undefined,
      },
      data: orienPlanAuthorsData,
    });
    return {
      total: data.total,
      authors: data.orien_plan_authors.map((author) => ({
        applyId: author.apply_id ?? null,
        buyinId: author.buyin_id,
        userName: author.user_name,
        auditStatus: author.audit_status ?? null,
        applyTime: fromUnix(author.apply_time),
        joinedAt: fromUnix(author.apply_suc_time),
        applyInfo: author.apply_info ?? '',
        contactPhone: author.contact_phone ?? '',
        endTime: fromUnix(author.end_time),
      })),
    };
  }

  /**
   * buyin.orienPlanAudit (定向计划达人申请审核): approve or reject a 达人's application to a plan,
   * or remove the 达人 from it, by the `apply_id` orienPlanAuthors answers. The answer carries
   * nothing; 4117 "无效申请ID" is an unknown application.
   */
  async auditOrienPlanApplication(
    shop: ShopAccess,
    applyId: string,
    decision: AuditDecision,
  ): Promise<void> {
    const method = DOUDIAN_METHODS.orienPlanAudit;
    // `apply_id` is a long (BuyinOrienPlanAuditReq `long? ApplyId`; the sample sends 16295).
    const id = idParam(method, 'apply_id', applyId);
    if (!Object.hasOwn(auditActions, decision)) refuse(method, 'audit_action is 1, 2 or 3');
    await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: { apply_id: id, audit_action: auditActions[decision] },
      data: orienPlanAuditData,
    });
  }

  // -------------------------------------------------------------------------------------
  // 联盟订单 (alliance orders)
  // -------------------------------------------------------------------------------------

  /**
   * alliance.getOrderList (查询联盟达人佣金订单明细): the alliance detail of up to 5 orders the
   * shop knows by id. It does not list orders: the ids come from elsewhere. An id the answer
   * does not name is left out of the result. A `data.code` other than "100000" is a refusal.
   */
  async getAllianceOrders(shop: ShopAccess, orderIds: string[]): Promise<AllianceOrder[]> {
    const method = DOUDIAN_METHODS.allianceOrders;
    const max = DOUDIAN_LIMITS.ordersPerLookup;
    if (orderIds.length < 1 || orderIds.length > max)
      refuse(method, `1 to ${max} order ids per call`);
    if (new Set(orderIds).size !== orderIds.length) refuse(method, 'an order id appears twice');
    // `order_ids` is a list of strings (AllianceGetOrderListReq `List<string> OrderIds`), sent
    // as given; digits in every sample.
    for (const orderId of orderIds) {
      if (!/^[0-9A-Za-z]{1,32}$/.test(orderId)) refuse(method, `${orderId} is not an order id`);
    }
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: { order_ids: orderIds },
      data: allianceOrderListData,
    });
    if (data.code !== undefined && data.code !== ORDER_LIST_OK) {
      throw new DoudianError({
        reason: 'invalid_request',
        operation: operationOf(method),
        httpStatus: 200,
        subCode: data.code,
        platformMessage: data.code_msg ?? '',
      });
    }
    return data.datas.map((order) => ({
      orderId: order.order_id,
      productId: order.product_id ?? null,
      shopId: order.shop_id ?? null,
      authorName: order.author_account,
      authorShortId: order.short_id || null,
      payAmountFen: order.total_pay_amount ?? null,
      commissionRateBp: order.commission_rate ?? null,
      estimatedCommissionFen: order.estimated_comission ?? null,
      realCommissionFen: order.real_comission ?? null,
      status: order.order_status,
      bizType: order.alliance_biz_type ?? null,
      phase: order.phase_id ?? null,
    }));
  }

  /**
   * Is each 达人 in the plan? Reads orienPlanAuthors by 百应ID, in every audit status (an added
   * 达人 may wait for review or have been refused), for reconciliation after an unknown outcome.
   */
  async planHasAuthors(
    shop: ShopAccess,
    planId: string,
    buyinIds: string[],
  ): Promise<Map<string, boolean>> {
    const found = new Map<string, boolean>();
    for (const buyinId of buyinIds) {
      let present = false;
      for (const auditStatus of [1, 2, 3] as const) {
        const { authors } = await this.listOrienPlanAuthors(shop, { planId, buyinId, auditStatus });
        if (authors.some((author) => author.buyinId === buyinId)) {
          present = true;
          break;
        }
      }
      found.set(buyinId, present);
    }
    return found;
  }

  /** buyin.orienPlanList: the shop's plans, by product or plan id (to find an existing plan). */
  async findOrienPlans(
    shop: ShopAccess,
    params: { productId?: string; planId?: string; page?: number; pageSize?: number },
  ): Promise<{ plans: OrienPlanSummary[]; total: number | null }> {
    const method = DOUDIAN_METHODS.orienPlanList;
    const page = params.page ?? 1;
    const pageSize = params.pageSize ?? 20;
    if (!Number.isInteger(page) || page < 1 || page > DOUDIAN_LIMITS.planListPageMax) {
      refuse(method, `page 1 to ${DOUDIAN_LIMITS.planListPageMax}`);
    }
    if (
      !Number.isInteger(pageSize) ||
      pageSize < 1 ||
      pageSize > DOUDIAN_LIMITS.planListPageSizeMax
    ) {
      refuse(method, `page_size 1 to ${DOUDIAN_LIMITS.planListPageSizeMax}`);
    }
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: {
        page,
        page_size: pageSize,
        product_id: params.productId ? idParam(method, 'product_id', params.productId) : undefined,
        orien_plan_id: params.planId || undefined,
      },
      data: orienPlanListData,
    });
    return {
      total: data.total ?? null,
      plans: data.orien_plans.flatMap((group) =>
        group.orien_plans.map((plan) => ({
          planId: plan.orien_plan_id,
          productId: plan.product_id ?? group.product_id ?? null,
          status: plan.plan_status ?? null,
          cosRatio: plan.cos_ratio ?? null,
          endTime: fromUnix(plan.end_time),
          authorCount: plan.kol_num ?? null,
        })),
      ),
    };
  }

  // -------------------------------------------------------------------------------------
  // 团长活动 (group leader activities)
  // -------------------------------------------------------------------------------------

  /**
   * buyin.ShopActivityList: the 团长 activities the shop may join (`apply_status` 2) or has
   * joined (1). Cursor mode (`retrieve_mode` 1, "推荐") pages without the 10,000-row cap.
   */
  async listShopActivities(
    shop: ShopAccess,
    params: {
      applyStatus: 1 | 2;
      cursor?: string;
      pageSize?: number;
      /** 团长名称或活动名称, fuzzy. */
      keyword?: string;
      colonelBuyinId?: string;
    },
  ): Promise<{ activities: ShopActivity[]; nextCursor: string | null }> {
    const method = DOUDIAN_METHODS.shopActivityList;
    const pageSize = params.pageSize ?? 20;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      refuse(method, 'page_size 1 to 100');
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: {
        apply_status: params.applyStatus,
        retrieve_mode: 1,
        cursor: params.cursor || undefined,
        page_size: pageSize,
        inst_acti_name: params.keyword || undefined,
        colonel_buyin_id: params.colonelBuyinId
          ? idParam(method, 'colonel_buyin_id', params.colonelBuyinId)
          : undefined,
      },
      data: shopActivityListData,
    });
    return {
      nextCursor: data.next_cursor || null,
      activities: data.data.map((item) => ({
        activityId: item.activity_id,
        name: item.activity_name,
        institutionName: item.institution_name,
        institutionId: item.institution_id ?? null,
        colonelBuyinId: item.colonel_buyin_id ?? null,
        applyStartTime: item.apply_start_time ?? null,
        applyEndTime: item.apply_end_time ?? null,
        minCommissionRate: item.commission_rate ?? null,
        minServiceRate: item.service_rate ?? null,
        applied: item.apply_status === undefined ? null : item.apply_status === 1,
        kind: item.activity_kind ?? null,
      })),
    };
  }

  /**
   * buyin.applyActivities: the shop's products into a 团长 activity, with the service rate and a
   * contact phone. Answers each product's outcome. Rates go as strings with two decimals
   * (`service_ratio`, `product_activity_ratio`: "必须为两位小数"); the page still marks the
   * deprecated integer `service_rate` required, so it goes too (the .NET SDK's sample sends both).
   */
  async applyActivities(shop: ShopAccess, input: ActivityApplication): Promise<ProductOutcome[]> {
    const method = DOUDIAN_METHODS.applyActivities;
    const limits = DOUDIAN_LIMITS;
    const activityId = idParam(method, 'activity_id', input.activityId);
    const serviceRatio = twoDecimals(
      method,
      'service_ratio',
      input.serviceRatio,
      limits.ratioSumBelow,
    );
    if (!/^\+?[\d\s-]{5,20}$/.test(input.phoneNumber.trim()))
      refuse(method, 'phone_number is required');
    if (input.products.length < 1) refuse(method, 'at least one product');
    const seen = new Set<string>();
    const products = input.products.map((product) => {
      if (seen.has(product.productId)) refuse(method, `product ${product.productId} appears twice`);
      seen.add(product.productId);
      const ratio = twoDecimals(
        method,
        `product_activity_ratio of ${product.productId}`,
        product.commissionRatio,
        limits.activityRatioMax,
      );
      if (product.commissionRatio + input.serviceRatio >= limits.ratioSumBelow) {
        refuse(
          method,
          `service rate + commission of ${product.productId} must stay below ${limits.ratioSumBelow}`,
        );
      }
      if (!Number.isInteger(product.activityPriceFen) || product.activityPriceFen <= 0) {
        refuse(method, `activity_price of ${product.productId} must be a positive number of fen`);
      }
      for (const [name, note] of [
        ['gift_info', product.giftInfo],
        ['promotion_step', product.promotionStep],
      ] as const) {
        if (note && [...note].length > limits.productNoteMaxChars) {
          refuse(
            method,
            `${name} of ${product.productId}: at most ${limits.productNoteMaxChars} characters`,
          );
        }
      }
      const months = product.monthsOfProtection;
      if (
        months !== undefined &&
        (!Number.isInteger(months) || months < 0 || months > limits.protectionMonthsMax)
      ) {
        refuse(method, `months_of_protection 0 to ${limits.protectionMonthsMax}`);
      }
      if (
        product.promotionStock !== undefined &&
        (!Number.isInteger(product.promotionStock) || product.promotionStock < 0)
      ) {
        refuse(method, `promotion_stock of ${product.productId} must be a whole number`);
      }
      return {
        product_id: idParam(method, 'product_id', product.productId),
        activity_price: product.activityPriceFen,
        product_activity_ratio: ratio,
        promotion_stock: product.promotionStock,
        gift_info: product.giftInfo || undefined,
        promotion_step: product.promotionStep || undefined,
        // promotion_end_time is left out: its format is not given ("不传默认为当前时间往后数90天").
        months_of_protection: months,
      };
    });
    const { data } = await this.transport.call({
      method,
      accessToken: shop.accessToken,
      params: {
        activity_id: activityId,
        service_ratio: serviceRatio,
        service_rate: Math.trunc(input.serviceRatio),
        phone_number: input.phoneNumber.trim(),
        products,
      },
      data: applyActivitiesData,
    });
    const results = new Map(data.result.map((item) => [item.product_id, item]));
    return input.products.map((product) => {
      const item = results.get(product.productId);
      if (!item)
        return { productId: product.productId, status: 'unknown', errorCode: null, message: '' };
      return {
        productId: product.productId,
        status: item.is_success ? 'applied' : 'failed',
        errorCode: item.error_code ?? null,
        message: item.is_success ? '' : item.error_msg,
      };
    });
  }
}
