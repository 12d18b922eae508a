import type { PlaceInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { pickerKeys } from '../../../lib/picker-queries';
import { placeKeys } from './keys';

/** `POST place` without an id, `PUT place/{id}` with one. */
export function useSavePlace(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceInput) =>
      loading.around(
        id === null
          ? callApi(apiRoutes.placeCreate, { body: input })
          : callApi(apiRoutes.placeUpdate, { params: { id }, body: input }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: placeKeys.all }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]),
  });
}
