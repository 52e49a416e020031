/**
 * Issue 16: talents' typed platform identity and what an invitation task carries for the
 * platform (a target collaboration's terms), with the refusals of a create that concern the
 * platform.
 */
export const platformTasksZh = {
  // A talent's platform identity.
  'validation.tiktokHandleLength': 'TikTok 用户名为 2-24 个字符（不含 @）',
  'validation.tiktokHandleFormat': 'TikTok 用户名只能包含字母、数字、下划线和点，且不能以点结尾',
  'validation.creatorOpenIdFormat': 'TikTok Open ID 格式不正确：应为 8-128 位字母、数字、_ 或 -',
  'validation.buyinIdFormat': '百应ID 只能是数字',
  'validation.buyinUidFormat': '百应UID 只能包含字母、数字和 _ . -',
  'error.creatorOpenIdTaken': '该 TikTok Open ID 已属于达人 {name}（@{platformTalentId}）',
  'error.buyinIdTaken': '该百应ID 已属于达人 {name}（{platformTalentId}）',
  'error.importRowDuplicateIdentity': '与第 {row} 行的{field}重复',
  'template.ruleOpenId':
    '仅 TikTok 达人：达人的 Creator Open ID（8-128 位字母、数字、_ 或 -），可留空（发送前按用户名查找）；同一账号内不重复',
  'template.ruleBuyinId': '仅抖音达人：百应ID（数字），可留空；同一账号内不重复',
  'template.ruleBuyinUid': '仅抖音达人：百应达人主页的 uid，可留空',
  'field.creatorUserOpenId': 'TikTok Open ID',
  'field.buyinId': '百应ID',
  'field.buyinUid': '百应UID',
  // A task's platform fields.
  'validation.collaborationNameRequired': '请填写合作名称',
  'validation.collaborationNameMax': '合作名称不能超过 {max} 个字符',
  'validation.endsAtRequired': '请选择合作结束日期',
  'validation.endsAtInvalid': '合作结束时间格式不正确',
  'validation.endsAtFuture': '合作结束时间必须晚于现在',
  'validation.collaborationProductsRequired': '定向合作至少需要选择一个商品',
  'validation.commissionRateRequired': '请为每个商品填写佣金率',
  'validation.commissionRateRange': '佣金率须在 1.00% 到 80.00% 之间，最多两位小数',
  'validation.commissionProductInvalid': '佣金率对应的商品无效，请重新选择商品',
  'validation.contactEmailRequired': '请填写卖家联系邮箱',
  'validation.freeSampleRequired': '免费商品邀约必须提供免费样品',
  'validation.freeSampleNotOffered': '定向商品邀约不提供免费样品；需要寄样请选择“免费商品邀约”',
  'field.collaborationName': '合作名称',
  'field.endsAt': '合作结束时间',
  'field.commissionRates': '佣金率',
  'field.contactEmail': '卖家联系邮箱',
  'field.freeSample': '免费样品',
  'field.sampleApproval': '样品审核方式',
  // Refusals of a create.
  'error.groupLeaderBrowserOnly':
    '团长活动邀约没有平台开放接口，只能在浏览器中由插件执行（下一版本支持）。该店铺已通过平台授权连接，暂不能为它创建团长活动邀约',
  'validation.activityLeaderOnly':
    '团长活动报名的达人须是该活动的团长（按百应ID），且只有这一位：{names}',
  'validation.activityRequired': '请选择要报名的团长活动',
  'validation.serviceRateRequired': '请填写团长服务费率',
  'validation.serviceRateRange': '服务费率须在 0% 到 90% 之间，最多两位小数',
  'validation.doudianRatioSum': '服务费率与每个商品的佣金率之和须小于 90%',
  'validation.contactPhoneRequired': '请填写店铺联系电话',
  'validation.doudianContactPhone': '联系电话须为 11 位手机号码',
  'validation.activityPriceRequired': '请为每个商品填写活动价',
  'validation.activityPriceRange': '活动价须为大于 0 的金额，最多两位小数',
  'validation.doudianOneProduct': '抖店定向计划一次只能包含一个商品，请只选择一个商品',
  'validation.doudianCosRatioWhole': '抖店定向计划的佣金率须为 1% 到 80% 之间的整数',
  'error.sendOtherPlatform':
    '{count} 位达人不是{shopPlatform}达人，不能为{shopPlatform}店铺“{shop}”邀约：{names}。请移除这些达人后再创建',
  'error.sendRulesOtherPlatform':
    '筛选规则选的是{platform}达人，而店铺“{shop}”是{shopPlatform}店铺。请把平台改为{shopPlatform}，或不限平台',
  'error.importRowOtherPlatform': '该达人是{platform}达人，不能为{shopPlatform}店铺邀约',
} as const;
