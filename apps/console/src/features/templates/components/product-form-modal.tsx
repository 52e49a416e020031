import { Form, Input } from '@arco-design/web-react';
import {
  PRODUCT_NAME_MAX,
  productTemplateBody,
  type ProductTemplate,
  type ProductTemplateBody,
} from '@inviteflow/contract';
import type { FormModalState } from '@/components/crud/crud-table-card.tsx';
import { EntityFormModal } from '@/components/crud/entity-form-modal.tsx';
import { zodRules } from '@/lib/form-rules.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { useTemplatesT } from '../locale/index.ts';
import { RemarkField } from './template-parts.tsx';

interface ProductForm {
  productId: string;
  productName: string;
  remark: string;
}

/** Creates a product template, or edits `editing`; a duplicate product ID is the server's 409. */
export function ProductFormModal(props: FormModalState<ProductTemplate>) {
  const { t, locale } = useTemplatesT();
  const [form] = Form.useForm<ProductForm>();
  const shape = productTemplateBody.shape;
  return (
    <EntityFormModal<ProductTemplate, ProductForm, ProductTemplateBody>
      {...props}
      form={form}
      createTitle={t('product.createTitle')}
      editTitle={t('product.editTitle')}
      initialValues={(row) => ({
        productId: row?.productId ?? '',
        productName: row?.productName ?? '',
        remark: row?.remark ?? '',
      })}
      toBody={(values) => ({
        productId: values.productId.trim(),
        productName: values.productName,
        remark: values.remark ?? '',
      })}
      create={useCreateProduct()}
      update={useUpdateProduct()}
    >
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
      <RemarkField rule={shape.remark} />
    </EntityFormModal>
  );
}
