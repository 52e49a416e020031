import {
  offsetAt,
  offsetLabel,
  timeZoneNames,
  zonedTimeToUtc,
  type Locale,
} from '@inviteflow/contract';
import { useAuthStore } from '@/stores/auth-store.ts';

/**
 * The browser's IANA time zone: sent at sign-in and registration, where it becomes the
 * account's zone when the account has none yet.
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
}

/**
 * The zone the console shows times in and reads typed days in: the account's (issue 20 #9),
 * the browser's until `me` has said which it is.
 */
export function displayTimeZone(): string {
  return useAuthStore.getState().timeZone ?? browserTimeZone();
}

/** `displayTimeZone` for a component: it renders again when the account's zone changes. */
export function useDisplayTimeZone(): string {
  return useAuthStore((state) => state.timeZone) ?? browserTimeZone();
}

/** A zone as the console names it: the IANA name and its offset now, e.g. Asia/Shanghai (GMT+8). */
export function timeZoneLabel(zone: string, locale: Locale, at: Date = new Date()): string {
  const offset = offsetLabel(zone, at);
  return locale === 'zh-CN' ? `${zone}（${offset}）` : `${zone} (${offset})`;
}

function genericName(zone: string, locale: Locale, at: Date): string {
  try {
    return (
      new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

export interface TimeZoneOption {
  value: string;
  label: string;
}

/**
 * The zones to choose from, west to east: `(GMT+8) Asia/Shanghai · 中国标准时间`. The zone
 * given (the account's) is always among them, even if this browser does not list it.
 */
export function timeZoneOptions(
  locale: Locale,
  current?: string,
  at: Date = new Date(),
): TimeZoneOption[] {
  const zones = new Set(timeZoneNames());
  if (current) zones.add(current);
  return [...zones]
    .map((zone) => {
      let offset = 0;
      try {
        offset = offsetAt(at.getTime(), zone);
      } catch {
        // A zone this browser cannot format: listed under its name alone.
      }
      const name = genericName(zone, locale, at);
      return {
        offset,
        value: zone,
        label: `(${offsetLabel(zone, at)}) ${zone}${name ? ` · ${name}` : ''}`,
      };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value))
    .map(({ value, label }) => ({ value, label }));
}

/**
 * A time typed as `YYYY-MM-DD HH:mm[:ss]` (what a date picker gives), read in the account's
 * zone like every time the console shows, as an ISO instant; null when it is not one.
 */
export function typedTimeToIso(
  value: string | undefined,
  timeZone: string = displayTimeZone(),
): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(
    value?.trim() ?? '',
  );
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const at = zonedTimeToUtc({ year, month, day, hour, minute, second, millisecond: 0 }, timeZone);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
