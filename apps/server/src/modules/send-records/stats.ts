import {
  sendErrorCodes,
  type SendErrorCode,
  type SendStats,
  type TalentStatus,
} from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
import { lastPeriodEnd } from '../membership/index.ts';
import {
  ensureShopsWithinLimit,
  overviewShops,
  shopCounts,
  slotsOf,
  toShop,
} from '../shops/index.ts';
import { talentsByStatus } from '../talents/index.ts';
import { countsByStatus, daysFrom, failuresFrom } from './repository.ts';
import { dailyAllowance, invitationDay } from './daily-allowance.ts';

const DAY_MS = 86_400_000;
const SHOPS_SHOWN = 10;

/** The calendar days of the period, oldest first, today (the account's, the cap's day) last. */
export function periodDays(today: string, days: number): string[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const base = Date.UTC(y, m - 1, d);
  return Array.from({ length: days }, (_, i) =>
    new Date(base - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The workplace: the period's activity per day and its failure reasons (from the daily
 * rollups, a row per day), records and talents by status, the shops and the plan. Every
 * number is a small read, whatever the size of the account.
 */
export async function sendStatsFor(
  db: Database,
  userId: number,
  days: number,
  now: Date,
): Promise<SendStats> {
  const state = await ensureShopsWithinLimit(db, userId, now);
  const today = await invitationDay(db, userId, now);
  const period = periodDays(today.day, days);
  const first = period[0]!;
  const [dayRows, failureRows, records, talentRows, counts, shops, slots, allowance, endedAt] =
    await Promise.all([
      daysFrom(db, userId, first),
      failuresFrom(db, userId, first),
      countsByStatus(db, userId),
      talentsByStatus(db, userId),
      shopCounts(db, userId),
      overviewShops(db, userId, SHOPS_SHOWN),
      slotsOf(db, userId, now, state),
      dailyAllowance(db, userId, now, state),
      state.isActive ? null : lastPeriodEnd(db, userId, now),
    ]);
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const series = period.map((day) => ({
    day,
    created: byDay.get(day)?.created ?? 0,
    succeeded: byDay.get(day)?.succeeded ?? 0,
    failed: byDay.get(day)?.failed ?? 0,
  }));
  const sum = (key: 'created' | 'succeeded' | 'failed') =>
    series.reduce((total, day) => total + day[key], 0);
  const succeeded = sum('succeeded');
  const failed = sum('failed');
  const known: ReadonlySet<string> = new Set(sendErrorCodes);
  return {
    timeZone: today.timeZone,
    todayEndsAt: today.endsAt.toISOString(),
    timeZoneDaysFrom: today.zoneFrom?.toISOString() ?? null,
    days: series,
    totals: {
      created: sum('created'),
      succeeded,
      failed,
      successRate: succeeded + failed > 0 ? succeeded / (succeeded + failed) : null,
    },
    topFailures: failureRows
      .filter((row) => known.has(row.errorCode) && row.count > 0)
      .map((row) => ({ errorCode: row.errorCode as SendErrorCode, count: row.count }))
      .sort((a, b) => b.count - a.count || a.errorCode.localeCompare(b.errorCode)),
    records,
    talentsByStatus: talentRows
      .filter((row) => row.count > 0)
      .map((row) => ({ status: row.status as TalentStatus, count: row.count }))
      .sort((a, b) => b.count - a.count),
    shops: { slots, counts, list: shops.map((row) => toShop(row)) },
    membership: {
      level: state.level,
      isActive: state.isActive,
      validTo: state.validTo?.toISOString() ?? null,
      endedAt: endedAt?.toISOString() ?? null,
      shopBindLimit: state.shopBindLimit,
      dailyInvitationCap: state.dailyInvitationCap,
      usedToday: allowance.used,
      remainingToday: allowance.remaining,
    },
  };
}
