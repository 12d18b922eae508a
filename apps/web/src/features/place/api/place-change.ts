import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loading } from '../../../lib/messages';
import { pickerKeys } from '../../../lib/picker-queries';
import { placeKeys } from './keys';

/** A change to places, shown as loading; then the places and the pickers that list them load again. */
export function usePlaceChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => loading.around(change(input)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: placeKeys.all }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]),
  });
}
