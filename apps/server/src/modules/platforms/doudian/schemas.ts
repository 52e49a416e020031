import { z } from 'zod';

/**
 * The platform's answers, checked before anything is believed. Field names and types follow the
 * methods' definitions as public SDKs transcribe them: sevencat/ecommerce_sdk
 * ecommerce_sdk/douyin/<Method>.cs (generated from the platform's API definitions), the .NET
 * SKIT DouyinShop models and their ModelSamples, and the official Go SDK (zsmhub/doudian-sdk).
 * Unknown fields pass; a missing or mistyped field we rely on fails the answer.
 *
 * Ids are 64-bit integers (product_id 3482204602722574252 in the .NET samples): the transport
 * reads integers beyond 2^53 as digit strings, and every id here is read as a string.
 */

/** An id: a number (safe), a digit string (read by the transport from a big integer), or text. */
export const id = z.union([
  z
    .number()
    .int()
    .nonnegative()
    .transform((value) => String(value)),
  z.string().regex(/^\d+$/),
]);
const text = z.string().default('');
const int = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
const decimal = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/**
 * Every answer: `{ code, msg, sub_code, sub_msg, data, log_id }` (official Go SDK
 * core/doudian_op_api_base_response.go; the new codes are asked for with the
 * `x-open-no-old-err-code: 1` header every official SDK sends). Success is code 10000.
 */
export const envelopeSchema = z.looseObject({
  code: int,
  msg: text,
  sub_code: text,
  sub_msg: text,
  log_id: z.string().optional(),
  data: z.unknown().optional(),
});

/**
 * token.create and token.refresh (TokenCreate.cs / TokenRefresh.cs; Go SDK CreateTokenData;
 * .NET ModelSamples/Token/TokenCreateResponse.json). `shop_id` is a number in the samples and a
 * string in the Go SDK.
 */
export const tokenData = z.looseObject({
  access_token: z.string().min(1),
  expires_in: int,
  refresh_token: z.string().min(1),
  scope: text,
  shop_id: id,
  shop_name: text,
  authority_id: z.string().optional(),
  auth_subject_type: z.string().optional(),
});

/**
 * buyin.createOrUpdateOrienPlan: `{ plan_id }` (BuyinCreateOrUpdateOrienPlan.cs). Checked by the
 * client: a creation answered without an id leaves unknown whether a plan was made.
 */
export const orienPlanData = z.looseObject({
  plan_id: z.union([id, z.literal('')]).optional(),
});

/**
 * buyin.orienPlanAuthorsAdd: `success_ids` (百应IDs) and `failed_ids` (buyin_id, error_code,
 * error_msg) (BuyinOrienPlanAuthorsAdd.cs; .NET BuyinOrientPlanAuthorsAddResponse.json).
 */
export const orienPlanAuthorsAddData = z.looseObject({
  success_ids: z
    .array(id)
    .nullish()
    .transform((value) => value ?? []),
  failed_ids: z
    .array(
      z.looseObject({
        buyin_id: id,
        error_code: int.optional(),
        error_msg: text,
      }),
    )
    .nullish()
    .transform((value) => value ?? []),
});

/** buyin.orienPlanAuthors (BuyinOrienPlanAuthors.cs; .NET BuyinOrientPlanAuthorsResponse.json). */
export const orienPlanAuthorsData = z.looseObject({
  total: int.default(0),
  orien_plan_authors: z
    .array(
      z.looseObject({
        apply_id: id.optional(),
        orien_plan_id: z.union([z.string(), id]).optional(),
        buyin_id: id,
        user_name: text,
        apply_time: int.optional(),
        apply_suc_time: int.optional(),
        // 1 生效中, 2 待审核, 3 审核拒绝.
        audit_status: int.optional(),
        apply_info: z.string().optional(),
        contact_phone: z.string().optional(),
        end_time: int.optional(),
      }),
    )
    .nullish()
    .transform((value) => value ?? []),
});

/**
 * buyin.orienPlanAudit: the data is empty (BuyinOrienPlanAuditReq in the generated C# SDK
 * `ecommerce.sdk.douyin`: `BuyinOrienPlanAuditRsp {}`; .NET BuyinOrientPlanAuditResponse has no
 * field). Anything there is let through.
 */
