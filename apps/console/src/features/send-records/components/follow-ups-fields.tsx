import {
  Alert,
  Button,
  Form,
  InputNumber,
  Select,
  Space,
  Typography,
} from '@arco-design/web-react';
import {
  FOLLOW_UPS_MAX,
  FOLLOW_UP_DAYS_MAX,
  FOLLOW_UP_DAYS_MIN,
  translate,
  type FollowUpInput,
  type Locale,
} from '@inviteflow/contract';
import { scriptChoices } from '../api/get-choices.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { useSearchedChoices } from './searched-choices.ts';

/** A follow-up row of the form, as typed (either may still be missing). */
export interface FollowUpValues {
  afterDays?: number;
  scriptTemplateId?: number;
}

/** The create's follow-ups: the rows as typed (the contract checks them again). */
export function followUpsBody(rows: readonly FollowUpValues[] | undefined): FollowUpInput[] {
  return (rows ?? []).map((row) => ({
    afterDays: row.afterDays ?? 0,
    scriptTemplateId: row.scriptTemplateId ?? 0,
  }));
}

/** The problem of a row's days, as the contract words it (null: fine). */
export function followUpDaysProblem(
  rows: readonly FollowUpValues[] | undefined,
  index: number,
  locale: Locale,
): string | null {
  const days = rows?.[index]?.afterDays;
  if (
    days === undefined ||
    !Number.isInteger(days) ||
    days < FOLLOW_UP_DAYS_MIN ||
    days > FOLLOW_UP_DAYS_MAX
  )
    return translate(locale, 'validation.followUpDays');
  const first = rows?.[0]?.afterDays;
  if (index === 1 && first !== undefined && days <= first)
    return translate(locale, 'validation.followUpSecondLater');
  return null;
}

/**
 * The create drawer's follow-ups (issue 19): up to two rows, "N days after the invitation with
 * no reply, send this script template". Only a TikTok Shop shop connected by authorization can
 * send them (`supported`); for any other shop the section says so and adds no row.
 */
export function FollowUpsFields({
  supported,
  shopChosen,
  rows,
}: {
  supported: boolean;
  /** Until a shop is chosen, nothing is said about it. */
  shopChosen: boolean;
  rows: readonly FollowUpValues[] | undefined;
}) {
  const { t, locale } = useSendRecordsT();
  const scripts = useSearchedChoices(scriptChoices);
  const picked = (rows ?? []).flatMap((row) =>
    row.scriptTemplateId === undefined ? [] : [row.scriptTemplateId],
  );
  return (
    <Form.Item
      label={t('create.followUps')}
      extra={supported || !shopChosen ? t('create.followUpsHint') : undefined}
      className="send-follow-ups-field"
    >
      {shopChosen && !supported && (
        <Alert
          type="info"
          className="send-follow-ups-api"
          content={t('create.followUpsNeedApi')}
          data-testid="follow-ups-need-api"
        />
      )}
      <Form.List field="followUps">
        {(fields, { add, remove }) => (
          <div className="send-follow-up-rows">
            {fields.map((item, index) => (
              <Space key={item.key} align="start" size={8} className="send-follow-up-row" wrap>
                <Typography.Text className="send-follow-up-label">
                  {t('create.followUpRow', { step: index + 1 })}
                </Typography.Text>
                <Typography.Text className="send-follow-up-label">
                  {t('create.followUpAfter')}
                </Typography.Text>
                <Form.Item
                  field={`${item.field}.afterDays`}
                  noStyle={false}
                  className="send-follow-up-days"
                  rules={[
                    {
                      validator: (_value: unknown, callback) =>
                        callback(followUpDaysProblem(rows, index, locale) ?? undefined),
                    },
                  ]}
                >
                  <InputNumber
                    min={FOLLOW_UP_DAYS_MIN}
                    max={FOLLOW_UP_DAYS_MAX}
                    precision={0}
                    style={{ width: 90 }}
                    aria-label={t('create.followUpDays')}
                  />
                </Form.Item>
                <Typography.Text className="send-follow-up-label">
                  {t('create.followUpDays')}
                </Typography.Text>
                <Form.Item
                  field={`${item.field}.scriptTemplateId`}
                  className="send-follow-up-template"
                  rules={[
                    {
                      validator: (value: number | undefined, callback) =>
                        callback(
                          value
                            ? undefined
                            : translate(locale, 'validation.followUpTemplateRequired'),
                        ),
                    },
                  ]}
                >
                  <Select
                    placeholder={t('create.followUpTemplatePlaceholder')}
                    showSearch
                    filterOption={false}
                    onSearch={scripts.onSearch}
                    style={{ width: 220 }}
                    aria-label={t('create.followUpTemplatePlaceholder')}
                  >
                    {scripts.shown(picked).map((s) => (
                      <Select.Option key={s.id} value={s.id}>
                        {s.remark || s.content.slice(0, 40)}
                      </Select.Option>
                    ))}
                  </Select>
                </Form.Item>
                <Button type="text" status="danger" onClick={() => remove(index)}>
                  {t('create.followUpRemove')}
                </Button>
              </Space>
            ))}
            {supported && fields.length < FOLLOW_UPS_MAX && (
              <Button
                type="dashed"
                size="small"
                data-testid="add-follow-up"
                onClick={() => {
                  const last = rows?.[fields.length - 1]?.afterDays;
                  add({ afterDays: last ? Math.min(last + 3, FOLLOW_UP_DAYS_MAX) : 3 });
                }}
              >
                {t('create.followUpAdd')}
              </Button>
            )}
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
