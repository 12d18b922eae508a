import type { PlaceInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi } from '../../../lib/api-client';
import { usePlaceChange } from './place-change';

/** `POST place` without an id, `PUT place/{id}` with one. */
export function useSavePlace(id: number | null) {
  return usePlaceChange((input: PlaceInput) =>
    id === null
      ? callApi(apiRoutes.placeCreate, { body: input })
      : callApi(apiRoutes.placeUpdate, { params: { id }, body: input }),
  );
}
