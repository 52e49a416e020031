import { isCatalogueKey, translate, type Locale, type CatalogueKey } from '@inviteflow/contract';
import { useCallback } from 'react';
import { currentLocale, useLocaleStore } from '@/stores/locale-store.ts';
import { formatText, type LocaleTexts, type TextParams } from './define.ts';
import { globalTexts, type GlobalTextKey } from './global-texts.ts';

export { defineTexts, type LocaleTexts, type TextParams } from './define.ts';
export { globalTexts, type GlobalTextKey } from './global-texts.ts';

/** A shell text in the given language. */
export function globalText(locale: Locale, key: GlobalTextKey, params?: TextParams): string {
  return formatText(globalTexts[locale][key], params);
}

/** A shell text in the current language, for code outside React (request layer, stores). */
export function tGlobal(key: GlobalTextKey, params?: TextParams): string {
  return globalText(currentLocale(), key, params);
}

/** A contract catalogue message (server and validation texts) in the current language. */
export function tCatalogue(key: CatalogueKey, params?: TextParams): string {
  return translate(currentLocale(), key, params);
}

/**
 * A key that only arrives at run time (the menu's `localeKey`, possibly from the server):
 * shown translated when it is known, as itself otherwise so nothing renders blank.
 */
export function dynamicText(locale: Locale, key: string): string {
  const table = globalTexts[locale] as Record<string, string>;
  if (Object.prototype.hasOwnProperty.call(table, key)) return table[key] ?? key;
  if (isCatalogueKey(key)) return translate(locale, key);
  return key;
}

export type Translate<K extends string> = (key: K | GlobalTextKey, params?: TextParams) => string;

/**
 * Builds a feature's `useT` hook: it knows the shell's keys and the feature's own, and
 * nothing else, so a feature cannot borrow another feature's texts.
 */
export function createUseT<K extends string>(feature: LocaleTexts<K>) {
  return function useFeatureT(): { t: Translate<K>; locale: Locale } {
    const locale = useLocaleStore((state) => state.locale);
    const t = useCallback<Translate<K>>(
      (key, params) => {
        const own = feature[locale] as Record<string, string>;
        const template = Object.prototype.hasOwnProperty.call(own, key)
          ? own[key]
          : (globalTexts[locale] as Record<string, string>)[key];
        return formatText(template ?? key, params);
      },
      [locale],
    );
    return { t, locale };
  };
}

const noFeatureTexts: LocaleTexts<never> = { 'zh-CN': {}, 'en-US': {} };

/** The shell's own `useT`. */
export const useT = createUseT(noFeatureTexts);
