import { chromium, expect, type BrowserContext, type Worker } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.ts';
import { baseURL, extensionDir } from './server.ts';

/**
 * What the browser-channel journeys share: Chromium with the unpacked extension on a profile of
 * its own, the extension's storage read and written from its service worker, a run of the
 * channel until it stops, the API called with the seller's token, and the seller's records
 * counted by status.
 */

/**
 * Starts Chromium with the unpacked extension on `userDataDir` (again, on the same profile,
 * after a restart); resolves its service worker. `route` sets up the context's request routing
 * (the platforms' hosts answered on this machine) before the worker is looked up.
 */
export async function launchWithExtension(
  userDataDir: string,
  options: {
    viewport?: { width: number; height: number };
    route?: (context: BrowserContext) => Promise<void>;
  } = {},
): Promise<{ context: BrowserContext; worker: Worker }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium() ?? undefined,
    args: [
      ...chromiumArgs,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  await options.route?.(context);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker };
}

/**
 * The part of the chrome API the tests touch inside the extension's service worker (each
 * evaluated function is sent on its own: it names `chrome` itself).
 */
export interface ChromeInWorker {
  storage: {
    local: {
      get(key: string | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      clear(): Promise<void>;
    };
  };
}

/**
 * The extension's `chrome.storage.local`, through its service worker (`worker` is read on each
 * call: a restarted browser has a new one).
 */
export function extensionStorage(worker: () => Worker) {
  return {
    async set(items: Record<string, unknown>) {
      await worker().evaluate(
        async (values) =>
          (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.set(values),
        items,
      );
    },
    async get<T>(key: string): Promise<T | undefined> {
      const all = await worker().evaluate(
        async ([k]) =>
          (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.get(k!),
        [key] as const,
      );
      return all[key] as T | undefined;
    },
    /** Everything the extension keeps. */
    async all(): Promise<Record<string, unknown>> {
      return worker().evaluate(async () =>
        (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.get(null),
      );
    },
    async clear() {
      await worker().evaluate(async () =>
        (globalThis as unknown as { chrome: ChromeInWorker }).chrome.storage.local.clear(),
      );
    },
  };
}
export type ExtensionStorage = ReturnType<typeof extensionStorage>;

/** A stop of the channel's run, as its status shows it. */
export interface ChannelStop {
  reason: string;
  pending: number;
  detail: string | null;
}

/**
 * Runs the channel (its status cleared) until the status shows a stop of `reason`, waits for
 * the run's report, then switches the channel off; resolves the stop. The status shows the stop
 * before the run is reported, and records read between the two are still running: the report
 * is in once the extension's journal of the action is cleared.
 */
export async function runUntilStop(
  storage: ExtensionStorage,
  reason: string,
  { timeout = 90_000 }: { timeout?: number } = {},
): Promise<ChannelStop> {
  await storage.set({ channelStatus: null, channelEnabled: true });
  await expect
    .poll(
      async () =>
        (await storage.get<{ stop: { reason: string } | null }>('channelStatus'))?.stop?.reason,
      { timeout },
    )
    .toBe(reason);
  await expect
    .poll(async () => (await storage.get('browserActionJournal')) ?? null, { timeout: 30_000 })
    .toBeNull();
  await storage.set({ channelEnabled: false });
  return (await storage.get<{ stop: ChannelStop }>('channelStatus'))!.stop;
}

/**
 * After a browser restart: waits until `settled()` reaches `expected`, the action read back.
 * A look that cannot read the page leaves the action in doubt (the status says `inDoubt`) until
 * the channel's next wake: the worker's first look may come before the test routes the
 * platform's host again, and right after a browser start Chrome may unload the fresh window's
 * tab before it loads. The extension's own next wake is its alarm, a minute later (on a busy
 * machine two of those outlasted the wait): the channel is woken with the switch each time it
 * is found in doubt, so the test waits for what the extension says, never for the alarm's
 * clock. A wake while a pass runs is one more pass after it (ChannelService.tick). Then waits
 * for in-doubt 0 (the status is written after the reconcile is answered, a moment after the
 * records).
 */
export async function settleAfterRestart(
  storage: ExtensionStorage,
  settled: () => Promise<number>,
  expected: number,
  { timeout = 90_000 }: { timeout?: number } = {},
): Promise<void> {
  const wake = async () => {
    await storage.set({ channelEnabled: false });
    await storage.set({ channelEnabled: true });
  };
  await wake();
  await expect
    .poll(
      async () => {
        const done = await settled();
        if (
          done < expected &&
          (await storage.get<{ inDoubt: number }>('channelStatus'))?.inDoubt === 1
        )
          await wake();
        return done;
      },
      { timeout, intervals: [1_000] },
    )
    .toBe(expected);
  await expect
    .poll(async () => (await storage.get<{ inDoubt: number }>('channelStatus'))?.inDoubt)
    .toBe(0);
}

/** The API with the seller's token. */
export function apiWith(token: () => string) {
  return async function call<T>(
    method: 'GET' | 'POST',
    apiPath: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const response = await fetch(`${baseURL}${apiPath}`, {
      method,
      headers: {
        Authorization: `Bearer ${token()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: T };
    return { status: response.status, data: json.data };
  };
}

export interface RecordView {
  id: number;
  status: string;
  setName: string;
  talentName: string;
  platformTalentId: string;
  errorCode: string | null;
  platformAnswer: { code: string | null; message: string | null } | null;
  platformReference: { conversationId?: string | null } | null;
}

/** The seller's records of one task set (the newest 100). */
export async function recordsOf(
  call: ReturnType<typeof apiWith>,
  setName: string,
): Promise<RecordView[]> {
  const { data } = await call<{ list: RecordView[] }>('GET', '/api/v1/send-records?pageSize=100');
  return data.list.filter((record) => record.setName === setName);
}

export const countOf = (list: RecordView[], status: string) =>
  list.filter((record) => record.status === status).length;
