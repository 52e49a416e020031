import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import path from 'node:path';
import { chromiumArgs, findChromium } from './chromium.ts';
import { artifactsDir, baseURL } from './server.ts';

/**
 * What the browser-channel journeys share: Chromium with the unpacked extension on a profile of
 * its own, the extension's storage read and written from its service worker, the API called
 * with the seller's token, and the seller's records counted by status.
 */

export const extensionDir = path.join(artifactsDir, 'extension');

/** Starts Chromium with the unpacked extension on `userDataDir`; resolves its service worker. */
export async function launchWithExtension(
  userDataDir: string,
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
    viewport: { width: 1280, height: 800 },
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker };
}

interface ChromeInWorker {
  storage: {
    local: {
      get(k: string | null): Promise<Record<string, unknown>>;
      set(v: Record<string, unknown>): Promise<void>;
    };
  };
}

/** The extension's `chrome.storage.local`, through its service worker. */
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
  };
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
