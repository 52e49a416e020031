import { Button, DatePicker, Form, Grid, Input, Select } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import {
  KEYWORD_MAX,
  contactMethods,
  industries,
  platforms,
  talentStatuses,
} from '@inviteflow/contract';
import { useState, type ReactNode } from 'react';
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

const { Row, Col } = Grid;

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
  const [expanded, setExpanded] = useState(false);
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

  const item = (field: keyof TalentFilterValues, label: string, control: ReactNode) => (
    <Col xs={24} md={12} xl={8}>
      <Form.Item field={field} label={label}>
        {control}
      </Form.Item>
    </Col>
  );

  const enumSelect = <V extends string>(values: readonly V[], text: (value: V) => string) => (
    <Select placeholder={t('filter.all')} allowClear>
      {values.map((value) => (
        <Select.Option key={value} value={value}>
          {text(value)}
        </Select.Option>
      ))}
    </Select>
  );

  const dayRange = (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      placeholder={[t('date.start'), t('date.end')]}
      allowClear
    />
  );

  return (
    <div className="talent-filters">
      <Form<TalentFilterValues>
        form={form}
        className="talent-filter-form"
        layout="vertical"
        onSubmit={() => search()}
        onValuesChange={(_changed, values) => setFolded(foldedInUse(values))}
      >
        <Row gutter={24}>
          {item(
            'name',
            t('filter.name'),
            <Input
              placeholder={t('filter.namePlaceholder')}
              maxLength={KEYWORD_MAX}
              allowClear
              onPressEnter={() => search()}
            />,
          )}
          {item(
            'shopName',
            t('filter.shop'),
            <Select placeholder={t('filter.shopPlaceholder')} allowClear showSearch>
              {(facets?.shopNames ?? []).map((shop) => (
                <Select.Option key={shop} value={shop}>
                  {shop}
                </Select.Option>
              ))}
            </Select>,
          )}
          {item(
            'status',
            t('filter.status'),
            enumSelect(talentStatuses, (value) => enumText.status(locale, value)),
          )}
          {item(
            'platform',
            t('filter.platform'),
            enumSelect(platforms, (value) => enumText.platform(locale, value)),
          )}
          {item(
            'label',
            t('filter.label'),
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
            </Select>,
          )}
          {item(
            'fans',
            t('filter.fans'),
            <RangeFilter kind="fans" onCommit={rangeCommit('fans')} />,
          )}
        </Row>
        {/* Folded filters stay in the form: what they hold still applies. */}
        <div className="talent-more-filters" hidden={!expanded}>
          <Row gutter={24}>
            {item(
              'industry',
              t('filter.industry'),
              enumSelect(industries, (value) => enumText.industry(locale, value)),
            )}
            {item(
              'contactMethod',
              t('filter.contactMethod'),
              enumSelect(contactMethods, (value) => enumText.contactMethod(locale, value)),
            )}
            {item(
              'businessAmount',
              t('filter.businessAmount'),
              <RangeFilter kind="businessAmount" onCommit={rangeCommit('businessAmount')} />,
            )}
            {item(
              'dealCount',
              t('filter.dealCount'),
              <RangeFilter kind="dealCount" onCommit={rangeCommit('dealCount')} />,
            )}
            {item('created', t('filter.createdAt'), dayRange)}
            {item('added', t('filter.addedAt'), dayRange)}
            {item('updated', t('filter.updatedAt'), dayRange)}
          </Row>
        </div>
      </Form>
      <div className="talent-filter-actions">
        <Button type="primary" icon={<IconSearch />} onClick={() => search()}>
          {t('crud.search')}
        </Button>
        <Button icon={<IconRefresh />} onClick={reset}>
          {t('crud.reset')}
        </Button>
        <Button
          type="text"
          icon={expanded ? <IconUp /> : <IconDown />}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded
            ? t('filter.less')
            : folded > 0
              ? t('filter.moreInUse', { count: folded })
              : t('filter.more')}
        </Button>
      </div>
    </div>
  );
}
