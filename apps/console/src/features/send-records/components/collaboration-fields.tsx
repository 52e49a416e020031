import {
  Alert,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Switch,
  Typography,
} from '@arco-design/web-react';
import {
  COLLABORATION_NAME_MAX,
  COMMISSION_RATE_MAX,
  COMMISSION_RATE_MIN,
  CONTACT_EMAIL_MAX,
  doudianTaskActions,
  needsCollaboration,
  percentToRate,
  taskChannel,
  platformFieldIssues,
  rateToPercent,
  taskPlatformFields,
  tiktokTaskActions,
  translate,
  type Channel,
  type Locale,
  type Platform,
  type PlatformFieldIssue,
  type SampleApproval,
  type SendTaskBody,
  type TaskPlatformInput,
  type TaskType,
} from '@inviteflow/contract';
import type { RulesProps } from '@arco-design/web-react';
import { firstMessage } from '@/lib/form-rules.ts';
import { displayTimeZone, typedTimeToIso } from '@/lib/time-zone.ts';
import { useSendRecordsT } from '../locale/index.ts';

/**
 * What a task carries for its shop's platform (issue 16), in the create drawer and the import
 * modal alike: for a TikTok shop, the terms of a target collaboration as the task type needs
 * them. The contract's `platformFieldIssues` decides which are missing, as the server will.
 */

/** What the rules read of a form: its values now. */
interface FormLike {
  getFieldsValue: () => object;
}

export interface CollaborationValues {
  collaborationName?: string;
  /** The last day of the collaboration, 'YYYY-MM-DD' as the picker gives it. */
  endDate?: string;
  /** Each product template's commission, as a percent with up to two decimals. */
  commissionPercents?: Record<string, number | undefined>;
  contactEmail?: string;
  /** Targeted connection only: whether samples are offered. */
  freeSample?: boolean;
  sampleApproval?: SampleApproval;
  /** 抖店 定向计划: 达人 may apply themselves, and then whether the seller reviews. */
  planAllowApply?: boolean;
  planAuditApplications?: boolean;
  /** 抖店 团长 activity: its id, and what the list said of it (its name and 团长). */
  activityId?: string;
  activityMeta?: { name: string; institutionName: string; colonelBuyinId: string | null };
  /** The 团长's service rate, a percent with up to two decimals. */
  serviceRatePercent?: number;
  contactPhone?: string;
  /** Each product template's activity price in 元 (two decimals). */
  activityPriceYuan?: Record<string, number | undefined>;
}

/** 元 with two decimals as fen: 29.9 → 2990. */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** The collaboration ends at the end of its last day, in the account's zone. */
export function endsAtOf(endDate: string | undefined): string | null {
  return endDate ? typedTimeToIso(`${endDate} 23:59:59`) : null;
}

/** The form's values as the contract's platform fields, commissions in hundredths. */
export function platformInputOf(
  values: CollaborationValues,
  productTemplateIds: readonly number[],
): TaskPlatformInput {
  const commissionRates: Record<string, number> = {};
  for (const id of productTemplateIds) {
    const percent = values.commissionPercents?.[String(id)];
    if (typeof percent === 'number') commissionRates[String(id)] = percentToRate(percent);
  }
  const activityPrices: Record<string, number> = {};
  for (const id of productTemplateIds) {
    const yuan = values.activityPriceYuan?.[String(id)];
    if (typeof yuan === 'number') activityPrices[String(id)] = yuanToFen(yuan);
  }
  return {
    collaborationName: values.collaborationName?.trim() || null,
    endsAt: endsAtOf(values.endDate),
    commissionRates,
    contactEmail: values.contactEmail?.trim() || null,
    freeSample: values.freeSample ?? null,
    sampleApproval: values.sampleApproval ?? null,
    planAllowApply: values.planAllowApply ?? null,
    planAuditApplications: values.planAuditApplications ?? null,
    activityId: values.activityId ?? null,
    activityName: values.activityMeta?.name ?? null,
    institutionName: values.activityMeta?.institutionName ?? null,
    colonelBuyinId: values.activityMeta?.colonelBuyinId ?? null,
    serviceRate:
      typeof values.serviceRatePercent === 'number'
        ? percentToRate(values.serviceRatePercent)
        : null,
    contactPhone: values.contactPhone?.trim() || null,
    activityPrices,
  };
}