export const orienPlanAuditData = z.looseObject({});

/**
 * alliance.getOrderList (查询联盟达人佣金订单明细, "order_ids一次最多传入5个订单"): the generated C#
 * SDK's AllianceGetOrderListRsp and the .NET SKIT model
 * Models/Alliance/AllianceGetOrderListResponse.cs with its ModelSamples
 * AllianceGetOrderListResponse.json. The data holds its own `code` ("100000" in the sample,
 * success), `code_msg` and the orders in `datas`. Amounts are fen; `commission_rate` "以万为基数，
 * 比如3000，就是30%"; `order_status` is text: 支付成功、确认收货、退款、结算.
 */
export const allianceOrderListData = z.looseObject({
  code: z.union([z.string(), z.number().transform(String)]).optional(),
  code_msg: z.string().nullish(),
  datas: z
    .array(
      z.looseObject({
        // Digits in the samples; read as text whatever it holds.
        order_id: z.union([id, z.string().min(1)]),
        product_id: id.optional(),
        author_account: text,
        short_id: z.union([z.string(), z.number().transform(String)]).optional(),
        total_pay_amount: int.optional(),
        commission_rate: int.optional(),
        estimated_comission: int.optional(),
        real_comission: int.optional(),
        order_status: text,
        shop_id: id.optional(),
        // COMMON 普通单, PRE_SELL 预售.
        alliance_biz_type: z.string().optional(),
        // 1 定金, 2 尾款.
        phase_id: int.optional(),
      }),
    )
    .nullish()
    .transform((value) => value ?? []),
});

/** buyin.ShopActivityList (BuyinShopActivityList.cs): `{ data: [...], total, next_cursor }`. */
export const shopActivityListData = z.looseObject({
  data: z
    .array(
      z.looseObject({
        activity_id: id,
        activity_name: text,
        institution_name: text,
        institution_id: id.optional(),
        colonel_buyin_id: id.optional(),
        wechat_id: z.string().optional(),
        phone_num: z.string().optional(),
        apply_start_time: z.string().optional(),
        apply_end_time: z.string().optional(),
        commission_rate: decimal.optional(),
        service_rate: decimal.optional(),
        activity_desc: z.string().optional(),
        // 已报名1 / 未报名0.
        apply_status: int.optional(),
        // 0 专属招商, 1 公开招商.
        activity_kind: int.optional(),
      }),
    )
    .nullish()
    .transform((value) => value ?? []),
  total: int.optional(),
  next_cursor: z.string().nullish(),
});

/**
 * buyin.applyActivities: `{ total, result: [{ product_id, is_success, error_code, error_msg }] }`
 * (BuyinApplyActivities.cs; .NET BuyinApplyActivitiesResponse.json).
 */
export const applyActivitiesData = z.looseObject({
  total: int.optional(),
  result: z
    .array(
      z.looseObject({
        product_id: id,
        is_success: z.boolean(),
        error_code: int.optional(),
        error_msg: text,
      }),
    )
    .nullish()
    .transform((value) => value ?? []),
});

/**
 * buyin.orienPlanList (BuyinOrienPlanList.cs): plans grouped by product,
 * `{ total, orien_plans: [{ product_id, orien_plans: [{ orien_plan_id, plan_status, cos_ratio,
 * end_time, … }] }] }`. Used to find the plan that "存在同样佣金率和截止时间的计划" speaks of.
 */
export const orienPlanListData = z.looseObject({
  total: int.optional(),
  orien_plans: z
    .array(
      z.looseObject({
        product_id: id.optional(),
        orien_plans: z
          .array(
            z.looseObject({
              orien_plan_id: id,
              product_id: id.optional(),
              // 1 投放中, 2 已关闭, 3 关闭中（仍在投放中）.
              plan_status: int.optional(),
              cos_ratio: decimal.optional(),
              apply_type: int.optional(),
              audit_type: int.optional(),
              end_time: int.optional(),
              kol_num: int.optional(),
            }),
          )
          .nullish()
          .transform((value) => value ?? []),
      }),
    )
    .nullish()
    .transform((value) => value ?? []),
});
