import { apiRoutes } from '@sbo/contracts/api/routes';
import type { CheckoutOrderCreate } from '@sbo/contracts/schemas/checkout';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Makes the order (idempotent per `clientRequestId`) and answers the gateway page to pay on. */
export function createCheckoutOrder(order: CheckoutOrderCreate) {
  return callApi(apiRoutes.checkoutOrderCreate, { body: order, errors: 'silent' });
}

export const useCreateCheckoutOrder = () => useMutation({ mutationFn: createCheckoutOrder });
