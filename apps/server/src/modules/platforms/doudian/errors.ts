import type { SendErrorCode } from '@inviteflow/contract';

/**
 * Every failure of a 抖店开放平台 call, classified by what it is about, the same way the TikTok
 * Shop client classifies its own (DESIGN.md "Platforms": only an answer about the talent itself
 * fails a record; run-level stops leave records pending; an outcome that is not known is
 * reconciled by reading the platform before any retry), so the executor treats both alike.
 *
 * - `creator`: about one 达人 (or 团长) of the call: its record fails.
 * - `call`: about this shop's use of the platform now (token, authorization, rate limit, our
 *   app's settings, the shop's standing in 精选联盟). Nothing was done; records stay pending.
 * - `request`: the request itself is refused (a product, a plan id, a rate out of range).
 * - `unknown`: the call may or may not have taken effect: read the platform before deciding.
 */
export type FailureScope = 'creator' | 'call' | 'request' | 'unknown';

export type NextStep =
  | 'fail_records'
  | 'pause_shop'
  | 'back_off'
  | 'refresh_token'
  | 'reconnect'
  | 'fix_configuration'
  | 'reconcile';

export type FailureReason =
  // About the 达人 / 团长.
  | 'author_not_found'
  | 'author_already_added'
  | 'author_rejected'
  // About the call (this shop, now).
  | 'quota_exceeded'
  | 'rate_limited'
  | 'token_expired'
  | 'token_refresh_conflict'
  | 'authorization_revoked'
  | 'bad_signature'
  | 'configuration'
  | 'shop_ineligible'
  | 'unreachable'
  // About the request.
  | 'product_invalid'
  | 'plan_not_found'
  | 'activity_closed'
  | 'invalid_request'
  // The plan asked for exists already: find it before creating another.
  | 'plan_exists'
  // Outcome unknown.
  | 'timeout'
  | 'connection_failed'
  | 'server_error'
  | 'unreadable'
  | 'platform_internal';

interface ReasonRule {
  scope: FailureScope;
  next: NextStep;
  /** The standard error code a record or a shop shows (packages/contract sendErrorCodes). */
  standard: SendErrorCode;
}

export const reasonRules: Record<FailureReason, ReasonRule> = {
  author_not_found: { scope: 'creator', next: 'fail_records', standard: 'talent_not_found' },
  author_already_added: { scope: 'creator', next: 'fail_records', standard: 'already_invited' },
  author_rejected: { scope: 'creator', next: 'fail_records', standard: 'talent_ineligible' },
  // The shop's allowance of the day (or the plan's) is used: the shop waits, its 达人 are not refused.
  quota_exceeded: { scope: 'call', next: 'pause_shop', standard: 'quota_exceeded' },
  rate_limited: { scope: 'call', next: 'back_off', standard: 'rate_limited' },
  token_expired: { scope: 'call', next: 'refresh_token', standard: 'login_expired' },
  // token.refresh "有并发请求": call it again to get the newest token (the page's own remedy).
  token_refresh_conflict: { scope: 'call', next: 'back_off', standard: 'login_expired' },
  authorization_revoked: { scope: 'call', next: 'reconnect', standard: 'authorization_revoked' },
  bad_signature: { scope: 'call', next: 'fix_configuration', standard: 'platform_configuration' },
  configuration: { scope: 'call', next: 'fix_configuration', standard: 'platform_configuration' },
  shop_ineligible: { scope: 'call', next: 'pause_shop', standard: 'shop_ineligible' },
  // Refused connection or unresolved name: nothing reached the platform.
  unreachable: { scope: 'call', next: 'back_off', standard: 'network' },
  product_invalid: { scope: 'request', next: 'fail_records', standard: 'product_not_owned' },
  plan_not_found: { scope: 'request', next: 'fail_records', standard: 'invalid_request' },
  activity_closed: { scope: 'request', next: 'fail_records', standard: 'invalid_request' },
  invalid_request: { scope: 'request', next: 'fail_records', standard: 'invalid_request' },
  plan_exists: { scope: 'request', next: 'reconcile', standard: 'invalid_request' },
  timeout: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  connection_failed: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  server_error: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  unreadable: { scope: 'unknown', next: 'reconcile', standard: 'network' },
  platform_internal: { scope: 'unknown', next: 'reconcile', standard: 'network' },
};

