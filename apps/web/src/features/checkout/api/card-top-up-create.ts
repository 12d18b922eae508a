import { apiRoutes } from '@sbo/contracts/api/routes';
import type { CardTopUpCreate } from '@sbo/contracts/schemas/cards';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Makes the top-up order (idempotent per `clientRequestId`) and answers the gateway page to pay on. */
export function createCardTopUp(order: CardTopUpCreate) {
  return callApi(apiRoutes.cardTopUpCreate, { body: order, errors: 'silent' });
}

export const useCreateCardTopUp = () => useMutation({ mutationFn: createCardTopUp });
