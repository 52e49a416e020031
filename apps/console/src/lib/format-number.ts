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

/** An amount in a minor unit of `digits` digits, with the language's grouping, e.g. 1,234.50. */
export function formatAmount(minor: number, digits: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in a currency's minor unit (cents for USD, fen for CNY, whole yen for JPY), with
 * the currency's code, e.g. "USD 1,234.50" / "GBP 12.00" (platform order amounts, issue 19).
 */
export function formatMinor(minor: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let result = currencyFormats.get(key);
  if (!result) {
    try {
      result = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
      });
    } catch {
      // Not an ISO 4217 code: two decimals, the code as given.
      return `${currency} ${formatter(money, locale, 2).format(minor / 100)}`.trim();
    }
    currencyFormats.set(key, result);
  }
  const digits = result.resolvedOptions().maximumFractionDigits ?? 2;
  return result.format(minor / 10 ** digits);
}
