import { z } from './zod.ts';
import {
  phonePattern,
  usernamePattern,
  smsCodePattern,
  inviteCodePattern,
  PASSWORD_MIN,
  PASSWORD_MAX,
} from './field-limits.ts';
import type { CatalogueKey } from './texts.ts';

/**
 * Field rules shared by every request that carries the field. Each rule's error
 * text is a catalogue key; `issueMessage` turns it into the caller's language.
 */

/** A string that must be present; missing, wrong type and blank all give `required`. */
export function requiredText(required: CatalogueKey) {
  return z.string({ error: required }).trim().min(1, { error: required });
}

/** Optional free text: absent, null or blank all become ''. */
export function optionalText(max: number, tooLong: CatalogueKey) {
  return z
    .string({ error: 'validation.invalidField' })
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((value) => value ?? '');
}

export const usernameField = requiredText('validation.usernameRequired').regex(usernamePattern, {
  error: 'validation.usernameFormat',
});

export const phoneNumberField = requiredText('validation.phoneRequired').regex(phonePattern, {
  error: 'validation.phoneFormat',
});

export const smsCodeField = requiredText('validation.codeRequired').regex(smsCodePattern, {
  error: 'validation.codeFormat',
});

/** A new password: 6 to 64 characters, kept exactly as typed (never trimmed). */
export function newPasswordField(required: CatalogueKey = 'validation.passwordRequired') {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .min(PASSWORD_MIN, { error: 'validation.passwordMin' })
    .max(PASSWORD_MAX, { error: 'validation.passwordMax' });
}

/** A password being checked (login, current password): only presence and a sane bound. */
export function enteredPasswordField(required: CatalogueKey) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(256, { error: 'validation.passwordMax' });
}

export const inviteCodeField = z
  .string({ error: 'validation.inviteCodeFormat' })
  .trim()
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : undefined))
  .refine((value) => value === undefined || inviteCodePattern.test(value), {
    error: 'validation.inviteCodeFormat',
  });

/** An email that may be left empty; when given it must be valid. */
export const optionalEmailField = z
  .string({ error: 'validation.emailFormat' })
  .trim()
  .max(254, { error: 'validation.emailFormat' })
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || z.email().safeParse(value).success, {
    error: 'validation.emailFormat',
  });

export const isoDateTime = z.string().describe('ISO 8601 date-time in UTC');

/**
 * A check for filters with ranges: each pair's low end may not lie above its high
 * end (numbers, or ISO times). The refusal names the high end's field.
 */
export function orderedRanges<T extends object>(...pairs: Array<[keyof T, keyof T]>) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [low, high] of pairs) {
      const a = value[low];
      const b = value[high];
      if (a === undefined || a === null || b === undefined || b === null) continue;
      const [x, y] =
        typeof a === 'string' ? [Date.parse(a), Date.parse(String(b))] : [Number(a), Number(b)];
      if (x > y)
        ctx.addIssue({
          code: 'custom',
          path: [high as string],
          message: 'validation.rangeInvalid',
        });
    }
  };
}

/** An optional instant with its offset (filters). */
export const optionalTime = z.iso
  .datetime({ offset: true, error: 'validation.dateInvalid' })
  .optional();

/** An optional search word: blank is absent. */
export const optionalWord = (max: number) =>
  z
    .string({ error: 'validation.invalidField' })
    .trim()
    .max(max, { error: 'validation.keywordMax' })
    .optional()
    .transform((v) => v || undefined);
