import { dayInZone, dayStartInZone, nextDay } from '@inviteflow/contract';

/**
 * The shop's calendar: its day (daily limits) and its quota week, which starts on Sunday
 * at 00:00 in the shop's time zone ("Quotas refresh weekly on Sundays", seller help
 * "Affiliate Target Invite & IM Quotas",
 * seller-us.tiktok.com/university/essay?knowledge_id=6104700982429483).
 */
export function shopDay(now: Date, timeZone: string): { day: string; start: Date; end: Date } {
  const day = dayInZone(now, timeZone);
  return { day, start: dayStartInZone(day, timeZone), end: dayStartInZone(nextDay(day), timeZone) };
}

/** The Sunday (YYYY-MM-DD) the shop's current quota week began, and when the next begins. */
export function quotaWeek(now: Date, timeZone: string): { week: string; resetsAt: Date } {
  const day = dayInZone(now, timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const sunday = new Date(Date.UTC(y, m - 1, d - weekday)).toISOString().slice(0, 10);
  const nextSunday = new Date(Date.UTC(y, m - 1, d - weekday + 7)).toISOString().slice(0, 10);
  return { week: sunday, resetsAt: dayStartInZone(nextSunday, timeZone) };
}
