import { Button, Divider, InputNumber, Radio, Select, Typography } from '@arco-design/web-react';
import { issueMessage, rangePresets, type Locale } from '@inviteflow/contract';
import { useState } from 'react';
import { currencyDigits } from '@inviteflow/contract';
import { formatAmount, formatCount } from '@/lib/format-number.ts';
import { useTalentsT } from '../locale/index.ts';
import {
  CUSTOM_RANGE,
  filtersIssue,
  presetRange,
  type RangeKind,
  type RangeValue,
} from '../model/filters.ts';
import './range-filter.css';

/** The contract's filter names of each range, for its own min ≤ max check. */
const boundNames = {
  fans: ['fansMin', 'fansMax'],
  businessAmount: ['businessAmountMinFen', 'businessAmountMaxFen'],
  dealCount: ['dealCountMin', 'dealCountMax'],
} as const satisfies Record<RangeKind, readonly [string, string]>;

function boundText(kind: RangeKind, value: number, currency: string, locale: Locale): string {
  return kind === 'businessAmount'
    ? formatAmount(value, currencyDigits(currency), locale)
    : formatCount(value, locale);
}

export interface RangeFilterProps {
  kind: RangeKind;
  /** Filled by Form.Item. */
  value?: RangeValue | undefined;
  onChange?: (value: RangeValue | undefined) => void;
  /** Called after a preset is picked, a custom range applied or the range cleared. */
  onCommit?: (value: RangeValue | undefined) => void;
  /**
   * Business amount: the currencies of the account's synced amounts besides CNY (the talent
   * facets). With any, the range names its currency, picked in the popup; without, it is in
   * yuan as its label says.
   */
  currencies?: readonly string[];
}

/**
 * A range filter of spec section 9: the spec's presets, or a custom min/max (either end may
 * stay open) taken with Apply. Money is typed in its currency's major unit (yuan, dollars)
 * and kept in its minor unit (fen, cents); a business amount range is in one currency (CNY
 * unless another is picked: amounts of two currencies are never compared). A minimum above
 * the maximum is refused with the contract's message.
 */