/**
 * The gateway's main codes ("平台基础错误码汇总", op.jinritemai.com/docs/guide-docs/212/1427, as
 * transcribed in imactool's Jinritemai SDK src/Error/ErrorCode.php and in
 * teacy's ApiResponseConstant.java). A sub_code below refines most of them.
 */
export const SUCCESS_CODE = 10000;
/** "请求部分失败": the data carries which items failed (orienPlanAuthorsAdd `failed_ids`). */
export const PARTIAL_SUCCESS_CODE = 10001;

export const platformCodes: Readonly<Record<number, FailureReason>> = {
  20000: 'platform_internal', // 服务不可用 / 系统错误 ("服务打瞌睡了，请稍后再试")
  20001: 'timeout', // 内部服务超时
  30000: 'invalid_request', // 通用参数错误
  30001: 'configuration', // 操作权限不足 (the app lacks the API's permission package, by default)
  30002: 'configuration', // 请求来源IP不可信，请检查IP白名单
  40001: 'configuration', // 缺少必选参数（平台校验）: sign / app_key missing, our bug
  40002: 'invalid_request', // 缺少必选参数（业务校验）
  40003: 'invalid_request', // 非法的参数（平台校验）: refined by sub_code
  40004: 'invalid_request', // 非法的参数（业务校验）
  50000: 'platform_internal', // 通用服务器错误
  50001: 'authorization_revoked', // 平台处理失败: token generation, refined by sub_code
  50002: 'invalid_request', // 业务处理失败: refined per method
  60000: 'rate_limited', // 触发限流，请稍后重试
  70000: 'configuration', // 接口服务已下线 (isp.api-service-off)
  // 安全错误: the platform's risk control refused the shop's call; nothing about the records.
  80000: 'shop_ineligible',
  90000: 'platform_internal', // 其他异常 (dop.unknown-error): not known what happened
};

/** The gateway's sub_codes (same page), whatever the method. */
export const gatewaySubCodes: Readonly<Record<string, FailureReason>> = {
  'dop.service-error': 'platform_internal',
  'isv.app-permissions-insufficient': 'configuration', // 应用无权限调用该接口，请先申请接口权限包
  'dop.authorization-no-existed': 'authorization_revoked', // 店铺授权已失效，请重新授权
  'dop.app-forbidden': 'configuration', // 应用已被系统禁用
  'dop.authorization-closed': 'authorization_revoked', // 店铺授权已被关闭，请联系商家打开授权开关
  'isv.signature-missing': 'configuration',
  'isv.app-id-missing': 'configuration',
  'isv.access-token-missing': 'configuration',
  'isv.parameter-format-invalid': 'invalid_request', // 业务参数json解析失败
  'isv.signature-invalid': 'bad_signature', // 签名校验失败
  // The official Java and Python SDKs refresh the token on these two and call again
  // (DoudianOpApiLight.executeForLight; com.doudian.open.core.…TokenClientHolder).
  'isv.access-token-expired': 'token_expired',
  'isv.access-token-no-existed': 'token_expired',
  'isv.access-token-invalid': 'authorization_revoked', // app_key和access_token不匹配
  'isv.app-id-invalid': 'configuration',
  'isv.app-id-expired': 'configuration',
  'isv.authorization-type-invalid': 'authorization_revoked', // 授权主体不匹配
  'isv.timestamp-invalid': 'configuration', // our clock
  'isv.timestamp-format-error': 'configuration',
  'isp.api-service-off': 'configuration',
  'isp.unknown-error': 'authorization_revoked', // "code的授权不存在"
  'dop.unknown-error': 'platform_internal',
  // token.create / token.refresh (50001 dop.token-generate-failed:…).
  'dop.token-generate-failed:code-expired': 'authorization_revoked', // code valid 10 minutes
  'dop.token-generate-failed:code-invalid': 'authorization_revoked',
  'dop.token-generate-failed:no-authorization': 'authorization_revoked',
  'dop.token-generate-failed:token-expired': 'authorization_revoked', // refresh_token ran out
  'dop.token-generate-failed:token-invalid': 'authorization_revoked',
  'dop.token-generate-failed:app-secret-invalid': 'configuration',
  'dop.token-generate-failed:grant-type-invalid': 'configuration',
  'dop.token-generate-failed:app-forbidden': 'configuration',
};

