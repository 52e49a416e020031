import { Form, Input, Message, Radio, Select, Space, Typography } from '@arco-design/web-react';
import {
  IMPORT_MAX_BYTES,
  INVITE_COOLDOWN_DAYS,
  SET_NAME_MAX,
  contentTypes,
  sendTaskBody,
  shopChannelOf,
  taskTypes,
  type TaskType,
} from '@inviteflow/contract';
import { useState } from 'react';
import { enumOptions } from '@/components/enum-options.tsx';
import { FileImportModal } from '@/components/file-import-modal.tsx';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useShopChoices } from '../api/get-choices.ts';
import {
  sendImportTemplateUrl,
  useImportSendRecords,
  type ImportSettings,
} from '../api/import-send-records.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { enumText } from '../model/enums.ts';
import {
  CollaborationFields,
  platformFieldRules,
  platformFieldsBody,
  type CollaborationValues,
} from './collaboration-fields.tsx';
import { ProductsSelect, useProductPicker } from './products-select.tsx';
import { DoudianFields } from './doudian-fields.tsx';
import { ScriptField } from './script-field.tsx';

type SettingsForm = Partial<Omit<ImportSettings, 'scriptTemplateId' | 'platformFields'>> &
  CollaborationValues;

/**
 * Import: the task settings (with what a TikTok shop's task type needs, as in a create),
 * then a file of talents (the talent template's name, platform and ID columns, and the
 * identity's own), then the report row by row: created, or why not (a bad cell, another
 * platform than the shop's, the blacklist, the cool-down).
 */
export function SendImportModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useSendRecordsT();
  const [form] = Form.useForm<SettingsForm>();
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [settings, setSettings] = useState<SettingsForm>({});
  const shops = useShopChoices('BOUND', visible).data?.list ?? [];
  const products = useProductPicker(visible);
  const mutation = useImportSendRecords();
  const shape = sendTaskBody.shape;

  const close = () => {
    form.resetFields();
    setTemplateId(undefined);
    onClose();
  };

  const upload = async (file: File) => {
    let values: SettingsForm;
    try {
      values = await form.validate();
    } catch {
      return null;
    }
    const chosen = shops.find((s) => s.id === values.shopId);
    const result = await mutation.mutateAsync({
      file,
      settings: {
        platformFields: platformFieldsBody(
          chosen?.platform,
          values.taskType as TaskType | undefined,
          values,
          values.productTemplateIds ?? [],
          shopChannelOf(chosen?.source ?? 'manual'),
        ),
        shopId: values.shopId!,
        taskType: values.taskType!,
        contentType: values.contentType!,
        script: values.script ?? '',
        scriptTemplateId: templateId ?? null,
        productTemplateIds: values.productTemplateIds ?? [],
        setName: values.setName ?? '',
        cooldown: values.cooldown ?? 'skip',
      },
    });
    Message.success(
      tCatalogue('success.sendImported', {
        accepted: result.accepted,
        rejected: result.rejected,
      }),
    );
    return result;
  };

  const shop = shops.find((s) => s.id === settings.shopId);
  // A shop connected by authorization: the server sends what the platform's API offers.
  const channel = shopChannelOf(shop?.source ?? 'manual');
  const chosenProducts = (settings.productTemplateIds ?? []).flatMap((id) => {
    const found = products.known.get(id);
    return found ? [found] : [];
  });

  return (
    <FileImportModal
      visible={visible}
      onClose={close}
      title={t('import.title')}
      width={760}
      before={
        <>
          <Typography.Text bold>{t('import.step1')}</Typography.Text>
          <Form<SettingsForm>
            form={form}
            layout="vertical"
            initialValues={{
              taskType: 'free_product',
              contentType: 'vertical_video',
              cooldown: 'skip',
              freeSample: false,
              sampleApproval: 'review',
            }}
            onValuesChange={(_changed, all) => setSettings(all)}
          >
            <Space size={16} align="start" wrap>
              <Form.Item
                field="shopId"
                label={t('create.shop')}
                required
                rules={zodRules(shape.shopId, locale)}
              >
                <Select placeholder={t('create.shopPlaceholder')} style={{ width: 220 }}>
                  {shops.map((s) => (
                    <Select.Option key={s.id} value={s.id}>
                      {s.shopName}
                    </Select.Option>
                  ))}
                </Select>
              </Form.Item>
              <Form.Item field="taskType" label={t('create.taskType')} required>
                <Select style={{ width: 220 }}>
                  {enumOptions(taskTypes, (v) => enumText.taskType(locale, v))}
                </Select>
              </Form.Item>
              <Form.Item field="contentType" label={t('create.contentType')} required>
                <Select style={{ width: 200 }}>
                  {enumOptions(contentTypes, (v) => enumText.contentType(locale, v))}
                </Select>
              </Form.Item>
            </Space>
            <Form.Item
              field="script"
              label={t('create.script')}
              required
              rules={zodRules(shape.script, locale)}
            >
              <ScriptField
                templateId={templateId}
                onTemplate={setTemplateId}
                sample={{
                  // The talents come with the file: the preview names a sample one.
                  shopName: shop?.shopName,
                  productNames: (settings.productTemplateIds ?? []).flatMap((id) => {
                    const found = products.known.get(id);
                    return found ? [found.productName] : [];
                  }),
                }}
              />
            </Form.Item>
            <Form.Item
              field="productTemplateIds"
              label={t('create.products')}
              rules={platformFieldRules(
                form,
                shop?.platform,
                settings.taskType as TaskType | undefined,
                locale,
                'productTemplateIds',
                undefined,
                channel,
              )}
            >
              <ProductsSelect picker={products} />
            </Form.Item>
            <CollaborationFields
              form={form}
              platform={shop?.platform}
              taskType={settings.taskType as TaskType | undefined}
              products={chosenProducts}
              values={settings}
              authorized={channel === 'api'}
            />
            {shop?.platform === 'douyin' && (
              <DoudianFields
                form={form}
                shopId={shop.id}
                channel={channel}
                taskType={settings.taskType as TaskType | undefined}
                products={chosenProducts}
                values={settings}
              />
            )}
            <Space size={16} align="start" wrap>
              <Form.Item
                field="setName"
                label={t('create.setName')}
                required
                rules={zodRules(shape.setName, locale)}
              >
                <Input
                  placeholder={t('create.setNamePlaceholder')}
                  maxLength={SET_NAME_MAX}
                  style={{ width: 320 }}
                />
              </Form.Item>
              <Form.Item
                field="cooldown"
                label={t('import.cooldown', { days: INVITE_COOLDOWN_DAYS })}
              >
                <Radio.Group>
                  <Radio value="skip">{t('create.cooldownSkip')}</Radio>
                  <Radio value="include">{t('create.cooldownInclude')}</Radio>
                </Radio.Group>
              </Form.Item>
            </Space>
          </Form>
        </>
      }
      templateStep={t('import.step2')}
      templateUrl={(format) => sendImportTemplateUrl(format, locale)}
      rules={t('import.rules', { maxMb: IMPORT_MAX_BYTES / 1024 / 1024 })}
      uploadStep={t('import.step3')}
      pending={mutation.isPending}
      upload={upload}
      outcomes={['accepted', 'rejected']}
    />
  );
}
