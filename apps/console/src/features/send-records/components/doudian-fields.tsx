import {
  Alert,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Spin,
  Switch,
  Typography,
} from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react';
import {
  DOUDIAN_RATIO_SUM_BELOW,
  doudianTaskActions,
  percentToRate,
  rateToPercent,
  taskPlatformFields,
  translate,
  type Channel,
  type DoudianActivity,
  type PlatformFieldIssue,
  type TaskType,
} from '@inviteflow/contract';
import { useState } from 'react';
import { firstMessage } from '@/lib/form-rules.ts';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { useDoudianActivities } from '../api/get-doudian-activities.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { platformFieldRules, type CollaborationValues } from './collaboration-fields.tsx';

/**
 * What a task of a 抖店 shop carries (issue 17). Connected by 抖店's authorization, a targeted
 * product invitation is a 定向计划 (one product, a whole-percent commission, an end, whether
 * 达人 may apply and whether the seller reviews them) and a group leader activity invitation
 * an application to a 团长's activity (picked from the shop's list, a service rate, the shop's
 * phone, a commission and an activity price per product). The other types have no open API:
 * the form says they run in the browser. The contract's `platformFieldIssues` decides what is
 * missing, as the server will.
 */

interface FormLike {
  getFieldsValue: () => object;
  setFieldValue: (field: 'activityMeta', value: CollaborationValues['activityMeta']) => void;
}

interface Props {
  form: FormLike;
  shopId: number | null;
  channel: Channel;
  taskType: TaskType | undefined;
  products: ReadonlyArray<{ id: number; productId: string; productName: string }>;
  values: CollaborationValues;
}

function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: displayTimeZone() }).format(new Date());
}

/** Holds a value of the form that no control shows (the activity's name and 团长). */
function Kept(_props: { value?: unknown; onChange?: (value: unknown) => void }) {
  return null;
}

export function DoudianFields({ form, shopId, channel, taskType, products, values }: Props) {
  const { t, locale } = useSendRecordsT();
  if (!taskType) return null;
  const action = doudianTaskActions[taskType];
  if (channel !== 'api' || action === 'browser_only') {
    return (
      <Alert
        type="info"
        className="send-finding"
        data-testid="send-doudian-channel"
        content={t(channel === 'api' ? 'doudian.browserChannel' : 'doudian.browserShop')}
      />
    );
  }
  const rules = (path: PlatformFieldIssue['path']) =>
    platformFieldRules(form, 'douyin', taskType, locale, path, undefined, channel);
  if (action === 'orien_plan') {
    return <PlanFields products={products} values={values} rules={rules} />;
  }
  return (
    <ActivityFields form={form} shopId={shopId} products={products} values={values} rules={rules} />
  );
}

type T = ReturnType<typeof useSendRecordsT>['t'];

