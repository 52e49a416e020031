import { z } from 'zod';
import { defineItem } from '../storage/storage-item.ts';

type OwnedTab = { windowId: number; tabId: number };

/**
 * The tab the browser channel owns (issue 17): opened by the extension in a window of its
 * own, kept from being discarded, never a tab the seller uses. Forgotten when it is closed.
 * Read it through ownedTab(): the stored ids alone do not say the tab is still ours.
 */
const ownedTabItem = defineItem<OwnedTab | null>(
  'channelOwnedTab',
  z.object({ windowId: z.number().int(), tabId: z.number().int() }).nullable(),
  null,
);

/**
 * The tab id the channel opened in this browser session, in `chrome.storage.session`, which
 * Chrome clears when the browser restarts ("Holds data in memory for the duration of a
 * browser session", developer.chrome.com/docs/extensions/reference/api/storage#property-session).
 * Tab ids are numbered afresh in each session, so after a restart the id kept in
 * `storage.local` can name one of the seller's tabs: only a match with this marker makes the
 * kept tab the channel's.
 */
const THIS_SESSION_KEY = 'channelOwnedTabThisSession';

/** The channel's own tab, when it was opened in this browser session; else null. */
export async function ownedTab(): Promise<OwnedTab | null> {
  const held = await ownedTabItem.get();
  if (!held) return null;
  const marker = (await chrome.storage.session.get(THIS_SESSION_KEY))[THIS_SESSION_KEY];
  return marker === held.tabId ? held : null;
}

/** Keeps the tab the channel has just opened as its own. */
export async function rememberOwnedTab(tab: OwnedTab): Promise<void> {
  await chrome.storage.session.set({ [THIS_SESSION_KEY]: tab.tabId });
  await ownedTabItem.set(tab);
}

/** Forgets the channel's tab (closed, or given up). */
export async function forgetOwnedTab(): Promise<void> {
  await ownedTabItem.set(null);
  await chrome.storage.session.remove(THIS_SESSION_KEY);
}
