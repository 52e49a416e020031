import type { Locale } from '@inviteflow/contract';
import type { TaskApi } from '../api/api-client.ts';
import { resolveLocale } from '../locale/index.ts';
import {
  acceptExternalMessage,
  acceptForwardedMessage,
  applyConsoleMessage,
  needsLogin,
} from '../login/login-bridge.ts';
import { backgroundRequest } from '../messaging/messages.ts';
import { isOwnedTab } from '../channel/owned-tab.ts';
import { leaseItem, localeItem } from '../storage/items.ts';

/** The language the API answers the extension in: the popup's choice, else the browser's. */
export async function apiLocale(): Promise<Locale> {
  return resolveLocale(await localeItem.get());
}

/**
 * `chrome.runtime.onMessage`: only this extension's own pages and content scripts reach
 * it. Console messages must also come from a console page's top frame; API calls are
 * made here for the content scripts. Resolves undefined for anything it does not know.
 */
export async function handleRuntimeMessage(
  message: unknown,
  sender: chrome.runtime.MessageSender,
  api: TaskApi,
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
    case 'report-shop':
      return api.reportShop(request.shop);
    case 'claim':
      return api.claim(request.body);
    case 'report-record':
      return api.reportRecord(request.id, request.body);
    case 'summary':
      return api.summary();
    case 'needs-login':
      return needsLogin();
    case 'is-owned-tab':
      return isOwnedTab(sender.tab?.id);
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
 * At browser start (and when the extension is installed, updated or reloaded) no page of
 * before can still be running tasks: a lease it left is dead, and a restored seller-center
 * tab may take over at once instead of waiting for it to lapse.
 */
export async function forgetRunnersOfBefore(): Promise<void> {
  await leaseItem.remove();
}
