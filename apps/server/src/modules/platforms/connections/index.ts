/**
 * Platform connections (OAuth authorizations): "Connect TikTok Shop", the sealed tokens and
 * their refresh, and a shop's API access for the executor. The only entry of the module.
 */
export {
  DOUYIN_REGION,
  DOUYIN_SITE_NAME,
  OAUTH_STATE_TTL_MS,
  PLATFORM_DOUYIN,
  PLATFORM_TIKTOK,
  PlatformConnections,
  REFRESH_AHEAD_MS,
  REFRESH_LEASE_MS,
  ShopNotConnectedError,
  USE_MARGIN_MS,
  type AuthorizedShopOutcome,
  type ConnectionsDeps,
  type DoudianShopApi,
  type ShopApi,
} from './service.ts';
export { connectionRoutes } from './routes.ts';
