import type { Locale } from '@inviteflow/contract';

/**
 * Date formatters, cached per language like the number ones (format-number.ts): a table
 * formats a date in every row on every render, and building an Intl.DateTimeFormat costs
 * far more than using one (it was the largest cost of our own code in the talent list).
 */
const dateTimes = new Map<Locale, Intl.DateTimeFormat>();

function dateTimeFormat(locale: Locale): Intl.DateTimeFormat {
  let result = dateTimes.get(locale);
  if (!result) {
    result = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimes.set(locale, result);
  }
  return result;
}

/**
 * A server time (ISO 8601, UTC) in the user's own time zone, e.g. 2025-03-08 14:05:09.
 * Missing or unreadable values show a dash rather than "Invalid Date".
 */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const parts = dateTimeFormat(locale).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
