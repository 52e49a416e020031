import { z } from './zod.ts';
import { isoDateTime, optionalEmailField, phoneNumberField } from './fields.ts';
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

/**
 * Editing the profile. Changing the phone number (it signs the user in) needs a
 * verification code sent to the new number with purpose `change-phone`.
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
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
