/**
 * The platforms' API channel (issue 16): the standard error codes it adds, connecting a
 * TikTok Shop by authorization, and the connection's state on My Shops.
 */
export const platformsZh = {
  // Standard error codes added with the platforms' APIs (send-records-constants.ts).
  'enum.sendErrorCode.talent_excluded': '达人被平台排除，不可邀约',
  'enum.sendErrorCode.collaboration_conflict': '达人已在该商品的其他定向合作中',
  'enum.sendErrorCode.product_not_owned': '商品不属于该店铺',
  'enum.sendErrorCode.sensitive_words': '邀约内容含平台敏感词',
  'enum.sendErrorCode.invalid_request': '平台拒绝了请求参数',
  'enum.sendErrorCode.rate_limited': '平台限流，稍后自动继续',
  'enum.sendErrorCode.authorization_revoked': '店铺授权已失效，请重新授权',
  'enum.sendErrorCode.authorization_scope_missing': '店铺授权缺少所需权限，请重新授权',
  'enum.sendErrorCode.platform_configuration': '平台应用配置有误（签名被拒），请联系管理员',
  'enum.sendErrorCode.shop_ineligible': '店铺暂不满足平台要求',

  // Connecting a shop by the platform's authorization.
  'error.tiktokShopUnavailable': 'TikTok Shop 授权暂不可用：服务器未配置 TikTok Shop 应用',
  'error.platformUnavailable': 'TikTok Shop 暂时无法访问，请稍后再试',
  'success.tiktokShopConnectStarted': '正在前往 TikTok Shop 授权页面',

  // The connection's state (My Shops).
  'enum.connectionStatus.active': '已授权',
  'enum.connectionStatus.expired': '授权已过期',
  'enum.connectionStatus.revoked': '授权已撤销',
} as const;
