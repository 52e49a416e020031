import { FUNNEL_SMALL_SAMPLE, type FunnelGroup, type Locale } from '@inviteflow/contract';

/** The funnel's steps as the card draws them, each with its count out of `sent`. */
export const funnelBars = [
  'sent',
  'accepted',
  'replied',
  'sample_requested',
  'content_posted',
  'first_order',
] as const;

/** A share of `sent` as a percentage with one decimal ('—' when nothing was sent). */
export function percent(part: number, whole: number, locale: Locale): string {
  if (whole <= 0) return '—';
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(part / whole);
}

/** Whether a group's rates rest on too few invitations to be read as a finding. */
export const isSmallSample = (group: Pick<FunnelGroup, 'sample'>) =>
  group.sample < FUNNEL_SMALL_SAMPLE;

/** Minor units (fen, cents) in the currency's major unit, as the reader's language writes it. */
export function formatMoney(amountMinor: number, currency: string, locale: Locale): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  } catch {
    // A code Intl does not know: the amount in hundredths, and the code as sent.
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

/** A group's GMV, one amount per currency ('—' without orders). */
export function formatGmv(gmv: FunnelGroup['gmv'], locale: Locale): string {
  if (!gmv.length) return '—';
  return gmv.map((g) => formatMoney(g.amountMinor, g.currency, locale)).join(' + ');
}
