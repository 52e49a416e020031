/**
 * The platform's answers when it refuses, `{ code, msg, sub_code, sub_msg }`. Codes and
 * texts from the platform's "平台基础错误码汇总" (op.jinritemai.com/docs/guide-docs/212/1427)
 * as public SDKs carry it (a PHP SDK's `Imactool\Jinritemai\Error\ErrorCode` and
 * `AK\DoudianSDK\Constants\ErrNoConstant`, found with the code search), and the per-API
 * error lists of the API pages as a generated C# SDK (namespace `ecommerce.sdk.douyin`,
 * `[DouyinRetCode(…)]` on BuyinCreateOrUpdateOrienPlanReq, BuyinOrienPlanAuthorsAddReq,
 * BuyinOrienPlanAuthorsReq, BuyinOrienPlanAuditReq, BuyinShopActivityListReq,
 * BuyinApplyActivitiesReq, BuyinSimplePlanReq) carries them.
 */
export interface DoudianError {
  code: number;
  msg: string;
  subCode: string;
  subMsg: string;
}

function e(code: number, msg: string, subCode: string, subMsg: string): DoudianError {
  return { code, msg, subCode, subMsg };
}

export const doudianErrors = {
  // 40001 缺少必选参数（平台校验）
  missingSign: e(
    40001,
    '缺少必选参数',
    'isv.signature-missing',
    '获取签名失败，请根据文档确保参数拼装正确',
  ),
  missingAppKey: e(40001, '缺少必选参数', 'isv.app-id-missing', '认证失败，app_key不存在'),
  missingAccessToken: e(
    40001,
    '缺少必选参数',
    'isv.access-token-missing',
    '认证失败，access_token不能为空',
  ),
  missingParameter: e(40001, '缺少必选参数', 'isv.parameter-missing', '缺少参数'),
  // 40003 非法的参数（平台校验）
  badParamJson: e(
    40003,
    '非法的参数',
    'isv.parameter-format-invalid',
    '业务参数json解析失败，所有参数需为string类型',
  ),
  badSignature: e(40003, '非法的参数', 'isv.signature-invalid', '签名校验失败'),
  expiredToken: e(40003, '非法的参数', 'isv.access-token-expired', 'access_token已过期'),
  unknownToken: e(
    40003,
    '非法的参数',
    'isv.access-token-no-existed',
    'access_token不存在，请使用最新的access_token访问',
  ),
  tokenOfAnotherApp: e(
    40003,
    '非法的参数',
    'isv.access-token-invalid',
    'app_key和access_token不匹配，请仔细检查',
  ),
  badAppKey: e(
    40003,
    '非法的参数',
    'isv.app-id-invalid',
    '认证失败，app_key格式不正确，应为19位纯数字',
  ),
  badTimestamp: e(40003, '非法的参数', 'isv.timestamp-invalid', '时间戳不合法'),
  badTimestampFormat: e(40003, '非法的参数', 'isv.timestamp-format-error', '时间戳格式错误'),
  badParameter: e(40003, '非法的参数', 'isv.parameter-invalid', '参数错误'),
  // 30001 操作权限不足
  noPermission: e(
    30001,
    '操作权限不足',
    'isv.app-permissions-insufficient',
    '应用无权限调用该接口，请先申请接口权限包',
  ),
  authorizationGone: e(
    30001,
    '操作权限不足',
    'dop.authorization-no-existed',
    '店铺授权已失效，请重新授权',
  ),
  // 50001 平台处理失败 (token.create / token.refresh)
  tokenAppSecret: e(
    50001,
    '平台处理失败',
    'dop.token-generate-failed:app-secret-invalid',
    '生成token失败，app_key不存在或者与app_secret不匹配',
  ),
  tokenGrantType: e(
    50001,
    '平台处理失败',
    'dop.token-generate-failed:grant-type-invalid',
    '生成token失败，grant_type参数取值不正确，请参照文档根据应用类型填写不同的值',
  ),
  tokenCodeInvalid: e(
    50001,
    '平台处理失败',
    'dop.token-generate-failed:code-invalid',
    '生成token失败，code参数不正确，请引导商家重新授权获取code',
  ),
  tokenCodeExpired: e(
    50001,
    '平台处理失败',
    'dop.token-generate-failed:code-expired',
    '生成token失败，code已经失效（code的有效期为10分钟）',
  ),
  tokenNoAuthorization: e(
    50001,
    '平台处理失败',
    'dop.token-generate-failed:no-authorization',
    '生成token失败，店铺授权已失效，请重新引导商家完成店铺授权',
  ),
  refreshExpired: e(
    50001,
    '平台处理失败',
    'dop.token-generate-failed:token-expired',
    '生成token失败，token已过期',
  ),
  refreshInvalid: e(
    50001,
    '平台处理失败',
    'dop.token-generate-failed:token-invalid',
    '生成token失败，token不存在',
  ),
  // 60000 / 70000
  rateLimited: e(60000, '触发限流，请稍后重试', 'isv.traffic-limited', '请求太频繁，请稍后重试'),
  unknownMethod: e(70000, '接口服务已下线', 'isp.api-service-off', 'API不存在或API已下线'),
  // Per-API errors (the API pages' error lists).
  paramsInvalid: e(40004, '非法的参数', 'isv.parameter-invalid:257', '参数校验失败'),
  invalidPlanId: e(40004, '非法的参数', 'isv.parameter-invalid:4114', '无效定向计划ID'),
  invalidCosRatio: e(40004, '非法的参数', 'isv.parameter-invalid:4109', '无效佣金率'),
  invalidEndTime: e(40004, '非法的参数', 'isv.parameter-invalid:4107', '无效结束时间'),
  invalidProductId: e(40004, '非法的参数', 'isv.parameter-invalid:4106', '无效商品ID'),
  samePlanExists: e(
    50002,
    '业务处理失败',
    'isv.business-failed:4111',
    '存在同样佣金率和截止时间的计划',
  ),
  promotionClosed: e(
    50002,
    '业务处理失败',
    'isv.business-failed:4102',
    '商家已被关闭推广，无法使用平台功能',
  ),
  // buyin.orienPlanAudit's one listed error (BuyinOrienPlanAuditReq).
  invalidApplyId: e(40004, '非法的参数', 'isv.parameter-invalid:4117', '无效申请ID'),
  // The sandbox's own (README.md "Choices"): a decided application decided otherwise.
  auditDecided: e(50002, '业务处理失败', 'isv.business-failed:4118', '该申请已审核，不能重复审核'),
  notInAlliance: e(50002, '业务处理失败', 'isv.business-failed:1549', '店铺未加入联盟'),
  authorsAddFailed: e(50002, '业务处理失败', 'isv.business-failed:4121', '定向计划添加达人失败'),
  pagingTooDeep: e(
    40004,
    '非法的参数',
    'isv.parameter-invalid:8197',
    '请使用游标模式加载更多数据，详情：https://op.jinritemai.com/docs/notice-docs/5/3237',
  ),
  applyClosed: e(
    50002,
    '业务处理失败',
    'isv.business-failed:110110',
    '活动报名时间已结束，不支持继续报名',
  ),
  badServiceRatio: e(
    50002,
    '业务处理失败',
    'isv.business-failed:8192',
    '小数服务费率不合法，必须为两位小数',
  ),
  checkInput: e(50002, '业务处理失败', 'isv.business-failed:10001', '请检查输入参数'),
} as const;

/** A refusal on the way: answered in the platform's shape (HTTP 200, as the SDKs expect). */
export class DoudianRefusal extends Error {
  constructor(
    readonly error: DoudianError,
    /** Added to `sub_msg` (which field, which limit). */
    readonly detail?: string,
  ) {
    super(`${error.code} ${error.subCode}`);
  }
}
