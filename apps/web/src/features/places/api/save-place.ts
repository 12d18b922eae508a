import type { Place, PlaceInput } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { pickerKeys } from '../../../lib/picker-queries';
import { placeKeys } from './keys';

/** `POST place` without an id, `PUT place/{id}` with one. */
export function useSavePlace(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceInput) =>
      loading.around(
        apiRequest<Place>(
          id === null
            ? { method: 'POST', path: 'place', body: input }
            : { method: 'PUT', path: `place/${id}`, body: input },
        ),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: placeKeys.all }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]),
  });
}
