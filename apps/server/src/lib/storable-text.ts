import { fieldLabel, type Locale } from '@inviteflow/contract';
import { badRequest } from './errors.ts';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL can store as sent: no NUL character (text cannot hold one: the query
 * fails) and no lone surrogate (not Unicode: it would be stored as U+FFFD).
 */
export function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !loneSurrogate.test(text);
}

/**
 * The field of the first string in a value (params, query, body, form fields) that is
 * not storable, or null. Walks without recursion: a body may be nested thousands deep.
 */
export function unstorableField(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, 'body']];
  while (stack.length) {
    const [current, field] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorable(current)) return field;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push([item, field]);
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorable(key)) return 'body';
        stack.push([item, key]);
      }
    }
  }
  return null;
}

/** Refuses (400, naming the field) a value holding text that cannot be stored. */
export function refuseUnstorable(locale: Locale, value: unknown): void {
  const found = unstorableField(value);
  if (found === null) return;
  // Only a plain field name is repeated back; anything else is "the request".
  const field = /^[A-Za-z_][A-Za-z0-9_]{0,40}$/.test(found) ? found : 'body';
  throw badRequest('validation.invalidField', { field: fieldLabel(locale, field) });
}
