import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { pickerKeys } from '../../../lib/picker-queries';
import { placeKeys } from './keys';

/** `DELETE place/{id}`: 1105002 while devices remain there, 1105003 when it cannot be deleted. */
export function useDeletePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => loading.around(callApi(apiRoutes.placeDelete, { params: { id } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: placeKeys.all }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]),
  });
}
