import type { MenuNode } from '@inviteflow/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { copyText } from '@/lib/clipboard.ts';

/** The settings of spec section 3, with the defaults of section 2 and 9. */
export interface AppSettings {
  theme: 'light' | 'dark';
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  /** Whether the settings drawer is open (the name Arco Pro gives it). Not persisted. */
  globalSettings: boolean;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
  menuFromServer: boolean;
}

export const defaultSettings: AppSettings = {
  theme: 'light',
  colorWeak: false,
  navbar: true,
  menu: true,
  topMenu: false,
  menuCollapse: false,
  footer: true,
  themeColor: '#165DFF',
  menuWidth: 220,
  globalSettings: false,
  device: 'desktop',
  tabBar: false,
  menuFromServer: false,
};

export const MENU_WIDTH_MIN = 160;
export const MENU_WIDTH_MAX = 400;
export const SETTINGS_STORAGE_KEY = 'inviteflow-settings';

interface SettingsState extends AppSettings {
  /** The menu answered by /api/v1/menu while "menu from server" is on; empty otherwise. */
  serverMenu: MenuNode[];
  update: (patch: Partial<AppSettings>) => void;
  toggleTheme: () => void;
  setServerMenu: (menu: MenuNode[]) => void;
  clearServerMenu: () => void;
  reset: () => void;
}

function pickSettings(state: AppSettings): AppSettings {
  const picked = {} as Record<keyof AppSettings, unknown>;
  for (const key of Object.keys(defaultSettings) as (keyof AppSettings)[]) picked[key] = state[key];
  return picked as AppSettings;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      serverMenu: [],
      update: (patch) =>
        set((state) => {
          const next: Partial<AppSettings> = { ...patch };
          // A top menu has no collapsed state; a collapsed side menu would come back collapsed.
          if (patch.topMenu === true) next.menuCollapse = false;
          if (next.menuWidth !== undefined) next.menuWidth = clampMenuWidth(next.menuWidth, state);
          // Turning the server menu off returns to the console's own table at once.
          return patch.menuFromServer === false ? { ...next, serverMenu: [] } : next;
        }),
      toggleTheme: () => set((state) => ({ theme: state.theme === 'dark' ? 'light' : 'dark' })),
      setServerMenu: (serverMenu) => set({ serverMenu }),
      clearServerMenu: () => set({ serverMenu: [] }),
      reset: () => set({ ...defaultSettings, serverMenu: [] }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: (state) => ({ ...pickSettings(state), globalSettings: false }),
      // Unknown or damaged stored values fall back to the defaults field by field.
      merge: (persisted, current) => ({ ...current, ...sanitize(persisted) }),
    },
  ),
);

function clampMenuWidth(value: number, state: AppSettings): number {
  if (!Number.isFinite(value)) return state.menuWidth;
  return Math.min(MENU_WIDTH_MAX, Math.max(MENU_WIDTH_MIN, Math.round(value)));
}

function sanitize(persisted: unknown): Partial<AppSettings> {
  if (!persisted || typeof persisted !== 'object') return {};
  const result: Partial<Record<keyof AppSettings, unknown>> = {};
  for (const [key, fallback] of Object.entries(defaultSettings) as [keyof AppSettings, unknown][]) {
    const value = (persisted as Record<string, unknown>)[key];
    if (typeof value === typeof fallback) result[key] = value;
  }
  if (result.theme !== 'light' && result.theme !== 'dark') delete result.theme;
  if (typeof result.themeColor === 'string' && !/^#[0-9a-f]{6}$/i.test(result.themeColor)) {
    delete result.themeColor;
  }
  result.globalSettings = false;
  return result as Partial<AppSettings>;
}

/** The settings as the formatted JSON that "Copy settings" puts on the clipboard. */
export function settingsJson(state: AppSettings = useSettingsStore.getState()): string {
  return JSON.stringify(pickSettings(state), null, 2);
}

/** Copies the settings JSON; resolves false when the browser refuses. */
export function copySettings(): Promise<boolean> {
  return copyText(settingsJson());
}

const PALETTE_STEPS = 10;
let paletteRun = 0;

/**
 * Writes the visual settings to the page: dark theme attribute, colour-weak filter and the
 * primary palette (Arco reads `--arcoblue-1..10`; `--primary-*` derive from them). The
 * default colour is Arco's own arcoblue, whose light and dark palettes ship in its CSS, so
 * the palette generator is only downloaded for a custom colour. Resolves once applied.
 */
export async function applySettingsToDocument(settings: AppSettings): Promise<void> {
  const { body } = document;
  if (settings.theme === 'dark') body.setAttribute('arco-theme', 'dark');
  else body.removeAttribute('arco-theme');
  body.style.filter = settings.colorWeak ? 'invert(80%)' : '';

  const run = ++paletteRun;
  if (settings.themeColor.toLowerCase() === defaultSettings.themeColor.toLowerCase()) {
    for (let step = 1; step <= PALETTE_STEPS; step += 1) {
      body.style.removeProperty(`--arcoblue-${step}`);
    }
    return;
  }
  const { primaryPalette } = await import('@/lib/palette.ts');
  // A later change may have finished first; only the newest settings may paint.
  if (run !== paletteRun) return;
  primaryPalette(settings.themeColor, settings.theme === 'dark').forEach((rgb, index) =>
    body.style.setProperty(`--arcoblue-${index + 1}`, rgb),
  );
}

let lastApplied = '';
/** Keeps the page in step with the store; called once at start-up. */
export function syncSettingsToDocument(): () => void {
  const apply = (state: AppSettings) => {
    const key = `${state.theme}|${state.colorWeak}|${state.themeColor}`;
    if (key === lastApplied) return;
    lastApplied = key;
    void applySettingsToDocument(state);
  };
  apply(useSettingsStore.getState());
  return useSettingsStore.subscribe(apply);
}
