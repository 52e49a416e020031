import type { Locale } from './locale.ts';

/**
 * Messages shared by the server (envelope `message`) and the console (form
 * checks built from the same zod schemas). Schemas carry these keys as their
 * error text; each side translates them into the caller's language.
 * `{name}` placeholders are filled by `translate`.
 */
const zhCN = {
  // Field checks (spec section 5 and the rules a serious product needs besides).
  'validation.usernameRequired': '用户名不能为空',
  'validation.usernameFormat': '用户名为 3-32 位字母、数字、下划线、连字符或汉字，且不能以数字开头',
  'validation.accountRequired': '用户名或手机号不能为空',
  'validation.passwordRequired': '密码不能为空',
  'validation.passwordMin': '密码长度不能少于 6 位',
  'validation.passwordMax': '密码长度不能超过 64 位',
  'validation.confirmPasswordRequired': '确认密码不能为空',
  'validation.passwordMismatch': '两次输入的密码不一致',
  'validation.oldPasswordRequired': '当前密码不能为空',
  'validation.newPasswordRequired': '新密码不能为空',
  'validation.newPasswordSameAsOld': '新密码不能与当前密码相同',
  'validation.phoneRequired': '手机号不能为空',
  'validation.phoneFormat': '请输入正确的手机号格式',
  'validation.codeRequired': '验证码不能为空',
  'validation.codeFormat': '验证码为 6 位数字',
  'validation.inviteCodeFormat': '邀请码格式不正确',
  'validation.purposeInvalid': '验证码用途无效',
  'validation.emailFormat': '请输入有效的邮箱格式',
  'validation.nicknameMax': '昵称不能超过 {max} 个字符',
  'validation.scriptContentRequired': '话术内容不能为空',
  'validation.scriptContentMax': '话术内容不能超过 {max} 个字符',
  'validation.remarkMax': '备注不能超过 {max} 个字符',
  'validation.productIdRequired': '商品 ID 不能为空',
  'validation.productIdFormat': '商品 ID 只能包含字母、数字、下划线和连字符，最多 64 位',
  'validation.productNameRequired': '商品名称不能为空',
  'validation.productNameMax': '商品名称不能超过 {max} 个字符',
  'validation.keywordMax': '关键词不能超过 {max} 个字符',
  'validation.invalidField': '{field}的值无效',
  'validation.requiredField': '{field}不能为空',
  'validation.unknownField': '不支持的字段：{field}',
  // Request and business failures.
  'error.badRequest': '请求格式不正确',
  'error.payloadTooLarge': '请求内容过大',
  'error.unsupportedMediaType': '不支持的请求内容类型',
  'error.unauthenticated': '登录状态已失效，请重新登录',
  'error.forbidden': '没有权限执行此操作',
  'error.notFound': '请求的资源不存在',
  'error.apiNotFound': '接口不存在',
  'error.internal': '服务器开小差了，请稍后重试',
  'error.unavailable': '服务暂时不可用，请稍后重试',
  'error.tooManyRequests': '请求过于频繁，请 {seconds} 秒后再试',
  'error.accountOrPasswordIncorrect': '账号或密码错误',
  'error.loginLocked': '登录失败次数过多，请 {seconds} 秒后再试',
  'error.usernameTaken': '该用户名已被注册',
  'error.phoneTaken': '该手机号已被注册',
  'error.phoneNotRegistered': '该手机号尚未注册',
  'error.inviteCodeNotFound': '邀请码不存在',
  'error.codeNotRequested': '请先获取验证码',
  'error.codeIncorrect': '验证码错误',
  'error.codeExpired': '验证码已过期，请重新获取',
  'error.codeTooManyAttempts': '验证码错误次数过多，请重新获取',
  'error.smsTooFrequent': '验证码发送过于频繁，请 {seconds} 秒后再试',
  'error.smsSendFailed': '验证码发送失败，请重试',
  'error.oldPasswordIncorrect': '当前密码错误',
  'error.productIdTaken': '已存在商品 ID 为 {productId} 的商品模板',
  // Success messages.
  'success.ok': '操作成功',
  'success.smsSent': '验证码发送成功',
  'success.registered': '注册成功，请登录',
  'success.loggedIn': '欢迎使用',
  'success.loggedOut': '退出登录成功',
  'success.passwordChanged': '密码修改成功',
  'success.passwordReset': '密码重置成功，请使用新密码登录',
  'success.saved': '保存成功',
  'success.created': '创建成功',
  'success.updated': '更新成功',
  'success.deleted': '删除成功',
  // Field names used by the generic checks.
  'field.username': '用户名',
  'field.phoneNumber': '手机号',
  'field.code': '验证码',
  'field.password': '密码',
  'field.confirmPassword': '确认密码',
  'field.oldPassword': '当前密码',
  'field.newPassword': '新密码',
  'field.inviteCode': '邀请码',
  'field.purpose': '验证码用途',
  'field.refresh_token': '刷新令牌',
  'field.nickname': '昵称',
  'field.email': '邮箱',
  'field.content': '话术内容',
  'field.remark': '备注',
  'field.productId': '商品 ID',
  'field.productName': '商品名称',
  'field.keyword': '关键词',
  'field.page': '页码',
  'field.pageSize': '每页条数',
  'field.id': 'ID',
  'field.body': '请求内容',
} as const;

