/**
 * Conversations (issue 19): a talent's conversations with the seller's shops, answered from
 * the console, and the message box's Todo for a creator's reply.
 */
export const conversationsZh = {
  'validation.conversationTextRequired': '请输入消息内容',
  'validation.conversationTextMax': '消息内容不能超过 {max} 个字符',
  'validation.conversationTypeInvalid': '消息类型只能是文本、商品卡片或合作邀请卡片',
  'validation.conversationTargetRequired': '请指定会话，或同时指定达人和店铺',
  'error.conversationShopNotConnected':
    '该店铺还没有通过授权连接 TikTok Shop，无法发送私信，请先在“我的店铺”中连接',
  'error.conversationTikTokOnly': '私信目前只支持通过授权连接的 TikTok Shop 店铺',
  'error.conversationNoOpenId':
    '还不知道该达人在 TikTok Shop 的 Creator Open ID（先通过任务邀请一次，或从“发现达人”添加），无法发起会话',
  'error.conversationNoCollaboration': '这条发送记录没有创建定向合作，无法发送合作邀请卡片',
  'error.conversationWaitForReply':
    '达人回复前最多只能发送 {max} 条消息（TikTok Shop 的规则），请等待达人回复',
  'error.conversationReconnect':
    '店铺的授权已失效，或缺少“达人私信”（affiliate messages）权限，请在“我的店铺”中重新授权',
  'error.conversationRefused': 'TikTok Shop 拒绝了这条消息：{reason}',
  'error.conversationUnavailable': '暂时无法访问 TikTok Shop，请稍后再试',
  'success.conversationMessageSent': '消息已发送',
  'message.creatorReplied.title': '达人回复了消息',
  'message.creatorReplied.subTitle': '{creator} · {shopName}',
  'message.creatorReplied.content': '达人 {creator} 在店铺「{shopName}」回复：{preview}',
} as const;
