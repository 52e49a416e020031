import {
  Button,
  Card,
  Divider,
  Empty,
  Message,
  Popconfirm,
  Space,
  Table,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import { IconPlus } from '@arco-design/web-react/icon';
import type { ProductTemplate } from '@inviteflow/contract';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format-date.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useProducts } from '../api/get-products.ts';
import { useTemplatesT } from '../locale/index.ts';
import { ProductFormModal } from './product-form-modal.tsx';
import { SearchBar } from './search-bar.tsx';
import { pageSizeOptions, useListState } from './use-list-state.ts';
import './templates.css';

export function ProductTemplatesPage() {
  const { t, locale } = useTemplatesT();
  const list = useListState();
  const products = useProducts(list.query);
  const remove = useDeleteProduct();
  const [modal, setModal] = useState<{ open: boolean; editing: ProductTemplate | null }>({
    open: false,
    editing: null,
  });
  const rows = products.data?.list ?? [];

  const onDelete = async (row: ProductTemplate) => {
    try {
      await remove.mutateAsync(row.id);
      Message.success(tCatalogue('success.deleted'));
      list.afterDelete(rows.length);
    } catch {
      // Shown by the request layer.
    }
  };

  const columns: ColumnProps<ProductTemplate>[] = [
    {
      title: t('column.productId'),
      dataIndex: 'productId',
      width: 200,
      render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
    },
    {
      title: t('column.productName'),
      dataIndex: 'productName',
      render: (value: string) => (
        <Typography.Paragraph
          className="template-content"
          ellipsis={{ rows: 2, showTooltip: true }}
        >
          {value}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('column.remark'),
      dataIndex: 'remark',
      width: 220,
      render: (remark: string) => remark || '—',
    },
    {
      title: t('column.createdAt'),
      dataIndex: 'createdAt',
      width: 190,
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      title: t('action.operations'),
      dataIndex: 'operations',
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="text" size="small" onClick={() => setModal({ open: true, editing: row })}>
            {t('action.edit')}
          </Button>
          <Popconfirm
            title={t('delete.confirmProduct')}
            okText={t('delete.ok')}
            cancelText={t('delete.cancel')}
            onOk={() => onDelete(row)}
          >
            <Button type="text" size="small" status="danger">
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="template-card" title={t('menu.template.product')}>
      <Typography.Paragraph type="secondary">{t('product.intro')}</Typography.Paragraph>
      <SearchBar placeholder={t('search.productPlaceholder')} onSearch={list.search} />
      <Divider className="template-divider" />
      <div className="template-toolbar">
        <Button
          type="primary"
          icon={<IconPlus />}
          onClick={() => setModal({ open: true, editing: null })}
        >
          {t('action.create')}
        </Button>
      </div>
      <Table<ProductTemplate>
        rowKey="id"
        columns={columns}
        data={rows}
        loading={products.isFetching}
        noDataElement={
          <Empty description={list.keyword ? t('empty.search') : t('empty.products')} />
        }
        pagination={{
          current: products.data?.page ?? list.query.page,
          pageSize: list.query.pageSize,
          total: products.data?.total ?? 0,
          showTotal: true,
          sizeCanChange: true,
          showJumper: true,
          sizeOptions: pageSizeOptions,
          onChange: list.changePage,
        }}
      />
      <ProductFormModal
        visible={modal.open}
        editing={modal.editing}
        onClose={() => setModal({ open: false, editing: null })}
      />
    </Card>
  );
}
