import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  Link,
  Message,
  Radio,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import {
  BATCH_MAX,
  INVITE_COOLDOWN_DAYS,
  SET_NAME_MAX,
  contentTypes,
  filterTypes,
  nothingToInvite,
  sendTaskBody,
  taskTypes,
  translate,
  type ContentType,
  type FilterType,
  type Channel,
  type Platform,
  type SendPreviewBody,
  type SendPreviewData,
  type SendTaskBody,
  type TaskType,
  sendsOneBatchMessage,
  followUpsSupported,
  shopChannelOf,
} from '@inviteflow/contract';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { enumOptions } from '@/components/enum-options.tsx';
import { useDiscardGuard } from '@/components/use-discard-guard.ts';
import { formatMinute } from '@/lib/format-date.ts';
import { zodRules } from '@/lib/form-rules.ts';
import { formatCount } from '@/lib/format-number.ts';
import { RequestError } from '@/lib/request.ts';
import { timeZoneLabel } from '@/lib/time-zone.ts';
import { useCreateTask } from '../api/create-task.ts';
import { useShopChoices } from '../api/get-choices.ts';
import { usePreviewTask } from '../api/preview-task.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';
import { DoudianFields } from './doudian-fields.tsx';
import {
  CollaborationFields,
  platformFieldRules,
  platformFieldsBody,
  type CollaborationValues,
} from './collaboration-fields.tsx';
import { PlatformCallsPreview } from './platform-calls-preview.tsx';
import { RulesFields, rulesOf, type RuleValues } from './rules-fields.tsx';
import { FollowUpsFields, followUpsBody, type FollowUpValues } from './follow-ups-fields.tsx';
import { ProductsSelect, useProductPicker } from './products-select.tsx';
import { ScriptField } from './script-field.tsx';
import { SEARCH_DELAY_MS } from './searched-choices.ts';
import { TalentPicker } from './talent-picker.tsx';
import type { NewTaskPreset } from '@/lib/new-task-preset.ts';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

export interface CreateValues extends CollaborationValues {
  shopId?: number;
  taskType?: TaskType;
  contentType?: ContentType;
  filterType: FilterType;
  talentIds?: number[];
  rules?: RuleValues;
  maxCount?: number;
  scriptTemplateId?: number;
  script?: string;
  productTemplateIds?: number[];
  setName?: string;
  cooldown: 'skip' | 'include';
  followUps?: FollowUpValues[];
}

const initialValues: CreateValues = {
  taskType: 'free_product',
  contentType: 'vertical_video',
  filterType: 'manual',
  talentIds: [],
  cooldown: 'skip',
  freeSample: false,
  sampleApproval: 'review',
};

/** What the preview is asked about: the talents and where they are invited; null until known. */
export function previewBodyOf(values: CreateValues): SendPreviewBody | null {
  if (!values.shopId || !values.taskType) return null;
  if (values.filterType === 'manual') {
    if (!values.talentIds?.length) return null;
    return {
      shopId: values.shopId,
      taskType: values.taskType,
      filterType: 'manual',
      talentIds: values.talentIds,
    };
  }
  return {
    shopId: values.shopId,
    taskType: values.taskType,
    filterType: 'rules',
    rules: rulesOf(values.rules),
    ...(values.maxCount ? { maxCount: values.maxCount } : {}),
  };
}

/**
 * The create's body. For a shop whose platform needs them (`platform`: a TikTok shop), the
 * target collaboration's terms the task type asks for.
 */
export function taskBodyOf(
  values: CreateValues,
  platform?: Platform,
  channel: Channel = 'browser',
): SendTaskBody {
  const pick = previewBodyOf(values) ?? {
    shopId: values.shopId ?? 0,
    taskType: values.taskType ?? 'free_product',
    filterType: values.filterType,
    talentIds: values.talentIds ?? [],
  };
  return {
    ...pick,
    contentType: values.contentType ?? 'vertical_video',
    script: values.script ?? '',
    scriptTemplateId: values.scriptTemplateId ?? null,
    productTemplateIds: values.productTemplateIds ?? [],
    setName: values.setName ?? '',
    cooldown: values.cooldown ?? 'skip',
    // Follow-ups only when the seller added some (issue 19).
    ...(values.followUps?.length ? { followUps: followUpsBody(values.followUps) } : {}),
    ...platformFieldsBody(
      platform,
      values.taskType,
      values,
      values.productTemplateIds ?? [],
      channel,
    ),
  };
}

