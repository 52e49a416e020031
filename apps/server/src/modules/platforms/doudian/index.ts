/**
 * 抖店开放平台's client: signing, the 精选联盟 calls this product makes (定向计划, 团长活动) and the
 * shop's tokens, their limits, and the map from the platform's codes to what the executor does.
 * The only entry of the module.
 */
export {
  DOUDIAN_LIMITS,
  DOUDIAN_METHODS,
  DoudianClient,
  type ActivityApplication,
  type AuthorOutcome,
  type DoudianClientOptions,
  type OrienPlanInput,
  type OrienPlanSummary,
  type PlanAuthor,
  type ProductOutcome,
  type ShopAccess,
  type ShopActivity,
  type TokenGrant,
} from './client.ts';
export {
  DOUDIAN_DEFAULT_API_BASE,
  DOUDIAN_DEFAULT_AUTHORIZE_URL,
  DOUDIAN_SANDBOX_PREFIX,
  DoudianPlatform,
  DoudianUnavailableError,
  authorizationUrl,
  doudianEndpoints,
  type ClientTuning,
  type DoudianApp,
  type DoudianSettings,
  type SandboxApp,
  type SandboxAppSource,
} from './endpoints.ts';
export {
  DoudianError,
  authorFailureReason,
  gatewaySubCodes,
  isDoudianError,
  methodSubCodes,
  platformCodes,
  reasonOfAnswer,
  reasonRules,
  type FailureReason,
  type FailureScope,
  type NextStep,
} from './errors.ts';
export {
  jsonInteger,
  marshalParamJson,
  signRequest,
  signatureBase,
  type SignInput,
  type SignMethod,
} from './signing.ts';
export { DEFAULT_TIMEOUT_MS } from './transport.ts';
