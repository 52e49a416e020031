/** The two languages of the product. zh-CN is the default everywhere. */
export const locales = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-CN';

/**
 * The one rule every set of texts is typed by, on every surface (the contract's catalogue,
 * the console's texts, the extension's): zh-CN, the default language, is the source of the
 * keys (`as const`), and another language has exactly its keys, each a string. A key missing
 * from the translation, or one it has extra, fails the type check.
 */
export type TranslationOf<Source extends Record<string, string>> = {
  [Key in keyof Source]: string;
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * Picks the product language from an Accept-Language header: the first of the
 * caller's languages (by q-value, then order) that is Chinese or English wins;
 * anything else falls back to zh-CN.
 */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return defaultLocale;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return defaultLocale;
}
