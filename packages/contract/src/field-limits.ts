/**
 * The patterns and lengths of the fields every request shares. The schemas that apply
 * them (with their catalogue messages) are in fields.ts.
 */

/** Mainland China mobile numbers: 11 digits starting 13-19. */
export const phonePattern = /^1[3-9]\d{9}$/;
/** Letters, digits, `_`, `-` or CJK, not starting with a digit (so it never looks like a phone). */
export const usernamePattern = /^[A-Za-z_\u4e00-\u9fa5][A-Za-z0-9_\-\u4e00-\u9fa5]{2,31}$/;
export const smsCodePattern = /^\d{6}$/;
export const inviteCodePattern = /^[A-Za-z0-9]{4,16}$/;
export const productIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 32;
export const SCRIPT_CONTENT_MAX = 2000;
export const REMARK_MAX = 200;
export const PRODUCT_NAME_MAX = 200;
export const KEYWORD_MAX = 100;
export const SMS_CODE_LENGTH = 6;
