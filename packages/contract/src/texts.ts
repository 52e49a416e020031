import { baseZh } from './catalogue/base.ts';
import { conversationsZh } from './catalogue/conversations.ts';
import { creatorsZh } from './catalogue/creators.ts';
import { followUpsZh } from './catalogue/follow-ups.ts';
import { extensionZh } from './catalogue/extension.ts';
import { extensionUiZh } from './catalogue/extension-ui.ts';
import { membershipZh } from './catalogue/membership.ts';
import { platformsZh } from './catalogue/platforms.ts';
import { platformTasksZh } from './catalogue/platform-tasks.ts';
import { sendingZh } from './catalogue/sending.ts';
import { samplesZh } from './catalogue/samples.ts';
import type { Locale } from './locale.ts';

/**
 * Messages shared by the server (envelope `message`), the console (form checks built
 * from the same zod schemas) and the extension. Schemas carry these keys as their
 * error text; each side translates them into the caller's language.
 * `{name}` placeholders are filled by `translate`.
 *
 * Each feature keeps its keys in a module of `catalogue/`: zh-CN in `<feature>.ts` (`as
 * const`), en-US in `<feature>.en-US.ts`, typed by the zh-CN keys, so a missing
 * translation fails the type check. zh-CN, the default language, is always here; en-US
 * arrives with `import '@inviteflow/contract/en-US'` (texts-en-US.ts), which the server
 * and the extension make at start and the console when English is chosen, so that a
 * Chinese console never downloads the English texts. The catalogue test refuses a key
 * defined by two modules.
 */
export const catalogueModulesZh = [
  baseZh,
  membershipZh,
  sendingZh,
  extensionZh,
  extensionUiZh,
  platformsZh,
  platformTasksZh,
  creatorsZh,
  followUpsZh,
  conversationsZh,
  samplesZh,
] as const;

const zhCN = {
  ...baseZh,
  ...membershipZh,
  ...sendingZh,
  ...extensionZh,
  ...extensionUiZh,
  ...platformsZh,
  ...platformTasksZh,
  ...creatorsZh,
  ...followUpsZh,
  ...conversationsZh,
  ...samplesZh,
};

export type CatalogueKey = keyof typeof zhCN;
export type Catalogue = Record<CatalogueKey, string>;

const catalogues: Partial<Record<Locale, Catalogue>> = { 'zh-CN': zhCN };

/** Makes a language's texts available (texts-en-US.ts does, for en-US). */
export function provideCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = catalogue;
}

/** Whether a language's texts are available. */
export function hasCatalogue(locale: Locale): boolean {
  return catalogues[locale] !== undefined;
}

/** A language's texts. Asking for one not provided is a mistake of the caller's start-up. */
export function catalogue(locale: Locale): Catalogue {
  const table = catalogues[locale];
  if (!table)
    throw new Error(`The ${locale} messages are not loaded: import '@inviteflow/contract/en-US'`);
  return table;
}

export type TextParams = Record<string, string | number>;

export function isCatalogueKey(value: unknown): value is CatalogueKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(zhCN, value);
}

const pluralPattern = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

/**
 * Fills a template: `{name}` takes a parameter; `{name, plural, one {# talent} other
 * {# talents}}` picks the form for the number (`#`), for English (Chinese has no plural).
 * An unknown name stays visible, so a gap is noticed.
 */
export function fillTemplate(template: string, params?: TextParams): string {
  if (!params) return template;
  return template
    .replace(pluralPattern, (whole, name: string, one: string, other: string) => {
      if (!(name in params)) return whole;
      const value = params[name]!;
      return (Number(value) === 1 ? one : other).replaceAll('#', String(value));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
}

/** Translates a catalogue key, filling its placeholders from params (`fillTemplate`). */
export function translate(locale: Locale, key: CatalogueKey, params?: TextParams): string {
  return fillTemplate(catalogue(locale)[key], params);
}

/** The localized name of a request field, or the raw path when it has none. */
export function fieldLabel(locale: Locale, field: string): string {
  const key = `field.${field}`;
  return isCatalogueKey(key) ? catalogue(locale)[key] : field;
}

/**
 * A wait before something may be tried again, as a person says it: seconds under a minute,
 * else whole minutes rounded up (893 s is "15 分钟" / "15 minutes"), and hours from an hour
 * on. Rounding up never tells anyone to come back before the wait is over.
 */
export function waitText(locale: Locale, seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return translate(locale, 'wait.seconds', { count: whole });
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return translate(locale, 'wait.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? translate(locale, 'wait.hours', { count: hours })
    : translate(locale, 'wait.hoursMinutes', { hours, minutes: rest });
}
