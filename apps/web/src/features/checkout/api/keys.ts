import type { MachineSelector } from '../utils/checkout-address';
import type { CardOfferSelector } from './card-offer';

/** Query keys of the consumer's checkout. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  machine: (selector: MachineSelector) => [...checkoutKeys.all, 'machine', selector] as const,
  order: (orderId: string) => [...checkoutKeys.all, 'order', orderId] as const,
  links: () => [...checkoutKeys.all, 'links'] as const,
  cardOffer: (selector: CardOfferSelector) => [...checkoutKeys.all, 'cardOffer', selector] as const,
  cardTopUp: (orderId: string) => [...checkoutKeys.all, 'cardTopUp', orderId] as const,
};
