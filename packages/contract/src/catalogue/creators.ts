/**
 * Find creators (issue 19): the platform's creator marketplace searched from the talent
 * library, and the found creators added to it.
 */
export const creatorsZh = {
  'validation.percentRange': '请输入 0 到 100 之间的整数',
  'validation.genderRequired': '设置粉丝性别占比时，请先选择性别',
  'validation.creatorsRequired': '请至少选择一位达人',
  'validation.creatorsMax': '一次最多添加 {max} 位达人',
  'error.creatorSearchTikTokOnly':
    '发现达人只支持通过授权连接的 TikTok Shop 店铺：抖店没有开放达人广场的搜索接口',
  'error.creatorSearchNotConnected':
    '该店铺还没有通过授权连接 TikTok Shop，请先在“我的店铺”中连接后再搜索',
  'error.creatorSearchReconnect':
    '店铺的授权已失效，或缺少“达人广场”（creator marketplace）权限，请在“我的店铺”中重新授权',
  'error.creatorSearchQuota': '今天的达人搜索次数已用完（平台每天最多 10,000 次），请明天再试',
  'error.creatorSearchUnavailable': '暂时无法访问 TikTok Shop，请稍后再试',
} as const;
