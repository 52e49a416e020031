import { dayInZone, dayStartInZone, nextDay, nextMidnight } from '@inviteflow/contract';

/**
 * When the platform lifts a limit, in the shop's time zone (contract `tiktokShopTimeZone`).
 * Written here from the platform's help, not shared with the sandbox (which has its own).
 */

/**
 * The next quota week: "Quotas refresh weekly on Sundays" (seller help "Affiliate Target
 * Invite & IM Quotas", seller-us.tiktok.com/university/essay?knowledge_id=6104700982429483):
 * the coming Sunday 00:00 of the shop's zone (a week ahead on a Sunday).
 */
export function nextQuotaWeek(now: Date, timeZone: string): Date {
  const day = dayInZone(now, timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  let sunday = day;
  for (let i = 0; i < 7 - weekday; i++) sunday = nextDay(sunday);
  return dayStartInZone(sunday, timeZone);
}

/** The shop's next midnight: daily limits (invitations a day, searches a day) reset then. */
export function nextShopDay(now: Date, timeZone: string): Date {
  return nextMidnight(now, timeZone);
}

/** Back-off after the n-th (1-based) consecutive throttle or network failure: 1 s doubling to 60 s. */
export function backOffMs(attempt: number, askedMs: number | null): number {
  if (askedMs !== null && askedMs > 0) return Math.min(askedMs, 300_000);
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, Math.min(attempt - 1, 6)));
}
