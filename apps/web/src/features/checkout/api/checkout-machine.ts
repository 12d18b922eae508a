import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { MachineSelector } from '../utils/checkout-address';
import { checkoutKeys } from './keys';

/** The machine as the consumer at it sees it; failures are shown on the screen, not in a dialog. */
export function fetchCheckoutMachine(selector: MachineSelector, signal?: AbortSignal) {
  return callApi(apiRoutes.checkoutMachine, { query: selector, signal, errors: 'silent' });
}

const checkoutMachineQuery = (selector: MachineSelector) =>
  queryOptions({
    queryKey: checkoutKeys.machine(selector),
    queryFn: ({ signal }) => fetchCheckoutMachine(selector, signal),
    retry: false,
  });

export const useCheckoutMachine = (selector: MachineSelector) => useQuery(checkoutMachineQuery(selector));
