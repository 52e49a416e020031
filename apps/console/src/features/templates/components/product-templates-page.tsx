import { Typography } from '@arco-design/web-react';
import type { ProductTemplate } from '@inviteflow/contract';
import { CrudTableCard, MultilineCell } from '@/components/crud/crud-table-card.tsx';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useProducts } from '../api/get-products.ts';
import { useTemplatesT } from '../locale/index.ts';
import { ProductFormModal } from './product-form-modal.tsx';
import { useRemarkAndCreatedColumns } from './template-parts.tsx';

export function ProductTemplatesPage() {
  const { t } = useTemplatesT();
  const remarkAndCreated = useRemarkAndCreatedColumns<ProductTemplate>();
  const remove = useDeleteProduct();
  return (
    <CrudTableCard<ProductTemplate>
      list="productTemplates"
      title={t('menu.template.product')}
      intro={t('product.intro')}
      searchPlaceholder={t('search.productPlaceholder')}
      emptyText={t('empty.products')}
      deleteConfirm={t('delete.confirmProduct')}
      useRows={useProducts}
      remove={remove}
      columns={[
        {
          title: t('column.productId'),
          dataIndex: 'productId',
          width: 200,
          render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
        },
        {
          title: t('column.productName'),
          dataIndex: 'productName',
          render: (value: string) => <MultilineCell text={value} />,
        },
        ...remarkAndCreated,
      ]}
      renderForm={(state) => <ProductFormModal {...state} />}
    />
  );
}
