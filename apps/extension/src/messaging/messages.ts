import { z } from 'zod';

/**
 * Messages from the extension's one content script (the console bridge) to its service
 * worker, typed and checked by one schema on arrival.
 */
export const backgroundRequest = z.discriminatedUnion('kind', [
  /** A console window message the console-bridge content script accepted. */
  z.object({ kind: z.literal('console-message'), data: z.unknown() }),
  /** Whether the extension needs the console to hand a session over (it holds none usable). */
  z.object({ kind: z.literal('needs-login') }),
]);
export type BackgroundRequest = z.input<typeof backgroundRequest>;

/** Sends a request to the service worker and resolves its answer. */
export async function askBackground<T>(request: BackgroundRequest): Promise<T> {
  return (await chrome.runtime.sendMessage(request)) as T;
}
