import { Tag, Tooltip } from '@arco-design/web-react';
import type { Locale, Talent } from '@inviteflow/contract';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount, formatMinor } from '@/lib/format-number.ts';
import { useTalentsT } from '../locale/index.ts';

/**
 * A talent's business amount as the library shows it, always with its currency's code: the
 * seller's own figure in yuan (CNY), or, once the platform's affiliate orders cover the talent
 * (issue 19), the orders' sum in their currency (`figures_currency`, e.g. USD): one column holds
 * both, so its header names no currency and each row says its own.
 */
export function businessAmountText(talent: Talent, locale: Locale): string {
  const currency = (talent.figuresSyncedAt ? talent.figuresCurrency : null) ?? 'CNY';
  return formatMinor(talent.businessAmountFen, currency, locale);
}

/** The "from the platform" mark of a synced figure, its time and currency in the tooltip. */
export function FromPlatformMark({ talent }: { talent: Talent }) {
  const { t, locale } = useTalentsT();
  if (!talent.figuresSyncedAt) return null;
  const time = formatDateTime(talent.figuresSyncedAt, locale);
  const currency = talent.figuresCurrency;
  const tip =
    currency && currency !== 'CNY'
      ? t('figures.fromPlatformCurrency', { time, currency })
      : t('figures.fromPlatformTip', { time });
  return (
    <Tooltip content={tip}>
      <Tag size="small" color="arcoblue" className="talent-from-platform">
        {t('figures.fromPlatform')}
      </Tag>
    </Tooltip>
  );
}

/** Business amount or deal count of a talent, with the mark when the platform set it. */
export function TalentFigure({
  talent,
  field,
}: {
  talent: Talent;
  field: 'businessAmountFen' | 'dealCount';
}) {
  const { locale } = useTalentsT();
  const text =
    field === 'dealCount'
      ? formatCount(talent.dealCount, locale)
      : businessAmountText(talent, locale);
  return (
    <span className="talent-figure">
      <FromPlatformMark talent={talent} />
      <span>{text}</span>
    </span>
  );
}
