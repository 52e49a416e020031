/**
 * The digits of a currency's minor unit (ISO 4217, as Intl knows it: 2 for USD and CNY, 0 for
 * JPY and VND); 2 for a code Intl does not know. Platform amounts are kept in the minor unit of
 * their currency (issue 19: affiliate orders, a talent's synced business amount); the server
 * writes and exports them, the console shows and filters them, by this one rule.
 */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}
