/** The companion extension's server-side texts: what its scoped token may not do. */
export const extensionZh = {
  'error.extensionTokenScope': '插件令牌只能用于插件的店铺与任务接口',
  'error.browserLeaseLost':
    '该动作已不在此浏览器名下（租约已过期或已被其他浏览器领取），结果未保存',
  'error.browserActionNotUnknown': '该动作不在待核对状态，无需核对',
  'error.pagePackAdminOnly': '只有运维管理员可以开关页面数据包',
  'error.tooManyBrowsers': '已连接 {max} 个浏览器，请先在“用户设置 → 已连接的浏览器”中断开一个',
  'error.browserNotFound': '找不到该浏览器连接',
  'success.browserRevoked': '已断开该浏览器',
  'success.browserConnected': '浏览器已连接',
  'success.browserActionReported': '结果已保存',
  'success.pagePackSwitched': '页面数据包开关已更新',
  'success.shopResumed': '店铺的浏览器任务已恢复',
  'message.browserRunStopped.title': '浏览器任务已暂停',
  'message.browserRunStopped.subTitle': '{shopName}',
  'message.browserRunStopped.content':
    '插件在店铺 {shopName} 的页面上停下：{reason}。该店铺的浏览器任务已暂停，未发送的记录保持待处理；遇到验证码请在插件打开的标签页中完成验证，登录失效请重新登录平台，之后自动继续。',
  'enum.browserStopReason.page_changed': '页面与数据包不符（页面已变化或不是目标页面）',
  'enum.browserStopReason.login_expired': '平台登录已失效',
  'enum.browserStopReason.quota_exceeded': '平台邀约额度已用完',
  'enum.browserStopReason.captcha': '平台要求完成验证码',
  'enum.browserStopReason.rate_limited': '平台要求放慢速度',
} as const;
