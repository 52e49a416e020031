import { Button, Divider, InputNumber, Select, Typography } from '@arco-design/web-react';
import { issueMessage, rangePresets, type Locale } from '@inviteflow/contract';
import { useState } from 'react';
import { fenToYuan, formatCount, formatYuan, yuanToFen } from '@/lib/format-number.ts';
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

function boundText(kind: RangeKind, value: number, locale: Locale): string {
  return kind === 'businessAmount' ? formatYuan(value, locale) : formatCount(value, locale);
}

export interface RangeFilterProps {
  kind: RangeKind;
  /** Filled by Form.Item. */
  value?: RangeValue | undefined;
  onChange?: (value: RangeValue | undefined) => void;
  /** Called after a preset is picked, a custom range applied or the range cleared. */
  onCommit?: (value: RangeValue | undefined) => void;
}

/**
 * A range filter of spec section 9: the spec's presets, or a custom min/max (either end may
 * stay open) taken with Apply. Money is typed in yuan and kept in fen. A minimum above the
 * maximum is refused with the contract's message.
 */
export function RangeFilter({ kind, value, onChange, onCommit }: RangeFilterProps) {
  const { t, locale } = useTalentsT();
  const money = kind === 'businessAmount';
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState<number | undefined>();
  const [max, setMax] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);

  const toInput = (bound: number | null | undefined) =>
    bound === null || bound === undefined ? undefined : money ? fenToYuan(bound) : bound;
  const toApi = (input: number | undefined) =>
    input === undefined ? null : money ? yuanToFen(input) : input;

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
      setMin(toInput(custom?.min));
      setMax(toInput(custom?.max));
      setError(null);
    }
    setOpen(visible);
  };

  const apply = () => {
    if (min === undefined && max === undefined) {
      setError(t('range.emptyCustom'));
      return;
    }
    const next: RangeValue = { key: CUSTOM_RANGE, min: toApi(min), max: toApi(max) };
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
    if (range.key !== CUSTOM_RANGE) return range.key;
    const low = range.min === null ? null : boundText(kind, range.min, locale);
    const high = range.max === null ? null : boundText(kind, range.max, locale);
    if (low !== null && high !== null) return t('range.between', { min: low, max: high });
    if (low !== null) return t('range.atLeast', { min: low });
    return t('range.atMost', { max: high ?? '' });
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
        commit(key && key !== CUSTOM_RANGE ? presetRange(kind, key) : undefined)
      }
      onClear={() => commit(undefined)}
      renderFormat={() => display(value)}
      triggerProps={{ autoAlignPopupWidth: false, autoAlignPopupMinWidth: true }}
      dropdownRender={(menu) => (
        <div className="range-filter-popup">
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
                precision={money ? 2 : 0}
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
                precision={money ? 2 : 0}
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
