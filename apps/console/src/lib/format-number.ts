import type { Locale } from '@inviteflow/contract';

/**
 * Numbers as the user's language writes them. Formatters are cached per language: tables
 * format thousands of cells and building an Intl.NumberFormat is not free.
 */
const counts = new Map<Locale, Intl.NumberFormat>();
const money = new Map<Locale, Intl.NumberFormat>();

function formatter(cache: Map<Locale, Intl.NumberFormat>, locale: Locale, decimals: number) {
  let result = cache.get(locale);
  if (!result) {
    result = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    cache.set(locale, result);
  }
  return result;
}

/** A whole number with the language's digit grouping, e.g. 12,345. */
export function formatCount(value: number, locale: Locale): string {
  return formatter(counts, locale, 0).format(value);
}

/** An amount stored in fen, shown in yuan with two decimals, e.g. 1,234.50. */
export function formatYuan(fen: number, locale: Locale): string {
  return formatter(money, locale, 2).format(fen / 100);
}

/** Yuan typed into a form, in fen as the API takes it (rounded to the cent). */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Fen from the API, in yuan for a form input. */
export function fenToYuan(fen: number): number {
  return fen / 100;
}
