import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';

type CardTopUpRequest = NonNullable<ApiInput<typeof apiRoutes.cardTopUpCreate>['body']>;

/** Makes the top-up order (idempotent per `clientRequestId`) and answers the gateway page to pay on. */
export function createCardTopUp(order: CardTopUpRequest) {
  return callApi(apiRoutes.cardTopUpCreate, { body: order, errors: 'silent' });
}

export const useCreateCardTopUp = () => useMutation({ mutationFn: createCardTopUp });
