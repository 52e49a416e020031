import { claimBody, reportBody, shopIdentityBody } from '@inviteflow/contract';
import { z } from 'zod';
import type { ApiResult, TaskApi } from '../api/api-client.ts';

/**
 * Messages from the extension's own content scripts to its service worker, typed and
 * checked by one schema on arrival. The worker makes the API calls: a content script's
 * fetch would be the page's, held to the page's CORS.
 */
export const backgroundRequest = z.discriminatedUnion('kind', [
  /** A console window message the console-bridge content script accepted. */
  z.object({ kind: z.literal('console-message'), data: z.unknown() }),
  z.object({ kind: z.literal('report-shop'), shop: shopIdentityBody }),
  z.object({ kind: z.literal('claim'), body: claimBody }),
  z.object({ kind: z.literal('report-record'), id: z.number().int().positive(), body: reportBody }),
  z.object({ kind: z.literal('summary') }),
  /** Whether the extension needs the console to hand a session over (it holds none usable). */
  z.object({ kind: z.literal('needs-login') }),
  /** Whether the asking tab is the browser channel's own (the seller-center script stays out). */
  z.object({ kind: z.literal('is-owned-tab') }),
]);
export type BackgroundRequest = z.input<typeof backgroundRequest>;

/** Sends a request to the service worker and resolves its answer. */
export async function askBackground<T>(request: BackgroundRequest): Promise<T> {
  return (await chrome.runtime.sendMessage(request)) as T;
}

/** The task API as a content script reaches it: through the service worker. */
export function messagingTaskApi(): TaskApi {
  const failure = (error: unknown) => ({
    ok: false as const,
    error: { kind: 'network' as const, status: null, message: String(error) },
  });
  const ask = async <T>(request: BackgroundRequest): Promise<ApiResult<T>> => {
    try {
      const answer = await askBackground<ApiResult<T> | undefined>(request);
      return answer ?? failure('no answer from the service worker');
    } catch (error) {
      // The worker was restarting or the extension was reloaded under this page.
      return failure(error);
    }
  };
  return {
    reportShop: (shop) => ask({ kind: 'report-shop', shop }),
    claim: (body) => ask({ kind: 'claim', body }),
    reportRecord: (id, body) => ask({ kind: 'report-record', id, body }),
    summary: () => ask({ kind: 'summary' }),
  };
}
