import type { Locale } from '@inviteflow/contract';
import { displayTimeZone } from './time-zone.ts';

/**
 * Date formatters, cached per language and zone like the number ones (format-number.ts): a
 * table formats a date in every row on every render, and building an Intl.DateTimeFormat
 * costs far more than using one (it was the largest cost of our own code in the talent list).
 */
const dateTimes = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let result = dateTimes.get(key);
  if (!result) {
    result = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimes.set(key, result);
  }
  return result;
}

function format(
  value: string | null | undefined,
  locale: Locale,
  timeZone: string,
  seconds: boolean,
): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const parts = dateTimeFormat(locale, timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  const minute = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  return seconds ? `${minute}:${part('second')}` : minute;
}

/**
 * A server time (ISO 8601, UTC) in the account's time zone (issue 20 #9), e.g.
 * 2025-03-08 14:05:09: the one formatter of every time the console shows. Missing or
 * unreadable values show a dash rather than "Invalid Date".
 */
export function formatDateTime(
  value: string | null | undefined,
  locale: Locale,
  timeZone: string = displayTimeZone(),
): string {
  return format(value, locale, timeZone, true);
}

/** The same, to the minute (when a day ends, when something may happen again). */
export function formatMinute(
  value: string | null | undefined,
  locale: Locale,
  timeZone: string = displayTimeZone(),
): string {
  return format(value, locale, timeZone, false);
}
