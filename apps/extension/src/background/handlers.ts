import type { Locale } from '@inviteflow/contract';
import { resolveLocale } from '../locale/index.ts';
import {
  acceptExternalMessage,
  acceptForwardedMessage,
  applyConsoleMessage,
  needsLogin,
} from '../login/login-bridge.ts';
import { backgroundRequest } from '../messaging/messages.ts';
import { localeItem } from '../storage/items.ts';

/** The language the API answers the extension in: the popup's choice, else the browser's. */
export async function apiLocale(): Promise<Locale> {
  return resolveLocale(await localeItem.get());
}

/**
 * `chrome.runtime.onMessage`: only this extension's own pages and content scripts reach
 * it. Console messages must also come from a console page's top frame. Resolves undefined
 * for anything it does not know.
 */
export async function handleRuntimeMessage(
  message: unknown,
  sender: chrome.runtime.MessageSender,
): Promise<unknown> {
  if (sender.id !== chrome.runtime.id) return undefined;
  const parsed = backgroundRequest.safeParse(message);
  if (!parsed.success) return undefined;
  const request = parsed.data;
  switch (request.kind) {
    case 'console-message': {
      const accepted = acceptForwardedMessage(request.data, sender);
      if (!accepted) return { accepted: false };
      const outcome = await applyConsoleMessage(accepted.message, accepted.origin, 'window');
      return { accepted: true, outcome };
    }
    case 'needs-login':
      return needsLogin();
  }
}

/** `chrome.runtime.onMessageExternal`: the console's direct channel (externally_connectable). */
export async function handleExternalMessage(
  message: unknown,
  sender: chrome.runtime.MessageSender,
): Promise<{ accepted: boolean }> {
  const accepted = acceptExternalMessage(message, sender);
  if (!accepted) return { accepted: false };
  await applyConsoleMessage(accepted.message, accepted.origin, 'external');
  return { accepted: true };
}

/**
 * What the retired record-by-record runner (seller-center content script, issue 17) kept in
 * storage: dropped when the extension is installed or updated. Its server routes are gone, so
 * a journal it left can no longer be reported; the records it held went back to pending when
 * their lease lapsed.
 */
export const retiredStorageKeys = [
  'runnerSettings',
  'runnerControl',
  'runnerStatus',
  'runnerJournal',
  'runnerLease',
] as const;

export async function forgetRetiredRunner(): Promise<void> {
  await chrome.storage.local.remove([...retiredStorageKeys]);
}