function TalentTags({
  talents,
  color,
}: {
  talents: Array<{ id: number; name: string }>;
  color: string;
}) {
  return (
    <div className="send-finding-tags">
      {talents.map((talent) => (
        <Tag key={talent.id} size="small" color={color}>
          {talent.name}
        </Tag>
      ))}
    </div>
  );
}

/** What a create would do: how many talents and records, who is left out, the day's cap. */
function PreviewPanel({
  preview,
  loading,
  error,
  cooldown,
  platform,
  channel,
  taskType,
  products,
}: {
  preview: SendPreviewData | undefined;
  loading: boolean;
  /** Why the talents picked cannot be previewed (a bad range, too many matches): the create would say the same. */
  error: unknown;
  cooldown: 'skip' | 'include';
  /** The shop's platform, the task type and its products: the platform calls it makes. */
  platform: Platform | undefined;
  /** How the shop is reached (a 抖店 shop's calls are previewed when the server makes them). */
  channel: Channel;
  taskType: TaskType | undefined;
  products: number;
}) {
  const { t, locale } = useSendRecordsT();
  if (!preview) {
    if (loading) return <Spin tip={t('create.previewLoading')} />;
    const reason = error instanceof RequestError ? error.serverMessage : undefined;
    return reason ? (
      <Alert
        type="warning"
        className="send-finding"
        data-testid="send-preview-error"
        content={reason}
      />
    ) : null;
  }
  const will = preview.willCreate[cooldown];
  const over = will > preview.remainingToday;
  // Nobody to invite: say the real cause before the seller fills in the rest.
  const nobody = nothingToInvite(preview, cooldown);
  return (
    <div className="send-preview" data-testid="send-preview">
      <Space wrap size={16}>
        <Typography.Text bold>
          {t('create.previewMatched', { count: formatCount(preview.matched, locale) })}
        </Typography.Text>
        <Typography.Text bold type={over ? 'error' : will === 0 ? 'warning' : 'success'}>
          {t('create.previewWill', { count: formatCount(will, locale) })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('create.previewCap', {
            left: formatCount(preview.remainingToday, locale),
            cap: formatCount(preview.dailyCap, locale),
          })}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="send-preview-zone">
          {t('create.previewCapZone', {
            zone: timeZoneLabel(preview.timeZone, locale, new Date(preview.todayEndsAt)),
            time: formatMinute(preview.todayEndsAt, locale, preview.timeZone),
          })}
        </Typography.Text>
        {loading && <Spin size={12} />}
      </Space>
      <PlatformCallsPreview
        platform={platform}
        channel={channel}
        taskType={taskType}
        creators={will}
        products={products}
      />
      {nobody && (
        <Alert
          type="warning"
          className="send-finding"
          data-testid="send-preview-nobody"
          content={translate(locale, nobody.key, nobody.params)}
        />
      )}
      {over && <Alert type="error" className="send-finding" content={t('create.previewOverCap')} />}
      {preview.otherPlatformCount > 0 && platform && (
        <Alert
          type="error"
          className="send-finding"
          data-testid="send-preview-other-platform"
          content={
            <>
              {t('create.otherPlatform', {
                count: preview.otherPlatformCount,
                platform: enumText.platform(locale, platform),
              })}
              <TalentTags talents={preview.otherPlatform} color="red" />
            </>
          }
        />
      )}
      {preview.blacklistedCount > 0 && (
        <Alert
          type="warning"
          className="send-finding"
          content={
            <>
              {t('create.blacklisted', { count: preview.blacklistedCount })}
              <TalentTags talents={preview.blacklisted} color="red" />
            </>
          }
        />
      )}
      {preview.cooldownCount > 0 && (
        <Alert
          type="info"
          className="send-finding"
          content={
            <>
              {t('create.cooldown', { count: preview.cooldownCount, days: INVITE_COOLDOWN_DAYS })}
              <TalentTags talents={preview.cooldown} color="orangered" />
              <Form.Item field="cooldown" noStyle>
                <Radio.Group className="send-cooldown">
                  <Radio value="skip">{t('create.cooldownSkip')}</Radio>
                  <Radio value="include">{t('create.cooldownInclude')}</Radio>
                </Radio.Group>
              </Form.Item>
            </>
          }
        />
      )}
    </div>
  );
}

