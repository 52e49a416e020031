import { isMessageKey, translate, type Locale, type MessageKey } from '@inviteflow/contract';
import { useCallback } from 'react';
import { currentLocale, useLocaleStore } from '@/stores/locale-store.ts';
import { formatMessage, type LocaleMessages, type MessageParams } from './define.ts';
import { globalMessages, type GlobalMessageKey } from './global-messages.ts';

export { defineMessages, type LocaleMessages, type MessageParams } from './define.ts';
export { globalMessages, type GlobalMessageKey } from './global-messages.ts';

/** A shell text in the given language. */
export function globalText(locale: Locale, key: GlobalMessageKey, params?: MessageParams): string {
  return formatMessage(globalMessages[locale][key], params);
}

/** A shell text in the current language, for code outside React (request layer, stores). */
export function tGlobal(key: GlobalMessageKey, params?: MessageParams): string {
  return globalText(currentLocale(), key, params);
}

/** A contract catalogue message (server and validation texts) in the current language. */
export function tCatalogue(key: MessageKey, params?: MessageParams): string {
  return translate(currentLocale(), key, params);
}

/**
 * A key that only arrives at run time (the menu's `localeKey`, possibly from the server):
 * shown translated when it is known, as itself otherwise so nothing renders blank.
 */
export function dynamicText(locale: Locale, key: string): string {
  const table = globalMessages[locale] as Record<string, string>;
  if (Object.prototype.hasOwnProperty.call(table, key)) return table[key] ?? key;
  if (isMessageKey(key)) return translate(locale, key);
  return key;
}

export type Translate<K extends string> = (
  key: K | GlobalMessageKey,
  params?: MessageParams,
) => string;

/**
 * Builds a feature's `useT` hook: it knows the shell's keys and the feature's own, and
 * nothing else, so a feature cannot borrow another feature's texts.
 */
export function createUseT<K extends string>(feature: LocaleMessages<K>) {
  return function useFeatureT(): { t: Translate<K>; locale: Locale } {
    const locale = useLocaleStore((state) => state.locale);
    const t = useCallback<Translate<K>>(
      (key, params) => {
        const own = feature[locale] as Record<string, string>;
        const template = Object.prototype.hasOwnProperty.call(own, key)
          ? own[key]
          : (globalMessages[locale] as Record<string, string>)[key];
        return formatMessage(template ?? key, params);
      },
      [locale],
    );
    return { t, locale };
  };
}

const noFeatureTexts: LocaleMessages<never> = { 'zh-CN': {}, 'en-US': {} };

/** The shell's own `useT`. */
export const useT = createUseT(noFeatureTexts);
