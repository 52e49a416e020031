import { Select } from '@arco-design/web-react';
import { useTalentsT } from '../locale/index.ts';
import { labelOptions } from '../model/labels.ts';

export interface LabelSelectProps {
  ownLabels: readonly string[];
  placeholder?: string;
  /** Filled by Form.Item. */
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * Labels to pick: the spec's tiers (localized), the seller's own labels, or a new one typed
 * and confirmed with Enter. Lengths and the count are the contract's rules on the form item.
 */
export function LabelSelect({ ownLabels, placeholder, value, onChange }: LabelSelectProps) {
  const { t, locale } = useTalentsT();
  const options = labelOptions(locale, ownLabels);
  return (
    <Select
      mode="multiple"
      allowCreate
      allowClear
      showSearch
      placeholder={placeholder}
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next.map((label) => label.trim()).filter(Boolean))}
    >
      <Select.OptGroup label={t('filter.tiers')}>
        {options.tiers.map((option) => (
          <Select.Option key={option.value} value={option.value}>
            {option.label}
          </Select.Option>
        ))}
      </Select.OptGroup>
      {options.own.length > 0 && (
        <Select.OptGroup label={t('filter.customLabels')}>
          {options.own.map((option) => (
            <Select.Option key={option.value} value={option.value}>
              {option.label}
            </Select.Option>
          ))}
        </Select.OptGroup>
      )}
    </Select>
  );
}
