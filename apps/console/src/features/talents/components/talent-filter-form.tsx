import { Form } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { FilterBar, FilterField } from '@/components/crud/filter-bar.tsx';
import {
  buildFilters,
  filterValuesOf,
  type AppliedFilters,
  type RangeKind,
  type RangeValue,
  type TalentFilterValues,
} from '../model/filters.ts';
import { TalentFilterFields, foldedInUse, type FilterFieldFrame } from './talent-filter-fields.tsx';

const Field: FilterFieldFrame = (props) => <FilterField {...props} />;

/**
 * The search form of Talent Management Query: every filter of the spec, the less used ones
 * folded under "More filters". Search and Reset run the search; a range preset or a custom
 * range's Apply runs it at once. The form shows the filters applied (the page's URL holds
 * them), also after Back or a reload.
 */
export function TalentFilterForm({
  filters,
  filtersKey,
  onSearch,
}: {
  filters: AppliedFilters;
  /** Changes with the filters' content. */
  filtersKey: string;
  onSearch: (filters: AppliedFilters) => void;
}) {
  const [form] = Form.useForm<TalentFilterValues>();
  const [folded, setFolded] = useState(0);

  useEffect(() => {
    const values = filterValuesOf(filters);
    form.resetFields();
    form.setFieldsValue(values);
    setFolded(foldedInUse(values));
    // The key stands for the filters: a new object with the same content changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, form]);

  const search = (overrides: Partial<TalentFilterValues> = {}) =>
    onSearch(buildFilters({ ...form.getFieldsValue(), ...overrides }));

  const reset = () => {
    form.resetFields();
    setFolded(0);
    onSearch({});
  };

  const rangeCommit = (kind: RangeKind, next?: RangeValue) => search({ [kind]: next });

  return (
    <FilterBar<TalentFilterValues>
      form={form}
      className="talent-filter-form"
      onSearch={() => search()}
      onReset={reset}
      onValuesChange={(_changed, values) => setFolded(foldedInUse(values))}
      more={{
        inUse: folded,
        fields: <TalentFilterFields part="more" Field={Field} onRangeCommit={rangeCommit} />,
      }}
    >
      <TalentFilterFields
        part="main"
        Field={Field}
        onSubmit={() => search()}
        onRangeCommit={rangeCommit}
      />
    </FilterBar>
  );
}
