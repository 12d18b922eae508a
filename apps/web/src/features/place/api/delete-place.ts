import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi } from '../../../lib/api-client';
import { usePlaceChange } from './place-change';

/** `DELETE place/{id}`: 1105002 while devices remain there, 1105003 when it cannot be deleted. */
export function useDeletePlace() {
  return usePlaceChange((id: number) => callApi(apiRoutes.placeDelete, { params: { id } }));
}
