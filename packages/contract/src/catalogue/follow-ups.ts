/**
 * Follow-ups for non-responders (issue 19): a task's follow-ups, scheduled at its create and
 * cancelled on the task.
 */
export const followUpsZh = {
  'validation.followUpDays': '跟进天数请输入 1 到 30 之间的整数',
  'validation.followUpTemplateRequired': '请为每次跟进选择一个话术模板',
  'validation.followUpsMax': '一个任务最多安排 2 次跟进',
  'validation.followUpSecondLater': '第二次跟进的天数必须大于第一次',
  'error.followUpsNeedConnectedShop':
    '跟进通过平台的达人私信发送，只支持通过授权连接的 TikTok Shop 店铺；店铺“{shop}”不是，请在“我的店铺”中授权连接后再安排跟进，或去掉跟进',
  'error.followUpTemplateNotFound': '跟进所选的话术模板不存在或已被删除，请重新选择',
  'success.followUpCancelled': '已取消该跟进，尚未发送的达人不会再收到',
} as const;
