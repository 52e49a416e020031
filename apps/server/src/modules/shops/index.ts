/** What other modules may use of My Shops (issue 18: a module is reached only through its index.ts). */
export {
  accountShops,
  boundShops,
  connectedShops,
  connectedShopsQuery,
  countBoundShops,
  findShop,
  findShopPlatformLink,
  overviewShops,
  shopCounts,
  shopIsBound,
  shopNames,
  shopsOfConnections,
  toShop,
  type ShopRow,
} from './repository.ts';
export {
  bindAuthorizedShop,
  ensureShopsWithinLimit,
  expireBeyondLimit,
  planNameKey,
  slotsOf,
  type PlatformShopLink,
} from './service.ts';
