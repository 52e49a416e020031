/** The companion extension's server-side texts: what its scoped token may not do. */
export const extensionZh = {
  'error.extensionTokenScope': '插件令牌只能用于插件的店铺与任务接口',
} as const;
