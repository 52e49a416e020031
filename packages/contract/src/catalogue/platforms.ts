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
  'enum.sendErrorCode.talent_not_found': '平台上找不到该用户名的达人',
  'enum.sendErrorCode.captcha_required': '平台要求完成验证码',

  // The server's platform actions (a task's platform calls).
  'enum.platformActionKind.target_collaboration': '创建定向合作',
  'enum.platformActionKind.conversation': '发起会话并发送消息',
  'enum.platformActionKind.collaboration_card': '发送定向合作卡片',
  'enum.platformActionKind.orien_plan': '创建抖店定向计划',
  'enum.platformActionKind.activity_application': '报名团长活动',
  'enum.platformActionKind.orien_plan_authors': '加入抖店定向计划（每次最多 20 位达人）',
  'enum.platformActionKind.tiktok_target_invitation': '定向邀约页面（浏览器）',
  'enum.platformActionKind.tiktok_partner_campaign': '合作伙伴活动邀约（浏览器）',
  'enum.platformActionKind.tiktok_message': '卖家中心私信（浏览器）',
  'enum.platformActionKind.buyin_batch_invitation': '百应达人广场批量邀约带货（浏览器）',
  'enum.platformActionKind.buyin_message': '百应私信（浏览器）',
  'enum.platformActionKind.buyin_activity_invitation': '团长活动邀约（浏览器）',
  'enum.platformActionStatus.unknown': '待核对',
  'enum.platformActionStatus.pending': '等待中',
  'enum.platformActionStatus.running': '执行中',
  'enum.platformActionStatus.succeeded': '成功',
  'enum.platformActionStatus.failed': '失败',
  'enum.channel.api': '平台开放接口（服务器执行）',
  'enum.channel.browser': '浏览器插件',
  'error.recordTaskTypeFixed':
    '该记录由服务器通过平台接口执行，不能更改任务类型；请删除后按新类型另建任务',
  'sending.talentNotFound': '平台上没有用户名为 @{handle} 的达人',
  'sending.buyinIdMissing':
    '达人 {talent} 没有百应ID：抖店定向计划只接受百应ID，请在达人资料中填写',
  'sending.notActivityLeader': '{talent} 不是团长活动“{activity}”的团长（百应ID 不符），未报名',
  'sending.activityNotOpen':
    '团长 {talent} 的活动“{activity}”已不在可报名列表中（已结束或不对本店开放）',
  'sending.activityPartlyApplied': '已报名 {applied} 个商品；未报名：{refused}',
  'sending.creatorRemovedFromCall': '该达人已从本次调用中移出：{reason}',
  'shop.pause.quota': '平台邀约额度已用完，{resumesAt}（店铺时间 {timeZone} 0 点）自动继续',
  'shop.pause.rateLimited': '平台限流，{resumesAt} 自动继续',
  'shop.pause.authorization': '店铺授权已失效或缺少权限：重新授权后继续，记录保持等待中',
  'shop.pause.configuration': '平台应用配置有误，管理员修正后 {resumesAt} 重试',
  'shop.pause.ineligible': '店铺暂不满足平台要求，{resumesAt} 重试',
  // How the console shows a shop's pause (My Shops and a task's platform calls).
  'shop.pause.login':
    '插件窗口中的平台登录已失效：请在插件打开的平台窗口重新登录，登录后自动继续，等待中的记录不会失败',
  'shop.pause.captcha':
    '平台要求完成验证码：请在插件打开的平台窗口完成验证，完成后自动继续，等待中的记录不会失败',
  'shop.pause.tag': '邀约暂停',
  'shop.pause.title': '该店铺的平台调用已暂停',
  'page.stopped.title': '该任务的浏览器执行暂停',
  'page.stopped.unverified':
    '“{kind}”的平台页面流程尚未在真实店铺上核实，暂不执行：记录保持等待中，不会失败；核实并开启后由扩展继续发送',
  'page.stopped.operator':
    '“{kind}”的平台页面有变化，已由运营暂停：记录保持等待中，不会失败；修复后由扩展继续发送',
  'shop.pause.since': '{since} 起暂停',
  'shop.pause.reconnect': '去“我的店铺”重新授权',
  'shop.pause.waiting': '{reason}，等待中的记录不会失败',
  // What the platform answered (a record, a platform call, a pause).
  'platform.answer.code': '平台错误码 {code}',
  'platform.answer.requestId': '请求 ID：{requestId}',

  // The message box: an authorization stopped working.
  'message.platformAuthorizationLost.title': '店铺授权已失效',
  'message.platformAuthorizationLost.subTitle': '{shopNames}',
  'message.platformAuthorizationLost.content':
    '店铺 {shopNames} 的{platform}授权已不可用：{errorCode}。该店铺的邀约已暂停，记录保持等待中；请在“我的店铺”重新授权，授权后自动继续。',

  // Connecting a shop by the platform's authorization.
  'error.tiktokShopUnavailable': 'TikTok Shop 授权暂不可用：服务器未配置 TikTok Shop 应用',
  'error.platformUnavailable': 'TikTok Shop 暂时无法访问，请稍后再试',
  'success.tiktokShopConnectStarted': '正在前往 TikTok Shop 授权页面',
  'error.doudianShopNotConnected':
    '该店铺未通过抖店授权连接，无法读取团长活动；请先在“我的店铺”中连接抖店',
  'error.doudianReconnect': '抖店授权已失效，请在“我的店铺”中重新授权后再试',
  'error.doudianShopIneligible': '抖店拒绝了该店铺的精选联盟操作：{reason}',
  'error.doudianActivitiesUnavailable': '抖店暂时无法访问，团长活动列表读取失败，请稍后再试',
  'error.doudianUnavailable': '抖店授权暂不可用：服务器未配置抖店开放平台应用',
  'success.doudianConnectStarted': '正在前往抖店服务市场授权页面',

  // The connection's state (My Shops).
  'enum.connectionStatus.active': '已授权',
  'enum.connectionStatus.expired': '授权已过期',
  'enum.connectionStatus.revoked': '授权已撤销',
} as const;
