import { z } from './zod.ts';
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
  })
  .refine(passwordsMatch, { error: 'validation.passwordMismatch', path: ['confirmPassword'] });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  /** A username or a phone number. */
  username: requiredText('validation.usernameRequired').max(64, {
    error: 'validation.usernameRequired',
  }),
  password: enteredPasswordField('validation.passwordRequired'),
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

export const loginData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user: loginUser,
});
export type LoginData = z.infer<typeof loginData>;

export const refreshBody = z.object({
  refresh_token: requiredText('validation.requiredField').max(512, {
    error: 'validation.invalidField',
  }),
});
export type RefreshBody = z.infer<typeof refreshBody>;

export const refreshData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});
export type RefreshData = z.infer<typeof refreshData>;

export const meData = z.object({
  id: z.number().int(),
  username: z.string(),
  phoneNumber: z.string(),
  createdAt: isoDateTime,
});
export type MeData = z.infer<typeof meData>;

/** Registration answers the new account, shaped like `me`. */
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
