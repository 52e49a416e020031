import {
  fillTemplate,
  type Locale,
  type TextParams,
  type TranslationOf,
} from '@inviteflow/contract';

/** A feature's or the shell's texts: zh-CN is the source, en-US must have exactly its keys. */
export type LocaleTexts<K extends string> = Record<Locale, Record<K, string>>;

/**
 * Declares one set of texts, typed by the contract's one rule (`TranslationOf`): zh-CN (the
 * default language) is the source of keys; a key missing from en-US, or one en-US has extra,
 * is a type error.
 */
export function defineTexts<const Z extends Record<string, string>>(
  zhCN: Z,
  enUS: TranslationOf<Z>,
): LocaleTexts<Extract<keyof Z, string>> {
  return { 'zh-CN': zhCN, 'en-US': enUS };
}

export type { TextParams };

/** Fills placeholders and plural forms as the contract's catalogue does (`fillTemplate`). */
export function formatText(template: string, params?: TextParams): string {
  return fillTemplate(template, params);
}
