import { Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import {
  SHOP_NAME_LENGTH_MAX,
  SITE_NAME_MAX,
  shopIdentityBody,
  shopPlatforms,
  translate,
  type ShopIdentityBody,
} from '@inviteflow/contract';
import { useEffect } from 'react';
import { useDiscardGuard } from '@/components/use-discard-guard.ts';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useBindShop } from '../api/bind-shop.ts';
import { useShopsT } from '../locale/index.ts';

interface BindForm {
  platform?: ShopIdentityBody['platform'];
  shopName: string;
  siteName: string;
  shopCode: string;
}

/**
 * Binds a shop by hand: the same identity the extension reports. A refusal (the limit, the
 * next bind time, another account) is the server's message, shown by the request layer;
 * the modal stays open with what was typed.
 */
export function BindShopModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useShopsT();
  const [form] = Form.useForm<BindForm>();
  const bind = useBindShop();
  const shape = shopIdentityBody.shape;

  useEffect(() => {
    if (visible) form.resetFields();
  }, [visible, form]);
  // Esc, the mask, × and Cancel ask first when something was entered.
  const close = useDiscardGuard({ form, baseline: () => ({}), onClose });

  const submit = async () => {
    let values: BindForm;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    try {
      const result = await bind.mutateAsync({
        platform: values.platform!,
        shopName: values.shopName,
        siteName: values.siteName ?? '',
        shopCode: values.shopCode.trim(),
      });
      Message.success(
        tCatalogue(result.outcome === 'bound' ? 'success.shopBound' : 'success.shopAlreadyBound'),
      );
      onClose();
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <Modal
      title={t('form.title')}
      visible={visible}
      onOk={() => void submit()}
      onCancel={close}
      okText={t('form.bind')}
      cancelText={t('crud.cancel')}
      confirmLoading={bind.isPending}
      unmountOnExit
      autoFocus={false}
      style={{ width: 520, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Form<BindForm> form={form} layout="vertical" className="shop-bind-form">
        <Form.Item
          field="platform"
          label={t('form.platform')}
          required
          rules={zodRules(shape.platform, locale)}
        >
          <Select placeholder={t('form.choose')}>
            {shopPlatforms.map((platform) => (
              <Select.Option key={platform} value={platform}>
                {translate(locale, `enum.platform.${platform}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Form.Item
          field="shopName"
          label={t('form.shopName')}
          required
          rules={zodRules(shape.shopName, locale)}
        >
          <Input
            placeholder={t('form.shopNamePlaceholder')}
            maxLength={SHOP_NAME_LENGTH_MAX}
            showWordLimit
          />
        </Form.Item>
        <Form.Item
          field="siteName"
          label={t('form.siteName')}
          rules={zodRules(shape.siteName, locale)}
        >
          <Input placeholder={t('form.siteNamePlaceholder')} maxLength={SITE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          field="shopCode"
          label={t('form.shopCode')}
          required
          rules={zodRules(shape.shopCode, locale)}
        >
          <Input placeholder={t('form.shopCodePlaceholder')} maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
