import { z } from 'zod';
import { defineItem } from '../storage/storage-item.ts';

/**
 * The seller's pacing of browser actions (popup): a random pause between two actions within
 * bounds (working tools use 3–8 s between steps: PLATFORMS.md "What working tools do in the
 * browser"), and working hours in the shop's time zone outside which nothing is claimed.
 */
export const PACING_BOUNDS = { minSeconds: 3, maxSeconds: 600 } as const;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const channelPacing = z.object({
  minDelaySeconds: z.number().min(PACING_BOUNDS.minSeconds).max(PACING_BOUNDS.maxSeconds),
  maxDelaySeconds: z.number().min(PACING_BOUNDS.minSeconds).max(PACING_BOUNDS.maxSeconds),
  /** Working hours, in the shop's zone; equal start and end: all day. */
  workStart: hhmm,
  workEnd: hhmm,
});
export type ChannelPacing = z.infer<typeof channelPacing>;
export const defaultChannelPacing: ChannelPacing = {
  minDelaySeconds: 8,
  maxDelaySeconds: 20,
  workStart: '09:00',
  workEnd: '22:00',
};
export const channelPacingItem = defineItem('channelPacing', channelPacing, defaultChannelPacing);

/** The seller's input held to the bounds (a stored value out of bounds reads as the default). */
export function boundPacing(input: ChannelPacing): ChannelPacing {
  const clamp = (value: number) =>
    Math.min(PACING_BOUNDS.maxSeconds, Math.max(PACING_BOUNDS.minSeconds, Math.round(value)));
  const low = clamp(Math.min(input.minDelaySeconds, input.maxDelaySeconds));
  const high = clamp(Math.max(input.minDelaySeconds, input.maxDelaySeconds));
  return { ...input, minDelaySeconds: low, maxDelaySeconds: high };
}

/** A uniformly random pause within the bounds (jitter). */
export function jitterMs(pacing: ChannelPacing, random: () => number = Math.random): number {
  const { minDelaySeconds: low, maxDelaySeconds: high } = boundPacing(pacing);
  return Math.round((low + (high - low) * random()) * 1000);
}

function minutesIn(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

const toMinutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

/** Whether `now` is within the working hours in `timeZone` (a window may cross midnight). */
export function withinWorkingHours(now: Date, pacing: ChannelPacing, timeZone: string): boolean {
  const start = toMinutes(pacing.workStart);
  const end = toMinutes(pacing.workEnd);
  if (start === end) return true;
  const current = minutesIn(now, timeZone);
  return start < end ? current >= start && current < end : current >= start || current < end;
}
