import { Form, Grid, Input, InputNumber, Select, Space } from '@arco-design/web-react';
import {
  LABEL_MAX_LENGTH,
  SEND_TASK_TALENTS_MAX,
  industries,
  platforms,
  settableTalentStatuses,
  translate,
  type TalentFilters,
} from '@inviteflow/contract';
import type { ReactNode } from 'react';
import { enumOptions } from '@/components/enum-options.tsx';
import { useSendRecordsT } from '../locale/index.ts';

const { Row, Col } = Grid;

/** What the rules part of the form holds; amounts in yuan as typed. */
export interface RuleValues {
  platform?: TalentFilters['platform'];
  status?: TalentFilters['status'];
  industry?: TalentFilters['industry'];
  label?: string;
  fansMin?: number;
  fansMax?: number;
  businessAmountMin?: number;
  businessAmountMax?: number;
  dealCountMin?: number;
  dealCountMax?: number;
}

const fen = (yuan: number | undefined) => (yuan === undefined ? undefined : Math.round(yuan * 100));

/** The rules as the talent filters of the contract (empty fields left out). */
export function rulesOf(values: RuleValues | undefined): Partial<TalentFilters> {
  const v = values ?? {};
  const rules: Partial<TalentFilters> = {
    platform: v.platform,
    status: v.status,
    industry: v.industry,
    label: v.label?.trim() || undefined,
    fansMin: v.fansMin,
    fansMax: v.fansMax,
    businessAmountMinFen: fen(v.businessAmountMin),
    businessAmountMaxFen: fen(v.businessAmountMax),
    dealCountMin: v.dealCountMin,
    dealCountMax: v.dealCountMax,
  };
  return Object.fromEntries(
    Object.entries(rules).filter(([, value]) => value !== undefined && value !== null),
  ) as Partial<TalentFilters>;
}

/**
 * The talent filters a rules task picks by (those of Talent Management Query that describe
 * a talent), and how many of the matches to invite.
 */
export function RulesFields() {
  const { t, locale } = useSendRecordsT();
  const item = (field: string, label: string, control: ReactNode) => (
    <Col span={12}>
      <Form.Item field={`rules.${field}`} label={label}>
        {control}
      </Form.Item>
    </Col>
  );
  const range = (name: 'fans' | 'businessAmount' | 'dealCount', label: string, step = 1) => (
    <Col span={12}>
      <Form.Item label={label}>
        <Space className="send-range">
          <Form.Item field={`rules.${name}Min`} noStyle>
            <InputNumber min={0} step={step} placeholder={t('create.rule.min')} />
          </Form.Item>
          <span>-</span>
          <Form.Item field={`rules.${name}Max`} noStyle>
            <InputNumber min={0} step={step} placeholder={t('create.rule.max')} />
          </Form.Item>
        </Space>
      </Form.Item>
    </Col>
  );
  return (
    <div className="send-rules">
      <Row gutter={16}>
        {item(
          'platform',
          t('create.rule.platform'),
          <Select allowClear placeholder={t('filter.all')}>
            {enumOptions(platforms, (v) => translate(locale, `enum.platform.${v}`))}
          </Select>,
        )}
        {item(
          'status',
          t('create.rule.status'),
          <Select allowClear placeholder={t('filter.all')}>
            {enumOptions(settableTalentStatuses, (v) =>
              translate(locale, `enum.talentStatus.${v}`),
            )}
          </Select>,
        )}
        {item(
          'industry',
          t('create.rule.industry'),
          <Select allowClear placeholder={t('filter.all')}>
            {enumOptions(industries, (v) => translate(locale, `enum.industry.${v}`))}
          </Select>,
        )}
        {item(
          'label',
          t('create.rule.label'),
          <Input
            allowClear
            maxLength={LABEL_MAX_LENGTH}
            placeholder={t('create.rule.labelPlaceholder')}
          />,
        )}
        {range('fans', t('create.rule.fans'))}
        {range('businessAmount', t('create.rule.businessAmount'), 0.01)}
        {range('dealCount', t('create.rule.dealCount'))}
        <Col span={12}>
          <Form.Item field="maxCount" label={t('create.maxCount')}>
            <InputNumber
              min={1}
              max={SEND_TASK_TALENTS_MAX}
              precision={0}
              placeholder={t('create.maxCountPlaceholder', { max: SEND_TASK_TALENTS_MAX })}
            />
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}
