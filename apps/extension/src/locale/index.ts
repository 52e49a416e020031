import { fillTemplate, translate, type Locale, type MessageKey } from '@inviteflow/contract';
// The server's texts in both languages (the catalogue's English arrives by this import).
import '@inviteflow/contract/en-US';
import { enUS } from './en-us.ts';
import { zhCN, type TextKey } from './zh-cn.ts';

export type { TextKey } from './zh-cn.ts';

const texts: Record<Locale, Record<TextKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

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

export function t(locale: Locale, key: TextKey, params?: Record<string, string | number>): string {
  return fillTemplate(texts[locale][key], params);
}

/** Shared catalogue texts (plan names, error code names), in the same language. */
export function tShared(locale: Locale, key: MessageKey): string {
  return translate(locale, key);
}
