import type { RulesProps } from '@arco-design/web-react';
import { issueMessage, type Locale } from '@inviteflow/contract';
import type { z } from 'zod';

/**
 * Turns the contract's zod schemas into Arco Form `rules`, so a form checks exactly what the
 * server checks, with the same catalogue messages in the current language (one definition,
 * STYLE.md habit 3). Arco calls the validator with the field's value; the first zod issue
 * becomes the message under the field.
 */
export type Values = Record<string, unknown>;

/** The message of the first issue, in the given language; undefined when there is none. */
export function firstMessage(
  locale: Locale,
  issues: readonly z.core.$ZodIssue[],
): string | undefined {
  const [issue] = issues;
  return issue ? issueMessage(locale, issue) : undefined;
}

/**
 * Rules for a field checked on its own, e.g. `zodRules(registerBody.shape.username, locale)`.
 * `toBody` turns what the input holds into what the schema (the request) takes, when they
 * differ: an amount typed in yuan is sent in fen.
 */
export function zodRules(
  schema: z.ZodType,
  locale: Locale,
  toBody: (value: unknown) => unknown = (value) => value ?? '',
): RulesProps[] {
  return [
    {
      validator: (value, callback) => {
        const result = schema.safeParse(toBody(value));
        callback(result.success ? undefined : firstMessage(locale, result.error.issues));
      },
    },
  ];
}

/**
 * Rules for a field whose check involves other fields (confirm password must match). The
 * whole object schema runs on the form's current values with this field's new value, and
 * only the issues that point at this field count. Untouched fields count as empty text:
 * an undefined field is a type error that would stop zod before the cross-field rule.
 */
export function zodFieldRules<S extends z.ZodObject>(
  schema: S,
  field: Extract<keyof z.input<S>, string>,
  locale: Locale,
  getValues: () => Values,
): RulesProps[] {
  return [
    {
      validator: (value, callback) => {
        const current = getValues();
        const values: Values = {};
        for (const key of Object.keys(schema.shape)) values[key] = current[key] ?? '';
        const result = schema.safeParse({ ...values, [field]: value ?? '' });
        if (result.success) return callback();
        const own = result.error.issues.filter((issue) => issue.path[0] === field);
        callback(firstMessage(locale, own));
      },
    },
  ];
}