/** Whether the task's platform asks for terms in the form (the shop's platform and channel). */
export function asksTerms(
  platform: Platform | undefined,
  channel: Channel,
  taskType: TaskType | undefined,
): boolean {
  if (!platform || !taskType) return false;
  if (platform === 'tiktok') return needsCollaboration(taskType);
  return platform === 'douyin' && taskChannel(platform, channel, taskType) === 'api';
}

/**
 * The platform fields a create sends: those of a target collaboration for a TikTok shop's
 * task types that make one; none otherwise.
 */
export function platformFieldsBody(
  platform: Platform | undefined,
  taskType: TaskType | undefined,
  values: CollaborationValues,
  productTemplateIds: readonly number[],
  channel: Channel = 'browser',
): Partial<SendTaskBody> {
  if (!taskType || !asksTerms(platform, channel, taskType)) return {};
  const input = platformInputOf(values, productTemplateIds);
  if (platform === 'douyin') {
    if (doudianTaskActions[taskType] === 'activity_application') {
      return {
        activityId: input.activityId,
        activityName: input.activityName,
        institutionName: input.institutionName,
        colonelBuyinId: input.colonelBuyinId,
        serviceRate: input.serviceRate,
        contactPhone: input.contactPhone,
        commissionRates: input.commissionRates,
        activityPrices: input.activityPrices,
      };
    }
    return {
      endsAt: input.endsAt,
      commissionRates: input.commissionRates,
      planAllowApply: input.planAllowApply ?? false,
      planAuditApplications: input.planAllowApply ? (input.planAuditApplications ?? false) : null,
    };
  }
  return {
    collaborationName: input.collaborationName,
    endsAt: input.endsAt,
    commissionRates: input.commissionRates,
    contactEmail: input.contactEmail,
    ...(taskType === 'targeted_connection' ? { freeSample: input.freeSample ?? false } : {}),
    sampleApproval: input.sampleApproval ?? 'review',
  };
}

interface Props {
  form: FormLike;
  platform: Platform | undefined;
  taskType: TaskType | undefined;
  products: ReadonlyArray<{ id: number; productId: string; productName: string }>;
  values: CollaborationValues;
  /** Whether the shop is connected by the platform's authorization (the server executes it). */
  authorized?: boolean;
}

/** Today in the account's zone, 'YYYY-MM-DD': the first day a collaboration may end on. */
function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: displayTimeZone() }).format(new Date());
}

type PlatformField = (typeof taskPlatformFields)[keyof typeof taskPlatformFields];

/**
 * Rules for a form field the task's platform asks for: the field's own rule (length,
 * format) when given, then what the task type needs of it — the contract's
 * `platformFieldIssues` run on the whole form, as the server runs it on the body.
 */
export function platformFieldRules(
  form: FormLike,
  platform: Platform | undefined,
  taskType: TaskType | undefined,
  locale: Locale,
  path: PlatformFieldIssue['path'],
  own?: { schema: PlatformField; value: (v: unknown) => unknown },
  channel: Channel = 'browser',
): RulesProps[] {
  return [
    {
      validator: (value, callback) => {
        if (!platform || !taskType || !asksTerms(platform, channel, taskType)) return callback();
        if (own) {
          const result = own.schema.safeParse(own.value(value));
          if (!result.success) return callback(firstMessage(locale, result.error.issues));
        }
        const current = form.getFieldsValue() as CollaborationValues & {
          productTemplateIds?: number[];
        };
        const ids = current.productTemplateIds ?? [];
        const issue = platformFieldIssues({
          platform,
          taskType,
          fields: platformInputOf(current, ids),
          productTemplateIds: ids,
          now: new Date(),
          channel,
        }).find((found) => found.path === path);
        callback(issue ? translate(locale, issue.message, issue.params) : undefined);
      },
    },
  ];
}

