import type { z } from 'zod';
import type { Locale } from './locale.ts';
import { fieldLabel, isCatalogueKey, translate } from './texts.ts';

type Issue = z.core.$ZodIssue;

/**
 * The message for one zod issue in the given language. Schema rules carry a
 * catalogue key; anything else (a rule zod applies by itself) becomes a generic
 * message that names the field.
 */
export function issueMessage(locale: Locale, issue: Issue): string {
  const field = issue.path.length ? String(issue.path[issue.path.length - 1]) : 'body';
  const label = fieldLabel(locale, field);
  const params: Record<string, string | number> = { field: label };
  if ('maximum' in issue) params.max = Number(issue.maximum);
  if ('minimum' in issue) params.min = Number(issue.minimum);
  if (isCatalogueKey(issue.message)) return translate(locale, issue.message, params);
  if (issue.code === 'unrecognized_keys') {
    return translate(locale, 'validation.unknownField', { field: issue.keys.join(', ') });
  }
  return translate(locale, 'validation.invalidField', params);
}

/** Issues grouped by their top-level field, first issue wins: what a form shows. */
export function fieldErrors(locale: Locale, issues: readonly Issue[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'body';
    result[field] ??= issueMessage(locale, issue);
  }
  return result;
}
