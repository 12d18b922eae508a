import type { Place } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { placeKeys } from './keys';

/** `GET place/{id}`; 1105001 for a place that is not the merchant's. */
export function usePlace(id: number | null) {
  return useQuery({
    queryKey: placeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Place>({ path: `place/${id}`, signal, errors: 'silent' }),
    enabled: id !== null,
  });
}