export function CollaborationFields({
  form,
  platform,
  taskType,
  products,
  values,
  authorized = false,
}: Props) {
  const { t, locale } = useSendRecordsT();
  if (platform !== 'tiktok' || !taskType) return null;
  if (tiktokTaskActions[taskType] === 'browser_only') {
    return (
      <Alert
        type={authorized ? 'warning' : 'info'}
        className="send-finding"
        data-testid="send-browser-only"
        content={t(authorized ? 'collab.browserOnlyRefused' : 'collab.browserOnly')}
      />
    );
  }
  if (!needsCollaboration(taskType)) return null;

  const rules = (
    path: PlatformFieldIssue['path'],
    own?: { schema: PlatformField; value: (v: unknown) => unknown },
  ) => platformFieldRules(form, platform, taskType, locale, path, own);
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
  const samples =
    taskType === 'free_product' || (taskType === 'targeted_connection' && values.freeSample);

  return (
    <div className="send-collaboration" data-testid="send-collaboration">
      <Typography.Title heading={6} className="send-collaboration-title">
        {t('collab.title')}
      </Typography.Title>
      <Form.Item
        field="collaborationName"
        label={t('collab.name')}
        required
        rules={rules('collaborationName', {
          schema: taskPlatformFields.collaborationName,
          value: (v) => v ?? null,
        })}
      >
        <Input
          placeholder={t('collab.namePlaceholder')}
          maxLength={COLLABORATION_NAME_MAX}
          showWordLimit
        />
      </Form.Item>
      <Form.Item
        field="endDate"
        label={t('collab.endDate')}
        required
        extra={t('collab.endDateExtra')}
        rules={rules('endsAt')}
      >
        <DatePicker
          style={{ width: 220 }}
          disabledDate={(current) => current.format('YYYY-MM-DD') < today()}
        />
      </Form.Item>
      {products.length === 0 ? (
        <Form.Item label={t('collab.commission')} required>
          <Typography.Text type="secondary">{t('collab.productsNeeded')}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item label={t('collab.commission')} required extra={t('collab.commissionExtra')}>
          <div className="send-commissions">
            {products.map((product) => (
              <Form.Item
                key={product.id}
                field={`commissionPercents.${product.id}`}
                label={`${product.productName} · ${product.productId}`}
                layout="horizontal"
                rules={commissionRules(product.id)}
                className="send-commission"
              >
                <InputNumber
                  min={rateToPercent(COMMISSION_RATE_MIN)}
                  max={rateToPercent(COMMISSION_RATE_MAX)}
                  precision={2}
                  step={1}
                  suffix="%"
                  placeholder="1.00-80.00"
                  style={{ width: 160 }}
                />
              </Form.Item>
            ))}
          </div>
        </Form.Item>
      )}
      <Form.Item
        field="contactEmail"
        label={t('collab.contactEmail')}
        required
        rules={rules('contactEmail', {
          schema: taskPlatformFields.contactEmail,
          value: (v) => v ?? null,
        })}
      >
        <Input
          placeholder={t('collab.contactEmailPlaceholder')}
          maxLength={CONTACT_EMAIL_MAX}
          style={{ width: 320 }}
        />
      </Form.Item>
      <Form.Item label={t('collab.samples')}>
        {taskType === 'targeted_connection' ? (
          <Form.Item field="freeSample" triggerPropName="checked" noStyle>
            <Switch />
          </Form.Item>
        ) : (
          <Typography.Text type="secondary" data-testid="send-sample-rule">
            {taskType === 'free_product' ? t('collab.samplesOffered') : t('collab.samplesNone')}
          </Typography.Text>
        )}
      </Form.Item>
      {samples && (
        <Form.Item field="sampleApproval" label={t('collab.sampleApproval')}>
          <Radio.Group>
            <Radio value="review">{t('collab.sampleReview')}</Radio>
            <Radio value="auto">{t('collab.sampleAuto')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
    </div>
  );
}
