import type { ProductTemplate, ProductTemplateInput } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { productKeys } from './keys';

/**
 * `POST product` or `PUT product/{id}` (machines using it get the new prices). Failures come back
 * unshown: a 400 carries field messages (e.g. device version) that the form puts on its fields.
 */
export function useSaveProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductTemplateInput) =>
      loading.around(
        apiRequest<ProductTemplate>({
          ...(id === null ? { method: 'POST', path: 'product' } : { method: 'PUT', path: `product/${id}` }),
          body: input,
          errors: 'silent',
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** `DELETE product/{id}`: 1107002 while devices still use it. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => loading.around(apiRequest({ method: 'DELETE', path: `product/${id}` })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
