import { apiPaths, type ProductTemplate, type ProductTemplateBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { productsQueryKey } from './get-products.ts';

export function createProduct(body: ProductTemplateBody): Promise<ProductTemplate> {
  return request<ProductTemplate>(apiPaths.templates.products, { method: 'POST', body });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