/**
 * sub_codes per method. Their numbers are reused with other meanings by other methods
 * (isv.business-failed:4102 is "商家已被关闭推广" for plans and "无效 PID" for 抖客 calls), so they
 * are read only with the method they belong to. Each list is the method's "错误码" table, as the
 * generator of sevencat/ecommerce_sdk transcribed the platform's API definitions
 * (ecommerce_sdk/douyin/<Method>.cs, DouyinRetCode attributes: code, msg, sub_msg, sub_code).
 */
export const methodSubCodes: Readonly<Record<string, Readonly<Record<string, FailureReason>>>> = {
  // BuyinCreateOrUpdateOrienPlan.cs
  'buyin.createOrUpdateOrienPlan': {
    'isv.parameter-invalid:4114': 'plan_not_found', // 无效定向计划ID
    'isv.parameter-invalid:4109': 'invalid_request', // 无效佣金率
    'isv.parameter-invalid:4107': 'invalid_request', // 无效结束时间
    'isv.parameter-invalid:4106': 'product_invalid', // 无效商品ID
    'isp.service-error:256': 'platform_internal', // 服务打瞌睡了，请稍后再试
    'isv.business-failed:4111': 'plan_exists', // 存在同样佣金率和截止时间的计划
    // 创建定向计划失败: nothing says whether part of it was done.
    'isv.business-failed:4110': 'platform_internal',
    'isv.business-failed:4102': 'shop_ineligible', // 商家已被关闭推广，无法使用平台功能
  },
  // BuyinOrienPlanAuthorsAdd.cs
  'buyin.orienPlanAuthorsAdd': {
    'isv.parameter-invalid:4114': 'plan_not_found', // 无效定向计划ID
    'isp.service-error:256': 'platform_internal',
    // 定向计划添加达人失败: the whole call, with no word on which 达人; not known.
    'isv.business-failed:4121': 'platform_internal',
  },
  // BuyinOrienPlanAuthors.cs
  'buyin.orienPlanAuthors': {
    'isv.parameter-invalid:4114': 'plan_not_found',
    'isp.service-error:256': 'platform_internal',
  },
  // BuyinOrienPlanAuditReq (generated C# SDK ecommerce.sdk.douyin): its only listed error.
  'buyin.orienPlanAudit': {
    'isv.parameter-invalid:4117': 'invalid_request', // 无效申请ID
  },
  // BuyinOrienPlanList.cs
  'buyin.orienPlanList': {
    'isv.parameter-invalid:257': 'invalid_request',
    'isv.business-failed:4102': 'shop_ineligible', // 商家已被关闭推广
    'isp.service-error:256': 'platform_internal',
  },
  // BuyinShopActivityList.cs
  'buyin.ShopActivityList': {
    'isp.service-error:256': 'platform_internal',
    'isv.parameter-invalid:257': 'invalid_request',
    'isv.parameter-invalid:8197': 'invalid_request', // 不允许继续翻页，请使用游标模式
  },
  // BuyinApplyActivities.cs
  'buyin.applyActivities': {
    'isp.service-error:256': 'platform_internal',
    'isv.business-failed:110110': 'activity_closed', // 活动报名时间已结束，不支持继续报名
    'isv.business-failed:500': 'platform_internal', // 服务打瞌睡了，请稍后再试
    'isv.business-failed:8192': 'invalid_request', // 小数服务费率不合法，必须为两位小数
    'isv.business-failed:10001': 'invalid_request', // 请检查输入参数
  },
  // TokenRefresh.cs; the 31009 line from teacy's ApiResponseConstant.java (平台基础错误码汇总).
  'token.refresh': {
    'isv.business-failed:31012': 'token_refresh_conflict', // 刷新token失败，有并发请求
    'isv.business-failed:31009': 'authorization_revoked', // 生成token失败, token不存在
  },
};

/**
 * "店铺未加入联盟": a shop outside 精选联盟 cannot use these methods. No published table gives
 * its code (the plan methods list only "商家已被关闭推广"); it is recognized by its words when
 * the code says nothing more precise, so the shop pauses instead of failing talents.
 */
const notInAllianceWords =
  /(未|没有)(加入|开通|入驻|开启).{0,4}(精选)?联盟|联盟.{0,6}(未开通|未加入|权限)/;

/** sub_codes are written with and without a space after the colon in the transcriptions. */
function normalizeSubCode(subCode: string): string {
  return subCode.replace(/\s+/g, '');
}

