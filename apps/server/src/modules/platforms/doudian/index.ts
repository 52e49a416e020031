/**
 * 抖店开放平台's client: signing, the 精选联盟 calls this product makes (定向计划 and their
 * applications' review, 团长活动, alliance orders by id) and the
 * shop's tokens, their limits, and the map from the platform's codes to what the executor does.
 * The only entry of the module.
 */
export {
  DOUDIAN_LIMITS,
  DoudianClient,
  type AuthorOutcome,
  type OrienPlanInput,
  type PlanAuthor,
  type ShopAccess,
  type ShopActivity,
  type TokenGrant,
} from './client.ts';
export {
  DOUDIAN_DEFAULT_API_BASE,
  DOUDIAN_DEFAULT_AUTHORIZE_URL,
  DoudianPlatform,
  DoudianUnavailableError,
  authorizationUrl,
  doudianEndpoints,
  type ClientTuning,
  type DoudianSettings,
  type SandboxAppSource,
} from './endpoints.ts';
export { DoudianError } from './errors.ts';
