import { Button, DatePicker, Form, Grid, Input, Select } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import {
  KEYWORD_MAX,
  contentTypes,
  filterTypes,
  sendRecordStatuses,
  taskTypes,
} from '@inviteflow/contract';
import type { ReactNode } from 'react';
import { useShopChoices } from '../api/get-choices.ts';
import type { RecordFilters } from '../api/get-send-records.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';
import { buildFilters, type SendFilterValues } from '../model/filters.ts';

const { Row, Col } = Grid;

/**
 * The spec's search form: influencer name, shop name, task type, content type, filter type,
 * create date and status, with Search and Reset.
 */
export function SendFilterForm({ onSearch }: { onSearch: (filters: RecordFilters) => void }) {
  const { t, locale } = useSendRecordsT();
  const [form] = Form.useForm<SendFilterValues>();
  const shops = useShopChoices('all').data?.list ?? [];

  const search = () => onSearch(buildFilters(form.getFieldsValue()));
  const reset = () => {
    form.resetFields();
    onSearch({});
  };

  const item = (field: keyof SendFilterValues, label: string, control: ReactNode) => (
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

  return (
    <div className="send-filters">
      <Form<SendFilterValues>
        form={form}
        className="send-filter-form"
        layout="vertical"
        onSubmit={search}
      >
        <Row gutter={24}>
          {item(
            'talentName',
            t('filter.talentName'),
            <Input
              placeholder={t('filter.talentNamePlaceholder')}
              maxLength={KEYWORD_MAX}
              allowClear
              onPressEnter={search}
            />,
          )}
          {item(
            'shopId',
            t('filter.shop'),
            <Select placeholder={t('filter.all')} allowClear showSearch>
              {shops.map((shop) => (
                <Select.Option key={shop.id} value={shop.id}>
                  {shop.shopName}
                </Select.Option>
              ))}
            </Select>,
          )}
          {item(
            'taskType',
            t('filter.taskType'),
            enumSelect(taskTypes, (v) => enumText.taskType(locale, v)),
          )}
          {item(
            'contentType',
            t('filter.contentType'),
            enumSelect(contentTypes, (v) => enumText.contentType(locale, v)),
          )}
          {item(
            'filterType',
            t('filter.filterType'),
            enumSelect(filterTypes, (v) => enumText.filterType(locale, v)),
          )}
          {item(
            'created',
            t('filter.createdAt'),
            <DatePicker.RangePicker
              style={{ width: '100%' }}
              placeholder={[t('date.start'), t('date.end')]}
              allowClear
            />,
          )}
          {item(
            'status',
            t('filter.status'),
            enumSelect(sendRecordStatuses, (v) => enumText.status(locale, v)),
          )}
        </Row>
      </Form>
      <div className="send-filter-actions">
        <Button type="primary" icon={<IconSearch />} onClick={search}>
          {t('crud.search')}
        </Button>
        <Button icon={<IconRefresh />} onClick={reset}>
          {t('crud.reset')}
        </Button>
      </div>
    </div>
  );
}
