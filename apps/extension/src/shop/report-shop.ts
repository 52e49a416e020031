import type { TaskApi } from '../api/api-client.ts';
import type { PlatformAdapter } from '../adapters/types.ts';
import { shopReportItem, type ShopReport } from '../storage/items.ts';

/**
 * Reads the shop the seller-center page shows and reports it to the server, which binds
 * it (or says it was already) or refuses with a message meant to be shown as it is.
 * The outcome is kept for the popup and the page panel. Null: the page shows no shop, or
 * nobody is signed in (nothing was reported).
 */
export async function reportSeenShop(
  api: TaskApi,
  adapter: PlatformAdapter,
  document: Document,
  now: Date = new Date(),
): Promise<ShopReport | 'noShop' | 'signedOut'> {
  const identity = adapter.readShop(document);
  if (!identity) return 'noShop';
  const answer = await api.reportShop(identity);
  if (!answer.ok && (answer.error.kind === 'signedOut' || answer.error.kind === 'unauthorized')) {
    return 'signedOut';
  }
  const report: ShopReport = answer.ok
    ? {
        identity,
        outcome: answer.data.outcome,
        message: answer.message,
        shop: answer.data.shop,
        at: now.toISOString(),
      }
    : {
        identity,
        outcome: answer.error.kind === 'refused' ? 'refused' : 'failed',
        message: answer.error.message,
        shop: null,
        at: now.toISOString(),
      };
  await shopReportItem.set(report);
  return report;
}
