import { z } from './zod.ts';
import { TIME_ZONE_MAX } from './time-zones.ts';
import {
  enteredPasswordField,
  inviteCodeField,
  isoDateTime,
  newPasswordField,
  phoneNumberField,
  requiredText,
  smsCodeField,
  usernameField,
} from './fields.ts';

/** Why a verification code is sent. `change-phone` goes to the new number on a profile edit. */
export const smsPurposes = ['register', 'reset', 'change-phone'] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_PER_HOUR = 5;
export const SMS_MAX_WRONG_ATTEMPTS = 5;

export const sendSmsCodeBody = z.object({
  phoneNumber: phoneNumberField,
  purpose: z.enum(smsPurposes, { error: 'validation.purposeInvalid' }),
});
export type SendSmsCodeBody = z.infer<typeof sendSmsCodeBody>;

export const sendSmsCodeData = z.object({
  /** Seconds before another code may be requested for this phone. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});
export type SendSmsCodeData = z.infer<typeof sendSmsCodeData>;

function passwordsMatch(
  value: { confirmPassword: string } & ({ password: string } | { newPassword: string }),
) {
  const chosen = 'password' in value ? value.password : value.newPassword;
  return chosen === value.confirmPassword;
}

/**
 * The browser's time zone, sent at registration and sign-in: it becomes the account's zone
 * when the account has none yet. A name the server does not know is ignored (a sign-in never
 * fails for it); the user center's setting changes the zone later.
 */
const browserTimeZone = z
  .string({ error: 'validation.timeZoneInvalid' })
  .max(TIME_ZONE_MAX, { error: 'validation.timeZoneInvalid' })
  .optional()
  .describe(
    "The browser's IANA time zone: becomes the account's zone when it has none yet (unknown " +
      'names are ignored)',
  );

export const registerBody = z
  .object({
    username: usernameField,
    phoneNumber: phoneNumberField,
    code: smsCodeField,
    password: newPasswordField(),
    confirmPassword: z
      .string({ error: 'validation.confirmPasswordRequired' })
      .min(1, { error: 'validation.confirmPasswordRequired' }),
    inviteCode: inviteCodeField.optional(),
    timeZone: browserTimeZone,
  })
  .refine(passwordsMatch, { error: 'validation.passwordMismatch', path: ['confirmPassword'] });
export type RegisterBody = z.input<typeof registerBody>;

/**
 * How the refresh token travels. `cookie` (the default, what browsers get): an `HttpOnly`,
 * `SameSite=Strict` cookie scoped to the refresh path, never readable by the page's
 * scripts. `body`: in the answer's `refresh_token`, for clients that are not browsers and
 * keep the token themselves (they then send it back in the refresh call's body).
 */
export const refreshTokenDeliveries = ['cookie', 'body'] as const;
export type RefreshTokenDelivery = (typeof refreshTokenDeliveries)[number];

export const loginBody = z.object({
  /** A username or a phone number. */
  username: requiredText('validation.usernameRequired').max(64, {
    error: 'validation.usernameRequired',
  }),
  password: enteredPasswordField('validation.passwordRequired'),
  remember: z
    .boolean({ error: 'validation.invalidField' })
    .optional()
    .describe(
      'The sign-in form\'s "remember": the refresh cookie then outlives the browser (Max-Age, ' +
        "up to the session's 30 days); otherwise it is a session cookie that ends with the browser",
    ),
  refreshTokenDelivery: z
    .enum(refreshTokenDeliveries, { error: 'validation.invalidField' })
    .optional()
    .describe(
      '`cookie` (default): the refresh token is set as an HttpOnly cookie and is not in the answer. ' +
        '`body`: for clients that are not browsers, it is answered in `refresh_token` and no cookie is set',
    ),
  timeZone: browserTimeZone,
});
export type LoginBody = z.infer<typeof loginBody>;

export const membershipLevels = ['none', 'basic', 'pro', 'enterprise'] as const;
export type MembershipLevel = (typeof membershipLevels)[number];

export const loginUser = z.object({
  id: z.number().int(),
  username: z.string(),
  phoneNumber: z.string(),
  membershipLevel: z.enum(membershipLevels),
  membershipValidTo: isoDateTime.nullable(),
  maxShopBindCount: z.number().int(),
  currentShopBindCount: z.number().int(),
});
export type LoginUser = z.infer<typeof loginUser>;

/** Only a client that asked for `refreshTokenDelivery: 'body'` gets `refresh_token`. */
const deliveredRefreshToken = z
  .string()
  .optional()
  .describe(
    'Present only for `refreshTokenDelivery: body` (login) or a refresh token sent in the body (refresh); ' +
      'browsers get it as the HttpOnly refresh cookie instead',
  );

export const loginData = z.object({
  access_token: z.string(),
  refresh_token: deliveredRefreshToken,
  user: loginUser,
});
export type LoginData = z.infer<typeof loginData>;

export const refreshBody = z.object({
  refresh_token: requiredText('validation.requiredField')
    .max(512, { error: 'validation.invalidField' })
    .optional()
    .describe(
      'Clients that are not browsers: the refresh token they hold. Browsers send `{}`: the ' +
        'refresh cookie carries it',
    ),
});
export type RefreshBody = z.infer<typeof refreshBody>;

export const refreshData = z.object({
  access_token: z.string(),
  refresh_token: deliveredRefreshToken,
});
export type RefreshData = z.infer<typeof refreshData>;

export const meData = z.object({
  id: z.number().int(),
  username: z.string(),
  phoneNumber: z.string(),
  createdAt: isoDateTime,
  /** The account's time zone: the console shows every time in it. */
  timeZone: z.string(),
});
export type MeData = z.infer<typeof meData>;

/**
 * Registration answers the new account, shaped like `me`.
 * @alias one name per endpoint, the same shape (knip: not a duplicate)
 */
export const registerData = meData;
export type RegisterData = MeData;

export const changePasswordBody = z
  .object({
    oldPassword: enteredPasswordField('validation.oldPasswordRequired'),
    newPassword: newPasswordField('validation.newPasswordRequired'),
    confirmPassword: z
      .string({ error: 'validation.confirmPasswordRequired' })
      .min(1, { error: 'validation.confirmPasswordRequired' }),
  })
  .refine(passwordsMatch, { error: 'validation.passwordMismatch', path: ['confirmPassword'] })
  .refine((value) => value.newPassword !== value.oldPassword, {
    error: 'validation.newPasswordSameAsOld',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const resetPasswordBody = z
  .object({
    phoneNumber: phoneNumberField,
    code: smsCodeField,
    newPassword: newPasswordField('validation.newPasswordRequired'),
    confirmPassword: z
      .string({ error: 'validation.confirmPasswordRequired' })
      .min(1, { error: 'validation.confirmPasswordRequired' }),
  })
  .refine(passwordsMatch, { error: 'validation.passwordMismatch', path: ['confirmPassword'] });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Access tokens live 15 minutes; refresh tokens 30 days, rotated on every use. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * After a rotation, the refresh token just used still answers for this long, with the
 * same new pair the rotation answered (two tabs refreshing at once, an answer lost on the
 * way); after it, presenting it again is reuse and ends the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
/**
 * The refresh cookie (HttpOnly, SameSite=Strict, Path = the refresh call). Over HTTPS it
 * is also Secure and carries the `__Secure-` prefix, which browsers only accept from a
 * secure origin.
 */
export const REFRESH_COOKIE_NAME = 'inviteflow_refresh';
