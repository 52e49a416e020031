import { z } from './zod.ts';
import {
  enteredPasswordField,
  isoDateTime,
  optionalEmailField,
  phoneNumberField,
} from './fields.ts';
import { NICKNAME_MAX, smsCodePattern } from './field-limits.ts';

/** The user center's profile (spec: nickname, email, phone, register time, last login time). */
export const profileData = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  registeredAt: isoDateTime,
  lastLoginAt: isoDateTime.nullable(),
});
export type ProfileData = z.infer<typeof profileData>;

/** The account's current password where a form asks for it (a phone change). */
export const currentPasswordField = enteredPasswordField('validation.oldPasswordRequired');

/**
 * Editing the profile. The phone number signs the user in and is where a password reset
 * goes, so changing it needs both a verification code sent to the new number (purpose
 * `change-phone`) and the account's current password: a stolen access token alone cannot
 * move the account to the thief's phone. Both are required only when the number changes,
 * which only the server knows, so it checks their presence.
 */
export const updateProfileBody = z.object({
  nickname: z
    .string({ error: 'validation.invalidField' })
    .trim()
    .max(NICKNAME_MAX, { error: 'validation.nicknameMax' })
    .nullish()
    .transform((value) => value ?? ''),
  email: optionalEmailField,
  phoneNumber: phoneNumberField,
  code: z
    .string({ error: 'validation.codeFormat' })
    .trim()
    .nullish()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || smsCodePattern.test(value), {
      error: 'validation.codeFormat',
    }),
  /** The account's password, kept exactly as typed; needed when the phone number changes. */
  currentPassword: z
    .string({ error: 'validation.oldPasswordRequired' })
    .max(256, { error: 'validation.passwordMax' })
    .nullish()
    .transform((value) => value || undefined),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
