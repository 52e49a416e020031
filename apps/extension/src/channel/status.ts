import { browserStopReasons } from '@inviteflow/contract';
import { z } from 'zod';
import { defineItem } from '../storage/storage-item.ts';

/**
 * What the popup shows of the browser channel: the state, the action in hand with its
 * progress, and the stop in force with its reason (the popup gives the remedy).
 */
export const channelStates = [
  'idle',
  'running',
  'waiting',
  'outsideHours',
  'stopped',
  'paused',
  'signedOut',
] as const;
export const channelStatus = z.object({
  state: z.enum(channelStates),
  action: z
    .object({
      id: z.number().int(),
      kind: z.string(),
      shopName: z.string(),
      total: z.number().int(),
      sent: z.number().int(),
      failed: z.number().int(),
    })
    .nullable(),
  stop: z
    .object({
      reason: z.enum(browserStopReasons),
      detail: z.string().nullable(),
      packVersion: z.string().nullable(),
      /** Records of the action that went back to pending (never attempted). */
      pending: z.number().int(),
      since: z.string(),
    })
    .nullable(),
  /** Why no action was handed out (the claim's `waiting`). */
  waiting: z.string().nullable(),
  /** Actions whose answer is not known and that wait for the page to be read again. */
  inDoubt: z.number().int(),
  updatedAt: z.string(),
});
export type ChannelStatus = z.infer<typeof channelStatus>;
export const idleChannelStatus: ChannelStatus = {
  state: 'idle',
  action: null,
  stop: null,
  waiting: null,
  inDoubt: 0,
  updatedAt: new Date(0).toISOString(),
};
export const channelStatusItem = defineItem('channelStatus', channelStatus, idleChannelStatus);

/**
 * Whether the browser channel runs: on by default (it is the only way the extension sends);
 * the popup's switch pauses it, and the loop stops between actions.
 */
export const channelEnabledItem = defineItem('channelEnabled', z.boolean(), true);

/** A platform login lost on a shop's page: looked at again until the seller has signed in. */
export const loginWatchItem = defineItem<{ shopId: number; url: string; packId: string } | null>(
  'channelLoginWatch',
  z.object({ shopId: z.number().int(), url: z.string(), packId: z.string() }).nullable(),
  null,
);
