import { Select, type SelectProps } from '@arco-design/web-react';
import { SEND_TASK_PRODUCTS_MAX, type ProductTemplate } from '@inviteflow/contract';
import { useSendRecordsT } from '../locale/index.ts';

/** The product templates a task promotes, shown by name and product ID. */
export function ProductsSelect({
  products,
  ...rest
}: Omit<SelectProps, 'children'> & { products: readonly ProductTemplate[] }) {
  const { t } = useSendRecordsT();
  return (
    <Select
      mode="multiple"
      allowClear
      placeholder={t('create.productsPlaceholder', { max: SEND_TASK_PRODUCTS_MAX })}
      {...rest}
    >
      {products.map((p) => (
        <Select.Option key={p.id} value={p.id}>
          {p.productName} · {p.productId}
        </Select.Option>
      ))}
    </Select>
  );
}