/**
 * Create: a form that builds an invitation task (shop, task type, content type, the talents
 * picked by hand or by rules, script, products, set name), with a live preview of what the
 * create will do. The server decides again when it creates; its refusals are shown as they
 * come.
 */
export function CreateTaskDrawer({
  visible,
  onClose,
  preset = null,
}: {
  visible: boolean;
  onClose: () => void;
  /** A task asked for from another page: its shop and talents are filled in. */
  preset?: NewTaskPreset | null;
}) {
  const { t, locale } = useSendRecordsT();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();
  const [values, setValues] = useState<CreateValues>(initialValues);
  const [asked, setAsked] = useState<SendPreviewBody | null>(null);
  const [templateId, setTemplateId] = useState<number | undefined>();
  const shops = useShopChoices('BOUND', visible);
  const products = useProductPicker(visible);
  const create = useCreateTask();
  const shape = sendTaskBody.shape;
  // Esc, the mask, × and Cancel ask first when something was entered.
  const close = useDiscardGuard({ form, baseline: () => initialValues, onClose });

  // What the form starts from: a preset's shop and talents (the form's initial values, so that
  // a reset keeps them: Arco re-applies initial values to the items a reset remounts).
  const start = useMemo<CreateValues>(
    () =>
      preset
        ? {
            ...initialValues,
            shopId: preset.shopId,
            talentIds: preset.talents.map((talent) => talent.id).slice(0, BATCH_MAX),
          }
        : initialValues,
    [preset],
  );
  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    form.setFieldsValue(start);
    setValues(start);
    setTemplateId(undefined);
  }, [visible, form, start]);

  // Ask for a preview once typing and picking pause.
  const body = useMemo(() => previewBodyOf(values), [values]);
  const bodyKey = JSON.stringify(body);
  useEffect(() => {
    const timer = window.setTimeout(() => setAsked(body), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // The key stands for the body: a new object with the same content asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bodyKey]);
  const preview = usePreviewTask(visible ? asked : null);

  const boundShops = shops.data?.list ?? [];
  const shop = boundShops.find((s) => s.id === values.shopId);
  // A shop connected by the platform's authorization: the server executes what its API offers.
  const channel: Channel = shopChannelOf(shop?.source ?? 'manual');
  const chosenProducts = (values.productTemplateIds ?? [])
    .map((id) => products.known.get(id))
    .filter((p) => p !== undefined);

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    try {
      const current = form.getFieldsValue() as CreateValues;
      const result = await create.mutateAsync(
        taskBodyOf({ ...current, scriptTemplateId: templateId }, shop?.platform, channel),
      );
      const notes = [t('create.done', { count: formatCount(result.created, locale) })];
      if (result.blacklistedCount)
        notes.push(t('create.doneRefused', { count: result.blacklistedCount }));
      if (result.skippedCooldownCount)
        notes.push(t('create.doneSkipped', { count: result.skippedCooldownCount }));
      Message.success(notes.join('；'));
      onClose();
    } catch {
      // Shown by the request layer (the cap, say); the form keeps what was entered.
    }
  };

  return (
    <Drawer
      title={t('create.title')}
      visible={visible}
      onCancel={close}
      width={760}
      unmountOnExit
      className="send-create"
      footer={
        <Space>
          <Button onClick={close}>{t('crud.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => void submit()}>
            {t('create.submit')}
          </Button>
        </Space>
      }
    >
      {shops.data && !shops.isFetching && boundShops.length === 0 && (
        <Alert
          type="warning"
          className="send-finding"
          content={t('create.noShop')}
          action={<Link onClick={() => void navigate('/shop/list')}>{t('create.goShops')}</Link>}
        />
      )}
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={start}
        onValuesChange={(_changed, all) => setValues({ ...initialValues, ...all })}
      >
        <Form.Item
          field="shopId"
          label={t('create.shop')}
          required
          rules={zodRules(shape.shopId, locale)}
        >
          <Select placeholder={t('create.shopPlaceholder')} showSearch>
            {boundShops.map((s) => (
              <Select.Option key={s.id} value={s.id}>
                {s.shopName}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Space size={16} align="start" className="send-row">
          <Form.Item
            field="taskType"
            label={t('create.taskType')}
            required
            rules={zodRules(shape.taskType, locale)}
          >
            <Select style={{ width: 260 }}>
              {enumOptions(taskTypes, (v) => enumText.taskType(locale, v))}
            </Select>
          </Form.Item>
          <Form.Item
            field="contentType"
            label={t('create.contentType')}
            required
            rules={zodRules(shape.contentType, locale)}
          >
            <Radio.Group type="button">
              {contentTypes.map((v) => (
                <Radio key={v} value={v}>
                  {enumText.contentType(locale, v)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Space>
        <Form.Item field="filterType" label={t('create.filterType')} required>
          <Radio.Group>
            {filterTypes.map((v) => (
              <Radio key={v} value={v}>
                {enumText.filterType(locale, v)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {values.filterType === 'manual' ? (
          <Form.Item
            field="talentIds"
            label={t('create.talents')}
            required
            extra={t('create.talentsExtra', { max: BATCH_MAX })}
            rules={[
              {
                validator: (value: number[] | undefined, callback) =>
                  callback(
                    value?.length ? undefined : translate(locale, 'validation.talentsRequired'),
                  ),
              },
            ]}
          >
            <TalentPicker max={BATCH_MAX} seed={preset?.talents} />
          </Form.Item>
        ) : (
          <Form.Item label={t('create.rules')} extra={t('create.rulesHint')}>
            <RulesFields values={values.rules} />
          </Form.Item>
        )}
        <PreviewPanel
          preview={preview.data}
          loading={preview.isFetching}
          error={preview.error}
          cooldown={values.cooldown}
          platform={shop?.platform}
          channel={channel}
          taskType={values.taskType}
          products={chosenProducts.length}
        />
        <Form.Item
          field="script"
          label={t('create.script')}
          required
          rules={zodRules(shape.script, locale)}
          extra={
            shop && values.taskType && sendsOneBatchMessage(shop.platform, channel, values.taskType)
              ? t('create.scriptBatchHint')
              : undefined
          }
        >
          <ScriptField
            templateId={templateId}
            onTemplate={setTemplateId}
            sample={{
              talentName: preview.data?.sample?.name,
              shopName: shop?.shopName,
              productNames: chosenProducts.map((p) => p.productName),
            }}
          />
        </Form.Item>
        <Form.Item
          field="productTemplateIds"
          label={t('create.products')}
          rules={[
            ...zodRules(shape.productTemplateIds, locale, (v) => v ?? []),
            // A target collaboration needs at least one product.
            ...platformFieldRules(
              form,
              shop?.platform,
              values.taskType,
              locale,
              'productTemplateIds',
              undefined,
              channel,
            ),
          ]}
        >
          <ProductsSelect picker={products} />
        </Form.Item>
        <CollaborationFields
          form={form}
          platform={shop?.platform}
          taskType={values.taskType}
          products={chosenProducts}
          values={values}
          authorized={channel === 'api'}
        />
        {shop?.platform === 'douyin' && (
          <DoudianFields
            form={form}
            shopId={shop.id}
            channel={channel}
            taskType={values.taskType}
            products={chosenProducts}
            values={values}
          />
        )}
        <Form.Item
          field="setName"
          label={t('create.setName')}
          required
          rules={zodRules(shape.setName, locale)}
        >
          <Input
            placeholder={t('create.setNamePlaceholder')}
            maxLength={SET_NAME_MAX}
            showWordLimit
          />
        </Form.Item>
        <FollowUpsFields
          supported={shop ? followUpsSupported(shop.platform, channel) : false}
          shopChosen={Boolean(shop)}
          rows={values.followUps}
        />
      </Form>
    </Drawer>
  );
}
