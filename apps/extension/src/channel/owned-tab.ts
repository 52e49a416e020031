import { z } from 'zod';
import { defineItem } from '../storage/storage-item.ts';

/**
 * The tab the browser channel owns (issue 17): opened by the extension in a window of its
 * own, kept from being discarded, never a tab the seller uses. Forgotten when it is closed.
 */
export const ownedTabItem = defineItem<{ windowId: number; tabId: number } | null>(
  'channelOwnedTab',
  z.object({ windowId: z.number().int(), tabId: z.number().int() }).nullable(),
  null,
);
