import { Form, Input, Message, Modal } from '@arco-design/web-react';
import {
  PRODUCT_NAME_MAX,
  REMARK_MAX,
  productTemplateBody,
  type ProductTemplate,
  type ProductTemplateBody,
} from '@inviteflow/contract';
import { useEffect } from 'react';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { useTemplatesT } from '../locale/index.ts';

interface ProductForm {
  productId: string;
  productName: string;
  remark: string;
}

/** Creates a product template, or edits `editing`; a duplicate product ID is the server's 409. */
export function ProductFormModal(props: {
  visible: boolean;
  editing: ProductTemplate | null;
  onClose: () => void;
}) {
  const { visible, editing, onClose } = props;
  const { t, locale } = useTemplatesT();
  const [form] = Form.useForm<ProductForm>();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const shape = productTemplateBody.shape;

  useEffect(() => {
    if (!visible) return;
    form.setFieldsValue({
      productId: editing?.productId ?? '',
      productName: editing?.productName ?? '',
      remark: editing?.remark ?? '',
    });
  }, [visible, editing, form]);

  const onOk = async () => {
    let values: ProductForm;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const body: ProductTemplateBody = {
      productId: values.productId.trim(),
      productName: values.productName,
      remark: values.remark ?? '',
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, body });
        Message.success(tCatalogue('success.updated'));
      } else {
        await create.mutateAsync(body);
        Message.success(tCatalogue('success.created'));
      }
      onClose();
    } catch {
      // Shown by the request layer (e.g. the product ID already exists).
    }
  };

  return (
    <Modal
      title={editing ? t('product.editTitle') : t('product.createTitle')}
      visible={visible}
      onOk={() => void onOk()}
      onCancel={onClose}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={create.isPending || update.isPending}
      unmountOnExit
      autoFocus={false}
      style={{ width: 560 }}
    >
      <Form<ProductForm> form={form} layout="vertical">
        <Form.Item
          field="productId"
          label={t('column.productId')}
          required
          rules={zodRules(shape.productId, locale)}
        >
          <Input placeholder={t('product.productIdPlaceholder')} maxLength={64} />
        </Form.Item>
        <Form.Item
          field="productName"
          label={t('column.productName')}
          required
          rules={zodRules(shape.productName, locale)}
        >
          <Input
            placeholder={t('product.productNamePlaceholder')}
            maxLength={PRODUCT_NAME_MAX}
            showWordLimit
          />
        </Form.Item>
        <Form.Item field="remark" label={t('column.remark')} rules={zodRules(shape.remark, locale)}>
          <Input placeholder={t('remark.placeholder')} maxLength={REMARK_MAX} showWordLimit />
        </Form.Item>
      </Form>
    </Modal>
  );
}
