import { Form, Input, Select } from '@arco-design/web-react';
import {
  KEYWORD_MAX,
  contactMethods,
  industries,
  platforms,
  talentStatuses,
} from '@inviteflow/contract';
import { useState } from 'react';
import {
  DayRangeField,
  EnumSelect,
  FilterBar,
  FilterField,
} from '@/components/crud/filter-bar.tsx';
import { useTalentFacets } from '../api/get-talent-facets.ts';
import { useTalentsT } from '../locale/index.ts';
import {
  buildFilters,
  type AppliedFilters,
  type RangeValue,
  type TalentFilterValues,
} from '../model/filters.ts';
import { enumText, labelOptions } from '../model/labels.ts';
import { RangeFilter } from './range-filter.tsx';

/** The filters folded under "More filters". */
const foldedFields = [
  'industry',
  'contactMethod',
  'businessAmount',
  'dealCount',
  'created',
  'added',
  'updated',
] as const satisfies ReadonlyArray<keyof TalentFilterValues>;

/** How many folded filters hold a value: shown on the toggle so none applies unseen. */
function foldedInUse(values: Partial<TalentFilterValues>): number {
  return foldedFields.filter((field) => values[field] !== undefined).length;
}

/**
 * The search form of Talent Management Query: every filter of the spec, the less used ones
 * folded under "More filters". Search and Reset run the search; a range preset or a custom
 * range's Apply runs it at once.
 */
export function TalentFilterForm({ onSearch }: { onSearch: (filters: AppliedFilters) => void }) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<TalentFilterValues>();
  const [folded, setFolded] = useState(0);
  const facets = useTalentFacets().data;
  const labels = labelOptions(locale, facets?.labels ?? []);

  const search = (overrides: Partial<TalentFilterValues> = {}) =>
    onSearch(buildFilters({ ...form.getFieldsValue(), ...overrides }));

  const reset = () => {
    form.resetFields();
    setFolded(0);
    onSearch({});
  };

  const rangeCommit = (field: 'fans' | 'businessAmount' | 'dealCount') => (next?: RangeValue) =>
    search({ [field]: next });

  return (
    <FilterBar<TalentFilterValues>
      form={form}
      className="talent-filter-form"
      onSearch={() => search()}
      onReset={reset}
      onValuesChange={(_changed, values) => setFolded(foldedInUse(values))}
      more={{
        inUse: folded,
        fields: (
          <>
            <FilterField field="industry" label={t('filter.industry')}>
              <EnumSelect values={industries} text={(value) => enumText.industry(locale, value)} />
            </FilterField>
            <FilterField field="contactMethod" label={t('filter.contactMethod')}>
              <EnumSelect
                values={contactMethods}
                text={(value) => enumText.contactMethod(locale, value)}
              />
            </FilterField>
            <FilterField field="businessAmount" label={t('filter.businessAmount')}>
              <RangeFilter kind="businessAmount" onCommit={rangeCommit('businessAmount')} />
            </FilterField>
            <FilterField field="dealCount" label={t('filter.dealCount')}>
              <RangeFilter kind="dealCount" onCommit={rangeCommit('dealCount')} />
            </FilterField>
            <FilterField field="created" label={t('filter.createdAt')}>
              <DayRangeField />
            </FilterField>
            <FilterField field="added" label={t('filter.addedAt')}>
              <DayRangeField />
            </FilterField>
            <FilterField field="updated" label={t('filter.updatedAt')}>
              <DayRangeField />
            </FilterField>
          </>
        ),
      }}
    >
      <FilterField field="name" label={t('filter.name')}>
        <Input
          placeholder={t('filter.namePlaceholder')}
          maxLength={KEYWORD_MAX}
          allowClear
          onPressEnter={() => search()}
        />
      </FilterField>
      <FilterField field="shopName" label={t('filter.shop')}>
        <Select placeholder={t('filter.shopPlaceholder')} allowClear showSearch>
          {(facets?.shopNames ?? []).map((shop) => (
            <Select.Option key={shop} value={shop}>
              {shop}
            </Select.Option>
          ))}
        </Select>
      </FilterField>
      <FilterField field="status" label={t('filter.status')}>
        <EnumSelect values={talentStatuses} text={(value) => enumText.status(locale, value)} />
      </FilterField>
      <FilterField field="platform" label={t('filter.platform')}>
        <EnumSelect values={platforms} text={(value) => enumText.platform(locale, value)} />
      </FilterField>
      <FilterField field="label" label={t('filter.label')}>
        <Select placeholder={t('filter.all')} allowClear showSearch>
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
      </FilterField>
      <FilterField field="fans" label={t('filter.fans')}>
        <RangeFilter kind="fans" onCommit={rangeCommit('fans')} />
      </FilterField>
    </FilterBar>
  );
}
