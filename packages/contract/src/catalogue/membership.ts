/**
 * Membership, payments, invite rewards and the message box: their checks, refusals
 * and the wording of the messages that events create.
 */
export const membershipZh = {
  'field.planId': '套餐',
  'field.paymentMethod': '支付方式',
  'field.orderNo': '订单号',
  'field.type': '类型',
  'validation.planInvalid': '请选择套餐',
  'validation.paymentMethodInvalid': '请选择支付方式（目前仅支持支付宝）',
  'validation.orderStatusInvalid': '订单状态无效',

  'plan.none': '免费版',
  'plan.basic': '基础版',
  'plan.pro': '专业版',
  'plan.enterprise': '企业版',
  'plan.feature.shops': '最多绑定 {count} 个店铺',
  'plan.feature.invitations': '每天最多创建 {count} 条邀约',
  'plan.feature.duration': '有效期 {months} 个月',
  'plan.feature.durationOne': '有效期 1 个月',
  'plan.feature.library': '达人库、黑名单、导入导出不限量',
  'order.subject': 'InviteFlow {plan}会员（{months} 个月）',
  'order.subjectOneMonth': 'InviteFlow {plan}会员（1 个月）',

  'error.orderNotPending': '只有待支付的订单才能{action}，该订单{status}',
  'order.action.pay': '支付',
  'order.action.cancel': '取消',
  'order.status.pending': '待支付',
  'order.status.paid': '已支付',
  'order.status.expired': '已过期',
  'order.status.cancelled': '已取消',
  'success.orderCreated': '订单已创建，请完成支付',
  'success.orderCancelled': '订单已取消',
  'success.markedRead': '已标记为已读',

  'message.paymentSucceeded.title': '支付成功',
  'message.paymentSucceeded.subTitle': '{plan}会员',
  'message.paymentSucceeded.content': '订单 {orderNo} 已支付成功，{plan}会员有效期至 {validTo}。',
  'message.membershipExpiring.title': '会员即将到期',
  'message.membershipExpiring.subTitle': '{plan}会员',
  'message.membershipExpiring.content':
    '您的{plan}会员将于 {validTo} 到期。现在续费，新套餐从到期时间起顺延，不浪费一天。',
  'message.membershipExpired.title': '会员已到期',
  'message.membershipExpired.subTitle': '{plan}会员',
  'message.membershipExpired.content':
    '您的{plan}会员已于 {expiredAt} 到期，店铺绑定数和每日邀约数已恢复为免费额度。',
  'message.inviteRewardGranted.title': '邀请奖励已到账',
  'message.inviteRewardGranted.subTitle': '好友 {invitee}',
  'message.inviteRewardGranted.content':
    '好友 {invitee} 完成了首次付费，您获得 {days} 天会员，会员有效期至 {validTo}。',
  'message.taskBatchFailed.title': '邀约任务有失败',
  'message.taskBatchFailed.subTitle': '{setName}',
  'message.taskBatchFailed.content':
    '任务“{setName}”（店铺 {shopName}）中有 {failed}/{total} 条邀约失败，请在发送记录中查看原因。',
  'message.shopBindExpired.title': '店铺绑定已失效',
  'message.shopBindExpired.subTitle': '{shopName}',
  'message.shopBindExpired.content':
    '店铺 {shopName}（{platform}）的绑定已失效，请重新绑定后继续邀约。',
  'message.shopClaimedInSellerCenter.title': '店铺已由其卖家中心绑定',
  'message.shopClaimedInSellerCenter.subTitle': '{shopName}',
  'message.shopClaimedInSellerCenter.content':
    '店铺 {shopName}（{platform}）已被登录该店铺卖家中心的账号绑定，您手动添加的绑定已失效。如果这是您的店铺，请用 InviteFlow 插件打开该店铺的卖家中心重新绑定。',

  'sandbox.title': '支付宝沙箱收银台',
  'sandbox.badge': '沙箱',
  'sandbox.notice': '这是内置的沙箱支付网关，仅用于体验和测试，不会产生真实扣款。',
  'sandbox.orderNo': '商户订单号',
  'sandbox.subject': '商品名称',
  'sandbox.amount': '应付金额',
  'sandbox.merchant': '商户',
  'sandbox.pay': '确认付款',
  'sandbox.cancel': '取消付款，返回商户',
  'sandbox.paid': '该订单已付款',
  'sandbox.closed': '该交易已关闭（订单已过期或已取消），不能付款',
  'sandbox.invalidRequest': '支付请求无效：{reason}',
  'sandbox.reason.signature': '签名验证失败',
  'sandbox.reason.params': '缺少必要参数或参数不正确',
  'sandbox.reason.tradeNotFound': '交易不存在',
  'sandbox.backToMerchant': '返回商户',
} as const;
