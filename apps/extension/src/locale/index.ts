import { translate, type CatalogueKey, type Locale, type TextParams } from '@inviteflow/contract';
// The catalogue's English arrives by this import (the extension offers both languages).
import '@inviteflow/contract/en-US';

/**
 * The extension reads one catalogue, the contract's: its own texts (catalogue/extension-ui.ts),
 * its server-side ones and the shared ones (plan names, error codes), typed by their zh-CN keys.
 */
export type TextKey = CatalogueKey;

/** zh-CN unless the browser speaks something else (the product is Chinese-first). */
export function localeFromUi(uiLanguage: string | undefined): Locale {
  if (!uiLanguage) return 'zh-CN';
  return uiLanguage.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** The chosen language, else the browser's UI language. */
export function resolveLocale(choice: Locale | null): Locale {
  if (choice) return choice;
  return localeFromUi(globalThis.chrome?.i18n?.getUILanguage?.());
}

export function t(locale: Locale, key: TextKey, params?: TextParams): string {
  return translate(locale, key, params);
}