/** The reason of an answer whose code is not 10000 (or an unreadable answer's HTTP status). */
export function reasonOfAnswer(answer: {
  method: string;
  code: number;
  subCode: string;
  message: string;
  httpStatus: number;
}): FailureReason {
  const sub = normalizeSubCode(answer.subCode);
  const forMethod = methodSubCodes[answer.method]?.[sub];
  if (forMethod) return forMethod;
  const gateway = gatewaySubCodes[sub];
  if (gateway) return gateway;
  if (sub.startsWith('isp.service-error')) return 'platform_internal';
  if (sub.startsWith('dop.token-generate-failed')) return 'authorization_revoked';
  if (notInAllianceWords.test(answer.message)) return 'shop_ineligible';
  const known = platformCodes[answer.code];
  if (known) return known;
  if (answer.httpStatus === 429) return 'rate_limited';
  if (answer.httpStatus >= 500) return 'server_error';
  if (answer.httpStatus === 401 || answer.httpStatus === 403) return 'authorization_revoked';
  // An unknown code in 2xxxx is the platform's own trouble: not known whether it was done.
  if (answer.code >= 20000 && answer.code < 30000) return 'platform_internal';
  return 'invalid_request';
}

/**
 * One 达人 refused by buyin.orienPlanAuthorsAdd (`failed_ids[]`: buyin_id, error_code, error_msg).
 * No public table lists these codes (the .NET SDK's sample shows `22` "不存在"); the words decide.
 * A refusal that speaks of a limit is about the shop (or its plan), never the 达人: the shop
 * pauses and the 达人 stays pending (DESIGN.md "Platforms": stops never fail a record).
 */
export function authorFailureReason(errorMsg: string): FailureReason {
  // "今日添加达人数已达上限", "…次数已用完": a limit of the shop or the plan, not the 达人's answer.
  if (/上限|额度|次数|limit|quota/i.test(errorMsg)) return 'quota_exceeded';
  if (/不存在|无效|未找到|not\s*(found|exist)/i.test(errorMsg)) return 'author_not_found';
  if (/已(经)?(存在|添加|加入|在)|重复|already/i.test(errorMsg)) return 'author_already_added';
  return 'author_rejected';
}

export interface DoudianErrorDetails {
  reason: FailureReason;
  /** The answer's `code` (null: no answer, or none in it). */
  platformCode?: number | null;
  subCode?: string | null;
  /** `msg` and `sub_msg`, as the platform wrote them. */
  platformMessage?: string;
  /** The answer's `log_id`, for the platform's support. */
  requestId?: string | null;
  httpStatus?: number | null;
  retryAfterMs?: number | null;
  /** `POST /buyin/orienPlanAuthorsAdd`: never the query (it carries the token). */
  operation: string;
}

const PLATFORM_MESSAGE_MAX = 500;

/** A 抖店 call that did not succeed, with what the executor needs to decide. */
export class DoudianError extends Error {
  readonly reason: FailureReason;
  readonly scope: FailureScope;
  readonly next: NextStep;
  readonly standardCode: SendErrorCode;
  readonly platformCode: number | null;
  readonly subCode: string | null;
  readonly platformMessage: string;
  readonly requestId: string | null;
  readonly httpStatus: number | null;
  readonly retryAfterMs: number | null;
  /** Always empty: 抖店 names refused 达人 in the answer's data, not in an error. */
  readonly conflicts: never[] = [];
  readonly operation: string;

  constructor(details: DoudianErrorDetails) {
    const rule = reasonRules[details.reason];
    const platformMessage = (details.platformMessage ?? '').slice(0, PLATFORM_MESSAGE_MAX);
    const code = details.platformCode == null ? '' : ` ${details.platformCode}`;
    const sub = details.subCode ? ` ${details.subCode}` : '';
    super(
      `抖店 ${details.operation}: ${details.reason}${code}${sub}${platformMessage ? ` (${platformMessage})` : ''}`,
    );
    this.name = 'DoudianError';
    this.reason = details.reason;
    this.scope = rule.scope;
    this.next = rule.next;
    this.standardCode = rule.standard;
    this.platformCode = details.platformCode ?? null;
    this.subCode = details.subCode || null;
    this.platformMessage = platformMessage;
    this.requestId = details.requestId ?? null;
    this.httpStatus = details.httpStatus ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.operation = details.operation;
  }

  /** Safe to send again as it is, once the wait or the token refresh is done. */
  get retryable(): boolean {
    return this.next === 'back_off' || this.next === 'refresh_token';
  }
}