export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  'validation.usernameRequired': 'Username cannot be empty',
  'validation.usernameFormat':
    'Username must be 3-32 letters, digits, underscores, hyphens or Chinese characters and must not start with a digit',
  'validation.accountRequired': 'Username or phone number cannot be empty',
  'validation.passwordRequired': 'Password cannot be empty',
  'validation.passwordMin': 'Password length cannot be less than 6 characters',
  'validation.passwordMax': 'Password length cannot be more than 64 characters',
  'validation.confirmPasswordRequired': 'Confirm password cannot be empty',
  'validation.passwordMismatch': 'Passwords do not match',
  'validation.oldPasswordRequired': 'Current password cannot be empty',
  'validation.newPasswordRequired': 'New password cannot be empty',
  'validation.newPasswordSameAsOld': 'The new password must be different from the current one',
  'validation.phoneRequired': 'Phone number cannot be empty',
  'validation.phoneFormat': 'Please enter correct phone number format',
  'validation.codeRequired': 'Verification code cannot be empty',
  'validation.codeFormat': 'Verification code must be 6 digits',
  'validation.inviteCodeFormat': 'Invitation code format is incorrect',
  'validation.purposeInvalid': 'Verification code purpose is invalid',
  'validation.emailFormat': 'Please enter a valid email format',
  'validation.nicknameMax': 'Nickname cannot be longer than {max} characters',
  'validation.scriptContentRequired': 'Script content cannot be empty',
  'validation.scriptContentMax': 'Script content cannot be longer than {max} characters',
  'validation.remarkMax': 'Remark cannot be longer than {max} characters',
  'validation.productIdRequired': 'Product ID cannot be empty',
  'validation.productIdFormat':
    'Product ID may contain only letters, digits, underscores and hyphens, at most 64 characters',
  'validation.productNameRequired': 'Product name cannot be empty',
  'validation.productNameMax': 'Product name cannot be longer than {max} characters',
  'validation.keywordMax': 'Keyword cannot be longer than {max} characters',
  'validation.invalidField': '{field} is invalid',
  'validation.requiredField': '{field} cannot be empty',
  'validation.unknownField': 'Unsupported field: {field}',
  'error.badRequest': 'The request is malformed',
  'error.payloadTooLarge': 'The request is too large',
  'error.unsupportedMediaType': 'Unsupported request content type',
  'error.unauthenticated': 'Your login state has expired, please log in again',
  'error.forbidden': 'You do not have permission for this action',
  'error.notFound': 'The requested resource does not exist',
  'error.apiNotFound': 'API not found',
  'error.internal': 'Something went wrong on the server, please try again later',
  'error.unavailable': 'The service is temporarily unavailable, please try again later',
  'error.tooManyRequests': 'Too many requests, please try again in {seconds} seconds',
  'error.accountOrPasswordIncorrect': 'Account or password incorrect',
  'error.loginLocked': 'Too many failed sign-in attempts, please try again in {seconds} seconds',
  'error.usernameTaken': 'This username is already registered',
  'error.phoneTaken': 'This phone number is already registered',
  'error.phoneNotRegistered': 'This phone number is not registered',
  'error.inviteCodeNotFound': 'Invitation code does not exist',
  'error.codeNotRequested': 'Please get a verification code first',
  'error.codeIncorrect': 'Verification code is incorrect',
  'error.codeExpired': 'Verification code has expired, please get a new one',
  'error.codeTooManyAttempts': 'Too many wrong verification codes, please get a new one',
  'error.smsTooFrequent':
    'Verification codes are requested too often, please try again in {seconds} seconds',
  'error.smsSendFailed': 'Failed to send verification code, please try again',
  'error.oldPasswordIncorrect': 'Current password is incorrect',
  'error.productIdTaken': 'A product template with product ID {productId} already exists',
  'success.ok': 'Success',
  'success.smsSent': 'Verification code sent successfully',
  'success.registered': 'Registration successful, please log in',
  'success.loggedIn': 'Welcome to use',
  'success.loggedOut': 'Logout succeeded',
  'success.passwordChanged': 'Password changed successfully',
  'success.passwordReset': 'Password reset successfully, please log in with the new password',
  'success.saved': 'Saved successfully',
  'success.created': 'Created successfully',
  'success.updated': 'Updated successfully',
  'success.deleted': 'Deleted successfully',
  'field.username': 'Username',
  'field.phoneNumber': 'Phone number',
  'field.code': 'Verification code',
  'field.password': 'Password',
  'field.confirmPassword': 'Confirm password',
  'field.oldPassword': 'Current password',
  'field.newPassword': 'New password',
  'field.inviteCode': 'Invitation code',
  'field.purpose': 'Code purpose',
  'field.refresh_token': 'Refresh token',
  'field.nickname': 'Nickname',
  'field.email': 'Email',
  'field.content': 'Script content',
  'field.remark': 'Remark',
  'field.productId': 'Product ID',
  'field.productName': 'Product name',
  'field.keyword': 'Keyword',
  'field.page': 'Page',
  'field.pageSize': 'Page size',
  'field.id': 'ID',
  'field.body': 'Request body',
};

export const messages: Record<Locale, Record<MessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(zhCN, value);
}

/** Translates a catalogue key, filling `{name}` placeholders from params. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = messages[locale][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The localized name of a request field, or the raw path when it has none. */
export function fieldLabel(locale: Locale, field: string): string {
  const key = `field.${field}`;
  return isMessageKey(key) ? messages[locale][key] : field;
}
