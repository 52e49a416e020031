import { Select, type SelectProps } from '@arco-design/web-react';
import { SEND_TASK_PRODUCTS_MAX, type ProductTemplate } from '@inviteflow/contract';
import { productChoices } from '../api/get-choices.ts';
import { useSendRecordsT } from '../locale/index.ts';
import { useSearchedChoices } from './searched-choices.ts';

/** The product templates of a form, searched on the server; `known` names the picked ones. */
export function useProductPicker(enabled: boolean) {
  return useSearchedChoices(productChoices(enabled));
}

/** The product templates a task promotes, shown by name and product ID. */
export function ProductsSelect({
  picker,
  ...rest
}: Omit<SelectProps, 'children'> & { picker: ReturnType<typeof useProductPicker> }) {
  const { t } = useSendRecordsT();
  const picked = Array.isArray(rest.value) ? (rest.value as number[]) : [];
  const label = (p: ProductTemplate) => `${p.productName} · ${p.productId}`;
  return (
    <Select
      mode="multiple"
      className="send-products"
      allowClear
      showSearch
      filterOption={false}
      onSearch={picker.onSearch}
      placeholder={t('create.productsPlaceholder', { max: SEND_TASK_PRODUCTS_MAX })}
      renderFormat={(_option, value) => {
        const product = picker.known.get(Number(value));
        return product ? label(product) : String(value);
      }}
      {...rest}
    >
      {picker.shown(picked).map((p) => (
        <Select.Option key={p.id} value={p.id}>
          {label(p)}
        </Select.Option>
      ))}
    </Select>
  );
}