export function RangeFilter({ kind, value, onChange, onCommit, currencies }: RangeFilterProps) {
  const { t, locale } = useTalentsT();
  const money = kind === 'businessAmount';
  const others = money ? (currencies ?? []).filter((code) => code !== 'CNY') : [];
  const [currency, setCurrency] = useState(value?.currency ?? 'CNY');
  const digits = money ? currencyDigits(currency) : 0;
  const inCurrency = (range: RangeValue | undefined) => range?.currency ?? 'CNY';
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState<number | undefined>();
  const [max, setMax] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);

  const toInput = (bound: number | null | undefined, places = digits) =>
    bound === null || bound === undefined ? undefined : bound / 10 ** places;
  const toApi = (input: number | undefined) =>
    input === undefined ? null : Math.round(input * 10 ** digits);
  /** The range's currency as the API takes it: named only when not CNY. */
  const named = (code: string) => (money && code !== 'CNY' ? { currency: code } : {});

  const commit = (next: RangeValue | undefined) => {
    onChange?.(next);
    setOpen(false);
    setError(null);
    onCommit?.(next);
  };

  const openChange = (visible: boolean) => {
    if (visible) {
      // The custom inputs start from the custom range in force, if any.
      const custom = value?.key === CUSTOM_RANGE ? value : undefined;
      const code = inCurrency(value);
      const places = money ? currencyDigits(code) : 0;
      setCurrency(code);
      setMin(toInput(custom?.min, places));
      setMax(toInput(custom?.max, places));
      setError(null);
    }
    setOpen(visible);
  };

  const apply = () => {
    if (min === undefined && max === undefined) {
      setError(t('range.emptyCustom'));
      return;
    }
    const next: RangeValue = {
      key: CUSTOM_RANGE,
      min: toApi(min),
      max: toApi(max),
      ...named(currency),
    };
    const [minName, maxName] = boundNames[kind];
    const issue = filtersIssue({
      [minName]: next.min ?? undefined,
      [maxName]: next.max ?? undefined,
    });
    if (issue) {
      setError(issueMessage(locale, issue));
      return;
    }
    commit(next);
  };

  const display = (range: RangeValue | undefined): string => {
    if (!range) return '';
    // With several currencies in the account, the range says its own.
    const code = inCurrency(range);
    const prefix = others.length ? `${code} ` : '';
    if (range.key !== CUSTOM_RANGE) return `${prefix}${range.key}`;
    const low = range.min === null ? null : boundText(kind, range.min, code, locale);
    const high = range.max === null ? null : boundText(kind, range.max, code, locale);
    if (low !== null && high !== null) {
      return prefix + t('range.between', { min: low, max: high });
    }
    if (low !== null) return prefix + t('range.atLeast', { min: low });
    return prefix + t('range.atMost', { max: high ?? '' });
  };

  return (
    <Select
      className="range-filter"
      value={value?.key}
      placeholder={t('range.any')}
      allowClear
      popupVisible={open}
      onVisibleChange={openChange}
      onChange={(key: string | undefined) =>
        commit(
          key && key !== CUSTOM_RANGE
            ? presetRange(kind, key, named(currency).currency)
            : undefined,
        )
      }
      onClear={() => commit(undefined)}
      renderFormat={() => display(value)}
      triggerProps={{ autoAlignPopupWidth: false, autoAlignPopupMinWidth: true }}
      dropdownRender={(menu) => (
        <div className="range-filter-popup">
          {others.length > 0 && (
            // Buttons, not a select: a second popup inside this one would close it.
            <div className="range-filter-currency">
              <Typography.Text type="secondary" className="range-filter-title">
                {t('range.currency')}
              </Typography.Text>
              <Radio.Group
                type="button"
                size="mini"
                aria-label={t('range.currency')}
                value={currency}
                onChange={(code: string) => {
                  setCurrency(code);
                  setMin(undefined);
                  setMax(undefined);
                  // A preset in force moves to the currency picked (the same preset key
                  // picked again would not change the select).
                  if (value && value.key !== CUSTOM_RANGE) {
                    commit(presetRange(kind, value.key, named(code).currency));
                  }
                }}
                options={['CNY', ...others]}
              />
            </div>
          )}
          {menu}
          <Divider style={{ margin: '4px 0' }} />
          {/* Keys typed here are the inputs' own, not the option list's shortcuts. */}
          <div className="range-filter-custom" onKeyDown={(event) => event.stopPropagation()}>
            <Typography.Text type="secondary" className="range-filter-title">
              {t('range.custom')}
            </Typography.Text>
            <div className="range-filter-inputs">
              <InputNumber
                size="small"
                min={0}
                precision={digits}
                hideControl
                placeholder={t('range.min')}
                aria-label={t('range.min')}
                value={min}
                onChange={(next) => setMin(next ?? undefined)}
                onKeyDown={(event) => (event as KeyboardEvent).key === 'Enter' && apply()}
              />
              <span className="range-filter-dash">-</span>
              <InputNumber
                size="small"
                min={0}
                precision={digits}
                hideControl
                placeholder={t('range.max')}
                aria-label={t('range.max')}
                value={max}
                onChange={(next) => setMax(next ?? undefined)}
                onKeyDown={(event) => (event as KeyboardEvent).key === 'Enter' && apply()}
              />
              <Button size="small" type="primary" onClick={apply}>
                {t('range.apply')}
              </Button>
            </div>
            {error && (
              <Typography.Text type="error" className="range-filter-error" role="alert">
                {error}
              </Typography.Text>
            )}
          </div>
        </div>
      )}
    >
      {rangePresets[kind].map((preset) => (
        <Select.Option key={preset.key} value={preset.key}>
          {preset.key}
        </Select.Option>
      ))}
    </Select>
  );
}
