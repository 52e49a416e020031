import { Input, Select } from '@arco-design/web-react';
import {
  KEYWORD_MAX,
  contactMethods,
  industries,
  platforms,
  talentStatuses,
  type TalentStatus,
} from '@inviteflow/contract';
import type { ReactNode } from 'react';
import { DayRangeField, EnumSelect } from '@/components/crud/filter-bar.tsx';
import { useTalentFacets } from '../api/get-talent-facets.ts';
import { useTalentsT } from '../locale/index.ts';
import type { RangeKind, RangeValue, TalentFilterValues } from '../model/filters.ts';
import { enumText, labelOptions } from '../model/labels.ts';
import { RangeFilter } from './range-filter.tsx';

/** The filters shown first, and those folded under "More filters". */
export const foldedFilterFields = [
  'industry',
  'contactMethod',
  'businessAmount',
  'dealCount',
  'created',
  'added',
  'updated',
] as const satisfies ReadonlyArray<keyof TalentFilterValues>;

/** How many folded filters hold a value: shown on the toggle so none applies unseen. */
export function foldedInUse(values: Partial<TalentFilterValues> | undefined): number {
  return foldedFilterFields.filter((field) => values?.[field] !== undefined).length;
}

/** Lays out one filter: a field of the search form, or of the rules of a task. */
export type FilterFieldFrame = (props: {
  field: keyof TalentFilterValues;
  label: string;
  children: ReactNode;
}) => ReactNode;

/** A label to filter by: the spec's tiers (localized) and the seller's own labels. */
export function LabelFilterSelect(props: { value?: string; onChange?: (value?: string) => void }) {
  const { t, locale } = useTalentsT();
  const labels = labelOptions(locale, useTalentFacets().data?.labels ?? []);
  return (
    <Select
      placeholder={t('filter.all')}
      allowClear
      showSearch
      value={props.value}
      onChange={props.onChange}
    >
      <Select.OptGroup label={t('filter.tiers')}>
        {labels.tiers.map((option) => (
          <Select.Option key={option.value} value={option.value}>
            {option.label}
          </Select.Option>
        ))}
      </Select.OptGroup>
      {labels.own.length > 0 && (
        <Select.OptGroup label={t('filter.customLabels')}>
          {labels.own.map((option) => (
            <Select.Option key={option.value} value={option.value}>
              {option.label}
            </Select.Option>
          ))}
        </Select.OptGroup>
      )}
    </Select>
  );
}

/** A shop of the seller's talents to filter by. */
function ShopFilterSelect(props: { value?: string; onChange?: (value?: string) => void }) {
  const { t } = useTalentsT();
  const shops = useTalentFacets().data?.shopNames ?? [];
  return (
    <Select
      placeholder={t('filter.shopPlaceholder')}
      allowClear
      showSearch
      value={props.value}
      onChange={props.onChange}
    >
      {shops.map((shop) => (
        <Select.Option key={shop} value={shop}>
          {shop}
        </Select.Option>
      ))}
    </Select>
  );
}

/**
 * Every filter of Talent Management Query, one definition for the talent list's search form
 * and for the rules of an invitation task, so both offer the same choices: the tiers and the
 * seller's labels as a localized select, the shops of the library, the spec's range presets.
 * `part` is the fields shown first or those folded under "More filters".
 */
export function TalentFilterFields(props: {
  part: 'main' | 'more';
  Field: FilterFieldFrame;
  /** The statuses offered (all by default). */
  statuses?: readonly TalentStatus[];
  /** Enter in the name field. */
  onSubmit?: () => void;
  /** A range preset picked or a custom range applied. */
  onRangeCommit?: (kind: RangeKind, value?: RangeValue) => void;
  /** Labels that read better where the fields are used (the rules' "Talent's shop"). */
  labels?: Partial<Record<keyof TalentFilterValues, string>>;
}) {
  const { t, locale } = useTalentsT();
  const { Field } = props;
  // A label given for the field wins over the list's own.
  const label = (field: keyof TalentFilterValues, own: string) => props.labels?.[field] ?? own;
  // Business amounts of other currencies than CNY (synced from the platform's orders): the
  // amount range then names its currency, and its label no longer says yuan.
  const currencies = (useTalentFacets().data?.currencies ?? []).filter((code) => code !== 'CNY');
  const range = (kind: RangeKind) => (
    <RangeFilter
      kind={kind}
      onCommit={(value) => props.onRangeCommit?.(kind, value)}
      {...(kind === 'businessAmount' ? { currencies } : {})}
    />
  );
  if (props.part === 'more')
    return (
      <>
        <Field field="industry" label={label('industry', t('filter.industry'))}>
          <EnumSelect values={industries} text={(value) => enumText.industry(locale, value)} />
        </Field>
        <Field field="contactMethod" label={label('contactMethod', t('filter.contactMethod'))}>
          <EnumSelect
            values={contactMethods}
            text={(value) => enumText.contactMethod(locale, value)}
          />
        </Field>
        <Field
          field="businessAmount"
          label={label(
            'businessAmount',
            t(currencies.length ? 'filter.businessAmountCurrencies' : 'filter.businessAmount'),
          )}
        >
          {range('businessAmount')}
        </Field>
        <Field field="dealCount" label={label('dealCount', t('filter.dealCount'))}>
          {range('dealCount')}
        </Field>
        <Field field="created" label={label('created', t('filter.createdAt'))}>
          <DayRangeField />
        </Field>
        <Field field="added" label={label('added', t('filter.addedAt'))}>
          <DayRangeField />
        </Field>
        <Field field="updated" label={label('updated', t('filter.updatedAt'))}>
          <DayRangeField />
        </Field>
      </>
    );
  return (
    <>
      <Field field="name" label={label('name', t('filter.name'))}>
        <Input
          placeholder={t('filter.namePlaceholder')}
          maxLength={KEYWORD_MAX}
          allowClear
          onPressEnter={() => props.onSubmit?.()}
        />
      </Field>
      <Field field="shopName" label={label('shopName', t('filter.shop'))}>
        <ShopFilterSelect />
      </Field>
      <Field field="status" label={label('status', t('filter.status'))}>
        <EnumSelect
          values={props.statuses ?? talentStatuses}
          text={(value) => enumText.status(locale, value)}
        />
      </Field>
      <Field field="platform" label={label('platform', t('filter.platform'))}>
        <EnumSelect values={platforms} text={(value) => enumText.platform(locale, value)} />
      </Field>
      <Field field="label" label={label('label', t('filter.label'))}>
        <LabelFilterSelect />
      </Field>
      <Field field="fans" label={label('fans', t('filter.fans'))}>
        {range('fans')}
      </Field>
    </>
  );
}
