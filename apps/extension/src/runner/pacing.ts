import { INVITATION_DAY_TIME_ZONE } from '@inviteflow/contract';
import type { RunnerSettings } from '../storage/items.ts';

/**
 * A person does not send invitations at machine speed: a random pause between two
 * records, uniformly within the configured bounds (swapped bounds are tolerated).
 */
export function nextDelayMs(settings: RunnerSettings, random: () => number = Math.random): number {
  const low = Math.min(settings.minDelaySeconds, settings.maxDelaySeconds);
  const high = Math.max(settings.minDelaySeconds, settings.maxDelaySeconds);
  return Math.round((low + (high - low) * random()) * 1000);
}

/**
 * The calendar day the plan's daily cap counts in: a day of the account's zone, which the
 * server's summary names (`timeZone`); China time until it has answered.
 */
export function capDay(now: Date, timeZone: string = INVITATION_DAY_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * How many records to claim: the batch size, no more than the plan's daily cap still
 * allows this browser to execute today (null cap: unknown, the batch size).
 */
export function claimLimit(
  settings: RunnerSettings,
  executedToday: number,
  dailyCap: number | null,
): number {
  if (dailyCap === null) return settings.batchSize;
  return Math.max(0, Math.min(settings.batchSize, dailyCap - executedToday));
}

/** A record whose lease ends sooner than this is not started: the server may hand it out again. */
export const LEASE_MARGIN_MS = 20_000;
