import { defaultLocale, isLocale, type Locale } from '@inviteflow/contract';
import { create } from 'zustand';

/** The spec's storage key for the chosen language. */
export const LOCALE_STORAGE_KEY = 'arco-locale';

function readStoredLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

/**
 * The console language. Kept apart from the settings store because the spec fixes its
 * own storage key (a plain string, not JSON) and the request layer reads it on every call.
 */
export const useLocaleStore = create<LocaleState>((set) => ({
  locale: readStoredLocale(),
  setLocale: (locale) => {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Private mode or a full quota: the choice still applies to this page.
    }
    document.documentElement.lang = locale;
    set({ locale });
  },
}));

export function currentLocale(): Locale {
  return useLocaleStore.getState().locale;
}
