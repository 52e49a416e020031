import { apiPaths, type ProductTemplate, type ProductTemplateBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { productsQueryKey } from './get-products.ts';

export function updateProduct(input: {
  id: number;
  body: ProductTemplateBody;
}): Promise<ProductTemplate> {
  return request<ProductTemplate>(apiPaths.templates.product(input.id), {
    method: 'PUT',
    body: input.body,
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
