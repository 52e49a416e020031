import { z } from './zod.ts';
import {
  enteredPasswordField,
  isoDateTime,
  optionalEmailField,
  phoneNumberField,
} from './fields.ts';
import { NICKNAME_MAX, smsCodePattern } from './field-limits.ts';
import { TIME_ZONE_MAX, canonicalTimeZone, isTimeZone } from './time-zones.ts';

/**
 * The account's time zone as a form or a client sends it: an IANA name Intl knows (any
 * case), answered in Intl's spelling. Anything else is refused with its own message.
 */
export const timeZoneField = z
  .string({ error: 'validation.timeZoneInvalid' })
  .trim()
  .max(TIME_ZONE_MAX, { error: 'validation.timeZoneInvalid' })
  .refine(isTimeZone, { error: 'validation.timeZoneInvalid' })
  .transform((value) => canonicalTimeZone(value)!)
  .describe('An IANA time zone, e.g. Asia/Shanghai or America/Los_Angeles');

/** The user center's profile (spec: nickname, email, phone, register time, last login time). */
export const profileData = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  registeredAt: isoDateTime,
  lastLoginAt: isoDateTime.nullable(),
  /** Times are shown in this zone and days counted in it (Asia/Shanghai until one is chosen). */
  timeZone: z
    .string()
    .describe(
      "The account's IANA time zone: times are shown and days counted in it (the workplace's " +
        'days, the daily invitation allowance). Asia/Shanghai until one is chosen',
    ),
  timeZoneDaysFrom: isoDateTime
    .nullable()
    .describe(
      'After a change of zone made while the day had invitations: days are counted in `timeZone` ' +
        'from this instant (a midnight there), and the day in progress runs until it. Null when ' +
        'days are counted in `timeZone` already',
    ),
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
  /** The account's time zone; unchanged when omitted. */
  timeZone: timeZoneField.optional(),
  /** The account's password, kept exactly as typed; needed when the phone number changes. */
  currentPassword: z
    .string({ error: 'validation.oldPasswordRequired' })
    .max(256, { error: 'validation.passwordMax' })
    .nullish()
    .transform((value) => value || undefined),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
