import type { z } from 'zod';

/**
 * A typed value in `chrome.storage.local`: read through its schema (a damaged or
 * outdated value reads as the fallback, never as a wrong shape), written whole, and
 * watched for changes from any context (service worker, popup, content scripts).
 */
export interface StorageItem<T> {
  readonly key: string;
  get(): Promise<T>;
  set(value: T): Promise<void>;
  /** Reads, changes and writes back; `change` gets the current value. */
  update(change: (current: T) => T): Promise<T>;
  remove(): Promise<void>;
  watch(listener: (value: T) => void): () => void;
}

export function defineItem<T>(key: string, schema: z.ZodType<T>, fallback: T): StorageItem<T> {
  const parse = (raw: unknown): T => {
    if (raw === undefined) return fallback;
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    key,
    async get() {
      const stored = await chrome.storage.local.get(key);
      return parse(stored[key]);
    },
    async set(value) {
      await chrome.storage.local.set({ [key]: value });
    },
    async update(change) {
      const next = change(await this.get());
      await this.set(next);
      return next;
    },
    async remove() {
      await chrome.storage.local.remove(key);
    },
    watch(listener) {
      const onChanged = (
        changes: Record<string, chrome.storage.StorageChange>,
        areaName: string,
      ) => {
        if (areaName !== 'local' || !(key in changes)) return;
        listener(parse(changes[key]?.newValue));
      };
      chrome.storage.onChanged.addListener(onChanged);
      return () => chrome.storage.onChanged.removeListener(onChanged);
    },
  };
}
