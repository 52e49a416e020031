/**
 * TikTok Shop's Open API client: signing, the calls this product makes, their limits, and the
 * map from the platform's codes to what the executor does. The only entry of the module.
 */
export {
  TikTokShopClient,
  type CreatorSearchFilters,
  type ImMessage,
  type MarketplaceCreator,
  type AffiliateOrder,
  type ConversationMessage,
  type ConversationSummary,
  type SampleApplication,
  type SampleFulfillment,
  type ShopAccess,
  type TargetCollaborationDetail,
} from './client.ts';
export {
  TikTokShopPlatform,
  TikTokShopUnavailableError,
  authorizationUrl,
  type ClientTuning,
  type SandboxAppSource,
} from './endpoints.ts';
export { TikTokShopError } from './errors.ts';