function PlanFields(props: {
  products: Props['products'];
  values: CollaborationValues;
  rules: (path: PlatformFieldIssue['path']) => RulesProps[];
}) {
  const { t, locale } = useSendRecordsT();
  const { products, values, rules } = props;
  const product = products[0];
  return (
    <div className="send-collaboration" data-testid="send-doudian-plan">
      <Typography.Title heading={6} className="send-collaboration-title">
        {t('doudian.planTitle')}
      </Typography.Title>
      <Alert type="info" className="send-finding" content={t('doudian.planIntro')} />
      <Form.Item
        field="endDate"
        label={t('doudian.planEnd')}
        required
        extra={t('collab.endDateExtra')}
        rules={rules('endsAt')}
      >
        <DatePicker
          style={{ width: 220 }}
          disabledDate={(current) => current.format('YYYY-MM-DD') < today()}
        />
      </Form.Item>
      {!product ? (
        <Form.Item label={t('doudian.cosRatio')} required>
          <Typography.Text type="secondary">{t('collab.productsNeeded')}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item
          field={`commissionPercents.${product.id}`}
          label={t('doudian.cosRatio')}
          required
          extra={
            products.length > 1
              ? translate(locale, 'validation.doudianOneProduct')
              : t('doudian.cosRatioExtra', { product: product.productName })
          }
          rules={rules('commissionRates')}
        >
          <InputNumber min={1} max={80} precision={0} step={1} suffix="%" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item
        field="planAllowApply"
        label={t('doudian.allowApply')}
        triggerPropName="checked"
        extra={t('doudian.allowApplyExtra')}
      >
        <Switch />
      </Form.Item>
      {values.planAllowApply && (
        <Form.Item
          field="planAuditApplications"
          label={t('doudian.audit')}
          triggerPropName="checked"
          extra={t('doudian.auditExtra')}
        >
          <Switch />
        </Form.Item>
      )}
    </div>
  );
}

function activityLabel(a: DoudianActivity, t: T): string {
  return t('doudian.activityOption', {
    name: a.name,
    leader: a.institutionName,
    commission: a.minCommissionRate ?? '-',
    service: a.minServiceRate ?? '-',
  });
}

function ActivityFields(props: {
  form: FormLike;
  shopId: number | null;
  products: Props['products'];
  values: CollaborationValues;
  rules: (path: PlatformFieldIssue['path']) => RulesProps[];
}) {
  const { t, locale } = useSendRecordsT();
  const { form, products, values, rules } = props;
  const [keyword, setKeyword] = useState('');
  const activities = useDoudianActivities(props.shopId, keyword);
  const list = activities.data?.list ?? [];
  const chosen = values.activityMeta;
  const percentRule = (path: PlatformFieldIssue['path'], max: number): RulesProps[] => [
    {
      validator: (value: number | undefined, callback) => {
        if (typeof value === 'number' && (value < 0 || value > max))
          return callback(translate(locale, 'validation.serviceRateRange'));
        callback();
      },
    },
    ...rules(path),
  ];
  const commissionRules = (id: number): RulesProps[] => [
    {
      validator: (value: number | undefined, callback) => {
        if (typeof value !== 'number')
          return callback(translate(locale, 'validation.commissionRateRequired'));
        const result = taskPlatformFields.commissionRates.safeParse({
          [String(id)]: percentToRate(value),
        });
        callback(result.success ? undefined : firstMessage(locale, result.error.issues));
      },
    },
  ];
  const priceRules = (): RulesProps[] => [
    {
      validator: (value: number | undefined, callback) => {
        if (typeof value !== 'number')
          return callback(translate(locale, 'validation.activityPriceRequired'));
        callback(value > 0 ? undefined : translate(locale, 'validation.activityPriceRange'));
      },
    },
  ];
  return (
    <div className="send-collaboration" data-testid="send-doudian-activity">
      <Typography.Title heading={6} className="send-collaboration-title">
        {t('doudian.activityTitle')}
      </Typography.Title>
      <Form.Item
        field="activityId"
        label={t('doudian.activity')}
        required
        // The choice itself (its 团长 comes with it from the list, set just after the change:
        // the contract's check of both runs at submit, on the server too).
        rules={[
          {
            validator: (value: string | undefined, callback) =>
              callback(value ? undefined : translate(locale, 'validation.activityRequired')),
          },
        ]}
        extra={activities.error ? (activities.error as Error).message : t('doudian.activityExtra')}
        validateStatus={activities.error ? 'error' : undefined}
      >
        <Select
          showSearch
          allowClear
          filterOption={false}
          placeholder={t('doudian.activityPlaceholder')}
          onSearch={setKeyword}
          notFoundContent={activities.isFetching ? <Spin size={16} /> : t('doudian.noActivity')}
          data-testid="send-doudian-activity-select"
          onChange={(id: string | undefined) => {
            const found = list.find((a) => a.activityId === id);
            form.setFieldValue(
              'activityMeta',
              found
                ? {
                    name: found.name,
                    institutionName: found.institutionName,
                    colonelBuyinId: found.colonelBuyinId,
                  }
                : undefined,
            );
          }}
        >
          {list.map((a) => (
            <Select.Option key={a.activityId} value={a.activityId}>
              {activityLabel(a, t)}
            </Select.Option>
          ))}
        </Select>
      </Form.Item>
      <Form.Item field="activityMeta" noStyle>
        <Kept />
      </Form.Item>
      {chosen && (
        <Alert
          type="info"
          className="send-finding"
          data-testid="send-doudian-leader"
          content={t('doudian.leaderHint', {
            leader: chosen.institutionName,
            buyinId: chosen.colonelBuyinId ?? '-',
          })}
        />
      )}
      <Form.Item
        field="serviceRatePercent"
        label={t('doudian.serviceRate')}
        required
        extra={t('doudian.serviceRateExtra')}
        rules={percentRule('serviceRate', rateToPercent(DOUDIAN_RATIO_SUM_BELOW))}
      >
        <InputNumber min={0} max={89.99} precision={2} step={1} suffix="%" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        field="contactPhone"
        label={t('doudian.contactPhone')}
        required
        rules={rules('contactPhone')}
      >
        <Input
          placeholder={t('doudian.contactPhonePlaceholder')}
          maxLength={11}
          style={{ width: 220 }}
        />
      </Form.Item>
      {products.length === 0 ? (
        <Form.Item label={t('doudian.productTerms')} required>
          <Typography.Text type="secondary">{t('collab.productsNeeded')}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item
          label={t('doudian.productTerms')}
          required
          extra={t('doudian.productTermsExtra')}
          rules={rules('activityPrices')}
        >
          <div className="send-commissions">
            {products.map((product) => (
              <div key={product.id} className="send-activity-product">
                <Typography.Text>{`${product.productName} · ${product.productId}`}</Typography.Text>
                <Form.Item
                  field={`commissionPercents.${product.id}`}
                  label={t('doudian.commission')}
                  layout="horizontal"
                  rules={commissionRules(product.id)}
                  className="send-commission"
                >
                  <InputNumber
                    min={1}
                    max={80}
                    precision={2}
                    step={1}
                    suffix="%"
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item
                  field={`activityPriceYuan.${product.id}`}
                  label={t('doudian.activityPrice')}
                  layout="horizontal"
                  rules={priceRules()}
                  className="send-commission"
                >
                  <InputNumber
                    min={0.01}
                    precision={2}
                    step={1}
                    prefix="¥"
                    style={{ width: 140 }}
                  />
                </Form.Item>
              </div>
            ))}
          </div>
        </Form.Item>
      )}
    </div>
  );
}
