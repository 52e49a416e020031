/** Samples (issue 19): creators' sample requests, approved or rejected from the console. */
export const samplesZh = {
  'validation.sampleReviewResult': '请选择“通过”或“拒绝”',
  'validation.sampleRejectReason': '拒绝原因无效',
  'validation.sampleRejectReasonRequired': '拒绝样品申请时请选择拒绝原因',
  'success.sampleApproved': '已通过样品申请',
  'success.sampleRejected': '已拒绝样品申请',
  'error.sampleNotPending': '这条样品申请已不在待审核状态，无法再审核',
  'error.sampleApproveExpired': '已超过平台的审核截止时间，这条样品申请已无法审核',
  'error.sampleNotApprovable': '平台不允许通过这条样品申请：{reasons}',
  'error.sampleAgency': '这条样品申请由达人的机构代为提交，平台不允许商家审核',
  'error.sampleReviewUnsupported': '这个平台的样品申请不能在这里审核，请到抖店 / 百应处理',
  'error.sampleNotConnected': '该店铺没有通过授权连接，请先在“我的店铺”中连接',
  'error.sampleReconnect':
    '店铺的授权已失效，或缺少“联盟合作”（affiliate collaboration）权限，请在“我的店铺”中重新授权',
  'error.sampleRefused': '平台拒绝了这次审核：{message}',
  'error.sampleUnavailable': '暂时无法访问平台，请稍后再试',
} as const;
