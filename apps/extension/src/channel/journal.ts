import {
  browserRecordOutcome,
  browserStop,
  browserUnattributed,
  claimedBrowserAction,
  type ClaimedBrowserAction,
} from '@inviteflow/contract';
import { z } from 'zod';
import { defineItem } from '../storage/storage-item.ts';

/**
 * The write-ahead journal of the browser action in hand (one runner per browser, so one
 * action), in `chrome.storage.local`, written before each irreversible step:
 * - `claimed`: held under its lease, nothing sent;
 * - `sending`: the server has the `started` mark and the page's send may have gone out;
 *   the answer is not known (a browser restart here means: read the page, never send again);
 * - `answered`: the page answered, the report is not acknowledged yet.
 * The entry goes once the server acknowledged the report (or the reconcile).
 */
export const journalPhases = ['claimed', 'sending', 'answered'] as const;

export const actionJournal = z.object({
  action: claimedBrowserAction,
  phase: z.enum(journalPhases),
  /** The account whose session claimed it: only that account may report it. */
  accountId: z.number().int().nullable(),
  /** Records the page's send included (the others were never attempted). */
  attempted: z.array(z.number().int()),
  outcomes: z.array(browserRecordOutcome),
  stop: browserStop.nullable(),
  /** Records sent whose answer is not known. */
  unknown: z.array(z.number().int()),
  /** The page refused the batch for a talent it did not name: the server splits it. */
  unattributed: browserUnattributed.nullable().optional(),
  updatedAt: z.string(),
});
export type ActionJournal = z.infer<typeof actionJournal>;

export const actionJournalItem = defineItem<ActionJournal | null>(
  'browserActionJournal',
  actionJournal.nullable(),
  null,
);

export function newJournal(
  action: ClaimedBrowserAction,
  accountId: number | null,
  now: Date,
): ActionJournal {
  return {
    action,
    phase: 'claimed',
    accountId,
    attempted: [],
    outcomes: [],
    stop: null,
    unknown: [],
    unattributed: null,
    updatedAt: now.toISOString(),
  };
}
