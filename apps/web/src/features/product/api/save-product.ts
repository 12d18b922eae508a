import type { ProductTemplateInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
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
        id === null
          ? callApi(apiRoutes.productCreate, { body: input, errors: 'silent' })
          : callApi(apiRoutes.productUpdate, { params: { id }, body: input, errors: 'silent' }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** `DELETE product/{id}`: 1107002 while devices still use it. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => loading.around(callApi(apiRoutes.productDelete, { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
