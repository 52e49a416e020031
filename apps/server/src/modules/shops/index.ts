/**
 * What other modules may use of My Shops. (Older callers still import the files directly;
 * new ones come through here.)
 */
export {
  findShopPlatformLink,
  shopsOfConnections,
  toShop,
  type ShopPlatformLink,
  type ShopRow,
} from './repository.ts';
export { bindAuthorizedShop, type BindResult, type PlatformShopLink } from './service.ts';
