import { Form, Input, Select } from '@arco-design/web-react';
import { useEffect } from 'react';
import {
  KEYWORD_MAX,
  contentTypes,
  filterTypes,
  recordStages,
  sendRecordStatuses,
  taskTypes,
} from '@inviteflow/contract';
import {
  DayRangeField,
  EnumSelect,
  FilterBar,
  FilterField,
} from '@/components/crud/filter-bar.tsx';
import { useShopChoices } from '../api/get-choices.ts';
import type { RecordFilters } from '../api/get-send-records.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';
import { buildFilters, filterValuesOf, type SendFilterValues } from '../model/filters.ts';

/**
 * The spec's search form: influencer name, shop name, task type, content type, filter type,
 * create date and status, with Search and Reset; and the stage the creator reached (issue 19).
 */
export function SendFilterForm({
  filters,
  filtersKey,
  onSearch,
}: {
  filters: RecordFilters;
  /** Changes with the filters' content. */
  filtersKey: string;
  onSearch: (filters: RecordFilters) => void;
}) {
  const { t, locale } = useSendRecordsT();
  const [form] = Form.useForm<SendFilterValues>();
  const shops = useShopChoices('all').data?.list ?? [];

  // The form shows the filters applied (the page's URL holds them), also after Back.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filterValuesOf(filters));
    // The key stands for the filters: a new object with the same content changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, form]);

  const search = () => onSearch(buildFilters(form.getFieldsValue()));
  const reset = () => {
    form.resetFields();
    onSearch({});
  };

  return (
    <FilterBar<SendFilterValues>
      form={form}
      className="send-filter-form"
      onSearch={search}
      onReset={reset}
    >
      <FilterField field="talentName" label={t('filter.talentName')}>
        <Input
          placeholder={t('filter.talentNamePlaceholder')}
          maxLength={KEYWORD_MAX}
          allowClear
          onPressEnter={search}
        />
      </FilterField>
      <FilterField field="shopId" label={t('filter.shop')}>
        <Select placeholder={t('filter.all')} allowClear showSearch>
          {shops.map((shop) => (
            <Select.Option key={shop.id} value={shop.id}>
              {shop.shopName}
            </Select.Option>
          ))}
        </Select>
      </FilterField>
      <FilterField field="taskType" label={t('filter.taskType')}>
        <EnumSelect values={taskTypes} text={(v) => enumText.taskType(locale, v)} />
      </FilterField>
      <FilterField field="contentType" label={t('filter.contentType')}>
        <EnumSelect values={contentTypes} text={(v) => enumText.contentType(locale, v)} />
      </FilterField>
      <FilterField field="filterType" label={t('filter.filterType')}>
        <EnumSelect values={filterTypes} text={(v) => enumText.filterType(locale, v)} />
      </FilterField>
      <FilterField field="created" label={t('filter.createdAt')}>
        <DayRangeField />
      </FilterField>
      <FilterField field="status" label={t('filter.status')}>
        <EnumSelect values={sendRecordStatuses} text={(v) => enumText.status(locale, v)} />
      </FilterField>
      <FilterField field="stage" label={t('filter.stage')}>
        <EnumSelect values={recordStages} text={(v) => enumText.stage(locale, v)} />
      </FilterField>
    </FilterBar>
  );
}
