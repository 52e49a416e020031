import type { platformsZh } from './platforms.ts';

/** The en-US texts of platforms.ts, key for key (a missing one fails the type check). */
export const platformsEn: Record<keyof typeof platformsZh, string> = {
  'enum.sendErrorCode.talent_excluded': 'Creator excluded by the platform',
  'enum.sendErrorCode.collaboration_conflict':
    'Creator already in another collaboration for the product',
  'enum.sendErrorCode.product_not_owned': 'Product not in this shop',
  'enum.sendErrorCode.sensitive_words': 'Sensitive words in the invitation',
  'enum.sendErrorCode.invalid_request': 'Request refused by the platform',
  'enum.sendErrorCode.rate_limited': 'Rate limited by the platform; resumes automatically',
  'enum.sendErrorCode.authorization_revoked': 'Shop authorization lost: reconnect the shop',
  'enum.sendErrorCode.authorization_scope_missing':
    'Shop authorization lacks a permission: reconnect the shop',
  'enum.sendErrorCode.platform_configuration':
    'Platform app misconfigured (signature refused): contact the administrator',
  'enum.sendErrorCode.shop_ineligible': 'Shop does not meet a platform requirement',

  'error.tiktokShopUnavailable':
    'TikTok Shop authorization is unavailable: the server has no TikTok Shop app configured',
  'error.platformUnavailable': 'TikTok Shop cannot be reached right now; please try again later',
  'success.tiktokShopConnectStarted': 'Opening the TikTok Shop authorization page',

  'enum.connectionStatus.active': 'Authorized',
  'enum.connectionStatus.expired': 'Authorization expired',
  'enum.connectionStatus.revoked': 'Authorization revoked',
};
