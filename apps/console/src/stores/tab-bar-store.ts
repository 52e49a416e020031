import { create } from 'zustand';

/** One tab of the tab bar (spec section 3). `title` is the route's locale key. */
export interface TabEntry {
  title: string;
  name: string;
  fullPath: string;
  query: Record<string, string>;
  ignoreCache: boolean;
}

/** The route name of the `/redirect/...` helper: never a tab (spec section 4). */
export const REDIRECT_ROUTE_NAME = 'Redirect';
const BAN_LIST = [REDIRECT_ROUTE_NAME];

export const DEFAULT_TAB: TabEntry = {
  title: 'menu.sent.searchTable',
  name: 'SentSearchTable',
  fullPath: '/sent/search-table',
  query: {},
  ignoreCache: false,
};

interface TabBarState {
  tabs: TabEntry[];
  /** Names of the pages the layout keeps mounted while their tab is open. */
  cacheList: string[];
  addTab: (tab: TabEntry) => void;
  /** Closes one tab; returns the tab to show when the closed one was the active one. */
  closeTab: (fullPath: string) => TabEntry | undefined;
  closeLeft: (fullPath: string) => void;
  closeRight: (fullPath: string) => void;
  closeOthers: (fullPath: string) => void;
  closeAll: () => void;
  /** Drops a page from the cache so the next visit mounts it afresh (tab reload). */
  removeCache: (name: string) => void;
  reset: () => void;
}

function initial(): Pick<TabBarState, 'tabs' | 'cacheList'> {
  return { tabs: [DEFAULT_TAB], cacheList: [DEFAULT_TAB.name] };
}

/** The names still cached after the tab list changed: cacheable pages with an open tab. */
function cacheFor(tabs: TabEntry[]): string[] {
  return [...new Set(tabs.filter((tab) => !tab.ignoreCache).map((tab) => tab.name))];
}

/**
 * The default tab stays first and cannot be closed, like Arco Pro's tab bar; it keeps the
 * URL its page last had (`from`, the tabs before the change).
 */
function keepDefault(tabs: TabEntry[], from: TabEntry[]): TabEntry[] {
  if (tabs.some((tab) => tab.name === DEFAULT_TAB.name)) return tabs;
  return [from.find((tab) => tab.name === DEFAULT_TAB.name) ?? DEFAULT_TAB, ...tabs];
}

export const useTabBarStore = create<TabBarState>((set, get) => ({
  ...initial(),
  addTab: (tab) => {
    if (BAN_LIST.includes(tab.name)) return;
    const { tabs, cacheList } = get();
    const cache =
      tab.ignoreCache || cacheList.includes(tab.name) ? cacheList : [...cacheList, tab.name];
    // One tab per page: a page whose URL changes (a list's filters and page live in its
    // query) keeps its tab, which follows it, so the tab returns to what was last shown.
    // Revisiting an open tab adds nothing, but a page reloaded from its tab is cached again.
    const index = tabs.findIndex((existing) => existing.name === tab.name);
    if (index >= 0) {
      const moved = tabs[index]!.fullPath !== tab.fullPath;
      const next = moved ? tabs.map((existing, i) => (i === index ? tab : existing)) : tabs;
      if (moved || cache !== cacheList) set({ tabs: next, cacheList: cache });
      return;
    }
    set({ tabs: [...tabs, tab], cacheList: cache });
  },
  closeTab: (fullPath) => {
    const { tabs } = get();
    const index = tabs.findIndex((tab) => tab.fullPath === fullPath);
    if (index <= 0) return undefined;
    const next = tabs.filter((_, i) => i !== index);
    set({ tabs: next, cacheList: cacheFor(next) });
    return next[Math.min(index, next.length - 1)] ?? DEFAULT_TAB;
  },
  closeLeft: (fullPath) => {
    const { tabs } = get();
    const index = tabs.findIndex((tab) => tab.fullPath === fullPath);
    if (index < 0) return;
    const next = keepDefault(tabs.slice(index), tabs);
    set({ tabs: next, cacheList: cacheFor(next) });
  },
  closeRight: (fullPath) => {
    const { tabs } = get();
    const index = tabs.findIndex((tab) => tab.fullPath === fullPath);
    if (index < 0) return;
    const next = tabs.slice(0, index + 1);
    set({ tabs: next, cacheList: cacheFor(next) });
  },
  closeOthers: (fullPath) => {
    const { tabs } = get();
    const next = keepDefault(
      tabs.filter((tab) => tab.fullPath === fullPath),
      tabs,
    );
    set({ tabs: next, cacheList: cacheFor(next) });
  },
  closeAll: () => set(initial()),
  removeCache: (name) => set({ cacheList: get().cacheList.filter((cached) => cached !== name) }),
  reset: () => set(initial()),
}));
