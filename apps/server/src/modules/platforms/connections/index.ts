/**
 * Platform connections (OAuth authorizations): "Connect TikTok Shop", the sealed tokens and
 * their refresh, and a shop's API access for the executor. The only entry of the module.
 */
export { PlatformConnections, ShopNotConnectedError, type ShopApi } from './service.ts';
export { connectionRoutes } from './routes.ts';
