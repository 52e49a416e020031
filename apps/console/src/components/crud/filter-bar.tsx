import {
  Button,
  DatePicker,
  Form,
  Grid,
  Select,
  type RangePickerProps,
  type SelectProps,
} from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react/es/Form';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { useState, type ReactNode } from 'react';
import { enumOptions } from '@/components/enum-options.tsx';
import { useT } from '@/locale/index.ts';
import './filter-table.css';

const { Row, Col } = Grid;

/**
 * The search form of a filtered list in Arco Pro's style: the fields in rows of three,
 * Search and Reset in a column on the right, and, when given, less used fields folded
 * under "More filters" (still in the form while folded: what they hold still applies).
 */
export function FilterBar<Values>(props: {
  form: FormInstance<Values>;
  /** The form's own class, besides the shared one. */
  className: string;
  onSearch: () => void;
  onReset: () => void;
  onValuesChange?: (changed: Partial<Values>, values: Partial<Values>) => void;
  /** The fields always shown (`FilterField`s). */
  children: ReactNode;
  /** The folded fields, and how many of them hold a value (said on the toggle). */
  more?: { fields: ReactNode; inUse: number };
}) {
  const { t } = useT();
  const [expanded, setExpanded] = useState(false);
  const { more } = props;
  return (
    <div className="filter-bar">
      <Form<Values>
        form={props.form}
        className={`filter-bar-form ${props.className}`}
        layout="vertical"
        onSubmit={() => props.onSearch()}
        onValuesChange={props.onValuesChange}
      >
        <Row gutter={24}>{props.children}</Row>
        {more && (
          <div className="filter-bar-more" hidden={!expanded}>
            <Row gutter={24}>{more.fields}</Row>
          </div>
        )}
      </Form>
      <div className="filter-bar-actions">
        <Button type="primary" icon={<IconSearch />} onClick={() => props.onSearch()}>
          {t('crud.search')}
        </Button>
        <Button icon={<IconRefresh />} onClick={props.onReset}>
          {t('crud.reset')}
        </Button>
        {more && (
          <Button
            type="text"
            icon={expanded ? <IconUp /> : <IconDown />}
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded
              ? t('filter.less')
              : more.inUse > 0
                ? t('filter.moreInUse', { count: more.inUse })
                : t('filter.more')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** One field of a `FilterBar`: a third of the row on wide screens, half on medium, all on small. */
export function FilterField(props: { field: string; label: string; children: ReactNode }) {
  return (
    <Col xs={24} md={12} xl={8}>
      <Form.Item field={props.field} label={props.label}>
        {props.children}
      </Form.Item>
    </Col>
  );
}

/** A choice among an enum's values, "All" when none is chosen. */
export function EnumSelect<V extends string>({
  values,
  text,
  ...rest
}: Omit<SelectProps, 'children'> & {
  values: readonly V[];
  text: (value: V) => string;
}) {
  const { t } = useT();
  return (
    <Select placeholder={t('filter.all')} allowClear {...rest}>
      {enumOptions(values, text)}
    </Select>
  );
}

/** A range of calendar days, both ends optional. */
export function DayRangeField(props: RangePickerProps) {
  const { t } = useT();
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      placeholder={[t('date.start'), t('date.end')]}
      allowClear
      {...props}
    />
  );
}
