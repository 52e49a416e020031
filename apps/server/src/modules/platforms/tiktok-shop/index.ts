/**
 * TikTok Shop's Open API client: signing, the calls this product makes, their limits, and the
 * map from the platform's codes to what the executor does. The only entry of the module.
 */
export {
  TikTokShopClient,
  TIKTOK_SHOP_LIMITS,
  TIKTOK_SHOP_PATHS,
  type AuthorizedShop,
  type CollaborationStatus,
  type ConversationMessage,
  type CreatorSearchPage,
  type ImMessage,
  type MarketplaceCreator,
  type ShopAccess,
  type TargetCollaborationDetail,
  type TargetCollaborationInput,
  type TargetCollaborationSummary,
  type TikTokShopClientOptions,
  type TokenGrant,
} from './client.ts';
export {
  TIKTOK_SHOP_SANDBOX_PREFIX,
  TikTokShopPlatform,
  TikTokShopUnavailableError,
  authorizationUrl,
  tiktokShopEndpoints,
  type ClientTuning,
  type SandboxApp,
  type SandboxAppSource,
  type TikTokShopApp,
} from './endpoints.ts';
export {
  TikTokShopError,
  isTikTokShopError,
  platformCodes,
  reasonRules,
  type Conflict,
  type FailureReason,
  type FailureScope,
  type NextStep,
} from './errors.ts';
export { signRequest, signatureBase, type SignInput } from './signing.ts';
export { DEFAULT_TIMEOUT_MS } from './transport.ts';
