import { baseEn, baseZh } from './catalogue/base.ts';
import { extensionEn, extensionZh } from './catalogue/extension.ts';
import { membershipEn, membershipZh } from './catalogue/membership.ts';
import { sendingEn, sendingZh } from './catalogue/sending.ts';
import type { Locale } from './locale.ts';

/**
 * Messages shared by the server (envelope `message`) and the console (form
 * checks built from the same zod schemas). Schemas carry these keys as their
 * error text; each side translates them into the caller's language.
 * `{name}` placeholders are filled by `translate`.
 *
 * Each feature keeps its keys in a module of `catalogue/` (zh-CN `as const`, and
 * en-US typed by the zh-CN keys, so a missing translation fails the type check);
 * they are joined here. The catalogue test refuses a key defined by two modules.
 */
export const catalogueModules = [
  { zh: baseZh, en: baseEn },
  { zh: membershipZh, en: membershipEn },
  { zh: sendingZh, en: sendingEn },
  { zh: extensionZh, en: extensionEn },
] as const;

const zhCN = { ...baseZh, ...membershipZh, ...sendingZh, ...extensionZh };

export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  ...baseEn,
  ...membershipEn,
  ...sendingEn,
  ...extensionEn,
};

export const messages: Record<Locale, Record<MessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(zhCN, value);
}

/** Translates a catalogue key, filling `{name}` placeholders from params. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = messages[locale][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The localized name of a request field, or the raw path when it has none. */
export function fieldLabel(locale: Locale, field: string): string {
  const key = `field.${field}`;
  return isMessageKey(key) ? messages[locale][key] : field;
}
