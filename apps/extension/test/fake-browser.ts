import { PINNED_EXTENSION_ID } from '@inviteflow/contract';

/**
 * A small in-memory stand-in for the parts of `chrome` the extension uses: storage.local
 * (values stored as copies, change events after each write), storage.session, runtime messaging with its
 * events, i18n's UI language and tabs.create. Installed fresh before every test.
 */
type Listener<A extends unknown[]> = (...args: A) => unknown;

class FakeEvent<A extends unknown[]> {
  readonly listeners = new Set<Listener<A>>();
  addListener(listener: Listener<A>) {
    this.listeners.add(listener);
  }
  removeListener(listener: Listener<A>) {
    this.listeners.delete(listener);
  }
  hasListener(listener: Listener<A>) {
    return this.listeners.has(listener);
  }
  emit(...args: A) {
    for (const listener of [...this.listeners]) listener(...args);
  }
}

const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

export interface FakeBrowser {
  data: Map<string, unknown>;
  /** `storage.session`: what Chrome keeps for one browser session only. */
  sessionData: Map<string, unknown>;
  /** A browser restart, as storage sees it: `storage.session` emptied, `storage.local` kept. */
  restartBrowser: () => void;
  uiLanguage: string;
  openedTabs: string[];
  /** What `runtime.sendMessage` answers (a content script asking the service worker). */
  onSend: (message: unknown) => unknown;
  chrome: typeof chrome;
}

export function createFakeBrowser(): FakeBrowser {
  const data = new Map<string, unknown>();
  const sessionData = new Map<string, unknown>();
  const onChanged = new FakeEvent<[Record<string, chrome.storage.StorageChange>, string]>();
  const fake: FakeBrowser = {
    data,
    sessionData,
    restartBrowser: () => sessionData.clear(),
    uiLanguage: 'zh-CN',
    openedTabs: [],
    onSend: () => undefined,
    chrome: undefined as unknown as typeof chrome,
  };
  const changed = (changes: Record<string, chrome.storage.StorageChange>) => {
    // Chrome tells listeners after the write has happened, never in the middle of it.
    if (Object.keys(changes).length) queueMicrotask(() => onChanged.emit(changes, 'local'));
  };
  const keysOf = (keys: string | string[] | null | undefined) =>
    keys === null || keys === undefined ? [...data.keys()] : Array.isArray(keys) ? keys : [keys];
  const local = {
    async get(keys?: string | string[] | null) {
      const result: Record<string, unknown> = {};
      for (const key of keysOf(keys)) if (data.has(key)) result[key] = copy(data.get(key));
      return result;
    },
    async set(items: Record<string, unknown>) {
      const changes: Record<string, chrome.storage.StorageChange> = {};
      for (const [key, value] of Object.entries(items)) {
        changes[key] = { oldValue: copy(data.get(key)), newValue: copy(value) };
        data.set(key, copy(value));
      }
      changed(changes);
    },
    async remove(keys: string | string[]) {
      const changes: Record<string, chrome.storage.StorageChange> = {};
      for (const key of keysOf(keys)) {
        if (!data.has(key)) continue;
        changes[key] = { oldValue: copy(data.get(key)) };
        data.delete(key);
      }
      changed(changes);
    },
    async clear() {
      await local.remove([...data.keys()]);
    },
  };
  // Change events are left out: nothing in the extension watches storage.session.
  const session = {
    async get(keys?: string | string[] | null) {
      const wanted = keys === null || keys === undefined ? [...sessionData.keys()] : [keys].flat();
      const result: Record<string, unknown> = {};
      for (const key of wanted) if (sessionData.has(key)) result[key] = copy(sessionData.get(key));
      return result;
    },
    async set(items: Record<string, unknown>) {
      for (const [key, value] of Object.entries(items)) sessionData.set(key, copy(value));
    },
    async remove(keys: string | string[]) {
      for (const key of [keys].flat()) sessionData.delete(key);
    },
  };
  fake.chrome = {
    storage: { local, session, onChanged },
    runtime: {
      id: PINNED_EXTENSION_ID,
      onMessage: new FakeEvent(),
      onMessageExternal: new FakeEvent(),
      sendMessage: async (message: unknown) => fake.onSend(message),
    },
    i18n: { getUILanguage: () => fake.uiLanguage },
    tabs: {
      create: async ({ url }: { url: string }) => {
        fake.openedTabs.push(url);
        return { id: fake.openedTabs.length };
      },
    },
  } as unknown as typeof chrome;
  return fake;
}

let current: FakeBrowser | null = null;

/** The fake of the running test. */
export function browser(): FakeBrowser {
  if (!current) throw new Error('no fake browser installed');
  return current;
}

export function installFakeBrowser(): FakeBrowser {
  current = createFakeBrowser();
  (globalThis as { chrome?: typeof chrome }).chrome = current.chrome;
  return current;
}

/** Lets queued storage change events reach their listeners. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
