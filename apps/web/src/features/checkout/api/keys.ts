import type { apiRoutes } from '@sbo/contracts/api/routes';
import type { ApiQuery } from '../../../lib/api-client';
import type { MachineSelector } from '../utils/checkout-address';

/** The place (or machine) whose card offer is asked for. */
export type CardOfferSelector = ApiQuery<typeof apiRoutes.cardOffer>;

/** Query keys of the consumer's checkout. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  machine: (selector: MachineSelector) => [...checkoutKeys.all, 'machine', selector] as const,
  order: (orderId: string) => [...checkoutKeys.all, 'order', orderId] as const,
  links: () => [...checkoutKeys.all, 'links'] as const,
};
