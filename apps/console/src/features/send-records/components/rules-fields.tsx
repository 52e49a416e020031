import { Button, Form, Grid, InputNumber } from '@arco-design/web-react';
import { IconDown, IconUp } from '@arco-design/web-react/icon';
import {
  SEND_TASK_TALENTS_MAX,
  settableTalentStatuses,
  type TalentFilters,
} from '@inviteflow/contract';
import { useState } from 'react';
import {
  TalentFilterFields,
  foldedInUse,
  type FilterFieldFrame,
} from '@/features/talents/components/talent-filter-fields.tsx';
import { buildFilters, type TalentFilterValues } from '@/features/talents/model/filters.ts';
import { useSendRecordsT } from '../locale/index.ts';

const { Row, Col } = Grid;

/** What the rules part of the form holds: the talent list's filters, as its form holds them. */
export type RuleValues = TalentFilterValues;

/** The rules as the talent filters of the contract (empty fields left out). */
export function rulesOf(values: RuleValues | undefined): Partial<TalentFilters> {
  return buildFilters(values ?? {});
}

/** A rule: half the drawer's width, a whole row on a narrow screen. */
const RuleField: FilterFieldFrame = ({ field, label, children }) => (
  <Col xs={24} sm={12}>
    <Form.Item field={`rules.${field}`} label={label}>
      {children}
    </Form.Item>
  </Col>
);

/**
 * The talent filters a rules task picks by: the very fields of Talent Management Query (one
 * definition, talent-filter-fields.tsx), so a tier is chosen by its shown name and sent by
 * its key, and how many of the matches to invite. Blacklisted is not offered as a status:
 * such talents are never invited. The less used rules fold as they do on the talent list.
 */
export function RulesFields({ values }: { values: RuleValues | undefined }) {
  const { t } = useSendRecordsT();
  const [expanded, setExpanded] = useState(false);
  const inUse = foldedInUse(values);
  return (
    <div className="send-rules">
      <Row gutter={16}>
        <TalentFilterFields
          part="main"
          Field={RuleField}
          statuses={settableTalentStatuses}
          labels={{ shopName: t('create.ruleShop') }}
        />
      </Row>
      <div hidden={!expanded}>
        <Row gutter={16}>
          <TalentFilterFields part="more" Field={RuleField} />
        </Row>
      </div>
      <Row gutter={16} align="end">
        <Col xs={24} sm={12}>
          <Form.Item field="maxCount" label={t('create.maxCount')}>
            <InputNumber
              min={1}
              max={SEND_TASK_TALENTS_MAX}
              precision={0}
              placeholder={t('create.maxCountPlaceholder', { max: SEND_TASK_TALENTS_MAX })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item>
            <Button
              type="text"
              icon={expanded ? <IconUp /> : <IconDown />}
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded
                ? t('create.rulesLess')
                : inUse > 0
                  ? t('create.rulesMoreInUse', { count: inUse })
                  : t('create.rulesMore')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}
